import type { z } from 'zod';
import type {
  fiMatterInputSchema,
  fiMatterUpdateSchema,
  pagedQuerySchema,
} from '@recovery-desk/domain/legal/contracts.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import {
  findFiMatter,
  insertFiMatter,
  listFiMatters,
  nextMatterNo,
  updateFiMatter,
  type FiMatterRow,
} from '../against-fi.repository.ts';
import { findPoolAccount } from '../pool.repository.ts';

// Legal Against Financial Institutions: matters brought against the lender (consumer commission, ombudsman,
// courts…), recorded by a unit and seen by the units above it.

export type FiMatterInput = z.infer<typeof fiMatterInputSchema>;
export type FiMatterUpdate = z.infer<typeof fiMatterUpdateSchema>;
export type PagedQuery = z.infer<typeof pagedQuerySchema>;

export const FI_STATUSES = ['OPEN', 'DISPOSED'] as const;
export const MATTER_NOT_FOUND = 'Matter not found';

/** GET /api/legal/against-fi — the subtree's matters, newest filing first; q on matter no, petitioner, case no. */
export async function listAgainstFi(deps: AppDeps, { ctx, query }: { ctx: UnitContext; query: PagedQuery }) {
  if (query.status && !(FI_STATUSES as readonly string[]).includes(query.status)) {
    throw validationError('status', `must be one of ${FI_STATUSES.join(', ')}`);
  }
  const { rows, count } = await listFiMatters(deps.db, {
    unitPath: ctx.actingUnit.path,
    q: query.q || undefined,
    status: query.status || undefined,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { data: rows, count, page: query.page, pageSize: query.pageSize };
}

/** POST /api/legal/against-fi — a new matter of the acting unit, numbered FI/<year>/<nnnnnn>. */
export async function createAgainstFi(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: FiMatterInput },
): Promise<FiMatterRow> {
  const matterId = await withTransaction(deps.db, async (tx) => {
    let accountId: number | null = null;
    if (input.accountNo) {
      const account = await findPoolAccount(tx, { accountNo: input.accountNo, unitPath: ctx.actingUnit.path });
      if (!account) throw validationError('accountNo', 'must be the number of an account of your units');
      accountId = account.accountId;
    }
    const businessDate = await requireBusinessDate(tx);
    const matterNo = await nextMatterNo(tx, businessDate.slice(0, 4));
    const id = await insertFiMatter(tx, {
      matterNo,
      unitId: ctx.actingUnit.id,
      unitPath: ctx.actingUnit.path,
      accountId,
      petitionerName: input.petitionerName,
      forum: input.forum,
      court: input.court || null,
      caseNumber: input.caseNumber || null,
      filedOn: input.filedOn,
      claimAmount: input.claimAmount ?? null,
      currency: input.currency,
      subject: input.subject,
      nextHearingDate: input.nextHearingDate ?? null,
      advocateName: input.advocateName || null,
      createdByUserId: ctx.user.id,
      at: deps.clock.now(),
    });
    await emitAudit(tx, ctx, {
      action: 'legal.fi_matter_create',
      entity: 'legal_matter_against_fi',
      entityId: id,
      after: { matterNo, ...input, accountId },
    });
    return id;
  });
  const created = await findFiMatter(deps.db, { matterId, unitPath: ctx.actingUnit.path });
  if (!created) throw new Error(`matter ${matterId} vanished`);
  return created;
}

/**
 * PATCH /api/legal/against-fi/:id — hearing date, advocate, status and outcome at the version the user saw
 * (409 STALE_VERSION otherwise). A disposed matter needs its outcome.
 */
export async function updateAgainstFi(
  deps: AppDeps,
  { ctx, matterId, input }: { ctx: UnitContext; matterId: number; input: FiMatterUpdate },
): Promise<FiMatterRow> {
  await withTransaction(deps.db, async (tx) => {
    const before = await findFiMatter(tx, { matterId, unitPath: ctx.actingUnit.path, forUpdate: true });
    if (!before) throw new AppError('NOT_FOUND', MATTER_NOT_FOUND);
    if (before.version !== input.version) {
      throw new AppError('STALE_VERSION', 'This matter was changed by someone else. Reload it and retry.');
    }
    const changes = {
      nextHearingDate: input.nextHearingDate === undefined ? before.nextHearingDate : input.nextHearingDate,
      advocateName: input.advocateName === undefined ? before.advocateName : input.advocateName || null,
      status: input.status ?? before.status,
      outcome: input.outcome === undefined ? before.outcome : input.outcome || null,
    };
    if (changes.status === 'DISPOSED' && !changes.outcome) {
      throw validationError('outcome', 'This field is required');
    }
    const updated = await updateFiMatter(tx, {
      matterId,
      expectedVersion: input.version,
      changes,
      at: deps.clock.now(),
    });
    if (!updated) {
      throw new AppError('STALE_VERSION', 'This matter was changed by someone else. Reload it and retry.');
    }
    await emitAudit(tx, ctx, {
      action: 'legal.fi_matter_update',
      entity: 'legal_matter_against_fi',
      entityId: matterId,
      before: {
        version: before.version,
        nextHearingDate: before.nextHearingDate,
        advocateName: before.advocateName,
        status: before.status,
        outcome: before.outcome,
      },
      after: { version: input.version + 1, ...changes, remarks: input.remarks ?? null },
    });
  });
  const after = await findFiMatter(deps.db, { matterId, unitPath: ctx.actingUnit.path });
  if (!after) throw new Error(`matter ${matterId} vanished`);
  return after;
}
