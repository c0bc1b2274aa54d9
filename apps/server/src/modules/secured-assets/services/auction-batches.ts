import { sql } from 'drizzle-orm';
import { auctionBatches, auctionLots } from '@recovery-desk/db/secured-assets-schema.ts';
import { likePrefix } from '../../../access/unit-scope.ts';
import {
  BATCH_STAGE,
  fromMinor,
  toMinor,
  type AuctionBatch,
  type AuctionBatchDetail,
  type AuctionBatchInput,
  type AuctionBatchStatus,
} from '@recovery-desk/domain/secured-assets/auction.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { isoTimestamp, selectRows } from '../../../db/sql-rows.ts';
import { withTransaction, type Executor, type Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireCaseInScope, saveCaseFieldsInTx } from '../../workflow/index.ts';

// Auction batches (issue 15; /repoapp/auctionBatchGenTabs, AUC_BATCH_GEN_SAUTH, declared on the routes): several assets
// sold in one auction event. A batch holds lots, each one SARFAESI case at BatchGen with its lot number (1, 2, … in
// the order added) and its reserve price. Creating a batch or adding lots writes each case's `auctionBatchNo` through
// the workflow's field-saving service, so the BatchGen form is filled and its history records it. Batches and their
// lots are seen in the unit subtree of the unit that built them.

const TAB_STATUS: Record<'open' | 'published' | 'completed', AuctionBatchStatus> = {
  open: 'OPEN',
  published: 'PUBLISHED',
  completed: 'COMPLETED',
};

type BatchRow = Omit<AuctionBatch, 'createdAt'> & { createdAt: Date | string; unitPath: string };

const batchColumns = sql`b.id as "batchId", b.batch_no as "batchNo", b.status, b.auction_date::text as "auctionDate",
  b.emd_last_date::text as "emdLastDate", b.inspection_date1::text as "inspectionDate1",
  b.inspection_date2::text as "inspectionDate2", b.auction_agency as "auctionAgency", u.name as "unitName",
  b.unit_path as "unitPath", b.created_at as "createdAt",
  (select count(*)::int from auction_lots l where l.batch_id = b.id) as "lotCount"`;

const toBatch = ({ unitPath: _path, ...row }: BatchRow): AuctionBatch => ({
  ...row,
  createdAt: isoTimestamp(row.createdAt),
});

/** GET /api/secured-assets/auction-batches?tab= — the batches of the acting unit's subtree in that tab, newest first. */
export async function listBatches(deps: AppDeps, { ctx, tab }: { ctx: UnitContext; tab: keyof typeof TAB_STATUS }) {
  const rows = await selectRows<BatchRow>(
    deps.db,
    sql`select ${batchColumns} from auction_batches b join units u on u.id = b.unit_id
      where b.status = ${TAB_STATUS[tab]} and b.unit_path like ${likePrefix(ctx.actingUnit.path)}
      order by b.auction_date desc, b.id desc limit 200`,
  );
  return { data: rows.map(toBatch) };
}

async function findBatch(db: Executor, ctx: UnitContext, batchId: number): Promise<BatchRow> {
  const [row] = await selectRows<BatchRow>(
    db,
    sql`select ${batchColumns} from auction_batches b join units u on u.id = b.unit_id
      where b.id = ${batchId} and b.unit_path like ${likePrefix(ctx.actingUnit.path)}`,
  );
  if (!row) throw new AppError('NOT_FOUND', 'Auction batch not found');
  return row;
}

async function detailOf(db: Executor, row: BatchRow): Promise<AuctionBatchDetail> {
  const lots = await selectRows<{
    lotNo: number;
    caseId: number;
    caseNo: string;
    accountId: number;
    accountNo: string;
    customerName: string;
    stage: string;
    reserveMinor: string;
    currency: 'INR' | 'USD';
  }>(
    db,
    sql`select l.lot_no as "lotNo", k.id as "caseId", k.case_no as "caseNo", a.id as "accountId",
        a.account_no as "accountNo", cu.name as "customerName", k.stage, l.reserve_price_minor::text as "reserveMinor",
        l.currency
      from auction_lots l join cases k on k.id = l.case_id join accounts a on a.id = k.account_id
        join customers cu on cu.id = a.customer_id
      where l.batch_id = ${row.batchId} order by l.lot_no`,
  );
  return {
    ...toBatch(row),
    lots: lots.map(({ reserveMinor, ...lot }) => ({ ...lot, reservePrice: fromMinor(reserveMinor) })),
  };
}

