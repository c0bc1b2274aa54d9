import {
  AUCTION_BID_STAGES,
  AUCTION_H1_FIELDS,
  chooseH1,
  fromMinor,
  isBelowReserve,
  percentOfReserve,
  toMinor,
  type BidInput,
  type BidsReply,
} from '@recovery-desk/domain/secured-assets/auction.ts';
import { findStage } from '@recovery-desk/domain/workflow/definition.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction, type Executor, type Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, authorityMissing } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import {
  actorAuthorities,
  loadDefinition,
  requireAppAuthority,
  requireCaseInScope,
  saveCaseFieldsInTx,
} from '../../workflow/index.ts';
import { insertBid, lapseActiveBids, listBids, updateBid, withdrawBid, type BidRow } from '../auction.repository.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { sql } from 'drizzle-orm';

// The auction bids of a repossession or SARFAESI case (issue 15). Bids are entered at the auction stage (its
// authority, the case open and at that stage); every change recomputes H1 (the highest qualified bid with its EMD
// received, not below the reserve price) and writes the stage's H1 fields through the workflow's field-saving service
// in the same transaction, so the stage form, its actions and the case history see them.

type CaseRecord = Awaited<ReturnType<typeof requireCaseInScope>>;

function bidStagesOf(record: CaseRecord) {
  const stages = AUCTION_BID_STAGES[record.definitionCode];
  // A case of another workflow (legal) has no bids: as absent as a case outside the unit.
  if (!stages) throw new AppError('NOT_FOUND', 'Case not found');
  return stages;
}

async function caseCurrency(db: Executor, accountId: number): Promise<'INR' | 'USD'> {
  const [row] = await selectRows<{ currency: 'INR' | 'USD' }>(
    db,
    sql`select currency from accounts where id = ${accountId}`,
  );
  return row?.currency ?? 'INR';
}

const reserveOf = (record: CaseRecord): string | null => {
  const value = record.fields.reservePrice;
  return typeof value === 'string' && value !== '' ? value : null;
};

const forH1 = (row: BidRow) => ({
  bidId: row.id,
  bidAmount: fromMinor(row.bidAmountMinor),
  qualified: row.qualified,
  emdReceivedOn: row.emdReceivedOn,
  status: row.status,
});

/** The bids reply of a case as it stands (inside or outside a transaction). */
async function bidsReply(db: Executor, record: CaseRecord, editable: boolean): Promise<BidsReply> {
  const rows = await listBids(db, record.id);
  const reserve = reserveOf(record);
  const h1 = chooseH1(rows.map(forH1), reserve);
  const winner = h1 ? rows.find((row) => row.id === h1.bidId)! : null;
  return {
    caseId: record.id,
    stage: record.stage,
    currency: await caseCurrency(db, record.accountId),
    reservePrice: reserve,
    editable,
    bids: rows.map((row) => ({
      bidId: row.id,
      bidderName: row.bidderName,
      bidderIdNo: row.bidderIdNo,
      emdAmount: fromMinor(row.emdAmountMinor),
      emdReference: row.emdReference,
      emdReceivedOn: row.emdReceivedOn,
      bidAmount: fromMinor(row.bidAmountMinor),
      currency: row.currency,
      qualified: row.qualified,
      remarks: row.remarks,
      status: row.status,
      belowReserve: isBelowReserve(fromMinor(row.bidAmountMinor), reserve),
      isH1: row.id === winner?.id,
      createdByName: row.createdByName,
      createdAt: row.createdAt,
    })),
    h1: winner
      ? {
          bidId: winner.id,
          bidderName: winner.bidderName,
          bidAmount: fromMinor(winner.bidAmountMinor),
          percentOfReserve: percentOfReserve(fromMinor(winner.bidAmountMinor), reserve),
        }
      : null,
  };
}

/**
 * GET /api/secured-assets/cases/:caseId/bids — the bids of a case with H1 against the reserve price. Any repoapp
 * authority in the acting unit may read them; `editable` tells whether the caller may change them now.
 */
