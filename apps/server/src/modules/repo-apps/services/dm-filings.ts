import {
  DM_FILING_STEPS,
  dmFilingStep,
  dmOrderClock,
  type DmFiling,
  type DmFilingReply,
  type DmFilingsQuery,
  type DmFilingsReply,
} from '@recovery-desk/domain/repo/dm-filings.ts';
import { findStage, type WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { actorAuthorities, loadDefinition, requireAppAuthority } from '../../workflow/index.ts';
import { REPO_APP } from './get-dashboard.ts';
import { findDmFilingRow, listDmFilingRows, type DmFilingRow } from '../dm-filings.repository.ts';

// The DM Filing register (/Repo/DmFiling): no authority of its own, so any user of the repossession app in the acting
// unit sees the §14 proceedings of its subtree. Each row's order clock uses the days of the case's own definition
// version (the SARFAESI settings when it started), against the business date.

const ORDER_DUE_RULE = 'SARF_S14_ORDER_DUE';
const ESCALATION_RULE = 'SARF_S14_ORDER_ESCALATION';

type Days = { orderDays: number; escalationDays: number; definition: WorkflowDefinition };

async function daysOf(deps: AppDeps, cache: Map<string, Days>, row: DmFilingRow): Promise<Days> {
  const key = `${row.definitionCode}@${row.definitionVersion}`;
  const known = cache.get(key);
  if (known) return known;
  const definition = await loadDefinition(deps.db, row.definitionCode, row.definitionVersion);
  const offset = (name: string, fallback: number) =>
    definition.dateRules.find((rule) => rule.name === name)?.offsetDays ?? fallback;
  const days = { orderDays: offset(ORDER_DUE_RULE, 30), escalationDays: offset(ESCALATION_RULE, 60), definition };
  cache.set(key, days);
  return days;
}

async function shape(deps: AppDeps, cache: Map<string, Days>, row: DmFilingRow, businessDate: string) {
  const { orderDays, escalationDays, definition } = await daysOf(deps, cache, row);
  const stage = findStage(definition, row.stage);
  const filing: DmFiling = {
    caseId: row.caseId,
    caseNo: row.caseNo,
    accountId: row.accountId,
    accountNo: row.accountNo,
    customerName: row.customerName,
    unitCode: row.unitCode,
    stage: row.stage,
    stageLabelKey: stage?.labelKey ?? null,
    routeSlug: stage?.routeSlug ?? null,
    isClosed: row.isClosed,
    step: dmFilingStep(row),
    advocateName: row.advocateName,
    allocatedOn: row.allocatedOn,
    magistrate: row.magistrate,
    filedOn: row.filedOn,
    applicationNo: row.applicationNo,
    nextHearingOn: row.nextHearingOn,
    orderedOn: row.orderedOn,
    orderNo: row.orderNo,
    commissionerName: row.commissionerName,
    possessionScheduledOn: row.possessionScheduledOn,
    ...dmOrderClock({ filedOn: row.filedOn, orderedOn: row.orderedOn, businessDate, orderDays, escalationDays }),
  };
  return filing;
}

const isOverdue = (filing: DmFiling) => filing.clock === 'OVERDUE' || filing.clock === 'ESCALATE';

/** GET /api/repo/dm-filings — the open §14 proceedings of the subtree, with counts by step and of overdue orders. */
export async function listDmFilings(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: DmFilingsQuery },
): Promise<DmFilingsReply> {
  requireAppAuthority({ app: REPO_APP }, await actorAuthorities(deps.db, ctx, REPO_APP));
  const businessDate = await requireBusinessDate(deps.db);
  const cache = new Map<string, Days>();
  const rows = await listDmFilingRows(deps.db, { unitPath: ctx.actingUnit.path, q: query.q || undefined });
  const all: DmFiling[] = [];
  for (const row of rows) all.push(await shape(deps, cache, row, businessDate));
  const steps = Object.fromEntries(DM_FILING_STEPS.map((step) => [step, 0])) as DmFilingsReply['steps'];
  for (const filing of all) steps[filing.step] += 1;
  const matching = all.filter(
    (filing) => (!query.step || filing.step === query.step) && (query.overdue !== 'true' || isOverdue(filing)),
  );
  const start = (query.page - 1) * query.pageSize;
  return {
    businessDate,
    data: matching.slice(start, start + query.pageSize),
    count: matching.length,
    page: query.page,
    pageSize: query.pageSize,
    steps,
    overdue: all.filter(isOverdue).length,
  };
}

/** GET /api/repo/dm-filings/:caseId — one case's §14 proceeding (a SARFAESI case elsewhere or never in it: 404). */
export async function getDmFiling(
  deps: AppDeps,
  { ctx, caseId }: { ctx: UnitContext; caseId: number },
): Promise<DmFilingReply> {
  requireAppAuthority({ app: REPO_APP }, await actorAuthorities(deps.db, ctx, REPO_APP));
  const row = await findDmFilingRow(deps.db, { unitPath: ctx.actingUnit.path, caseId });
  if (!row) throw new AppError('NOT_FOUND', 'There is no DM filing of this case in your units');
  const businessDate = await requireBusinessDate(deps.db);
  return { businessDate, filing: await shape(deps, new Map(), row, businessDate) };
}