/** GET /api/secured-assets/auction-batches/:batchId — the batch with its lots (each case's stage). */
export async function getBatch(deps: AppDeps, { ctx, batchId }: { ctx: UnitContext; batchId: number }) {
  return detailOf(deps.db, await findBatch(deps.db, ctx, batchId));
}

/** GET /api/secured-assets/cases/:caseId/auction-batch — the latest batch holding the case (the detail route's). */
export async function getBatchOfCase(deps: AppDeps, { ctx, caseId }: { ctx: UnitContext; caseId: number }) {
  await requireCaseInScope(deps.db, ctx, caseId);
  const [found] = await selectRows<{ batchId: number }>(
    deps.db,
    sql`select batch_id as "batchId" from auction_lots where case_id = ${caseId} order by id desc limit 1`,
  );
  if (!found) throw new AppError('NOT_FOUND', 'This case is in no auction batch yet');
  return getBatch(deps, { ctx, batchId: found.batchId });
}

/**
 * Adds the cases as the batch's next lots: each must be an open SARFAESI case of the subtree at BatchGen with a
 * reserve price, in no other batch that is not completed. Writes each case's auctionBatchNo.
 */
async function addLotsInTx(
  tx: Transaction,
  deps: AppDeps,
  ctx: UnitContext,
  batch: { batchId: number; batchNo: string },
  caseIds: readonly number[],
): Promise<void> {
  if (new Set(caseIds).size !== caseIds.length) throw validationError('caseIds', 'A case is listed twice');
  const [last] = await selectRows<{ lotNo: number | null }>(
    tx,
    sql`select max(lot_no)::int as "lotNo" from auction_lots where batch_id = ${batch.batchId}`,
  );
  let lotNo = last?.lotNo ?? 0;
  for (const caseId of caseIds) {
    const record = await requireCaseInScope(tx, ctx, caseId);
    if (record.definitionCode !== BATCH_STAGE.definitionCode || record.stage !== BATCH_STAGE.stage || record.isClosed) {
      throw validationError('caseIds', `Case ${record.caseNo} is not at the auction batch stage`);
    }
    const reserve = record.fields.reservePrice;
    if (typeof reserve !== 'string' || reserve === '') {
      throw validationError('caseIds', `Case ${record.caseNo} has no reserve price`);
    }
    const [other] = await selectRows<{ batchNo: string }>(
      tx,
      sql`select b.batch_no as "batchNo" from auction_lots l join auction_batches b on b.id = l.batch_id
        where l.case_id = ${caseId} and b.status <> 'COMPLETED' limit 1`,
    );
    if (other) throw validationError('caseIds', `Case ${record.caseNo} is already in batch ${other.batchNo}`);
    const [account] = await selectRows<{ currency: string }>(
      tx,
      sql`select currency from accounts where id = ${record.accountId}`,
    );
    lotNo += 1;
    await tx.insert(auctionLots).values({
      batchId: batch.batchId,
      caseId,
      lotNo,
      reservePriceMinor: toMinor(reserve),
      currency: account?.currency ?? 'INR',
      createdAt: deps.clock.now(),
    });
    await saveCaseFieldsInTx(tx, deps, {
      ctx,
      caseId,
      input: { version: record.version, fields: { auctionBatchNo: batch.batchNo } },
    });
  }
}

/** POST /api/secured-assets/auction-batches — a new OPEN batch holding the selected cases as lots 1, 2, … */
export async function createBatch(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: AuctionBatchInput },
): Promise<AuctionBatchDetail> {
  if (input.emdLastDate >= input.auctionDate) {
    throw validationError('emdLastDate', 'The EMD last date must be before the auction date');
  }
  for (const name of ['inspectionDate1', 'inspectionDate2'] as const) {
    const day = input[name];
    if (day && day > input.auctionDate) throw validationError(name, 'Inspection must be on or before the auction date');
  }
  return withTransaction(deps.db, (tx) => createBatchInTx(tx, deps, { ctx, input }));
}

