import {
  initiationCandidatesSchema,
  type InitiationCandidates,
  linkedAccountsSchema,
  type LinkedAccounts,
  repoDashboardSchema,
  repoSettingsSchema,
  startCaseReplySchema,
  type RepoDashboard,
  type RepoSettings,
  type RepoWorkflowCode,
} from '@recovery-desk/domain/repo/contracts.ts';
import {
  closureStatementSchema,
  type ClosureStatement,
  type RefundPaidInput,
} from '@recovery-desk/domain/secured-assets/closure.ts';
import { saleDepositsSchema, type SaleDepositsReply } from '@recovery-desk/domain/secured-assets/sale-deposits.ts';
import {
  dmFilingReplySchema,
  dmFilingsReplySchema,
  type DmFilingReply,
  type DmFilingsQuery,
  type DmFilingsReply,
} from '@recovery-desk/domain/repo/dm-filings.ts';
import { apiClient } from '../../../lib/http-client.ts';

// The repossession app's own endpoints (packages/domain/src/repo/contracts.ts), parsed by the shared contract.

const BASE = '/api/repo';

type Unit = number | null;

export const repoKeys = {
  all: () => ['repo'] as const,
  dashboard: (actingUnit: Unit) => ['repo', 'dashboard', actingUnit] as const,
  settings: () => ['repo', 'settings'] as const,
  settingsOf: (actingUnit: Unit) => ['repo', 'settings', actingUnit] as const,
  closure: (caseId: number, version: number) => ['repo', 'closure', caseId, version] as const,
  saleDeposits: (caseId: number, version: number) => ['repo', 'sale-deposits', caseId, version] as const,
  dmFilings: (actingUnit: Unit, query: Partial<DmFilingsQuery>) => ['repo', 'dm-filings', actingUnit, query] as const,
  dmFiling: (actingUnit: Unit, caseId: string) => ['repo', 'dm-filing', actingUnit, caseId] as const,
  linked: (actingUnit: Unit, accountId: string) => ['repo', 'linked', actingUnit, accountId] as const,
  candidates: (code: RepoWorkflowCode, actingUnit: Unit, query: CandidatesQuery) =>
    ['repo', 'candidates', code, actingUnit, query] as const,
};

/** A page of the accounts that may start a case: `q` the account number's start or part of the customer's name. */
export type CandidatesQuery = { q: string; page: number; limit: number };

export async function fetchRepoDashboard(signal?: AbortSignal): Promise<RepoDashboard> {
  return repoDashboardSchema.parse(await apiClient.get<unknown>(`${BASE}/dashboard`, { signal }));
}

export async function fetchRepoSettings(signal?: AbortSignal): Promise<RepoSettings> {
  return repoSettingsSchema.parse(await apiClient.get<unknown>(`${BASE}/settings`, { signal }));
}

export type RepoSettingsInput = {
  code: RepoWorkflowCode;
  timelines: Record<string, number | string>;
  version: number;
};

export async function saveRepoSettings({ code, ...body }: RepoSettingsInput): Promise<RepoSettings> {
  const reply = await apiClient.request<unknown>('PUT', `${BASE}/settings/${code}`, { body });
  return repoSettingsSchema.parse(reply);
}

/** The accounts of the acting unit's subtree that may start a case of the workflow (past due, none open). */
export async function fetchInitiationCandidates(
  code: RepoWorkflowCode,
  query: CandidatesQuery,
  signal?: AbortSignal,
): Promise<InitiationCandidates> {
  const params = new URLSearchParams({ limit: String(query.limit), page: String(query.page) });
  if (query.q !== '') params.set('q', query.q);
  return initiationCandidatesSchema.parse(
    await apiClient.get<unknown>(`${BASE}/${code}/candidates?${params.toString()}`, { signal }),
  );
}

/** Starts a case of the workflow on the account (its initial stage's authority; 409 when one is open). */
export async function startRepoCase(code: RepoWorkflowCode, accountId: string) {
  const reply = await apiClient.request<unknown>(
    'POST',
    `${BASE}/${code}/accounts/${encodeURIComponent(accountId)}/cases`,
    {
      body: {},
    },
  );
  return startCaseReplySchema.parse(reply);
}

/** A case's closure: the recorded one once closed, else a preview of what closing now would post. */
export async function fetchClosureStatement(caseId: number, signal?: AbortSignal): Promise<ClosureStatement> {
  return closureStatementSchema.parse(
    await apiClient.get<unknown>(`/api/secured-assets/cases/${caseId}/closure`, { signal }),
  );
}

/** A SARFAESI sale's 25% deposit and 75% balance, from the case's saved fields and the H1 bid's EMD. */
export async function fetchSaleDeposits(caseId: number, signal?: AbortSignal): Promise<SaleDepositsReply> {
  return saleDepositsSchema.parse(
    await apiClient.get<unknown>(`/api/secured-assets/cases/${caseId}/sale-deposits`, { signal }),
  );
}

/** DM Filing: the SARFAESI cases of the subtree in §14 proceedings, with the order clock. */
export async function fetchDmFilings(query: Partial<DmFilingsQuery>, signal?: AbortSignal): Promise<DmFilingsReply> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(name, String(value));
  return dmFilingsReplySchema.parse(
    await apiClient.get<unknown>(`${BASE}/dm-filings?${params.toString()}`, { signal }),
  );
}

/** One case's §14 proceeding. */
export async function fetchDmFiling(caseId: string, signal?: AbortSignal): Promise<DmFilingReply> {
  return dmFilingReplySchema.parse(await apiClient.get<unknown>(`${BASE}/dm-filings/${caseId}`, { signal }));
}

/** Records the surplus of a closed case as refunded to the borrower. */
export async function recordClosureRefund(caseId: number, body: RefundPaidInput): Promise<ClosureStatement> {
  const reply = await apiClient.request<unknown>('POST', `/api/secured-assets/cases/${caseId}/closure/refund`, {
    body,
  });
  return closureStatementSchema.parse(reply);
}

/** Linked Account Details: the borrower's loan accounts in the unit subtree and their exposure. */
export async function fetchLinkedAccounts(accountId: string, signal?: AbortSignal): Promise<LinkedAccounts> {
  return linkedAccountsSchema.parse(
    await apiClient.get<unknown>(`${BASE}/accounts/${encodeURIComponent(accountId)}/linked`, { signal }),
  );
}
