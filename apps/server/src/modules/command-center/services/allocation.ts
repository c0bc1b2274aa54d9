import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { cmdAllocationBatchItems, cmdAllocationBatches } from '@recovery-desk/db/command-center-schema.ts';
import { users as usersTable } from '@recovery-desk/db/schema.ts';
import { MARK_EFFECTS } from '@recovery-desk/domain/collections/account-marks.ts';
import {
  ALLOCATION_BATCH_CAP,
  ALLOCATION_MAP_POINT_CAP,
  type AllocationAccountsQuery,
  type AllocationAccountsReply,
  type AllocationAssigneesReply,
  type AllocationBatch,
  type AllocationBatchDetail,
  type AllocationMapPoint,
  type AllocationPlanInput,
  type AllocationPlanReply,
} from '@recovery-desk/domain/command-center/allocation.ts';
import {
  planProximityAllocation,
  type AllocationPlan,
  type AllocationSkipReason,
  type PlanAssignee,
} from '@recovery-desk/domain/command-center/allocation-plan.ts';
import { boundingBox, clusterByGrid, pointInPolygon } from '@recovery-desk/domain/command-center/geometry.ts';
import { likePrefix } from '../../../access/unit-scope.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { bigintArray, textArray } from '../../../db/sql-arrays.ts';
import { isoTimestamp, selectRows } from '../../../db/sql-rows.ts';
import { withTransaction, type Executor } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { activeMarksOf } from '../../account-marks/index.ts';
import { collectionsSettingsOf } from '../../collections-settings/index.ts';
import {
  allocateAccountRows,
  COLLECTOR_AUTHORITIES,
  sortAllocatableAccounts,
  listAccountsOutsideReach,
  listAssigneeAgencies,
  listAssigneeUsers,
} from '../../collections/index.ts';

// Map-based allocation (issue 16; docs/architecture.md "Command center: map-based allocation"): the delinquent
// accounts of the acting unit's subtree on the map at their customer's location, a PROXIMITY plan (the domain's
// planner) and the allocation batch that applies it through the collections allocation, skipping what cannot be
// allocated with the reason.

type MapRow = {
  id: number | string;
  accountNo: string;
  customer: string;
  pincode: string | null;
  latitude: number | null;
  longitude: number | null;
  dpd: number | string;
  bucket: string;
  product: string;
  overdueMinor: string | number;
  currency: string;
  allocatedUserId: number | null;
  allocatedAgencyId: number | null;
  allocatedName: string | null;
  isOnHold: boolean;
  isSuppressed: boolean;
  settling: boolean;
};

/** The map's hard limit of rows read for clustering (a subtree's delinquent book in a viewport). */
const MAP_READ_CAP = 50_000;
const PAGE_SIZE = 50;
/** One more than a batch may hold, so a larger selection is noticed and refused. */
const ALLOCATION_BATCH_CAP_PLUS = ALLOCATION_BATCH_CAP + 1;

function mapRowsQuery(ctx: UnitContext, where: SQL[], limit: number): SQL {
  return sql`select a.id, a.account_no as "accountNo", c.name as customer, loc.pin_code as pincode,
      loc.latitude, loc.longitude, a.dpd as dpd, a.bucket, a.product,
      (round(a.total_due_amount * 100))::bigint::text as "overdueMinor", a.currency,
      a.allocated_user_id as "allocatedUserId", a.allocated_agency_id as "allocatedAgencyId",
      coalesce(u.full_name, g.name) as "allocatedName",
      a.is_on_hold as "isOnHold", a.is_suppressed as "isSuppressed", (a.settlement_status is not null) as settling
    from accounts a
    join customers c on c.id = a.customer_id
    left join lateral (
      select ad.latitude, ad.longitude, ad.pin_code from addresses ad
      where ad.customer_id = a.customer_id and ad.latitude is not null and ad.longitude is not null
      order by (ad.address_type = 'RESIDENCE' and ad.level = 'PRIMARY') desc, ad.id
      limit 1
    ) loc on true
    left join users u on u.id = a.allocated_user_id
    left join agencies g on g.id = a.allocated_agency_id
    where a.unit_path like ${likePrefix(ctx.actingUnit.path)} and a.delinquent_flag
      ${sql.join(
        where.map((clause) => sql` and ${clause}`),
        sql``,
      )}
    order by a.id
    limit ${limit}`;
}