export async function getBids(deps: AppDeps, { ctx, caseId }: { ctx: UnitContext; caseId: number }) {
  const record = await requireCaseInScope(deps.db, ctx, caseId);
  const stages = bidStagesOf(record);
  const definition = await loadDefinition(deps.db, record.definitionCode, record.definitionVersion);
  const authorities = await actorAuthorities(deps.db, ctx, definition.app);
  requireAppAuthority(definition, authorities);
  const capture = findStage(definition, stages.capture);
  const editable =
    !record.isClosed && record.stage === stages.capture && !!capture && authorities.includes(capture.authority);
  return bidsReply(deps.db, record, editable);
}

/** The case, open, at its bid stage, and the caller holding that stage's authority; else the refusal. */
async function requireBidStage(tx: Transaction, ctx: UnitContext, caseId: number): Promise<CaseRecord> {
  const record = await requireCaseInScope(tx, ctx, caseId);
  const stages = bidStagesOf(record);
  const definition = await loadDefinition(tx, record.definitionCode, record.definitionVersion);
  const stage = findStage(definition, stages.capture);
  if (!stage) throw new AppError('NOT_FOUND', 'Case not found');
  const authorities = await actorAuthorities(tx, ctx, definition.app);
  if (!authorities.includes(stage.authority)) {
    throw authorityMissing(stage.authority, definition.app, 'You cannot enter the bids of this auction.');
  }
  if (record.isClosed || record.stage !== stages.capture) {
    throw new AppError(
      'WRONG_STAGE',
      `Bids of case ${record.caseNo} are entered at the auction stage only; the case is at ${record.stage}.`,
    );
  }
  return record;
}

/** Writes the stage's H1 fields from the bids (through the field-saving service: history and audit record it). */
async function writeH1Fields(tx: Transaction, deps: AppDeps, ctx: UnitContext, record: CaseRecord): Promise<void> {
  const names = AUCTION_H1_FIELDS[record.definitionCode]!;
  const rows = await listBids(tx, record.id);
  const h1 = chooseH1(rows.map(forH1), reserveOf(record));
  const winner = h1 ? rows.find((row) => row.id === h1.bidId)! : null;
  const fields: Record<string, string | number | null> = {
    [names.bidderName]: winner?.bidderName ?? null,
    [names.amount]: winner ? fromMinor(winner.bidAmountMinor) : null,
  };
  if (names.count) fields[names.count] = rows.filter((row) => row.status === 'ACTIVE').length;
  const result = record.fields[names.result];
  if (winner && (result === undefined || result === null || result === '')) fields[names.result] = 'SUCCESSFUL';
  await saveCaseFieldsInTx(tx, deps, { ctx, caseId: record.id, input: { version: record.version, fields } });
}

const valuesOf = (input: BidInput) => ({
  bidderName: input.bidderName,
  bidderIdNo: input.bidderIdNo || null,
  emdAmountMinor: toMinor(input.emdAmount),
  emdReference: input.emdReference || null,
  emdReceivedOn: input.emdReceivedOn,
  bidAmountMinor: toMinor(input.bidAmount),
  qualified: input.qualified,
  remarks: input.remarks || null,
});

async function checkEmdDate(tx: Transaction, input: BidInput): Promise<void> {
  if (!input.emdReceivedOn) return;
  const businessDate = await requireBusinessDate(tx);
  if (input.emdReceivedOn > businessDate) {
    throw new AppError('VALIDATION', 'emdReceivedOn: The EMD cannot be received after the business date', {
      fields: [{ field: 'emdReceivedOn', message: 'The EMD cannot be received after the business date' }],
    });
  }
}

const auditOf = (input: BidInput) => ({
  bidderName: input.bidderName,
  bidAmount: input.bidAmount,
  emdAmount: input.emdAmount,
  emdReceivedOn: input.emdReceivedOn,
  qualified: input.qualified,
});

/** POST /api/secured-assets/cases/:caseId/bids — adds a bid; H1 and the stage's fields follow. */
export async function addBid(
  deps: AppDeps,
  { ctx, caseId, input }: { ctx: UnitContext; caseId: number; input: BidInput },
): Promise<BidsReply> {
  return withTransaction(deps.db, (tx) => addBidInTx(tx, deps, { ctx, caseId, input }));
}

