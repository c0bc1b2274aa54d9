import { matchesCondition, type CaseFields } from '@recovery-desk/domain/workflow/case-fields.ts';
import type { CaseEvent, CaseRow, CaseView, StageTrayPage } from '@recovery-desk/domain/workflow/contracts.ts';
import { findStage, type CaseStatus, type WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { LEGAL_DEFINITION } from '@recovery-desk/domain/workflow/definitions/legal.ts';
import { availableActions, stageDates, type CaseSnapshot } from '@recovery-desk/domain/workflow/transition.ts';
import { vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures.ts';

// Replies of the workflow API as the shared contract describes them, computed with the engine itself so the
// actions, refusals and dates are the ones the server would send. Test support only.

export const BUSINESS_DATE = '2026-02-20';
export const ME = 7;

export function caseRow(id: number, patch: Partial<CaseRow> = {}): CaseRow {
  return {
    caseId: id,
    caseNo: `LG-2026-${String(id).padStart(5, '0')}`,
    accountId: 500 + id,
    accountNo: `AUTO${String(500 + id).padStart(8, '0')}`,
    customerName: `Customer ${id}`,
    product: 'AUTO',
    currency: 'INR',
    dpd: 120,
    totalDueAmount: '250000.00',
    unitCode: 'BR-AND',
    stage: 'FILING_APPROVAL',
    status: 'Recommended',
    stageEnteredOn: '2026-02-18',
    dueOn: '2026-02-21',
    isOverdue: false,
    isClosed: false,
    makerUserId: 3,
    makerName: 'Priya Sharma',
    assignedName: null,
    fields: { caseType: 'S138', claimAmount: '250000.00' },
    version: 2,
    ...patch,
  };
}

export function trayPage(data: CaseRow[], patch: Partial<Omit<StageTrayPage, 'data'>> = {}): StageTrayPage {
  return {
    data,
    count: data.length,
    page: 1,
    pageSize: 25,
    tabCounts: { pendingApproval: data.length, approved: 4, rejected: 1, pushback: 2 },
    ...patch,
  };
}

export type CaseSetup = {
  stage: string;
  status?: CaseStatus;
  fields?: CaseFields;
  /** document codes on the case */
  documents?: string[];
  makerUserId?: number | null;
  authorities?: string[];
  version?: number;
  history?: CaseEvent[];
  returnStage?: string | null;
  stageEnteredOn?: string;
  isOnHold?: boolean;
};

/** The LEGAL definition as a new installation stores it: the built-in, as its stored version 1. */
export const STORED_LEGAL_DEFINITION: WorkflowDefinition = { ...LEGAL_DEFINITION, version: 1 };

/** A case view at a stage of the LEGAL definition, as the server computes it for user ME. */
export function caseView(setup: CaseSetup): CaseView {
  const definition = STORED_LEGAL_DEFINITION;
  const stage = findStage(definition, setup.stage)!;
  const documents = setup.documents ?? [];
  const snapshot: CaseSnapshot = {
    definitionCode: 'LEGAL',
    definitionVersion: 1,
    stage: setup.stage,
    status: setup.status ?? 'Recommended',
    fields: setup.fields ?? {},
    documents,
    makerUserId: setup.makerUserId === undefined ? 3 : setup.makerUserId,
    stageEnteredOn: setup.stageEnteredOn ?? '2026-02-18',
    returnStage: setup.returnStage ?? null,
    version: setup.version ?? 3,
  };
  const authorities = setup.authorities ?? [stage.authority];
  const isClosed = definition.terminalStatuses.includes(snapshot.status);
  const documentRows = documents.map((code, index) => ({
    documentId: 900 + index,
    code,
    stage: setup.stage,
    fileName: `${code}.pdf`,
    documentName: `${code} scan`,
    remark: null,
    mimeType: 'application/pdf',
    sizeBytes: 2048,
    isGenerated: false,
    uploadedBy: 'Priya Sharma',
    createdAt: '2026-02-18T05:30:00.000Z',
  }));
  return {
    case: {
      caseId: 41,
      caseNo: 'LG-2026-00041',
      definitionCode: 'LEGAL',
      definitionVersion: 1,
      stage: setup.stage,
      stageLabelKey: stage.labelKey,
      stageRouteSlug: stage.routeSlug,
      status: snapshot.status,
      fields: { ...snapshot.fields } as Record<string, string | number | boolean | null>,
      makerUserId: snapshot.makerUserId === null ? null : Number(snapshot.makerUserId),
      makerName: snapshot.makerUserId === null ? null : 'Priya Sharma',
      assignedName: null,
      stageEnteredOn: snapshot.stageEnteredOn,
      returnStage: snapshot.returnStage ?? null,
      dueOn: null,
      isClosed,
      version: snapshot.version,
      createdAt: '2026-02-10T05:30:00.000Z',
      createdByName: 'Priya Sharma',
    },
    account: {
      accountId: 541,
      accountNo: 'AUTO00000541',
      customerName: 'Ramesh Kulkarni',
      product: 'AUTO',
      currency: 'INR',
      dpd: 120,
      bucket: 'B5',
      assetClass: 'NPA',
      totalDueAmount: '262500.50',
      totalPrincipalOutstanding: '812345.00',
      unitCode: 'BR-AND',
      branchName: 'Andheri Branch',
      isOnHold: setup.isOnHold ?? false,
    },
    businessDate: BUSINESS_DATE,
    availableActions: availableActions(definition, snapshot, { userId: ME, authorities }, BUSINESS_DATE).map(
      (action) => ({
        ...action,
        fields: action.fields as unknown as Record<string, unknown>[],
        refusal: action.refusal as ({ code: string } & Record<string, unknown>) | null,
      }),
    ),
    stageDates: stageDates(definition, snapshot, BUSINESS_DATE),
    editableFields: isClosed || !authorities.includes(stage.authority) ? [] : stage.fields.map((field) => field.name),
    checklist: definition.stages.flatMap((candidate) =>
      candidate.documents.map((requirement) => ({
        code: requirement.code,
        labelKey: requirement.labelKey,
        stage: candidate.code,
        stageLabelKey: candidate.labelKey,
        required: requirement.required,
        applies: matchesCondition(requirement.when, snapshot.fields),
        isCurrentStage: candidate.code === setup.stage,
        documentIds: documentRows.filter((row) => row.code === requirement.code).map((row) => row.documentId),
      })),
    ),
    documents: documentRows,
    history: setup.history ?? [],
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

export const DEFINITION_REPLY = {
  code: 'LEGAL',
  version: 1,
  status: 'ACTIVE',
  definition: STORED_LEGAL_DEFINITION as unknown as Record<string, unknown>,
};

export function definitionRoute(): Route {
  return { match: /\/api\/workflow\/definitions\/LEGAL\/1$/, reply: () => jsonResponse(200, DEFINITION_REPLY) };
}

export function pdfResponse(name: string): Response {
  return new Response('%PDF-1.4', {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}"` },
  });
}
