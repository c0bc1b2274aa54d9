import { z } from 'zod';
import type { NoticeTemplate } from '../legal/notice-templates.ts';

// The documents of the repossession and SARFAESI workflows (domain reference §2.4, §2.8, §3.1, §3.2): one editable
// template each, in the manner of the legal notices (plain text, {{placeholder}} fields, paragraphs separated by
// blank lines; rendered to PDF by the server with the legal notice machinery). The template's `caseType` slot holds
// the document kind below; the rows live beside the legal notice templates (notice_templates).

export const SECURED_DOCUMENT_KINDS = [
  /** repossession: pre-repossession notice to the borrower (generateRepoNotice) */
  'REPO_PRE_NOTICE',
  /** repossession kit (generateRepoKit): authorisation letter to the repossession agency */
  'REPO_AUTHORISATION_LETTER',
  /** repossession kit (generateRepoKit): police pre-intimation letter */
  'REPO_POLICE_PRE_INTIMATION',
  /** repossession kit, once the vehicle is in the yard (generateRepoKit): police post-intimation letter */
  'REPO_POLICE_POST_INTIMATION',
  /** repossession kit, once the vehicle is in the yard (generateRepoKit): post-repossession letter to the borrower */
  'REPO_POST_REPOSSESSION_LETTER',
  /** repossession: pre-sale "final chance" notice (generateSaleNotice) */
  'REPO_SALE_NOTICE',
  /** repossession: sale letter to the buyer once the sale is approved (generateSaleLetter) */
  'REPO_SALE_LETTER',
  /** SARFAESI §13(2) demand notice (generateDemandNotice) */
  'SARF_DEMAND_NOTICE',
  /** SARFAESI §13(3A): reply to the borrower's representation, with the reasons for not accepting it (generateRepresentationReply) */
  'SARF_REPRESENTATION_REPLY',
  /** SARFAESI Rule 8(1) possession notice, Appendix IV (generatePossessionNotice) */
  'SARF_POSSESSION_NOTICE',
  /** SARFAESI kit (generateRepoKit): request for police assistance for physical possession under the §14 order */
  'SARF_POLICE_ASSISTANCE',
  /** SARFAESI Rules 8(6) / 9(1) sale notice to the borrower (generateSaleNotice) */
  'SARF_SALE_NOTICE',
  /** SARFAESI public e-auction sale notice, Appendix IV-A (generateAuctionNotice) */
  'SARF_AUCTION_NOTICE',
  /** SARFAESI sale certificate, Appendix V (generateSaleCertificate) */
  'SARF_SALE_CERTIFICATE',
] as const;
export type SecuredDocumentKind = (typeof SECURED_DOCUMENT_KINDS)[number];

export const SECURED_PLACEHOLDERS = [
  'documentDate',
  'caseNo',
  'lenderName',
  'branchName',
  'authorisedOfficer',
  'customerName',
  'customerAddress',
  'obligors',
  'accountNo',
  'product',
  'totalDueAmount',
  // repossession
  'assetType',
  'registrationNo',
  'chassisNo',
  'engineNo',
  'overdueAmount',
  'noticeDays',
  'repoAgencyName',
  'authorisationLetterNo',
  'policeStation',
  'policeIntimationDate',
  'yardName',
  'yardAddress',
  'repossessionDate',
  'odometerReading',
  'inventory',
  'saleNoticeDays',
  'reservePrice',
  'buyerName',
  'saleAmount',
  'saleDate',
  'paymentReference',
  // SARFAESI
  'npaDate',
  'principalOutstanding',
  'interestOutstanding',
  'chargesOutstanding',
  'securedDebtAmount',
  'demandNoticeDays',
  'demandNoticeDate',
  'representationReceivedDate',
  'representationReplyDate',
  'representationReplyDays',
  'representationReplyReasons',
  'propertyDescription',
  'cersaiAssetId',
  'possessionDate',
  'magistrateOrderNo',
  'magistrateOrderDate',
  'magistrate',
  'physicalPossessionScheduledOn',
  'auctionBatchNo',
  'auctionDate',
  'auctionTime',
  'lotNo',
  'auctionAgency',
  'bidIncrement',
  'firstInspectionDate',
  'secondInspectionDate',
  'emdAmount',
  'emdLastDate',
  'saleConfirmationDate',
  'balanceReceivedDate',
] as const;
export type SecuredPlaceholder = (typeof SECURED_PLACEHOLDERS)[number];
export type SecuredValues = Partial<Record<SecuredPlaceholder, string>>;