/** addBid inside the caller's transaction (the demo seed enters its auctions' bids so). */
export async function addBidInTx(
  tx: Transaction,
  deps: AppDeps,
  { ctx, caseId, input }: { ctx: UnitContext; caseId: number; input: BidInput },
): Promise<BidsReply> {
  const record = await requireBidStage(tx, ctx, caseId);
  await checkEmdDate(tx, input);
  const bidId = await insertBid(tx, {
    ...valuesOf(input),
    caseId,
    currency: await caseCurrency(tx, record.accountId),
    createdByUserId: ctx.user.id,
    at: deps.clock.now(),
  });
  await emitAudit(tx, ctx, {
    action: 'secured_assets.bid_add',
    entity: 'auction_bid',
    entityId: bidId,
    after: { caseId, caseNo: record.caseNo, ...auditOf(input) },
  });
  await writeH1Fields(tx, deps, ctx, record);
  return bidsReply(tx, await requireCaseInScope(tx, ctx, caseId), true);
}

/** PUT /api/secured-assets/cases/:caseId/bids/:bidId — changes an active bid. */
export async function editBid(
  deps: AppDeps,
  { ctx, caseId, bidId, input }: { ctx: UnitContext; caseId: number; bidId: number; input: BidInput },
): Promise<BidsReply> {
  return withTransaction(deps.db, async (tx) => {
    const record = await requireBidStage(tx, ctx, caseId);
    await checkEmdDate(tx, input);
    const before = (await listBids(tx, caseId)).find((row) => row.id === bidId);
    const updated = await updateBid(tx, { caseId, bidId, values: valuesOf(input), at: deps.clock.now() });
    if (!updated || !before) throw new AppError('NOT_FOUND', 'Bid not found');
    await emitAudit(tx, ctx, {
      action: 'secured_assets.bid_edit',
      entity: 'auction_bid',
      entityId: bidId,
      before: {
        bidderName: before.bidderName,
        bidAmount: fromMinor(before.bidAmountMinor),
        emdAmount: fromMinor(before.emdAmountMinor),
        emdReceivedOn: before.emdReceivedOn,
        qualified: before.qualified,
      },
      after: { caseId, caseNo: record.caseNo, ...auditOf(input) },
    });
    await writeH1Fields(tx, deps, ctx, record);
    return bidsReply(tx, await requireCaseInScope(tx, ctx, caseId), true);
  });
}

/** POST /api/secured-assets/cases/:caseId/bids/:bidId/withdraw — the bid no longer counts (kept, marked WITHDRAWN). */
export async function withdrawCaseBid(
  deps: AppDeps,
  { ctx, caseId, bidId }: { ctx: UnitContext; caseId: number; bidId: number },
): Promise<BidsReply> {
  return withTransaction(deps.db, async (tx) => {
    const record = await requireBidStage(tx, ctx, caseId);
    const withdrawn = await withdrawBid(tx, { caseId, bidId, at: deps.clock.now() });
    if (!withdrawn) throw new AppError('NOT_FOUND', 'Bid not found');
    await emitAudit(tx, ctx, {
      action: 'secured_assets.bid_withdraw',
      entity: 'auction_bid',
      entityId: bidId,
      after: { caseId, caseNo: record.caseNo, status: 'WITHDRAWN' },
    });
    await writeH1Fields(tx, deps, ctx, record);
    return bidsReply(tx, await requireCaseInScope(tx, ctx, caseId), true);
  });
}

// ---- effects (registered in secured-assets-effects.ts) ----

/** The H1 of the case's active bids, or null (for the approval check). */
export async function caseH1(
  db: Executor,
  caseId: number,
  reservePrice: string | null,
): Promise<{ hasBids: boolean; h1: { bidderName: string; bidAmount: string; emdAmount: string } | null }> {
  const rows = await listBids(db, caseId);
  const active = rows.filter((row) => row.status === 'ACTIVE');
  const h1 = chooseH1(rows.map(forH1), reservePrice);
  const winner = h1 ? rows.find((row) => row.id === h1.bidId)! : null;
  return {
    hasBids: active.length > 0,
    h1: winner
      ? {
          bidderName: winner.bidderName,
          bidAmount: fromMinor(winner.bidAmountMinor),
          emdAmount: fromMinor(winner.emdAmountMinor),
        }
      : null,
  };
}

export { lapseActiveBids };
