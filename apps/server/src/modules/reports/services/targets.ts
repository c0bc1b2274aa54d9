import { sql } from 'drizzle-orm';
import type { TargetInput, TargetRow, TargetsQuery, TargetsReply } from '@recovery-desk/domain/reports/targets.ts';
import { likePrefix } from '../../../access/unit-scope.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import { withTransaction, type Executor } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';

// Collection targets (issue 14): list a month's targets of the subtree and set one, with an optimistic version;
// audited `collections.target.update`. A target is not money that moves, so a save needs no second approval.

type Raw = Omit<TargetRow, 'updatedAt' | 'targetMinor'> & {
  targetMinor: string | null;
  updatedAt: string | Date | null;
};

async function readTargets(db: Executor, input: { unitPath: string; month: string; unitId?: number }) {
  const rows = await selectRows<Raw>(
    db,
    sql`select u.id as "unitId", u.unit_code as "unitCode", u.name as "unitName", u.level,
        coalesce(t.currency, 'INR') as currency, t.target_minor::text as "targetMinor", coalesce(t.version, 0) as version,
        s.full_name as "updatedBy", t.updated_at as "updatedAt"
      from units u
      left join collection_targets t on t.unit_id = u.id and t.month = ${`${input.month}-01`}::date
      left join users s on s.id = t.set_by_user_id
      where u.is_active and u.path like ${likePrefix(input.unitPath)}
        ${input.unitId === undefined ? sql`` : sql`and u.id = ${input.unitId}`}
      order by u.path, currency`,
  );
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt ? new Date(row.updatedAt).toISOString() : null }));
}

/** GET /api/collections/targets — the subtree's active units with their targets of the month (each currency set). */
export async function listTargets(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: TargetsQuery },
): Promise<TargetsReply> {
  const month = query.month ?? (await requireBusinessDate(deps.db)).slice(0, 7);
  return { month, rows: await readTargets(deps.db, { unitPath: ctx.actingUnit.path, month }) };
}

/**
 * PUT /api/collections/targets — sets a unit's target of a month in a currency: the unit an active unit of the
 * subtree (400 `unitId`), the version the one read (0 when there was none; 409 STALE_VERSION otherwise).
 */
export async function setTarget(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: TargetInput },
): Promise<TargetRow> {
  const month = `${input.month}-01`;
  return withTransaction(deps.db, async (tx) => {
    const [unit] = await selectRows<{ id: number }>(
      tx,
      sql`select id from units where id = ${input.unitId} and is_active and path like ${likePrefix(ctx.actingUnit.path)}`,
    );
    if (!unit) throw validationError('unitId', 'Choose an active unit of your unit’s subtree');
    const [before] = await selectRows<{ targetMinor: string; version: number }>(
      tx,
      sql`select target_minor::text as "targetMinor", version from collection_targets
        where unit_id = ${input.unitId} and month = ${month}::date and currency = ${input.currency} for update`,
    );
    if ((before?.version ?? 0) !== input.version) {
      throw new AppError('STALE_VERSION', 'This target was changed meanwhile; reload it and try again.');
    }
    const at = deps.clock.now().toISOString();
    const written = await selectRows<{ version: number }>(
      tx,
      before
        ? sql`update collection_targets set target_minor = ${input.targetMinor}::bigint, version = version + 1,
              set_by_user_id = ${ctx.user.id}, updated_at = ${at}::timestamptz
            where unit_id = ${input.unitId} and month = ${month}::date and currency = ${input.currency}
              and version = ${input.version}
            returning version`
        : sql`insert into collection_targets (unit_id, month, currency, target_minor, set_by_user_id, updated_at)
            values (${input.unitId}, ${month}::date, ${input.currency}, ${input.targetMinor}::bigint, ${ctx.user.id},
              ${at}::timestamptz)
            on conflict do nothing
            returning version`,
    );
    if (written.length !== 1) {
      throw new AppError('STALE_VERSION', 'This target was changed meanwhile; reload it and try again.');
    }
    await emitAudit(tx, ctx, {
      action: 'collections.target.update',
      entity: 'collection_target',
      entityId: `${input.unitId}:${input.month}:${input.currency}`,
      before: before ? { targetMinor: before.targetMinor } : null,
      after: { targetMinor: input.targetMinor },
    });
    const rows = await readTargets(tx, { unitPath: ctx.actingUnit.path, month: input.month, unitId: input.unitId });
    return rows.find((row) => row.currency === input.currency)!;
  });
}
