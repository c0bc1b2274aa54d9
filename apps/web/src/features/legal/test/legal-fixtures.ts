import type { LegalDashboard, LegalSettings, PoolAccount } from '@recovery-desk/domain/legal/contracts.ts';
import { DEFAULT_NOTICE_TEMPLATES, NOTICE_PLACEHOLDERS } from '@recovery-desk/domain/legal/notice-templates.ts';
import { DEFAULT_LEGAL_POOL_RULE } from '@recovery-desk/domain/legal/pool-rule.ts';
import { DEFAULT_LEGAL_TIMELINES } from '@recovery-desk/domain/workflow/definitions/legal.ts';
import { vi } from 'vitest';
import type { Session } from '../../../lib/session-store.ts';
import { BRANCH_UNIT, jsonResponse, signedInSession } from '../../../test/fixtures.ts';
import type { FiMatterRow, LegalDocumentRow, PoolRow, UploadReply, UploadRow } from '../api/legal-api.ts';

// Replies of the legal API as the shared contract describes them, for screen tests.

export const LEGAL_AUTHORITIES = [
  'LEGAL_POOL_SAUTH',
  'LEGAL_SETTINGS_SAUTH',
  'LEGAL_AGAINST_FI_SAUTH',
  'LEGAL_FILE_UPLOAD_SAUTH',
  'LEGAL_FILE_DOWNLOAD_SAUTH',
  'LEGAL_FILE_APP_SAUTH',
];

/** A signed-in session acting for the branch in the legal app. */
export function legalSession(patch: Partial<Session> = {}): Session {
  return signedInSession({
    activeApp: 'legalapp',
    activeUnitData: BRANCH_UNIT,
    systemAuthorities: LEGAL_AUTHORITIES,
    ...patch,
  });
}

export function poolRow(id: number, patch: Partial<PoolRow> = {}): PoolRow {
  return {
    accountId: id,
    accountNo: `AUTO${String(id).padStart(8, '0')}`,
    cardNo: null,
    customerName: `Customer ${id}`,
    product: 'AUTO',
    currency: 'INR',
    dpd: 120,
    bucket: 'B4',
    assetClass: 'NPA',
    totalBalanceOutstanding: '512345.50',
    totalAmountOverdue: '25000.00',
    lastContactedBy: null,
    lastActionDate: null,
    nextActionDate: null,
    allocatedTo: 'Priya Sharma',
    unitCode: 'BR-PUNE-01',
    isOnHold: false,
    isSuppressed: false,
    version: 1,
    ...patch,
  };
}

export function keysetPage<Row>(
  data: Row[],
  patch: Partial<{ count: number; nextCursor: string | null; prevCursor: string | null }> = {},
) {
  return { data, count: data.length, pageSize: 25, nextCursor: null, prevCursor: null, ...patch };
}

export function pagedReply<Row>(data: Row[], patch: Partial<{ count: number; page: number; pageSize: number }> = {}) {
  return { data, count: data.length, page: 1, pageSize: 25, ...patch };
}

export function poolAccount(patch: Partial<PoolAccount> = {}): PoolAccount {
  return {
    account: {
      ...poolRow(501),
      customerName: 'Ramesh Kulkarni',
      totalPrincipalOutstanding: '450000.00',
      branchName: 'Pune Camp Branch',
      bounceDate: '2025-09-20',
      bounceReason: 'Funds insufficient',
    },
    ineligibility: [],
    openCase: null,
    cheques: [
      {
        chequeNo: '004512',
        chequeDate: '2025-09-05',
        amount: '14500.00',
        bankName: 'State Bank of India',
        bounceDate: '2025-09-20',
        bounceReason: 'Funds insufficient',
      },
    ],
    ...patch,
  };
}

