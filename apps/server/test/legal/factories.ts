import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { cheques } from '@recovery-desk/db/collections-schema.ts';
import type { Database } from '@recovery-desk/db/client.ts';
import { organisation } from '@recovery-desk/db/schema.ts';
import { legalSettings } from '@recovery-desk/db/workflow-schema.ts';
import type { Product } from '@recovery-desk/domain/products.ts';
import { DEFAULT_LEGAL_POOL_RULE, type LegalPoolRule } from '@recovery-desk/domain/legal/pool-rule.ts';
import { caseViewSchema, type CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import type { ActionName } from '@recovery-desk/domain/workflow/definition.ts';
import { BUSINESS_DATE, createUser, type TestUnit, type TestUser } from '../factories.ts';
import { createAccount, createAddress, type Api, type TestAccount } from '../collections/factories.ts';

export { pdfFonts, pdfText } from './pdf-text.ts';

// Legal data for one test: legal staff with legalapp authorities, accounts that meet the default pool rule (NPA,
// DPD 120, ₹60,000 overdue) with a residence address, bounced cheques, and the calls that walk a case.

export const OFFICER_AUTHORITIES = [
  'LEGAL_POOL_SAUTH',
  'LEGAL_INIT_SAUTH',
  'LEGAL_APP_CASES_SAUTH',
  'LEAD_TEAM_TRAY_SAUTH',
  'LEGAL_NOTICE_SAUTH',
  'LEGAL_CASE_FILE_SAUTH',
  'COURT_CASE_UPDT_SUATH',
  'LEGAL_REJECT_TRAY_SAUTH',
  'LEGAL_FILE_UPLOAD_SAUTH',
  'LEGAL_FILE_DOWNLOAD_SAUTH',
  'LEGAL_AGAINST_FI_SAUTH',
] as const;

export const MANAGER_AUTHORITIES = [
  'LEGAL_FILE_APP_SAUTH',
  'LEGAL_MANAGER_SAUTH',
  'COURT_CASE_APP_SUATH',
  'LEGAL_WITHDRAWAL_SUATH',
  'LEGAL_SETTINGS_SAUTH',
] as const;

/** A user acting in `unit` with these legalapp authorities. */
export async function createLegalStaff(
  db: Database,
  unit: TestUnit,
  authorities: readonly string[],
  options: { fullName?: string } = {},
): Promise<TestUser> {
  return createUser(db, {
    ...(options.fullName ? { fullName: options.fullName } : {}),
    units: [{ unit, grants: { legalapp: authorities.map((code) => ({ system_auth: code })) } }],
  });
}

/** An account in the default legal pool (NPA, DPD 120, 60,000.00 overdue) with the customer's residence address. */
export async function createPoolAccount(
  db: Database,
  options: {
    unit: TestUnit;
    dpd?: number;
    totalDue?: string;
    product?: Product;
    customerName?: string;
    allocatedTo?: TestUser;
    isOnHold?: boolean;
    currency?: 'INR' | 'USD';
  },
): Promise<TestAccount> {
  const account = await createAccount(db, {
    unit: options.unit,
    dpd: options.dpd ?? 120,
    totalDue: options.totalDue ?? '60000.00',
    product: options.product ?? 'PERSONAL',
    ...(options.customerName ? { customerName: options.customerName } : {}),
    ...(options.allocatedTo ? { allocatedTo: options.allocatedTo } : {}),
    ...(options.isOnHold === undefined ? {} : { isOnHold: options.isOnHold }),
    ...(options.currency ? { currency: options.currency } : {}),
  });
  await createAddress(db, account.customerId);
  return account;
}

/** The claim amount a pool case starts with for a createAccount account: 150000 + 12000.50 + 500 + 250.25. */
export const DEFAULT_CLAIM_AMOUNT = '162750.75';

export async function createBouncedCheque(
  db: Database,
  accountId: number,
  values: Partial<typeof cheques.$inferInsert> = {},
): Promise<void> {
  await db.insert(cheques).values({
    accountId,
    chequeNo: '123456',
    chequeDate: '2026-02-10',
    amount: '250000.00',
    bankName: 'State Bank of India',
    bounceDate: '2026-02-20',
    bounceReason: 'Insufficient funds',
    ...values,
  });
}

export async function setBusinessDate(db: Database, date: string): Promise<void> {
  await db.update(organisation).set({ businessDate: date }).where(eq(organisation.id, 1));
}

export async function resetLegalSettings(db: Database, rule: LegalPoolRule = DEFAULT_LEGAL_POOL_RULE) {
  await setBusinessDate(db, BUSINESS_DATE);
  await db.update(legalSettings).set({ poolRule: rule }).where(eq(legalSettings.id, 1));
}

/** A multipart/form-data body: the text fields, then the file parts. */
export function multipart(
  fields: Record<string, string>,
  files: { field?: string; name: string; content: Buffer }[] = [],
) {
  const boundary = '----recovery-desk-legal-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PDF_BYTES = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Uploads a (tiny) PDF to the case as the checklist document `code`. */
export async function addCaseDocument(api: Api, caseId: number, code: string): Promise<LightMyRequestResponse> {
  const body = multipart({ code }, [{ name: `${code}.pdf`, content: PDF_BYTES }]);
  const response = await api.inject({
    method: 'POST',
    url: `/api/workflow/cases/${caseId}/documents`,
    ...body,
  });
  if (response.statusCode !== 200) throw new Error(`document ${code}: ${response.statusCode} ${response.body}`);
  return response;
}

export async function caseView(api: Api, caseId: number): Promise<CaseView> {
  const response = await api.get(`/api/workflow/cases/${caseId}`);
  if (response.statusCode !== 200) throw new Error(`case view: ${response.statusCode} ${response.body}`);
  return caseViewSchema.parse(response.json());
}

/** Applies an action at the case's current stage and version (as the user saw it on the case screen). */
export async function act(
  api: Api,
  caseId: number,
  action: ActionName,
  options: { fields?: Record<string, string | number | boolean | null>; remarks?: string } = {},
): Promise<LightMyRequestResponse> {
  const view = await caseView(api, caseId);
  return api.post(`/api/workflow/cases/${caseId}/actions`, {
    action,
    version: view.case.version,
    expectedStage: view.case.stage,
    ...(options.remarks ? { remarks: options.remarks } : {}),
    ...(options.fields ? { fields: options.fields } : {}),
  });
}

/** As act(), and the case must then be at `stage` with `status`. */
export async function actOk(
  api: Api,
  caseId: number,
  action: ActionName,
  expected: { stage: string; status: string },
  options: { fields?: Record<string, string | number | boolean | null>; remarks?: string } = {},
): Promise<CaseView> {
  const response = await act(api, caseId, action, options);
  if (response.statusCode !== 200) throw new Error(`${action}: ${response.statusCode} ${response.body}`);
  const view = caseViewSchema.parse(response.json());
  if (view.case.stage !== expected.stage || view.case.status !== expected.status) {
    throw new Error(`${action}: case at ${view.case.stage}/${view.case.status}, expected ${JSON.stringify(expected)}`);
  }
  return view;
}

/** The fields an S138 case needs at INITIATE beyond what the pool prefills from the bounced cheque. */
export const S138_INITIATE_FIELDS = { presentationDate: '2026-02-15', returnMemoReceivedDate: '2026-03-25' };

/**
 * Walks a case from INITIATE to NOTICE: the officer completes Initiate Legal and recommends, the manager approves
 * filing, the officer assigns the advocate and recommends from the team tray, the manager approves the notice
 * (which generates the notice copy).
 */
export async function walkToNotice(officer: Api, manager: Api, caseId: number): Promise<CaseView> {
  for (const code of ['loanAgreement', 'statementOfAccount', 'chequeCopy', 'returnMemo']) {
    await addCaseDocument(officer, caseId, code);
  }
  await actOk(
    officer,
    caseId,
    'recommend',
    { stage: 'FILING_APPROVAL', status: 'Recommended' },
    { fields: S138_INITIATE_FIELDS },
  );
  await actOk(manager, caseId, 'approve', { stage: 'APPROVED_CASES', status: 'Approved' });
  await actOk(
    officer,
    caseId,
    'submit',
    { stage: 'TEAM_TRAY', status: 'Approved' },
    { fields: { advocateName: 'R K Sharma', advocateEnrolmentNo: 'MAH/1234/2001' } },
  );
  await addCaseDocument(officer, caseId, 'authorisationLetter');
  await actOk(
    officer,
    caseId,
    'recommend',
    { stage: 'MANAGER', status: 'Recommended' },
    { fields: { caseSummary: 'EMI cheque dishonoured for insufficient funds.' } },
  );
  return actOk(manager, caseId, 'approve', { stage: 'NOTICE', status: 'Approved' });
}

/**
 * Walks a case at NOTICE into court: the notice is sent by speed post, served on 2 April, and the complaint filed on
 * 20 April (the business date is moved there) with the first hearing on 5 May.
 */
export async function walkNoticeToCourt(db: Database, officer: Api, caseId: number): Promise<CaseView> {
  await addCaseDocument(officer, caseId, 'postalReceipt');
  await actOk(
    officer,
    caseId,
    'submit',
    { stage: 'CASE_FILING', status: 'Approved' },
    {
      fields: {
        noticeMode: 'SPEED_POST',
        noticeDate: BUSINESS_DATE,
        noticeSentDate: BUSINESS_DATE,
        trackingNumber: 'EM123456789IN',
      },
    },
  );
  await setBusinessDate(db, '2026-04-20');
  for (const code of ['serviceProof', 'filedComplaint', 'affidavitOfEvidence']) {
    await addCaseDocument(officer, caseId, code);
  }
  return actOk(
    officer,
    caseId,
    'submit',
    { stage: 'COURT_CASE_UPDATE', status: 'Approved' },
    {
      fields: {
        serviceStatus: 'SERVED',
        noticeServedDate: '2026-04-02',
        courtType: 'JMFC',
        court: 'MH-MUM-JMFC-12',
        filingDate: '2026-04-20',
        caseNumber: 'SCC/1234/2026',
        cnr: 'MHMM110012342026',
        nextHearingDate: '2026-05-05',
      },
    },
  );
}

/** Starts one S138 case for the account through the pool and returns its id. */
export async function initiateS138(officer: Api, accountId: number): Promise<{ caseId: number; caseNo: string }> {
  const response = await officer.post('/api/legal/pool/initiate', { accountIds: [accountId], caseType: 'S138' });
  if (response.statusCode !== 200) throw new Error(`initiate: ${response.statusCode} ${response.body}`);
  const [started] = response.json<{ cases: { caseId: number; caseNo: string }[] }>().cases;
  return started!;
}