/** createBatch inside the caller's transaction (the demo seed builds its batch so). */
export async function createBatchInTx(
  tx: Transaction,
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: AuctionBatchInput },
): Promise<AuctionBatchDetail> {
  const [taken] = await selectRows<{ id: number }>(
    tx,
    sql`select id from auction_batches where batch_no = ${input.batchNo}`,
  );
  if (taken) throw validationError('batchNo', `Batch number ${input.batchNo} is already used`);
  const [row] = await tx
    .insert(auctionBatches)
    .values({
      batchNo: input.batchNo,
      unitId: ctx.actingUnit.id,
      unitPath: ctx.actingUnit.path,
      auctionDate: input.auctionDate,
      emdLastDate: input.emdLastDate,
      inspectionDate1: input.inspectionDate1,
      inspectionDate2: input.inspectionDate2,
      auctionAgency: input.auctionAgency,
      createdByUserId: ctx.user.id,
      createdAt: deps.clock.now(),
      updatedAt: deps.clock.now(),
    })
    .returning({ id: auctionBatches.id });
  const batchId = row!.id;
  await addLotsInTx(tx, deps, ctx, { batchId, batchNo: input.batchNo }, input.caseIds);
  await emitAudit(tx, ctx, {
    action: 'secured_assets.batch_create',
    entity: 'auction_batch',
    entityId: batchId,
    after: { ...input },
  });
  return detailOf(tx, await findBatch(tx, ctx, batchId));
}

/** POST /api/secured-assets/auction-batches/:batchId/lots — more lots for an OPEN batch, numbered on. */
export async function addLots(
  deps: AppDeps,
  { ctx, batchId, caseIds }: { ctx: UnitContext; batchId: number; caseIds: number[] },
): Promise<AuctionBatchDetail> {
  return withTransaction(deps.db, async (tx) => {
    const batch = await findBatch(tx, ctx, batchId);
    if (batch.status !== 'OPEN') {
      throw new AppError(
        'ACTION_NOT_ALLOWED',
        `Batch ${batch.batchNo} is ${batch.status.toLowerCase()}: no lot can be added`,
      );
    }
    await addLotsInTx(tx, deps, ctx, batch, caseIds);
    await emitAudit(tx, ctx, {
      action: 'secured_assets.batch_add_lots',
      entity: 'auction_batch',
      entityId: batchId,
      after: { batchNo: batch.batchNo, caseIds },
    });
    return detailOf(tx, await findBatch(tx, ctx, batchId));
  });
}

const NEXT_STATUS: Record<'publish' | 'complete', { from: AuctionBatchStatus; to: AuctionBatchStatus }> = {
  publish: { from: 'OPEN', to: 'PUBLISHED' },
  complete: { from: 'PUBLISHED', to: 'COMPLETED' },
};

/** POST …/:batchId/publish (OPEN → PUBLISHED) and …/:batchId/complete (PUBLISHED → COMPLETED). */
export async function moveBatch(
  deps: AppDeps,
  { ctx, batchId, step }: { ctx: UnitContext; batchId: number; step: 'publish' | 'complete' },
): Promise<AuctionBatchDetail> {
  return withTransaction(deps.db, async (tx) => {
    const batch = await findBatch(tx, ctx, batchId);
    const { from, to } = NEXT_STATUS[step];
    if (batch.status !== from) {
      throw new AppError(
        'ACTION_NOT_ALLOWED',
        `Batch ${batch.batchNo} is ${batch.status.toLowerCase()}, not ${from.toLowerCase()}`,
      );
    }
    if (batch.lotCount === 0) throw new AppError('ACTION_NOT_ALLOWED', `Batch ${batch.batchNo} has no lot`);
    await tx.execute(
      sql`update auction_batches set status = ${to}, updated_at = ${deps.clock.now()} where id = ${batchId}`,
    );
    await emitAudit(tx, ctx, {
      action: `secured_assets.batch_${step}`,
      entity: 'auction_batch',
      entityId: batchId,
      before: { status: from },
      after: { batchNo: batch.batchNo, status: to },
    });
    return detailOf(tx, await findBatch(tx, ctx, batchId));
  });
}