export type SecuredTemplate = Omit<NoticeTemplate, 'caseType'> & { kind: SecuredDocumentKind };

const LETTER_HEAD = `Date: {{documentDate}}
Ref: {{caseNo}} / Loan account {{accountNo}}`;

const TO_BORROWER = `To
{{customerName}}
{{customerAddress}}`;

const SIGN_OFF = `For {{lenderName}}

{{authorisedOfficer}}
Authorised Officer, {{branchName}}`;

export const DEFAULT_SECURED_TEMPLATES: readonly SecuredTemplate[] = [
  {
    kind: 'REPO_PRE_NOTICE',
    language: 'en',
    title: 'Pre-repossession notice',
    body: `${LETTER_HEAD}

${TO_BORROWER}

You availed a {{product}} loan under account {{accountNo}}, secured by hypothecation of the vehicle {{assetType}} registration no. {{registrationNo}}, chassis no. {{chassisNo}}, engine no. {{engineNo}}.

You have defaulted on its repayment and an amount of {{overdueAmount}} is overdue.

You are hereby called upon to pay the overdue amount within {{noticeDays}} days of the date of this notice. If you fail to pay, {{lenderName}} will, as the loan agreement entitles it, take possession of the vehicle through its authorised agency, without further notice, and may sell it to recover the dues.

${SIGN_OFF}`,
  },
  {
    kind: 'REPO_AUTHORISATION_LETTER',
    language: 'en',
    title: 'Authorisation letter for repossession',
    body: `${LETTER_HEAD}
Authorisation letter no. {{authorisationLetterNo}}

To
{{repoAgencyName}}

{{lenderName}} authorises you to take possession, peacefully and lawfully, of the vehicle {{assetType}} registration no. {{registrationNo}}, chassis no. {{chassisNo}}, engine no. {{engineNo}}, hypothecated to it under loan account {{accountNo}} of {{customerName}}.

The borrower was served the pre-repossession notice and the notice period has ended. The police station {{policeStation}} was intimated on {{policeIntimationDate}}.

You shall carry this letter and your identity cards, use no force or intimidation, prepare an inventory of the vehicle and its contents at the time of repossession, deliver the vehicle to the yard {{yardName}} and report to the branch within 24 hours.

${SIGN_OFF}`,
  },
  {
    kind: 'REPO_POLICE_PRE_INTIMATION',
    language: 'en',
    title: 'Intimation of repossession to the police',
    body: `${LETTER_HEAD}

To
The Station House Officer
{{policeStation}} Police Station

{{lenderName}} intimates that its authorised agency {{repoAgencyName}} (authorisation letter no. {{authorisationLetterNo}}) will take possession of the vehicle {{assetType}} registration no. {{registrationNo}}, chassis no. {{chassisNo}}, hypothecated to it under loan account {{accountNo}} of {{customerName}}, {{customerAddress}}.

The borrower has defaulted and was served a pre-repossession notice. This intimation is given before the repossession; a post-repossession intimation will follow.

${SIGN_OFF}`,
  },
  {
    kind: 'REPO_POLICE_POST_INTIMATION',
    language: 'en',
    title: 'Intimation to the police after repossession',
    body: `${LETTER_HEAD}

To
The Station House Officer
{{policeStation}} Police Station

Further to our intimation of {{policeIntimationDate}}, {{lenderName}} informs you that its authorised agency {{repoAgencyName}} took possession of the vehicle {{assetType}} registration no. {{registrationNo}}, chassis no. {{chassisNo}}, hypothecated under loan account {{accountNo}} of {{customerName}}, on {{repossessionDate}}.

The vehicle is held at the yard {{yardName}}. Odometer reading at repossession: {{odometerReading}}. Inventory: {{inventory}}.

${SIGN_OFF}`,
  },
  {
    kind: 'REPO_POST_REPOSSESSION_LETTER',
    language: 'en',
    title: 'Letter after repossession of the vehicle',
    body: `${LETTER_HEAD}

${TO_BORROWER}

Your vehicle {{assetType}} registration no. {{registrationNo}}, hypothecated under loan account {{accountNo}}, was repossessed on {{repossessionDate}} after the pre-repossession notice, and is held at the yard {{yardName}}.

Inventory of the vehicle and its contents at repossession: {{inventory}}. Odometer reading: {{odometerReading}}. Personal belongings found in the vehicle will be returned to you on request.

The amount overdue on the loan is {{totalDueAmount}}. You may pay the dues and take the vehicle back before it is sold. If you do not, {{lenderName}} will value the vehicle and sell it, giving you a final notice before the sale.

${SIGN_OFF}`,
  },
  {
    kind: 'REPO_SALE_NOTICE',
    language: 'en',
    title: 'Pre-sale notice: final opportunity to repay',
    body: `${LETTER_HEAD}

${TO_BORROWER}

The vehicle {{assetType}} registration no. {{registrationNo}}, hypothecated under loan account {{accountNo}}, was repossessed and is held at {{yardName}}.

A sum of {{totalDueAmount}} is overdue. The vehicle is to be sold; its reserve price is {{reservePrice}}.

This is your final opportunity: you may pay the dues and take the vehicle back within {{saleNoticeDays}} days of this notice. If you do not, {{lenderName}} will sell the vehicle and apply the proceeds to your dues; any shortfall remains recoverable from you and any surplus will be refunded to you.

${SIGN_OFF}`,
  },
  {
    kind: 'REPO_SALE_LETTER',
    language: 'en',
    title: 'Sale letter: sale of the repossessed vehicle',
    body: `${LETTER_HEAD}

To
{{buyerName}}

Sub: Sale of the vehicle {{assetType}} registration no. {{registrationNo}}

{{lenderName}} confirms the sale to you of the vehicle described below, repossessed from its borrower under loan account {{accountNo}} for default in repayment, for a consideration of {{saleAmount}}, which you paid in full (payment reference {{paymentReference}}) and which {{lenderName}} acknowledges.

Vehicle: {{assetType}}
Registration no.: {{registrationNo}}
Chassis no.: {{chassisNo}}
Engine no.: {{engineNo}}
Date of sale: {{saleDate}}

The vehicle is sold on an "as is where is", "as is what is" and "whatever there is" basis. {{lenderName}} gives no warranty as to its condition, fitness, the kilometres run or its documents beyond those handed over, and accepts no claim after delivery.

You may take delivery of the vehicle from the yard {{yardName}}, {{yardAddress}}, on presenting this letter and your identity proof within 7 days of this letter; yard charges after that are yours. The vehicle travels at your risk and cost from the time of delivery.

{{lenderName}} will give you its no-objection certificate and the signed forms 29 and 30 for the transfer of the registration to your name. You shall apply for the transfer of the registration to your name within 30 days of delivery, as Section 50 of the Motor Vehicles Act, 1988 requires, and bear the transfer fees, taxes and any challans of the vehicle after the date of sale.

${SIGN_OFF}`,
  },
  {
    kind: 'SARF_DEMAND_NOTICE',
    language: 'en',
    title: 'Demand notice under Section 13(2) of the SARFAESI Act, 2002',
    body: `${LETTER_HEAD}

To
{{obligors}}

You, the borrower and the co-obligors named above, availed a {{product}} loan under account {{accountNo}} from {{lenderName}}, {{branchName}}, secured by: {{propertyDescription}} (CERSAI asset id {{cersaiAssetId}}).

You defaulted on its repayment and the account was classified as a non-performing asset on {{npaDate}}.

The secured debt due from you, jointly and severally, is {{securedDebtAmount}}, made up of:
Principal outstanding: {{principalOutstanding}}
Interest outstanding: {{interestOutstanding}}
Charges outstanding: {{chargesOutstanding}}
with further interest from the date of this notice until payment.

You are hereby called upon under Section 13(2) of the Securitisation and Reconstruction of Financial Assets and Enforcement of Security Interest Act, 2002 to discharge your liabilities in full within {{demandNoticeDays}} days from the date of this notice, failing which {{lenderName}} will exercise all or any of its rights under Section 13(4) of the Act, including taking possession of the secured asset.

Under Section 13(13) of the Act you shall not transfer the secured asset by sale, lease or otherwise without the prior written consent of {{lenderName}}. Your attention is invited to Section 13(8) of the Act on the time available to redeem the secured asset.

${SIGN_OFF}`,
  },
  {
    kind: 'SARF_REPRESENTATION_REPLY',
    language: 'en',
    title: 'Reply to the representation under Section 13(3A) of the SARFAESI Act, 2002',
    body: `${LETTER_HEAD}

To
{{obligors}}

Sub: Your representation against our demand notice dated {{demandNoticeDate}} under Section 13(2) of the SARFAESI Act, 2002

We refer to the demand notice dated {{demandNoticeDate}} issued to you under Section 13(2) of the Securitisation and Reconstruction of Financial Assets and Enforcement of Security Interest Act, 2002, calling upon you to pay {{securedDebtAmount}} due under loan account {{accountNo}}, and to your representation received by {{lenderName}} on {{representationReceivedDate}}.

The undersigned, the authorised officer of {{lenderName}}, has considered your representation under Section 13(3A) of the Act and finds that it is not acceptable and is not tenable, for the following reasons:

{{representationReplyReasons}}

Your representation is accordingly rejected, and this reply is communicated to you within {{representationReplyDays}} days of its receipt, as Section 13(3A) of the Act requires. The demand made in the notice dated {{demandNoticeDate}} stands, and {{lenderName}} will proceed under Section 13(4) of the Act if the dues are not paid.

As the proviso to Section 13(3A) provides, the reasons communicated by this reply, and the likely action of {{lenderName}} at the stage of communicating them, do not confer on you any right to apply to the Debts Recovery Tribunal under Section 17 or to the Court of the District Judge under Section 17A of the Act.

${SIGN_OFF}`,
  },
  {
    kind: 'SARF_POSSESSION_NOTICE',
    language: 'en',
    title: 'Possession notice (Appendix IV, Rule 8(1))',
    body: `${LETTER_HEAD}

Whereas the undersigned, the authorised officer of {{lenderName}} under the Securitisation and Reconstruction of Financial Assets and Enforcement of Security Interest Act, 2002, issued a demand notice dated {{demandNoticeDate}} under Section 13(2) of the Act calling upon the borrower and co-obligors, {{customerName}} and others, to repay the amount of {{securedDebtAmount}} within 60 days of the notice.

The borrower having failed to repay the amount, notice is hereby given to the borrower and the public in general that the undersigned has taken possession of the property described below in exercise of the powers conferred under Section 13(4) of the Act read with Rule 8 of the Security Interest (Enforcement) Rules, 2002, on {{possessionDate}}.

The borrower in particular and the public in general are cautioned not to deal with the property; any dealing with it will be subject to the charge of {{lenderName}} for {{securedDebtAmount}} and interest thereon. The borrower's attention is invited to Section 13(8) of the Act on the time available to redeem the secured asset.

Description of the property: {{propertyDescription}}

${SIGN_OFF}`,
  },
  {
    kind: 'SARF_POLICE_ASSISTANCE',
    language: 'en',
    title: 'Request for police assistance to take physical possession (Section 14)',
    body: `${LETTER_HEAD}

To
The Station House Officer
{{policeStation}} Police Station

The {{magistrate}} by order no. {{magistrateOrderNo}} dated {{magistrateOrderDate}} under Section 14 of the SARFAESI Act, 2002 directed that physical possession of the secured asset of loan account {{accountNo}} of {{customerName}} be taken and handed over to {{lenderName}}.

Description of the property: {{propertyDescription}}

Physical possession is scheduled for {{physicalPossessionScheduledOn}}. You are requested to provide police assistance on that day to maintain law and order.

${SIGN_OFF}`,
  },
  {
    kind: 'SARF_SALE_NOTICE',
    language: 'en',
    title: 'Sale notice to the borrower (Rules 8(6) and 9(1))',
    body: `${LETTER_HEAD}

To
{{obligors}}

The undersigned, as the authorised officer of {{lenderName}}, took possession of the secured asset described below on {{possessionDate}} under Section 13(4) of the SARFAESI Act, 2002, for the recovery of {{securedDebtAmount}} and interest demanded by the notice dated {{demandNoticeDate}}.

Notice is hereby given under Rules 8(6) and 9(1) of the Security Interest (Enforcement) Rules, 2002 that the secured asset will be sold by public e-auction (batch {{auctionBatchNo}}) not earlier than {{saleNoticeDays}} days from the service of this notice, on {{auctionDate}}, at a reserve price of {{reservePrice}}, with an earnest money deposit of {{emdAmount}} payable by {{emdLastDate}}.

Description of the property: {{propertyDescription}}

You may redeem the secured asset by paying the dues in full with costs and expenses before the publication of the auction notice (Section 13(8)); after the publication the right of redemption ends.

${SIGN_OFF}`,
  },
  {
    kind: 'SARF_AUCTION_NOTICE',
    language: 'en',
    title: 'E-auction sale notice for the sale of immovable property (Appendix IV-A, Rules 8(6) and 9(1))',
    body: `${LETTER_HEAD}

E-auction sale notice for the sale of immovable assets under the Securitisation and Reconstruction of Financial Assets and Enforcement of Security Interest Act, 2002, read with the proviso to Rule 8(6) and Rule 9(1) of the Security Interest (Enforcement) Rules, 2002.

Notice is hereby given to the public in general, and in particular to the borrower and the guarantors named below, that the immovable property described below, mortgaged to {{lenderName}} (the secured creditor), the possession of which was taken by its authorised officer on {{possessionDate}}, will be sold on an "as is where is", "as is what is" and "whatever there is" basis by public e-auction on {{auctionDate}} ({{auctionTime}}), for the recovery of {{securedDebtAmount}} due to the secured creditor under loan account {{accountNo}}, with further interest and costs, from:
{{obligors}}

Auction batch: {{auctionBatchNo}}, lot no. {{lotNo}}
Description of the property: {{propertyDescription}}
Reserve price: {{reservePrice}}
Earnest money deposit (EMD): {{emdAmount}}
Bid increment: {{bidIncrement}}
Last date for the EMD: {{emdLastDate}}
Inspection of the property: {{firstInspectionDate}} and {{secondInspectionDate}}
Date and time of the e-auction: {{auctionDate}}, {{auctionTime}}
E-auction service provider: {{auctionAgency}}

The property will not be sold below the reserve price. The EMD is payable by RTGS or NEFT to the account of {{lenderName}} on or before the last date for the EMD, with the bid form and KYC documents. The successful bidder shall pay 25% of the sale price, adjusting the EMD, at once on the sale being confirmed, and the balance on or before the 15th day of the confirmation of the sale, failing which the deposit is forfeited and the property resold. The sale is subject to the confirmation of the secured creditor; the authorised officer may reject any bid or postpone or cancel the auction without assigning a reason.

To the best of the knowledge of the authorised officer there is no encumbrance on the property; intending bidders should make their own enquiries as to encumbrances, title and dues of the property before bidding.

This is also a notice under Rules 8(6) and 9(1) of the Security Interest (Enforcement) Rules, 2002 to the borrower and the guarantors, who may redeem the property by paying the dues in full with costs and expenses before the date of the auction; Section 13(8) of the Act applies.

${SIGN_OFF}`,
  },
  {
    kind: 'SARF_SALE_CERTIFICATE',
    language: 'en',
    title: 'Sale certificate (Appendix V, Rule 9(6))',
    body: `${LETTER_HEAD}

The undersigned, the authorised officer of {{lenderName}}, under the Securitisation and Reconstruction of Financial Assets and Enforcement of Security Interest Act, 2002, and in exercise of the powers conferred under Section 13(12) of the Act read with Rule 9 of the Security Interest (Enforcement) Rules, 2002, sold on behalf of {{lenderName}}, in favour of {{buyerName}}, the immovable property shown in the schedule below, secured in favour of {{lenderName}} by {{customerName}} towards the financial assistance under loan account {{accountNo}}.

The sale was confirmed on {{saleConfirmationDate}} for a consideration of {{saleAmount}}, which the purchaser paid in full, the balance having been received on {{balanceReceivedDate}}.

The undersigned hereby certifies that the purchaser has paid the sale price in full and delivers the property to the purchaser free from all encumbrances known to the secured creditor.

Schedule of the property: {{propertyDescription}}

${SIGN_OFF}`,
  },
];