async function blockedOf(db: Executor, rows: readonly MapRow[]): Promise<Map<number, AllocationSkipReason>> {
  const marks = await activeMarksOf(
    db,
    rows.map((row) => Number(row.id)),
  );
  const blocked = new Map<number, AllocationSkipReason>();
  for (const row of rows) {
    const id = Number(row.id);
    const barred = (marks.get(id) ?? []).some((mark) =>
      (MARK_EFFECTS.noAllocation as readonly string[]).includes(mark),
    );
    const reason: AllocationSkipReason | null = row.isOnHold
      ? 'HELD'
      : barred
        ? 'MARKED'
        : row.isSuppressed
          ? 'SUPPRESSED'
          : row.settling
            ? 'SETTLING'
            : null;
    if (reason) blocked.set(id, reason);
  }
  return blocked;
}

function toPoint(row: MapRow, blocked: AllocationSkipReason | null): AllocationMapPoint {
  return {
    accountId: Number(row.id),
    accountNo: row.accountNo,
    customer: row.customer,
    pincode: row.pincode,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    dpd: Number(row.dpd),
    bucket: row.bucket,
    product: row.product,
    overdueMinor: String(row.overdueMinor),
    currency: row.currency,
    allocatedTo:
      row.allocatedUserId !== null || row.allocatedAgencyId !== null
        ? { userId: row.allocatedUserId, agencyId: row.allocatedAgencyId, name: row.allocatedName ?? '' }
        : null,
    blocked,
  };
}

/** GET /api/cmd-center/allocation/accounts — the delinquent, geocoded accounts of the subtree in the viewport. */
export async function listAllocationAccounts(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: AllocationAccountsQuery },
): Promise<AllocationAccountsReply> {
  const where: SQL[] = [sql`loc.latitude is not null`];
  if (query.bbox) {
    const box = query.bbox;
    where.push(sql`loc.latitude between ${box.minLatitude} and ${box.maxLatitude}`);
    where.push(sql`loc.longitude between ${box.minLongitude} and ${box.maxLongitude}`);
  }
  if (query.status === 'ALLOCATED')
    where.push(sql`(a.allocated_user_id is not null or a.allocated_agency_id is not null)`);
  if (query.status === 'UNALLOCATED') where.push(sql`a.allocated_user_id is null and a.allocated_agency_id is null`);
  if (query.pincode) where.push(sql`loc.pin_code = ${query.pincode}`);
  if (query.bucket) where.push(sql`a.bucket = ${query.bucket}`);
  if (query.product) where.push(sql`a.product = ${query.product}`);
  const rows = await selectRows<MapRow>(deps.db, mapRowsQuery(ctx, where, MAP_READ_CAP));
  if (rows.length > ALLOCATION_MAP_POINT_CAP) {
    const clusters = clusterByGrid(
      rows.map((row) => ({ id: Number(row.id), latitude: Number(row.latitude), longitude: Number(row.longitude) })),
      query.zoom,
    ).map(({ key, latitude, longitude, count: n }) => ({ key, latitude, longitude, count: n }));
    return { total: rows.length, points: [], clusters, clustered: true };
  }
  const blocked = await blockedOf(deps.db, rows);
  return {
    total: rows.length,
    points: rows.map((row) => toPoint(row, blocked.get(Number(row.id)) ?? null)),
    clusters: [],
    clustered: false,
  };
}

type ResolvedAssignee = PlanAssignee & {
  userId: number | null;
  agencyId: number | null;
  name: string;
  capacity: number;
  load: number;
  /** the selected account numbers this assignee could not work (outside its reach) */
  outside: ReadonlySet<string>;
};

/** The selection's accounts (delinquent, of the subtree): by ids (any outside the subtree: 404), polygon or pincodes. */
async function selectedRows(db: Executor, ctx: UnitContext, input: AllocationPlanInput): Promise<MapRow[]> {
  if (input.accountIds) {
    const ids = [...new Set(input.accountIds)];
    const rows = await selectRows<MapRow>(db, mapRowsQuery(ctx, [sql`a.id = any(${bigintArray(ids)})`], ids.length));
    if (rows.length !== ids.length)
      throw new AppError('NOT_FOUND', 'One or more of the selected accounts were not found');
    return rows;
  }
  if (input.pincodes) {
    return selectRows<MapRow>(
      db,
      mapRowsQuery(ctx, [sql`loc.pin_code = any(${textArray(input.pincodes)})`], ALLOCATION_BATCH_CAP_PLUS),
    );
  }
  const polygon = input.polygon!;
  const box = boundingBox(polygon)!;
  const rows = await selectRows<MapRow>(
    db,
    mapRowsQuery(
      ctx,
      [
        sql`loc.latitude between ${box.minLatitude} and ${box.maxLatitude}`,
        sql`loc.longitude between ${box.minLongitude} and ${box.maxLongitude}`,
      ],
      MAP_READ_CAP,
    ),
  );
  return rows.filter((row) =>
    pointInPolygon({ latitude: Number(row.latitude), longitude: Number(row.longitude) }, polygon),
  );
}

