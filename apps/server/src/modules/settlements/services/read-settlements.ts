import { formatBasisPoints, minorToDecimal, trackSchedule } from '@recovery-desk/domain/settlements/arithmetic.ts';
import {
  settlementListQuerySchema,
  type AccountSettlementSummary,
  type SettlementAccount,
  type SettlementDetail,
  type SettlementListReply,
  type SettlementRow,
  type SettlementStage,
  type SettlementStatus,
} from '@recovery-desk/domain/settlements/contracts.ts';
import type { z } from 'zod';
import { isoTimestamp } from '../../../db/sql-rows.ts';
import type { Executor } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import {
  findAccount,
  findAccountIdByNumber,
  findApprovalRequest,
  findSettlementInScope,
  listAccountSettlements,
  listHistory,
  listInstalments,
  listSettlements,
  receivedSince,
  type SettlementRecord,
} from '../settlements.repository.ts';
import { outstandingOf } from './terms.ts';

const DAY_MS = 86_400_000;

export function settlementNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Settlement not found');
}

/** Whole days from the request to its decision, or to now while it waits. */
function tatDays(record: SettlementRecord, now: Date): number {
  const from = new Date(record.createdAt).getTime();
  const to = record.decidedAt ? new Date(record.decidedAt).getTime() : now.getTime();
  return Math.max(0, Math.floor((to - from) / DAY_MS));
}

export function toRow(record: SettlementRecord, deps: Pick<AppDeps, 'clock' | 'config'>): SettlementRow {
  const tat = tatDays(record, deps.clock.now());
  const waiting = record.status === 'PENDING_APPROVAL';
  return {
    id: record.id,
    accountId: record.accountId,
    accountNo: record.accountNo,
    customerName: record.customerName,
    currency: record.currency,
    amount: minorToDecimal(BigInt(record.totalMinor)),
    waiverPercent: formatBasisPoints(record.waiverBp),
    waiverAmount: minorToDecimal(BigInt(record.waiverMinor)),
    totalPayable: minorToDecimal(BigInt(record.payableMinor)),
    paymentDate: record.paymentDate,
    partyName: record.partyName,
    status: record.status as SettlementStatus,
    stage: record.stage as SettlementStage,
    requiredLevel: record.requiredLevel,
    restructuring: record.restructuring,
    initiator: record.initiator,
    initiatedAt: isoTimestamp(record.createdAt),
    tatDays: tat,
    overdue: waiting && tat > deps.config.settlementApprovalTatDays,
    version: record.version,
  };
}

export async function listSettlementsPage(
  deps: AppDeps,
  ctx: UnitContext,
  query: z.output<typeof settlementListQuerySchema>,
): Promise<SettlementListReply> {
  const { rows, counts } = await listSettlements(deps.db, {
    unitPath: ctx.actingUnit.path,
    tab: query.tab,
    q: query.q,
    page: query.page,
    pageSize: query.pageSize,
  });
  return {
    data: rows.map((row) => toRow(row, deps)),
    count: counts[query.tab],
    page: query.page,
    pageSize: query.pageSize,
    counts,
  };
}

export async function requireSettlement(db: Executor, ctx: UnitContext, id: number): Promise<SettlementRecord> {
  const record = await findSettlementInScope(db, id, ctx.actingUnit.path);
  if (!record) throw settlementNotFound();
  return record;
}

/** The schedule with what the payments since approval cover (nothing is paid before approval). */
export async function scheduleProgress(db: Executor, record: SettlementRecord, graceDays: number) {
  const instalments = (await listInstalments(db, record.id)).map((item) => ({
    dueDate: item.dueDate,
    amountMinor: BigInt(item.amountMinor),
  }));
  const businessDate = await requireBusinessDate(db);
  const received = record.approvedOn ? await receivedSince(db, record.accountId, record.approvedOn) : 0n;
  return { received, businessDate, ...trackSchedule(instalments, received, businessDate, graceDays) };
}