/**
 * Sample values of every placeholder: Repossession Settings previews a draft template with them
 * (POST /api/secured-assets/templates/preview), so an edit is read as a filled document before it is saved.
 */
export const SECURED_SAMPLE_VALUES: Required<SecuredValues> = {
  documentDate: '14-08-2026',
  caseNo: 'SARF/2026/000123',
  lenderName: 'Sahyadri Finance Ltd',
  branchName: 'Pune Main Branch',
  authorisedOfficer: 'Meera Kulkarni',
  customerName: 'Rajesh Patil',
  customerAddress: 'Flat 402, Sai Residency, Kothrud\nPune, Maharashtra - 411038',
  obligors:
    '1. Rajesh Patil (Borrower)\nFlat 402, Sai Residency, Kothrud\nPune, Maharashtra - 411038\n2. Sunita Patil (Co-borrower)',
  accountNo: 'HL0012345678',
  product: 'Home',
  totalDueAmount: 'Rs. 4,12,500.00',
  assetType: 'Car',
  registrationNo: 'MH12AB1234',
  chassisNo: 'MA3EWDE1S00123456',
  engineNo: 'K12MN1234567',
  overdueAmount: 'Rs. 86,400.00',
  noticeDays: '7',
  repoAgencyName: 'Shivneri Recovery Agency',
  authorisationLetterNo: 'AUTH/2026/0456',
  policeStation: 'Kothrud',
  policeIntimationDate: '02-06-2026',
  yardName: 'Hinjewadi Yard',
  yardAddress: 'Plot 12, Phase 2, Hinjewadi, Pune 411057',
  repossessionDate: '03-06-2026',
  odometerReading: '45210 km',
  inventory: 'Spare wheel (1, good); jack and tool kit (1, average)',
  saleNoticeDays: '30',
  reservePrice: 'Rs. 38,00,000.00',
  buyerName: 'Kiran Developers',
  saleAmount: 'Rs. 39,50,000.00',
  saleDate: '21-08-2026',
  paymentReference: 'HDFCR52026082100123',
  npaDate: '31-12-2025',
  principalOutstanding: 'Rs. 36,20,000.00',
  interestOutstanding: 'Rs. 2,85,000.00',
  chargesOutstanding: 'Rs. 15,000.00',
  securedDebtAmount: 'Rs. 39,20,000.00',
  demandNoticeDays: '60',
  demandNoticeDate: '15-01-2026',
  representationReceivedDate: '01-03-2026',
  representationReplyDate: '10-03-2026',
  representationReplyDays: '15',
  representationReplyReasons:
    'The outstanding stated in the notice is as per the books of account; the restructuring you ask for was not applied for while the account was standard.',
  propertyDescription: 'Flat 402, Sai Residency, S.No. 44/2, Plot 7, Kothrud, Pune 411038, 980 sq ft',
  cersaiAssetId: '200012345678',
  possessionDate: '20-03-2026',
  magistrateOrderNo: 'CMM/ORD/88',
  magistrateOrderDate: '01-06-2026',
  magistrate: 'Chief Metropolitan Magistrate',
  physicalPossessionScheduledOn: '15-06-2026',
  auctionBatchNo: 'AB2026071',
  auctionDate: '20-08-2026',
  auctionTime: '11:00 to 13:00 IST, with unlimited extensions of 5 minutes',
  lotNo: '3',
  auctionAgency: 'MSTC',
  bidIncrement: 'Rs. 25,000.00',
  firstInspectionDate: '01-08-2026',
  secondInspectionDate: '05-08-2026',
  emdAmount: 'Rs. 3,80,000.00',
  emdLastDate: '18-08-2026',
  saleConfirmationDate: '21-08-2026',
  balanceReceivedDate: '03-09-2026',
};

