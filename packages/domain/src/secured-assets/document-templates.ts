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
  /** SARFAESI §13(2) demand notice (generateDemandNotice) */
  'SARF_DEMAND_NOTICE',
  /** SARFAESI Rule 8(1) possession notice, Appendix IV (generatePossessionNotice) */
  'SARF_POSSESSION_NOTICE',
  /** SARFAESI kit (generateRepoKit): request for police assistance for physical possession under the §14 order */
  'SARF_POLICE_ASSISTANCE',
  /** SARFAESI Rules 8(6) / 9(1) sale notice to the borrower (generateSaleNotice) */
  'SARF_SALE_NOTICE',
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
  'repossessionDate',
  'odometerReading',
  'inventory',
  'saleNoticeDays',
  'reservePrice',
  'buyerName',
  'saleAmount',
  // SARFAESI
  'npaDate',
  'principalOutstanding',
  'interestOutstanding',
  'chargesOutstanding',
  'securedDebtAmount',
  'demandNoticeDays',
  'demandNoticeDate',
  'propertyDescription',
  'cersaiAssetId',
  'possessionDate',
  'magistrateOrderNo',
  'magistrateOrderDate',
  'magistrate',
  'physicalPossessionScheduledOn',
  'auctionBatchNo',
  'auctionDate',
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