async function resolveAssignees(
  db: Executor,
  ctx: UnitContext,
  input: AllocationPlanInput,
  accountIds: readonly number[],
): Promise<ResolvedAssignee[]> {
  const { collectorCapacity } = await collectionsSettingsOf(db);
  const resolved: ResolvedAssignee[] = [];
  const seen = new Set<string>();
  for (const [index, choice] of input.assignees.entries()) {
    let userId: number | null = null;
    let agencyId: number | null = null;
    let name: string;
    if ('userId' in choice) {
      const [user] = await listAssigneeUsers(db, {
        unitPath: ctx.actingUnit.path,
        authorities: COLLECTOR_AUTHORITIES,
        userId: choice.userId,
      });
      if (!user) throw validationError(`assignees.${index}.userId`, 'must be an active collector of your units');
      userId = user.id;
      name = user.name;
    } else {
      const [agency] = await listAssigneeAgencies(db, { unitPath: ctx.actingUnit.path, agencyId: choice.agencyId });
      if (!agency) throw validationError(`assignees.${index}.agencyId`, 'must be an active agency of your units');
      agencyId = agency.id;
      name = agency.name;
    }
    const key = userId !== null ? `user:${userId}` : `agency:${agencyId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const [held] = await selectRows<{ n: number | string }>(
      db,
      userId !== null
        ? sql`select count(*) as n from accounts where allocated_user_id = ${userId}`
        : sql`select count(*) as n from accounts where allocated_agency_id = ${agencyId}`,
    );
    const [base] =
      userId !== null
        ? await selectRows<{ latitude: number; longitude: number }>(
            db,
            sql`select last_latitude as latitude, last_longitude as longitude from field_devices
              where user_id = ${userId} and last_latitude is not null order by last_fix_at desc nulls last limit 1`,
          )
        : [];
    const outside = new Set(
      accountIds.length > 0
        ? await listAccountsOutsideReach(db, { accountIds, userId, agencyId, authorities: COLLECTOR_AUTHORITIES })
        : [],
    );
    const load = Number(held?.n ?? 0);
    resolved.push({
      key,
      userId,
      agencyId,
      name,
      capacity: collectorCapacity,
      load,
      spare: Math.max(0, collectorCapacity - load),
      base: base ? { latitude: Number(base.latitude), longitude: Number(base.longitude) } : null,
      outside,
    });
  }
  return resolved;
}

type Planned = { rows: MapRow[]; assignees: ResolvedAssignee[]; plan: AllocationPlan };

async function planOn(
  db: Executor,
  ctx: UnitContext,
  input: AllocationPlanInput,
  refused?: ReadonlyMap<number, AllocationSkipReason>,
): Promise<Planned> {
  const rows = await selectedRows(db, ctx, input);
  if (rows.length > ALLOCATION_BATCH_CAP_PLUS - 1) {
    throw validationError('accountIds', `select at most ${ALLOCATION_BATCH_CAP_PLUS - 1} accounts`);
  }
  const ids = rows.map((row) => Number(row.id));
  const assignees = await resolveAssignees(db, ctx, input, ids);
  for (const assignee of assignees) {
    assignee.reach = new Set(rows.filter((row) => !assignee.outside.has(row.accountNo)).map((row) => Number(row.id)));
  }
  const blocked = await blockedOf(db, rows);
  const plan = planProximityAllocation(
    rows.map((row) => {
      const id = Number(row.id);
      return {
        id,
        latitude: row.latitude === null ? null : Number(row.latitude),
        longitude: row.longitude === null ? null : Number(row.longitude),
        blocked: refused?.get(id) ?? blocked.get(id) ?? null,
      };
    }),
    assignees,
  );
  return { rows, assignees, plan };
}

function toPlanReply(input: AllocationPlanInput, { rows, assignees, plan }: Planned): AllocationPlanReply {
  const numbers = new Map(rows.map((row) => [Number(row.id), row.accountNo]));
  const planned = new Map<string, number>();
  for (const allocation of plan.allocations)
    planned.set(allocation.assignee, (planned.get(allocation.assignee) ?? 0) + 1);
  return {
    mode: input.mode,
    total: rows.length,
    overdueMinor: rows.reduce((sum, row) => sum + BigInt(row.overdueMinor), 0n).toString(),
    assignees: assignees.map((assignee) => ({
      key: assignee.key,
      userId: assignee.userId,
      agencyId: assignee.agencyId,
      name: assignee.name,
      base: assignee.base,
      capacity: assignee.capacity,
      load: assignee.load,
      planned: planned.get(assignee.key) ?? 0,
    })),
    allocations: plan.allocations.map((allocation) => ({
      ...allocation,
      accountNo: numbers.get(allocation.accountId) ?? '',
    })),
    skipped: plan.skipped.map((skip) => ({ ...skip, accountNo: numbers.get(skip.accountId) ?? '' })),
  };
}

/** POST /api/cmd-center/allocation/plan — the preview: who gets which account, and what is skipped and why (audited). */
export async function previewAllocationPlan(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: AllocationPlanInput },
): Promise<AllocationPlanReply> {
  return withTransaction(deps.db, async (tx) => {
    const reply = toPlanReply(input, await planOn(tx, ctx, input));
    // A preview writes nothing but is audited (as the template previews are): who looked at which allocation.
    await emitAudit(tx, ctx, {
      action: 'cmdcenter.allocation.plan',
      entity: 'cmd_allocation_batch',
      entityId: null,
      before: null,
      after: {
        mode: reply.mode,
        total: reply.total,
        planned: reply.allocations.length,
        skipped: reply.skipped.length,
        assignees: reply.assignees.map((assignee) => assignee.key),
      },
    });
    return reply;
  });
}

/**
 * POST /api/cmd-center/allocation/batches — plans and applies in one transaction: the selected accounts are locked
 * through the collections allocation (`sortAllocatableAccounts`: held and FRAUD/DECEASED-marked ones are SKIPPED
 * with the reason), the rest move to their planned assignee (allocation rows of kind MAP), and the batch with one
 * item per account and an audit row are written.
 */
export async function createAllocationBatch(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: AllocationPlanInput },
): Promise<AllocationBatch> {
  const at = deps.clock.now();
  const batchId = await withTransaction(deps.db, async (tx) => {
    const rows = await selectedRows(tx, ctx, input);
    const ids = rows.map((row) => Number(row.id));
    const sorted = await sortAllocatableAccounts(tx, ctx, ids);
    const refused = new Map<number, AllocationSkipReason>(
      sorted.refused.map((refusal) => [refusal.account.id, refusal.reason]),
    );
    const planned = await planOn(tx, ctx, input, refused);
    const { plan, assignees } = planned;
    const byKey = new Map(assignees.map((assignee) => [assignee.key, assignee]));
    const groups = new Map<string, number>();
    for (const allocation of plan.allocations)
      groups.set(allocation.assignee, (groups.get(allocation.assignee) ?? 0) + 1);
    await allocateAccountRows(tx, {
      rows: plan.allocations.map((allocation) => {
        const assignee = byKey.get(allocation.assignee)!;
        return {
          accountId: allocation.accountId,
          userId: assignee.userId,
          agencyId: assignee.agencyId,
          reason: 'Map-based allocation',
        };
      }),
      byUserId: ctx.user.id,
      kind: 'MAP',
      at,
    });
    const allocated = plan.allocations.length;
    const skipped = plan.skipped.length;
    const status = skipped === 0 ? 'DONE' : allocated === 0 ? 'FAILED' : 'PARTIAL';
    const [batch] = await tx
      .insert(cmdAllocationBatches)
      .values({
        batchNo: `pending-${randomUUID()}`,
        unitId: ctx.actingUnit.id,
        unitPath: ctx.actingUnit.path,
        createdBy: ctx.user.id,
        mode: input.mode,
        status,
        totalCount: allocated + skipped,
        allocatedCount: allocated,
        skippedCount: skipped,
        failedCount: 0,
        createdAt: at,
        startedAt: at,
        finishedAt: at,
      })
      .returning({ id: cmdAllocationBatches.id });
    const id = batch!.id;
    const batchNo = `MAB-${String(id).padStart(6, '0')}`;
    await tx.update(cmdAllocationBatches).set({ batchNo }).where(eq(cmdAllocationBatches.id, id));
    const items = [
      ...plan.allocations.map((allocation) => {
        const assignee = byKey.get(allocation.assignee)!;
        return {
          batchId: id,
          accountId: allocation.accountId,
          userId: assignee.userId,
          agencyId: assignee.agencyId,
          outcome: 'ALLOCATED',
          reason: null,
          distanceM: allocation.distanceM,
        };
      }),
      ...plan.skipped.map((skip) => ({
        batchId: id,
        accountId: skip.accountId,
        userId: null,
        agencyId: null,
        outcome: 'SKIPPED',
        reason: skip.reason,
        distanceM: null,
      })),
    ];
    for (let i = 0; i < items.length; i += 500)
      await tx.insert(cmdAllocationBatchItems).values(items.slice(i, i + 500));
    await emitAudit(tx, ctx, {
      action: 'cmdcenter.allocation.batch',
      entity: 'cmd_allocation_batch',
      entityId: id,
      before: null,
      after: {
        batchNo,
        mode: input.mode,
        status,
        allocated,
        skipped,
        assignees: assignees.map((assignee) => ({ key: assignee.key, planned: groups.get(assignee.key) ?? 0 })),
      },
    });
    return id;
  });
  return readBatch(deps.db, ctx, batchId);
}

type BatchRow = {
  id: number | string;
  batchNo: string;
  mode: string;
  status: AllocationBatch['status'];
  totalCount: number;
  allocatedCount: number;
  skippedCount: number;
  failedCount: number;
  createdById: number;
  createdByName: string;
  createdAt: Date | string;
  startedAt: Date | string | null;
  finishedAt: Date | string | null;
};

const batchColumns = sql`b.id, b.batch_no as "batchNo", b.mode, b.status, b.total_count as "totalCount",
  b.allocated_count as "allocatedCount", b.skipped_count as "skippedCount", b.failed_count as "failedCount",
  b.created_by as "createdById", u.full_name as "createdByName", b.created_at as "createdAt",
  b.started_at as "startedAt", b.finished_at as "finishedAt"`;

function toBatch(row: BatchRow): AllocationBatch {
  return {
    id: Number(row.id),
    batchNo: row.batchNo,
    mode: row.mode,
    status: row.status,
    totalCount: Number(row.totalCount),
    allocatedCount: Number(row.allocatedCount),
    skippedCount: Number(row.skippedCount),
    failedCount: Number(row.failedCount),
    createdBy: { id: Number(row.createdById), name: row.createdByName },
    createdAt: isoTimestamp(row.createdAt),
    startedAt: row.startedAt === null ? null : isoTimestamp(row.startedAt),
    finishedAt: row.finishedAt === null ? null : isoTimestamp(row.finishedAt),
  };
}

async function readBatch(db: Executor, ctx: UnitContext, id: number): Promise<AllocationBatch> {
  const [row] = await selectRows<BatchRow>(
    db,
    sql`select ${batchColumns} from cmd_allocation_batches b join users u on u.id = b.created_by
      where b.id = ${id} and b.unit_path like ${likePrefix(ctx.actingUnit.path)}`,
  );
  if (!row) throw new AppError('NOT_FOUND', 'No such allocation batch');
  return toBatch(row);
}

/** GET /api/cmd-center/allocation/batches — the batches of the subtree, newest first. */
export async function listAllocationBatches(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: { page: number; status?: AllocationBatch['status'] | undefined } },
): Promise<{ rows: AllocationBatch[]; total: number; page: number; pageSize: number }> {
  const scope = and(
    sql`${cmdAllocationBatches.unitPath} like ${likePrefix(ctx.actingUnit.path)}`,
    query.status ? eq(cmdAllocationBatches.status, query.status) : undefined,
  );
  const [{ n } = { n: 0 }] = await deps.db.select({ n: count() }).from(cmdAllocationBatches).where(scope);
  const ids = await deps.db
    .select({ id: cmdAllocationBatches.id })
    .from(cmdAllocationBatches)
    .innerJoin(usersTable, eq(usersTable.id, cmdAllocationBatches.createdBy))
    .where(scope)
    .orderBy(desc(cmdAllocationBatches.createdAt), desc(cmdAllocationBatches.id))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  const rows =
    ids.length === 0
      ? []
      : await selectRows<BatchRow>(
          deps.db,
          sql`select ${batchColumns} from cmd_allocation_batches b join users u on u.id = b.created_by
            where b.id = any(${bigintArray(ids.map((row) => row.id))})
            order by b.created_at desc, b.id desc`,
        );
  return { rows: rows.map(toBatch), total: Number(n), page: query.page, pageSize: PAGE_SIZE };
}

/** GET /api/cmd-center/allocation/batches/:id — one batch of the subtree (else 404) and its items, paged. */
export async function readAllocationBatch(
  deps: AppDeps,
  {
    ctx,
    id,
    query,
  }: {
    ctx: UnitContext;
    id: number;
    query: { page: number; outcome?: 'ALLOCATED' | 'SKIPPED' | 'FAILED' | undefined };
  },
): Promise<AllocationBatchDetail> {
  const batch = await readBatch(deps.db, ctx, id);
  const filter = query.outcome ? sql` and i.outcome = ${query.outcome}` : sql``;
  const [{ n } = { n: 0 }] = await selectRows<{ n: number | string }>(
    deps.db,
    sql`select count(*) as n from cmd_allocation_batch_items i where i.batch_id = ${id}${filter}`,
  );
  const items = await selectRows<{
    accountId: number | string;
    accountNo: string;
    userId: number | null;
    agencyId: number | null;
    name: string | null;
    outcome: 'ALLOCATED' | 'SKIPPED' | 'FAILED';
    reason: string | null;
    distanceM: number | null;
  }>(
    deps.db,
    sql`select i.account_id as "accountId", a.account_no as "accountNo", i.user_id as "userId",
        i.agency_id as "agencyId", coalesce(u.full_name, g.name) as name, i.outcome, i.reason,
        i.distance_m as "distanceM"
      from cmd_allocation_batch_items i
      join accounts a on a.id = i.account_id
      left join users u on u.id = i.user_id
      left join agencies g on g.id = i.agency_id
      where i.batch_id = ${id}${filter}
      order by i.id
      limit ${PAGE_SIZE} offset ${(query.page - 1) * PAGE_SIZE}`,
  );
  return {
    batch,
    items: items.map((item) => ({
      accountId: Number(item.accountId),
      accountNo: item.accountNo,
      assignee:
        item.userId !== null || item.agencyId !== null
          ? { userId: item.userId, agencyId: item.agencyId, name: item.name ?? '' }
          : null,
      outcome: item.outcome,
      reason: item.reason,
      distanceM: item.distanceM,
    })),
    total: Number(n),
    page: query.page,
    pageSize: PAGE_SIZE,
  };
}

/** GET /api/cmd-center/allocation/assignees — the collectors and agencies of the subtree, with what they hold now. */
export async function listAllocationAssignees(
  deps: AppDeps,
  { ctx }: { ctx: UnitContext },
): Promise<AllocationAssigneesReply> {
  const { collectorCapacity } = await collectionsSettingsOf(deps.db);
  const people = await listAssigneeUsers(deps.db, {
    unitPath: ctx.actingUnit.path,
    authorities: COLLECTOR_AUTHORITIES,
  });
  const firms = await listAssigneeAgencies(deps.db, { unitPath: ctx.actingUnit.path });
  const userLoads = await selectRows<{ id: number; n: number | string }>(
    deps.db,
    sql`select allocated_user_id as id, count(*) as n from accounts
      where allocated_user_id = any(${bigintArray(people.map((user) => user.id))}) group by allocated_user_id`,
  );
  const agencyLoads = await selectRows<{ id: number; n: number | string }>(
    deps.db,
    sql`select allocated_agency_id as id, count(*) as n from accounts
      where allocated_agency_id = any(${bigintArray(firms.map((agency) => agency.id))}) group by allocated_agency_id`,
  );
  const loadOf = (rows: { id: number; n: number | string }[]) =>
    new Map(rows.map((row) => [Number(row.id), Number(row.n)]));
  const users = loadOf(userLoads);
  const agencies = loadOf(agencyLoads);
  return {
    capacity: collectorCapacity,
    users: people.map((user) => ({
      id: user.id,
      name: user.name,
      username: user.username,
      load: users.get(user.id) ?? 0,
    })),
    agencies: firms.map((agency) => ({
      id: agency.id,
      name: agency.name,
      code: agency.code,
      load: agencies.get(agency.id) ?? 0,
    })),
  };
}