export function dashboardReply(patch: Partial<LegalDashboard> = {}): LegalDashboard {
  return {
    businessDate: '2025-11-03',
    stages: [
      {
        stage: 'POOL',
        labelKey: 'LegalEligiblePool',
        routeSlug: 'legalPool',
        canOpen: true,
        open: 0,
        pendingApproval: 0,
        pushback: 0,
        rejected: 0,
        overdue: 0,
      },
      {
        stage: 'FILING_APPROVAL',
        labelKey: 'LegalFilingApproval',
        routeSlug: 'legalFilingApproval',
        canOpen: true,
        open: 7,
        pendingApproval: 5,
        pushback: 1,
        rejected: 1,
        overdue: 2,
      },
      {
        stage: 'MANAGER',
        labelKey: 'LegalManagerTray',
        routeSlug: 'legalManager',
        canOpen: false,
        open: 3,
        pendingApproval: 3,
        pushback: 0,
        rejected: 0,
        overdue: 0,
      },
    ],
    poolCount: 1234,
    totals: { open: 10, overdue: 2, closedThisMonth: 4 },
    overdueCases: [
      {
        caseId: 77,
        caseNo: 'LC-2025-000077',
        accountId: 501,
        accountNo: 'AUTO00000501',
        customerName: 'Ramesh Kulkarni',
        stage: 'FILING_APPROVAL',
        stageLabelKey: 'LegalFilingApproval',
        routeSlug: 'legalFilingApproval',
        dueOn: '2025-10-30',
        daysOverdue: 4,
      },
    ],
    upcomingHearings: [
      {
        caseId: 78,
        caseNo: 'LC-2025-000078',
        accountId: 502,
        customerName: 'Sunita Patil',
        court: 'JMFC Pune',
        hearingDate: '2025-11-10',
      },
    ],
    ...patch,
  };
}

export function settingsReply(patch: Partial<LegalSettings> = {}): LegalSettings {
  return {
    poolRule: DEFAULT_LEGAL_POOL_RULE,
    timelines: DEFAULT_LEGAL_TIMELINES,
    definitionVersion: 2,
    templates: DEFAULT_NOTICE_TEMPLATES.map(({ caseType, title, body }) => ({ caseType, title, body })),
    placeholders: [...NOTICE_PLACEHOLDERS],
    version: 4,
    ...patch,
  };
}

export function fiMatter(id: number, patch: Partial<FiMatterRow> = {}): FiMatterRow {
  return {
    matterId: id,
    matterNo: `FI-2025-${String(id).padStart(4, '0')}`,
    petitionerName: 'Anil Deshmukh',
    accountNo: 'AUTO00000501',
    forum: 'CONSUMER_COMMISSION',
    court: 'District Consumer Commission, Pune',
    caseNumber: 'CC/123/2025',
    filedOn: '2025-08-01',
    claimAmount: '250000.00',
    currency: 'INR',
    subject: 'Alleged wrongful repossession',
    nextHearingDate: '2025-11-20',
    advocateName: 'Adv. Meera Joshi',
    status: 'OPEN',
    outcome: null,
    unitCode: 'BR-PUNE-01',
    version: 3,
    ...patch,
  };
}

export function uploadRow(id: number, patch: Partial<UploadRow> = {}): UploadRow {
  return {
    uploadId: id,
    kind: 'CASE_INITIATION',
    fileName: `cases-${id}.xlsx`,
    status: 'COMPLETED',
    totalRows: 10,
    okRows: 10,
    failedRows: 0,
    jobId: id,
    uploadedBy: 'Asha Rao',
    createdAt: '2025-11-03T05:30:00.000Z',
    ...patch,
  };
}

export function uploadReply(patch: Partial<UploadReply> = {}): UploadReply {
  return {
    ...uploadRow(9, { status: 'COMPLETED_WITH_ERRORS', totalRows: 3, okRows: 2, failedRows: 1 }),
    errors: [{ row: 3, field: 'caseType', message: 'must be one of S138, S25, CIVIL_SUIT, ARBITRATION, DRT' }],
    ...patch,
  };
}

export function documentRow(id: number, patch: Partial<LegalDocumentRow> = {}): LegalDocumentRow {
  return {
    documentId: id,
    caseId: 77,
    caseNo: 'LC-2025-000077',
    accountNo: 'AUTO00000501',
    customerName: 'Ramesh Kulkarni',
    code: 'loanAgreement',
    documentName: 'Loan agreement',
    fileName: `agreement-${id}.pdf`,
    mimeType: 'application/pdf',
    sizeBytes: 245_760,
    isGenerated: false,
    uploadedBy: 'Asha Rao',
    createdAt: '2025-11-01T06:00:00.000Z',
    caseStatus: 'Initiated',
    ...patch,
  };
}

export type Route = { method?: string; match: RegExp; reply: () => Response | Promise<Response> };
export type RecordedCall = { method: string; url: string; body: unknown };

/** A fake API at the fetch boundary: the first route whose method and URL match answers. */
export function stubApi(routes: Route[]) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    // The list kit's saved views (every list's toolbar) are not what these tests look at: none, unrecorded.
    if (url.includes('/api/lists/views')) return jsonResponse(200, { views: [] });
    calls.push({ method, url, body });
    const route = routes.find((item) => (item.method ?? 'GET') === method && item.match.test(url));
    if (!route) return jsonResponse(404, { error_code: 'NOT_FOUND', detail: `no fake route for ${method} ${url}` });
    return route.reply();
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** The query string of a recorded call as a plain object. */
export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}