export async function settlementDetail(
  deps: AppDeps,
  ctx: UnitContext,
  id: number,
  /** the transaction to read in (an idempotent post stores the reply it read inside its own transaction) */
  db: Executor = deps.db,
): Promise<SettlementDetail> {
  const record = await requireSettlement(db, ctx, id);
  const progress = await scheduleProgress(db, record, deps.config.settlementGraceDays);
  const request = await findApprovalRequest(db, record.id);
  const history = await listHistory(db, record.id);
  const components = (principal: string, interest: string, charges: string) => ({
    principal: minorToDecimal(BigInt(principal)),
    interest: minorToDecimal(BigInt(interest)),
    charges: minorToDecimal(BigInt(charges)),
  });
  const outstanding = components(record.principalMinor, record.interestMinor, record.chargesMinor);
  const waiver = components(record.waiverPrincipalMinor, record.waiverInterestMinor, record.waiverChargesMinor);
  const payable = {
    principal: minorToDecimal(BigInt(record.principalMinor) - BigInt(record.waiverPrincipalMinor)),
    interest: minorToDecimal(BigInt(record.interestMinor) - BigInt(record.waiverInterestMinor)),
    charges: minorToDecimal(BigInt(record.chargesMinor) - BigInt(record.waiverChargesMinor)),
  };
  return {
    ...toRow(record, deps),
    outstanding,
    waiver,
    payable,
    levelReason: record.levelReason as SettlementDetail['levelReason'],
    approvalLevel: request && (request.status === 'PENDING' || request.status === 'PUSHBACK') ? request.level : null,
    makerUserId: request?.makerUserId ?? record.initiatedByUserId,
    remarks: record.remarks,
    decisionRemarks: record.decisionRemarks,
    approvedOn: record.approvedOn,
    received: minorToDecimal(progress.received),
    instalments: progress.items.map((item) => ({
      no: item.no,
      dueDate: item.dueDate,
      amount: minorToDecimal(item.amountMinor),
      paid: minorToDecimal(item.paidMinor),
      status: record.stage === 'APPROVAL' || record.stage === 'CLOSED' ? 'DUE' : item.status,
    })),
    history: history.map((entry) => ({
      action: entry.action,
      actor: entry.actor,
      remarks: entry.remarks,
      at: isoTimestamp(entry.at),
    })),
    letterAvailable: record.status === 'APPROVED',
  };
}

/** The account a maker starts from: its outstanding by component, its flags and its settlements. */
export async function settlementAccount(
  deps: AppDeps,
  ctx: UnitContext,
  accountId: number,
): Promise<SettlementAccount> {
  const account = await findAccount(deps.db, accountId);
  if (!account || !account.unitPath.startsWith(ctx.actingUnit.path)) {
    throw new AppError('NOT_FOUND', 'Account not found');
  }
  const outstanding = outstandingOf(account);
  const records = await listAccountSettlements(deps.db, accountId);
  return {
    accountId: account.id,
    accountNo: account.accountNo,
    customerName: account.customerName,
    currency: account.currency,
    product: account.product,
    dpd: account.dpd,
    outstanding: {
      principal: minorToDecimal(outstanding.principal),
      interest: minorToDecimal(outstanding.interest),
      charges: minorToDecimal(outstanding.charges),
    },
    totalOutstanding: minorToDecimal(outstanding.principal + outstanding.interest + outstanding.charges),
    sanctionLevel: account.sanctionLevel,
    fraud: account.isFraud,
    wilfulDefaulter: account.isWilfulDefaulter,
    businessDate: await requireBusinessDate(deps.db),
    settlementStatus: account.settlementStatus,
    settlements: records.map((record) => toRow(record, deps)),
  };
}

/** An account of the acting unit's subtree by its number (404 otherwise: never another unit's account). */
export async function lookupAccount(
  deps: AppDeps,
  ctx: UnitContext,
  accountNo: string,
): Promise<{ accountId: number }> {
  const id = await findAccountIdByNumber(deps.db, accountNo, ctx.actingUnit.path);
  if (id === undefined) throw new AppError('NOT_FOUND', 'Account not found');
  return { accountId: id };
}

/** The account view's settlement line: its newest settlement, what was received and the next instalment left. */
export async function accountSettlementSummary(
  deps: AppDeps,
  ctx: UnitContext,
  accountId: number,
): Promise<AccountSettlementSummary> {
  const account = await findAccount(deps.db, accountId);
  if (!account || !account.unitPath.startsWith(ctx.actingUnit.path)) {
    throw new AppError('NOT_FOUND', 'Account not found');
  }
  const [record] = await listAccountSettlements(deps.db, accountId);
  if (!record) return { settlement: null };
  const progress = await scheduleProgress(deps.db, record, deps.config.settlementGraceDays);
  const next = record.stage === 'PAYMENT' ? progress.items.find((item) => item.status !== 'PAID') : undefined;
  return {
    settlement: {
      id: record.id,
      status: record.status as SettlementStatus,
      stage: record.stage as SettlementStage,
      currency: record.currency,
      totalPayable: minorToDecimal(BigInt(record.payableMinor)),
      received: minorToDecimal(progress.received),
      restructuring: record.restructuring,
      nextDue: next ? { dueDate: next.dueDate, amount: minorToDecimal(next.amountMinor - next.paidMinor) } : null,
    },
  };
}
