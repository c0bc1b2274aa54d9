import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { securedTemplatesReplySchema } from '@recovery-desk/domain/secured-assets/document-templates.ts';
import { REPOSSESSION_CASE, SARFAESI_CASE } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import type { CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import type { Org } from '../collections/factories.ts';
import { BUSINESS_DATE, createUser } from '../factories.ts';
import { auditRows, type TestApp } from '../support/test-app.ts';
import { act, apiAs, caseView, errorOf, rows, setBusinessDate } from '../workflow/factories.ts';
import {
  createRepoStaff,
  createSecuredAccount,
  generatedDocuments,
  sarfaesiSteps,
  startCase,
  step,
  stepOk,
  type Staff,
  closeSecuredAssets,
  openSecuredAssets,
  walk,
} from './factories.ts';
import { sql } from 'drizzle-orm';
import { pdfText } from '../legal/pdf-text.ts';

// The repossession and SARFAESI effects: each document effect renders its PDFs from the (editable) templates and
// files them on the case with an audit row; lockRedemption records the §13(8) lock; the §13(2) period refuses
// possession too early.

describe.each(testDatabaseKinds())('secured-asset effects (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let staff: Staff;

  beforeAll(async () => {
    ({ handle, t, org, staff } = await openSecuredAssets(kind));
  });
  afterEach(async () => {
    await setBusinessDate(handle.db, BUSINESS_DATE);
    await handle.db.execute(
      sql`delete from notice_templates where case_type like 'REPO\\_%' or case_type like 'SARF\\_%'`,
    );
  });
  afterAll(() => closeSecuredAssets(handle, t));

  const docAudits = async (caseId: number) =>
    (await auditRows(handle.db, { action: 'secured_assets.document_generate', entityId: caseId })).map(
      (row) => (row.after as { kind: string }).kind,
    );

  it('walks a repossession case past its notice, kit and yard-in to closure, generating each document', async () => {
    await setBusinessDate(handle.db, '2026-06-30');
    const account = await createSecuredAccount(handle.db, org.branch, { customerName: 'Anil Deshmukh' });
    const { caseId, caseNo } = await startCase(t, staff.maker, org.branch, 'REPOSSESSION', account.id);
    const sample = REPOSSESSION_CASE;

    await stepOk(staff, caseId, 'recommend', 'RepoInitiateApproval', sample);
    await stepOk(staff, caseId, 'approve', 'Notice', sample);
    let documents = await generatedDocuments(handle.db, caseId);
    expect(documents.map((d) => [d.code, d.stage])).toEqual([['noticeCopy', 'Notice']]);
    const notice = documents[0]!.text;
    for (const expected of [
      'Test Lender Ltd',
      'Pre-repossession notice',
      'Date: 30-06-2026',
      `Ref: ${caseNo} / Loan account ${account.accountNo}`,
      'Anil Deshmukh',
      '12 MG Road',
      'an Auto loan',
      'Car registration no. MH12AB1234, chassis no. MA3EWDE1S00123456, engine no. K12MN1234567',
      'Rs. 45,000.00 is overdue',
      'within 7 days of the date of this notice',
      'Chitra Checker',
      'Page 1 of',
    ]) {
      expect(notice, expected).toContain(expected);
    }
    // The case screen lists it with its other documents; the history's step records the effect.
    let view = await caseView(staff.makerApi, caseId);
    expect(view.documents.find((d) => d.code === 'noticeCopy')).toMatchObject({ isGenerated: true });
    expect(view.history.at(-1)).toMatchObject({ action: 'approve', effects: ['generateRepoNotice'] });

    await stepOk(staff, caseId, 'submit', 'KitGeneration', sample);
    await stepOk(staff, caseId, 'submit', 'AssetDtlCapture', sample);
    documents = await generatedDocuments(handle.db, caseId);
    expect(documents.map((d) => [d.code, d.stage])).toEqual([
      ['noticeCopy', 'Notice'],
      ['authorisationLetter', 'AssetDtlCapture'],
      ['policePreIntimation', 'AssetDtlCapture'],
    ]);
    const [, letter, police] = documents;
    for (const expected of [
      'Authorisation letter for repossession',
      'Authorisation letter no. AUTH/2026/77',
      'Shree Recovery Services',
      'MH12AB1234',
      'The police station Hinjewadi was intimated on 12-04-2026',
      'Rohan Maker',
    ]) {
      expect(letter!.text, expected).toContain(expected);
    }
    for (const expected of [
      'Intimation of repossession to the police',
      'The Station House Officer Hinjewadi Police Station',
      'Shree Recovery Services (authorisation letter no. AUTH/2026/77)',
      'Anil Deshmukh',
    ]) {
      expect(police!.text, expected).toContain(expected);
    }

    // Once the vehicle is in the yard the kit is completed: police post-intimation and the letter to the borrower.
    await stepOk(staff, caseId, 'submit', 'ValuationAgcAllocation', sample);
    documents = await generatedDocuments(handle.db, caseId);
    expect(documents.slice(3).map((d) => [d.code, d.stage])).toEqual([
      ['policePostIntimation', 'ValuationAgcAllocation'],
      ['postRepoLetter', 'ValuationAgcAllocation'],
    ]);
    const [, , , postPolice, postLetter] = documents;
    for (const expected of [
      'Intimation to the police after repossession',
      'Further to our intimation of 12-04-2026',
      'took possession of the vehicle Car registration no. MH12AB1234',
      'on 13-04-2026',
      // the inventory record of the Inventory tab, not a free-text field
      'held at the yard Pune Yard 2. Odometer reading at repossession: 45210 km.',
      'Inventory: Spare wheel × 1 (good); Jack and tool kit × 1 (average); Documents folder × 1 (good).',
    ]) {
      expect(postPolice!.text, expected).toContain(expected);
    }
    for (const expected of [
      'Letter after repossession of the vehicle',
      'Anil Deshmukh',
      'was repossessed on 13-04-2026',
      'is held at the yard Pune Yard 2',
      'Inventory of the vehicle and its contents at repossession: Spare wheel × 1 (good); Jack and tool kit × 1 (average); Documents folder × 1 (good).',
      'The amount overdue on the loan is Rs. 45,000.00.',
    ]) {
      expect(postLetter!.text, expected).toContain(expected);
    }

    for (const [action, next] of [
      ['submit', 'CaptureValDtl'],
      ['submit', 'ValuationCompletion'],
      ['approve', 'FprAllocation'],
      ['submit', 'DisposalIdentification'],
      ['approve', 'AuctionNotice'],
      ['submit', 'AllocateActionAgc'],
      ['submit', 'AssetAuctionDtl'],
      ['submit', 'AuctionApproval'],
      ['approve', 'AssetSaleNotice'],
    ] as const) {
      await stepOk(staff, caseId, action, next, sample);
    }
    documents = await generatedDocuments(handle.db, caseId);
    const sale = documents.at(-1)!;
    expect([sale.code, sale.stage]).toEqual(['saleNoticeCopy', 'AssetSaleNotice']);
    for (const expected of [
      'Pre-sale notice: final opportunity to repay',
      'is held at Pune Yard 2',
      'its reserve price is Rs. 3,80,000.00',
      'within 7 days of this notice',
      'any shortfall remains recoverable',
    ]) {
      expect(sale.text, expected).toContain(expected);
    }

    for (const [action, next] of [
      ['submit', 'AssetSale'],
      ['submit', 'AssetSaleApproval'],
      ['approve', 'Closure'],
    ] as const) {
      await stepOk(staff, caseId, action, next, sample);
    }
    // Approving the sale writes the sale letter to the buyer, filed at Closure and downloadable as a PDF.
    const saleLetter = (await generatedDocuments(handle.db, caseId)).at(-1)!;
    expect([saleLetter.code, saleLetter.stage, saleLetter.documentName]).toEqual([
      'saleLetter',
      'Closure',
      'Sale letter: sale of the repossessed vehicle',
    ]);
    for (const expected of [
      'To Bharat Motors',
      'Sub: Sale of the vehicle Car registration no. MH12AB1234',
      `under loan account ${account.accountNo}`,
      'for a consideration of Rs. 3,95,000.00, which you paid in full (payment reference UTR2026052500001)',
      'Chassis no.: MA3EWDE1S00123456',
      'Engine no.: K12MN1234567',
      'Date of sale: 25-05-2026',
      '"as is where is"',
      'from the yard Pune Yard 2, Plot 9, MIDC,',
      'Chitra Checker',
    ]) {
      expect(saleLetter.text, expected).toContain(expected);
    }
    view = await caseView(staff.makerApi, caseId);
    expect(view.history.at(-1)).toMatchObject({ action: 'approve', effects: ['generateSaleLetter'] });
    const download = await staff.makerApi.get(`/api/workflow/cases/${caseId}/documents/${saleLetter.id}/content`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const closed = await step(staff, caseId, 'close', sample);
    expect(closed.statusCode, closed.body).toBe(200);
    view = await caseView(staff.makerApi, caseId);
    expect(view.case).toMatchObject({ isClosed: true, status: 'Closed' });
    expect((await generatedDocuments(handle.db, caseId)).length).toBe(7);
    expect(await docAudits(caseId)).toEqual([
      'REPO_PRE_NOTICE',
      'REPO_AUTHORISATION_LETTER',
      'REPO_POLICE_PRE_INTIMATION',
      'REPO_POLICE_POST_INTIMATION',
      'REPO_POST_REPOSSESSION_LETTER',
      'REPO_SALE_NOTICE',
      'REPO_SALE_LETTER',
    ]);
  });

  it('walks a SARFAESI case from the §13(2) notice, refused possession before 60 days, to the sale certificate', async () => {
    const account = await createSecuredAccount(handle.db, org.branch, {
      product: 'HOME',
      customerName: 'Madhav Kulkarni',
      coObligors: [
        { role: 'CO_BORROWER', name: 'Sunita Kulkarni', address: '12 MG Road\nPune, MH - 411001' },
        { role: 'GUARANTOR', name: 'Prakash Joshi', address: '7 FC Road\nPune, MH - 411004' },
      ],
    });
    const { caseId, caseNo } = await startCase(t, staff.maker, org.branch, 'SARFAESI', account.id);
    const sample = { ...SARFAESI_CASE, policeIntimationDate: '2026-03-30' };

    await walk(staff, caseId, sarfaesiSteps('SarfInitiate', 'NoticeCapture'), sample);
    const [demand] = await generatedDocuments(handle.db, caseId);
    expect([demand!.code, demand!.stage]).toEqual(['demandNoticeCopy', 'NoticeCapture']);
    for (const expected of [
      'Demand notice under Section 13(2) of the SARFAESI Act, 2002',
      'Date: 31-03-2026',
      `Ref: ${caseNo} / Loan account ${account.accountNo}`,
      // every obligor, with role and address
      '1. Madhav Kulkarni (Borrower) 12 MG Road Pune, MH - 411001',
      '2. Sunita Kulkarni (Co-borrower) 12 MG Road Pune, MH - 411001',
      '3. Prakash Joshi (Guarantor) 7 FC Road Pune, MH - 411004',
      'classified as a non-performing asset on 10-01-2026',
      'Flat 402, Sai Residency, Kothrud, Pune 411038 (CERSAI asset id 200012345678)',
      'is Rs. 35,00,000.00, made up of:',
      'Principal outstanding: Rs. 30,00,000.00',
      'Interest outstanding: Rs. 4,50,000.00',
      'Charges outstanding: Rs. 50,000.00',
      'within 60 days from the date of this notice',
    ]) {
      expect(demand!.text, expected).toContain(expected);
    }

    // The generated copy satisfies the notice approval's document requirement.
    await walk(staff, caseId, sarfaesiSteps('NoticeCapture', 'TypeIdentification'), sample);

    // §13(3A): with a representation received, the reasons are required (nothing is written without them) …
    const beforeReply = await caseView(staff.makerApi, caseId);
    const noReasons = Object.fromEntries(
      Object.entries(sample).filter(([name]) => name !== 'representationReplyReasons'),
    ) as typeof sample;
    const unreasoned = await step(staff, caseId, 'submit', noReasons);
    expect(unreasoned.statusCode, unreasoned.body).toBe(400);
    expect(errorOf(unreasoned).fields).toEqual(['fields.representationReplyReasons']);
    const afterRefusal = await caseView(staff.makerApi, caseId);
    expect([afterRefusal.case.stage, afterRefusal.history.length]).toEqual([
      'TypeIdentification',
      beforeReply.history.length,
    ]);
    expect(await docAudits(caseId)).toEqual(['SARF_DEMAND_NOTICE']);

    // … and the reply is generated from them, dated the day it was sent, filed as the checklist's reply.
    await stepOk(staff, caseId, 'submit', 'PreIntimationNotice', sample);
    const reply = (await generatedDocuments(handle.db, caseId)).at(-1)!;
    expect([reply.code, reply.stage]).toEqual(['representationReply', 'PreIntimationNotice']);
    for (const expected of [
      'Reply to the representation under Section 13(3A) of the SARFAESI Act, 2002',
      'Date: 10-03-2026',
      '1. Madhav Kulkarni (Borrower)',
      '3. Prakash Joshi (Guarantor)',
      'demand notice dated 01-02-2026',
      'to pay Rs. 35,00,000.00 due under loan account',
      'your representation received by Test Lender Ltd on 01-03-2026',
      String(SARFAESI_CASE.representationReplyReasons),
      'within 15 days of its receipt',
      'Section 17',
    ]) {
      expect(reply.text, expected).toContain(expected);
    }
    const replyPdf = await staff.makerApi.get(`/api/workflow/cases/${caseId}/documents/${reply.id}/content`);
    expect([replyPdf.statusCode, replyPdf.headers['content-type']]).toEqual([200, 'application/pdf']);

    await stepOk(staff, caseId, 'submit', 'PossessionDtlCapture', sample);
    const possession = (await generatedDocuments(handle.db, caseId)).at(-1)!;
    expect([possession.code, possession.stage]).toEqual(['possessionNotice', 'PossessionDtlCapture']);
    for (const expected of [
      'Possession notice (Appendix IV, Rule 8(1))',
      'issued a demand notice dated 01-02-2026 under Section 13(2)',
      'Madhav Kulkarni and others',
      'Rs. 35,00,000.00',
      'Section 13(4) of the Act read with Rule 8',
      'Description of the property: Flat 402, Sai Residency',
    ]) {
      expect(possession.text, expected).toContain(expected);
    }

    // Before 60 days from service (5 Feb + 60 = 6 Apr) possession is refused, whatever date is entered.
    await setBusinessDate(handle.db, '2026-04-05');
    const early = await step(staff, caseId, 'submit', {
      ...sample,
      possessionDate: '2026-04-05',
      possessionNoticeAffixedDate: '2026-04-05',
      possessionPublicationDate: '2026-04-05',
    });
    // The possession date cannot be before then (400 naming it); the case screen's dates say from when.
    expect(early.statusCode, early.body).toBe(400);
    expect(errorOf(early).fields).toEqual(['fields.possessionDate']);
    expect(errorOf(early).detail).toContain('Date should be on or after 06/04/2026');
    const waiting = await caseView(staff.makerApi, caseId);
    expect(waiting.case.stage).toBe('PossessionDtlCapture');
    expect(waiting.stageDates).toContainEqual(
      expect.objectContaining({ rule: 'SARF_13_2_NOTICE_PERIOD', date: '2026-04-06', kind: 'earliest' }),
    );

    await setBusinessDate(handle.db, '2026-04-12');
    await stepOk(staff, caseId, 'submit', 'AgencyAllocation', sample);

    // From here on the sample's dates are in the past.
    await setBusinessDate(handle.db, '2026-09-30');
    await walk(staff, caseId, sarfaesiSteps('AgencyAllocation', 'AssetDtlCapture'), sample);
    const kit = (await generatedDocuments(handle.db, caseId)).at(-1)!;
    expect([kit.code, kit.stage]).toEqual(['policeAssistanceLetter', 'AssetDtlCapture']);
    for (const expected of [
      'Request for police assistance to take physical possession (Section 14)',
      'Chief Metropolitan Magistrate (CMM) by order no. CMM/ORD/88 dated 01-06-2026',
      'scheduled for 15-06-2026',
      'Kothrud Police Station',
    ]) {
      expect(kit.text, expected).toContain(expected);
    }

    await walk(staff, caseId, sarfaesiSteps('AssetDtlCapture', 'BatchGen'), sample);
    // The case becomes lot 2 of an auction batch (after another case), which the auction notice names.
    const other = await createSecuredAccount(handle.db, org.branch, { product: 'HOME' });
    const otherCase = await startCase(t, staff.maker, org.branch, 'SARFAESI', other.id);
    await handle.db.execute(
      sql`update cases set stage = 'BatchGen', fields = ${JSON.stringify(SARFAESI_CASE)}::jsonb
        where id = ${otherCase.caseId}`,
    );
    const batch = await staff.makerApi.post('/api/secured-assets/auction-batches', {
      batchNo: 'AB2026071',
      auctionDate: '2026-10-20',
      emdLastDate: '2026-10-18',
      inspectionDate1: '2026-10-10',
      inspectionDate2: null,
      auctionAgency: 'MSTC e-auction',
      caseIds: [otherCase.caseId, caseId],
    });
    expect(batch.statusCode, batch.body).toBe(200);
    await stepOk(staff, caseId, 'submit', 'AuctionNotice', sample);
    const saleNotice = (await generatedDocuments(handle.db, caseId)).at(-1)!;
    expect([saleNotice.code, saleNotice.stage]).toEqual(['saleNoticeCopy', 'AuctionNotice']);
    for (const expected of [
      'Sale notice to the borrower (Rules 8(6) and 9(1))',
      '3. Prakash Joshi (Guarantor)',
      'took possession of the secured asset described below on 08-04-2026',
      'e-auction (batch AB2026071) not earlier than 30 days',
      'at a reserve price of Rs. 38,00,000.00, with an earnest money deposit of Rs. 3,80,000.00',
    ]) {
      expect(saleNotice.text, expected).toContain(expected);
    }

    // Sending the auction notice writes the public e-auction notice (Appendix IV-A), which UploadArtwork requires.
    await stepOk(staff, caseId, 'submit', 'UploadArtwork', sample);
    const auctionNotice = (await generatedDocuments(handle.db, caseId)).at(-1)!;
    expect([auctionNotice.code, auctionNotice.stage]).toEqual(['auctionNotice', 'UploadArtwork']);
    for (const expected of [
      'E-auction sale notice for the sale of immovable property (Appendix IV-A, Rules 8(6) and 9(1))',
      'possession of which was taken by its authorised officer on 08-04-2026',
      '"as is where is"',
      'by public e-auction on 20-08-2026 (11:00 to 13:00 IST, with unlimited extensions of 5 minutes)',
      'for the recovery of Rs. 35,00,000.00',
      '2. Sunita Kulkarni (Co-borrower)',
      'Auction batch: AB2026071, lot no. 2',
      'Description of the property: Flat 402, Sai Residency',
      'Reserve price: Rs. 38,00,000.00',
      'Earnest money deposit (EMD): Rs. 3,80,000.00',
      'Bid increment: Rs. 25,000.00',
      'Last date for the EMD: 18-08-2026',
      'Inspection of the property: 01-08-2026 and 05-08-2026',
      // the agency is allocated after the notice: the batch's portal
      'E-auction service provider: MSTC e-auction',
      'Rohan Maker',
    ]) {
      expect(auctionNotice.text, expected).toContain(expected);
    }
    const noticePdf = await staff.makerApi.get(`/api/workflow/cases/${caseId}/documents/${auctionNotice.id}/content`);
    expect([noticePdf.statusCode, noticePdf.headers['content-type']]).toEqual([200, 'application/pdf']);

    await walk(staff, caseId, sarfaesiSteps('UploadArtwork', 'PublicationUpload'), sample);
    const redemption = () => staff.makerApi.get(`/api/secured-assets/cases/${caseId}/redemption`);
    expect((await redemption()).json()).toEqual({ caseId, redeemable: true, lockedOn: null, publicationDate: null });
    let view = await caseView(staff.makerApi, caseId);
    expect(view.availableActions.map((a) => a.name)).not.toContain('requestRelease');

    await stepOk(staff, caseId, 'submit', 'AllocateAuctionAgency', sample);
    // §13(8): publication locks redemption, on the case and in the audit trail.
    expect((await redemption()).json()).toEqual({
      caseId,
      redeemable: false,
      lockedOn: '2026-09-30',
      publicationDate: '2026-07-15',
    });
    const locks = await auditRows(handle.db, { action: 'secured_assets.redemption_lock', entityId: caseId });
    expect(locks.map((row) => row.after)).toEqual([{ caseNo, lockedOn: '2026-09-30', publicationDate: '2026-07-15' }]);
    view = await caseView(staff.makerApi, caseId);
    expect(view.history.at(-1)).toMatchObject({ effects: ['requirePublications', 'lockRedemption'] });

    await walk(staff, caseId, sarfaesiSteps('AllocateAuctionAgency', 'SarfClosure'), sample);
    const certificate = (await generatedDocuments(handle.db, caseId)).at(-1)!;
    expect([certificate.code, certificate.stage]).toEqual(['saleCertificate', 'SarfClosure']);
    for (const expected of [
      'Sale certificate (Appendix V, Rule 9(6))',
      'in favour of Kiran Developers',
      'by Madhav Kulkarni towards the financial assistance under loan account',
      'confirmed on 21-08-2026 for a consideration of Rs. 39,50,000.00',
      'received on 03-09-2026',
      'Schedule of the property: Flat 402, Sai Residency',
    ]) {
      expect(certificate.text, expected).toContain(expected);
    }
    // The generated certificate satisfies the closure's checklist.
    const closed = await step(staff, caseId, 'close', sample);
    expect(closed.statusCode, closed.body).toBe(200);

    expect(await docAudits(caseId)).toEqual([
      'SARF_DEMAND_NOTICE',
      'SARF_REPRESENTATION_REPLY',
      'SARF_POSSESSION_NOTICE',
      'SARF_POLICE_ASSISTANCE',
      'SARF_SALE_NOTICE',
      'SARF_AUCTION_NOTICE',
      'SARF_SALE_CERTIFICATE',
    ]);
  });

  it('refuses a redemption request on a case whose redemption is locked (§13(8)), writing nothing', async () => {
    const account = await createSecuredAccount(handle.db, org.branch, { product: 'HOME', customerName: 'Rekha Iyer' });
    const { caseId } = await startCase(t, staff.maker, org.branch, 'SARFAESI', account.id);
    await walk(staff, caseId, sarfaesiSteps('SarfInitiate', 'NoticeCapture'), SARFAESI_CASE);
    // as a case back at base price after a failed auction: its first publication locked redemption
    await handle.db.execute(
      sql`insert into redemption_locks (case_id, locked_on, publication_date, locked_by_user_id, acting_unit_id)
        values (${caseId}, '2026-03-20', '2026-03-18', ${staff.maker.id}, ${org.branch.id})`,
    );
    const before = await caseView(staff.makerApi, caseId);
    const refused = await act(staff.makerApi, caseId, 'requestRelease', { remarks: 'Borrower offers full dues' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toContain(
      'the auction notice was published on 18-03-2026 (SARFAESI §13(8))',
    );
    const after = await caseView(staff.makerApi, caseId);
    expect([after.case.stage, after.history.length]).toEqual([before.case.stage, before.history.length]);

    // without the lock the same request opens the release
    await handle.db.execute(sql`delete from redemption_locks where case_id = ${caseId}`);
    const opened = await act(staff.makerApi, caseId, 'requestRelease', { remarks: 'Borrower offers full dues' });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<CaseView>().case.stage).toBe('AssetReleaseRequest');
  });

  it('renders documents from the templates edited in Repossession Settings (REPO_SETTINGS_SAUTH)', async () => {
    const settingsUser = await apiAs(
      t,
      await createRepoStaff(handle.db, org.branch, { authorities: ['REPO_SETTINGS_SAUTH'] }),
      org.branch,
    );
    const initial = securedTemplatesReplySchema.parse((await settingsUser.get('/api/secured-assets/templates')).json());
    expect(initial.templates.map((template) => [template.kind, template.isDefault])).toEqual([
      ['REPO_PRE_NOTICE', true],
      ['REPO_AUTHORISATION_LETTER', true],
      ['REPO_POLICE_PRE_INTIMATION', true],
      ['REPO_POLICE_POST_INTIMATION', true],
      ['REPO_POST_REPOSSESSION_LETTER', true],
      ['REPO_SALE_NOTICE', true],
      ['REPO_SALE_LETTER', true],
      ['SARF_DEMAND_NOTICE', true],
      ['SARF_REPRESENTATION_REPLY', true],
      ['SARF_POSSESSION_NOTICE', true],
      ['SARF_POLICE_ASSISTANCE', true],
      ['SARF_SALE_NOTICE', true],
      ['SARF_AUCTION_NOTICE', true],
      ['SARF_SALE_CERTIFICATE', true],
    ]);
    expect(initial.placeholders).toContain('obligors');

    const unknown = await settingsUser.inject({
      method: 'PUT',
      url: '/api/secured-assets/templates',
      payload: { templates: [{ kind: 'REPO_PRE_NOTICE', title: 'Notice', body: 'Pay {{amountDue}} now.' }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).fields).toEqual(['templates.0.body']);

    const edited = await settingsUser.inject({
      method: 'PUT',
      url: '/api/secured-assets/templates',
      payload: {
        templates: [
          {
            kind: 'REPO_PRE_NOTICE',
            title: 'Notice before repossession of {{registrationNo}}',
            body: 'Dear {{customerName}},\n\nPay {{overdueAmount}} within {{noticeDays}} days.',
          },
        ],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const reply = securedTemplatesReplySchema.parse(edited.json());
    expect(reply.templates[0]).toMatchObject({ kind: 'REPO_PRE_NOTICE', isDefault: false });
    const audit = await auditRows(handle.db, { action: 'secured_assets.templates_update' });
    expect(audit.at(-1)!.after).toEqual([
      {
        kind: 'REPO_PRE_NOTICE',
        title: 'Notice before repossession of {{registrationNo}}',
        body: 'Dear {{customerName}},\n\nPay {{overdueAmount}} within {{noticeDays}} days.',
      },
    ]);

    // Saving the built-in text back ("restore built-in") removes the edit: the template is built-in again.
    const builtIn = initial.templates.find((template) => template.kind === 'SARF_AUCTION_NOTICE')!;
    await settingsUser.inject({
      method: 'PUT',
      url: '/api/secured-assets/templates',
      payload: { templates: [{ kind: 'SARF_AUCTION_NOTICE', title: 'Auction of {{lotNo}}', body: 'Lot {{lotNo}}.' }] },
    });
    const restored = await settingsUser.inject({
      method: 'PUT',
      url: '/api/secured-assets/templates',
      payload: { templates: [{ kind: 'SARF_AUCTION_NOTICE', title: builtIn.title, body: builtIn.body }] },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(
      securedTemplatesReplySchema.parse(restored.json()).templates.find((x) => x.kind === 'SARF_AUCTION_NOTICE'),
    ).toMatchObject({ isDefault: true, title: builtIn.title });
    const [stored] = await rows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from notice_templates where case_type = 'SARF_AUCTION_NOTICE'`,
    );
    expect(stored!.n).toBe(0);

    // A draft is previewed as a PDF with sample values, nothing saved; its placeholders are checked as on save.
    const templatesBefore = (await settingsUser.get('/api/secured-assets/templates')).body;
    const preview = await settingsUser.inject({
      method: 'POST',
      url: '/api/secured-assets/templates/preview',
      payload: {
        kind: 'REPO_SALE_LETTER',
        title: 'Sale of {{registrationNo}}',
        body: 'To {{buyerName}}\n\nSold for {{saleAmount}} from {{yardName}}.',
      },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    const previewText = (await pdfText(preview.rawPayload)).replace(/\s*\n\s*/g, ' ');
    expect(previewText).toContain('Sale of MH12AB1234');
    expect(previewText).toContain('To Kiran Developers Sold for Rs. 39,50,000.00 from Hinjewadi Yard.');
    expect((await settingsUser.get('/api/secured-assets/templates')).body).toBe(templatesBefore);
    const badPreview = await settingsUser.inject({
      method: 'POST',
      url: '/api/secured-assets/templates/preview',
      payload: { kind: 'REPO_SALE_LETTER', title: 'Sale', body: 'Pay {{amountDue}}.' },
    });
    expect(badPreview.statusCode).toBe(400);
    expect(errorOf(badPreview).fields).toEqual(['body']);
    const refusedPreview = await staff.makerApi.inject({
      method: 'POST',
      url: '/api/secured-assets/templates/preview',
      payload: { kind: 'REPO_SALE_LETTER', title: 'Sale', body: 'Text' },
    });
    expect(refusedPreview.statusCode).toBe(403);

    // Legal Settings still lists the legal notice templates only.
    const legalSettings = await apiAs(
      t,
      await createUser(handle.db, {
        units: [{ unit: org.branch, grants: { legalapp: [{ system_auth: 'LEGAL_SETTINGS_SAUTH', tabs: [] }] } }],
      }),
      org.branch,
    );
    const legal = (await legalSettings.get('/api/legal/settings')).json<{ templates: { caseType: string }[] }>();
    expect(legal.templates.map((template) => template.caseType)).toEqual([
      'S138',
      'S25',
      'CIVIL_SUIT',
      'ARBITRATION',
      'DRT',
    ]);

    // A repoapp user without the settings authority is refused.
    expect((await staff.makerApi.get('/api/secured-assets/templates')).statusCode).toBe(403);
    const officer = await apiAs(
      t,
      await createRepoStaff(handle.db, org.branch, { authorities: ['REPO_INITIATE_SAUTH'] }),
      org.branch,
    );
    expect((await officer.get('/api/secured-assets/templates')).statusCode).toBe(403);

    const account = await createSecuredAccount(handle.db, org.branch, { customerName: 'Farah Shaikh' });
    const { caseId } = await startCase(t, staff.maker, org.branch, 'REPOSSESSION', account.id);
    await stepOk(staff, caseId, 'recommend', 'RepoInitiateApproval', REPOSSESSION_CASE);
    await stepOk(staff, caseId, 'approve', 'Notice', REPOSSESSION_CASE);
    const [notice] = await generatedDocuments(handle.db, caseId);
    expect(notice!.documentName).toBe('Notice before repossession of MH12AB1234');
    expect(notice!.text).toContain('Dear Farah Shaikh,');
    expect(notice!.text).toContain('Pay Rs. 45,000.00 within 7 days.');
  });

  it("answers 404 for another unit's case and for a case of another workflow", async () => {
    const foreignMaker = await createRepoStaff(handle.db, org.foreign);
    const account = await createSecuredAccount(handle.db, org.foreign, { product: 'HOME' });
    const { caseId } = await startCase(t, foreignMaker, org.foreign, 'SARFAESI', account.id);
    expect((await staff.makerApi.get(`/api/secured-assets/cases/${caseId}/redemption`)).statusCode).toBe(404);
    expect((await staff.makerApi.get(`/api/workflow/cases/${caseId}`)).statusCode).toBe(404);

    const repoAccount = await createSecuredAccount(handle.db, org.branch);
    const repo = await startCase(t, staff.maker, org.branch, 'REPOSSESSION', repoAccount.id);
    expect((await staff.makerApi.get(`/api/secured-assets/cases/${repo.caseId}/redemption`)).statusCode).toBe(404);
    const [count] = await rows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from redemption_locks where case_id = ${caseId}`,
    );
    expect(count!.n).toBe(0);
  });
});