/** The built-in template of a kind. */
export function defaultSecuredTemplate(kind: SecuredDocumentKind): SecuredTemplate {
  const template = DEFAULT_SECURED_TEMPLATES.find((candidate) => candidate.kind === kind);
  if (!template) throw new Error(`no default template for ${kind}`);
  return template;
}

// The templates API (GET/PUT /api/secured-assets/templates, REPO_SETTINGS_SAUTH).

export const securedTemplateSchema = z
  .object({
    kind: z.enum(SECURED_DOCUMENT_KINDS),
    title: z.string().trim().min(1, 'This field is required').max(200),
    body: z.string().trim().min(1, 'This field is required').max(20000),
  })
  .strict();

export const securedTemplatesInputSchema = z
  .object({ templates: z.array(securedTemplateSchema).min(1).max(SECURED_DOCUMENT_KINDS.length) })
  .strict();

export const securedTemplatesReplySchema = z.object({
  templates: z.array(securedTemplateSchema.extend({ isDefault: z.boolean() })),
  placeholders: z.array(z.string()),
});
export type SecuredTemplatesReply = z.infer<typeof securedTemplatesReplySchema>;

/** POST /api/secured-assets/templates/preview: a draft template, rendered with the sample values. */
export const securedTemplatePreviewSchema = securedTemplateSchema;
export type SecuredTemplatePreviewInput = z.infer<typeof securedTemplatePreviewSchema>;
