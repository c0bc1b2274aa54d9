import { sql, type SQL } from 'drizzle-orm';
import type { PvrStatus } from '@recovery-desk/domain/field/contracts.ts';
import { isoTimestamp, isoTimestampOrNull, selectRows } from '../../db/sql-rows.ts';
import type { Executor } from '../../db/transaction.ts';

// SQL of the field-work module: work plans and their visits, PVR cases, their photos and history.

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** An account of the subtree by number, with the borrower's geocoded address (primary residence first). */
export async function findAccountForField(
  db: Executor,
  input: { accountNo: string; unitPath: string },
): Promise<
  | {
      id: number;
      accountNo: string;
      unitPath: string;
      currency: string;
      totalDue: string;
      address: string | null;
      latitude: number | null;
      longitude: number | null;
    }
  | undefined
> {
  const [row] = await selectRows<{
    id: number | string;
    accountNo: string;
    unitPath: string;
    currency: string;
    totalDue: string;
    address: string | null;
    latitude: number | null;
    longitude: number | null;
  }>(
    db,
    sql`select a.id, a.account_no as "accountNo", a.unit_path as "unitPath", a.currency,
        a.total_due_amount::text as "totalDue", ad.address, ad.latitude, ad.longitude
      from accounts a
      left join lateral (
        select concat_ws(', ', d.line1, d.line2, d.line3, d.city, d.pin_code) as address, d.latitude, d.longitude
        from addresses d where d.customer_id = a.customer_id
        order by (d.level = 'PRIMARY') desc, (d.address_type = 'RESIDENCE') desc, (d.latitude is not null) desc, d.id
        limit 1
      ) ad on true
      where a.account_no = ${input.accountNo} and a.unit_path like ${`${input.unitPath}%`}`,
  );
  return row && { ...row, id: Number(row.id), latitude: num(row.latitude), longitude: num(row.longitude) };
}

// ------------------------------------------------------------------------------------------------ work plans

export type PlanRow = {
  id: number;
  userId: number;
  unitPath: string;
  planDate: string;
  startLatitude: number | null;
  startLongitude: number | null;
  version: number;
};

const PLAN_COLUMNS = sql`id, user_id as "userId", unit_path as "unitPath", plan_date::text as "planDate",
  start_latitude as "startLatitude", start_longitude as "startLongitude", version`;

function toPlan(row: Record<string, unknown>): PlanRow {
  return {
    id: Number(row.id),
    userId: Number(row.userId),
    unitPath: String(row.unitPath),
    planDate: String(row.planDate),
    startLatitude: num(row.startLatitude as number | null),
    startLongitude: num(row.startLongitude as number | null),
    version: Number(row.version),
  };
}

export async function findPlan(
  db: Executor,
  input: { userId: number; planDate: string; lock?: boolean },
): Promise<PlanRow | undefined> {
  const [row] = await selectRows<Record<string, unknown>>(
    db,
    sql`select ${PLAN_COLUMNS} from work_plans where user_id = ${input.userId} and plan_date = ${input.planDate}
      ${input.lock ? sql`for update` : sql``}`,
  );
  return row && toPlan(row);
}

export async function findPlanById(db: Executor, id: number, lock = false): Promise<PlanRow | undefined> {
  const [row] = await selectRows<Record<string, unknown>>(
    db,
    sql`select ${PLAN_COLUMNS} from work_plans where id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  return row && toPlan(row);
}

/** The caller's plan for the date, created when missing (a parallel creator's row is taken). */
export async function ensurePlan(
  db: Executor,
  input: { userId: number; unitId: number; unitPath: string; planDate: string; at: Date },
): Promise<PlanRow> {
  await db.execute(
    sql`insert into work_plans (user_id, unit_id, unit_path, plan_date, created_at, updated_at)
      values (${input.userId}, ${input.unitId}, ${input.unitPath}, ${input.planDate}, ${input.at}, ${input.at})
      on conflict (user_id, plan_date) do nothing`,
  );
  const plan = await findPlan(db, { userId: input.userId, planDate: input.planDate, lock: true });
  if (!plan) throw new Error('work plan vanished');
  return plan;
}

/** Bumps the plan's version if it is still `version` (undefined: whatever it is); false when it moved on. */
export async function bumpPlan(
  db: Executor,
  input: { id: number; version?: number; at: Date; start?: { latitude: number; longitude: number } },
): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`update work_plans set version = version + 1, updated_at = ${input.at}
        ${input.start ? sql`, start_latitude = ${input.start.latitude}, start_longitude = ${input.start.longitude}` : sql``}
      where id = ${input.id} ${input.version === undefined ? sql`` : sql`and version = ${input.version}`}
      returning id`,
  );
  return rows.length === 1;
}

export type VisitRow = {
  id: number;
  planId: number;
  accountId: number;
  accountNo: string;
  customerName: string;
  address: string;
  seq: number;
  priority: 'HIGH' | 'MEDIUM' | 'LOW';
  targetMinor: number;
  collectedMinor: number | null;
  currency: string;
  latitude: number | null;
  longitude: number | null;
  status: string;
  remarks: string | null;
  visitedAt: string | null;
  dpd: number;
  version: number;
};

export async function listVisits(db: Executor, planId: number, visitId?: number): Promise<VisitRow[]> {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`select v.id, v.plan_id as "planId", v.account_id as "accountId", a.account_no as "accountNo",
        c.name as "customerName", coalesce(ad.address, '') as address, v.seq, v.priority,
        v.target_minor as "targetMinor", v.collected_minor as "collectedMinor", v.currency, v.latitude, v.longitude,
        v.status, v.remarks, v.visited_at as "visitedAt", a.dpd, v.version
      from work_plan_visits v join accounts a on a.id = v.account_id join customers c on c.id = a.customer_id
      left join lateral (
        select concat_ws(', ', d.line1, d.line3, d.city) as address from addresses d where d.customer_id = a.customer_id
        order by (d.level = 'PRIMARY') desc, (d.address_type = 'RESIDENCE') desc, d.id limit 1
      ) ad on true
      where v.plan_id = ${planId} ${visitId === undefined ? sql`` : sql`and v.id = ${visitId}`}
      order by v.seq, v.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    planId: Number(row.planId),
    accountId: Number(row.accountId),
    accountNo: String(row.accountNo),
    customerName: String(row.customerName),
    address: String(row.address),
    seq: Number(row.seq),
    priority: row.priority as VisitRow['priority'],
    targetMinor: Number(row.targetMinor),
    collectedMinor: num(row.collectedMinor as number | null),
    currency: String(row.currency),
    latitude: num(row.latitude as number | null),
    longitude: num(row.longitude as number | null),
    status: String(row.status),
    remarks: (row.remarks as string | null) ?? null,
    visitedAt: isoTimestampOrNull(row.visitedAt as Date | string | null),
    dpd: Number(row.dpd),
    version: Number(row.version),
  }));
}

/** A visit with its plan's owner (for the owner check), locked. */
export async function findVisitForUpdate(
  db: Executor,
  visitId: number,
): Promise<
  { id: number; planId: number; userId: number; status: string; version: number; currency: string } | undefined
> {
  const [row] = await selectRows<Record<string, unknown>>(
    db,
    sql`select v.id, v.plan_id as "planId", p.user_id as "userId", v.status, v.version, v.currency
      from work_plan_visits v join work_plans p on p.id = v.plan_id where v.id = ${visitId} for update of v`,
  );
  return (
    row && {
      id: Number(row.id),
      planId: Number(row.planId),
      userId: Number(row.userId),
      status: String(row.status),
      version: Number(row.version),
      currency: String(row.currency),
    }
  );
}

export async function insertVisit(
  db: Executor,
  input: {
    planId: number;
    accountId: number;
    priority: string;
    targetMinor: number;
    currency: string;
    latitude: number | null;
    longitude: number | null;
    at: Date;
  },
): Promise<number> {
  const [row] = await selectRows<{ id: number | string }>(
    db,
    sql`insert into work_plan_visits (plan_id, account_id, seq, priority, target_minor, currency, latitude, longitude,
        created_at)
      select ${input.planId}, ${input.accountId}, coalesce(max(seq), 0) + 1, ${input.priority}, ${input.targetMinor},
        ${input.currency}, ${input.latitude}, ${input.longitude}, ${input.at}
      from work_plan_visits where plan_id = ${input.planId}
      on conflict (plan_id, account_id) do nothing
      returning id`,
  );
  return row ? Number(row.id) : 0;
}

export async function deleteVisit(db: Executor, visitId: number): Promise<void> {
  await db.execute(sql`delete from work_plan_visits where id = ${visitId}`);
}

/** Sets the visits' positions to the order given (ids of the plan, first to last). */
export async function setVisitOrder(db: Executor, planId: number, visitIds: readonly number[]): Promise<void> {
  if (visitIds.length === 0) return;
  await db.execute(
    sql`update work_plan_visits v set seq = o.seq
      from unnest(${`{${visitIds.join(',')}}`}::bigint[]) with ordinality as o(id, seq)
      where v.id = o.id and v.plan_id = ${planId}`,
  );
}

export async function updateVisitStatus(
  db: Executor,
  input: {
    id: number;
    version: number;
    status: string;
    collectedMinor: number | null;
    remarks: string | null;
    visitedAt: Date | null;
  },
): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`update work_plan_visits set status = ${input.status}, collected_minor = ${input.collectedMinor},
        remarks = ${input.remarks}, visited_at = ${input.visitedAt}, version = version + 1
      where id = ${input.id} and version = ${input.version} returning id`,
  );
  return rows.length === 1;
}

/** The plans of a subtree for a date, with their progress (team view). */
export async function listTeamPlans(db: Executor, input: { unitPath: string; planDate: string }) {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`select p.id as "planId", p.user_id as "userId", u.full_name as "fullName", un.unit_code as "unitCode",
        count(v.id) as visits, count(v.id) filter (where v.status <> 'PLANNED') as done
      from work_plans p join users u on u.id = p.user_id join units un on un.id = p.unit_id
      left join work_plan_visits v on v.plan_id = p.id
      where p.unit_path like ${`${input.unitPath}%`} and p.plan_date = ${input.planDate}
      group by p.id, u.full_name, un.unit_code order by u.full_name, p.id`,
  );
  // Targets and collections per currency (a plan may hold accounts in more than one): never summed across them.
  const totals = await selectRows<{
    planId: number | string;
    currency: string;
    target: number | string;
    collected: number | string;
  }>(
    db,
    sql`select v.plan_id as "planId", v.currency, sum(v.target_minor) as target,
        coalesce(sum(v.collected_minor), 0) as collected
      from work_plan_visits v join work_plans p on p.id = v.plan_id
      where p.unit_path like ${`${input.unitPath}%`} and p.plan_date = ${input.planDate}
      group by 1, 2 order by 1, 2`,
  );
  return rows.map((row) => ({
    planId: Number(row.planId),
    userId: Number(row.userId),
    fullName: String(row.fullName),
    unitCode: String(row.unitCode),
    visits: Number(row.visits),
    done: Number(row.done),
    totals: totals
      .filter((total) => Number(total.planId) === Number(row.planId))
      .map((total) => ({
        currency: total.currency,
        targetMinor: Number(total.target),
        collectedMinor: Number(total.collected),
      })),
  }));
}

export async function findUserName(db: Executor, userId: number): Promise<string | undefined> {
  const [row] = await selectRows<{ fullName: string }>(
    db,
    sql`select full_name as "fullName" from users where id = ${userId}`,
  );
  return row?.fullName;
}

// ------------------------------------------------------------------------------------------------ PVR cases

/** The account's secured property (its PROPERTY collateral), with a place: the collateral's, else the residence. */
export async function findPropertyOf(db: Executor, accountId: number) {
  const [row] = await selectRows<Record<string, unknown>>(
    db,
    sql`select co.id, coalesce(co.property_address, ad.address) as address,
        coalesce(co.latitude, ad.latitude) as latitude, coalesce(co.longitude, ad.longitude) as longitude
      from collaterals co join accounts a on a.id = co.account_id
      left join lateral (
        select concat_ws(', ', d.line1, d.line2, d.line3, d.city, d.state, d.pin_code) as address, d.latitude, d.longitude
        from addresses d where d.customer_id = a.customer_id
        order by (d.address_type = 'RESIDENCE') desc, (d.level = 'PRIMARY') desc, d.id limit 1
      ) ad on true
      where co.account_id = ${accountId} and co.collateral_type = 'PROPERTY' order by co.id limit 1`,
  );
  return (
    row && {
      id: Number(row.id),
      address: (row.address as string | null) ?? 'Address not on record',
      latitude: num(row.latitude as number | null),
      longitude: num(row.longitude as number | null),
    }
  );
}

export async function hasOpenPvrCase(db: Executor, accountId: number): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select id from pvr_cases where account_id = ${accountId} and status <> 'APPROVED' limit 1`,
  );
  return rows.length > 0;
}

export async function insertPvrCase(
  db: Executor,
  input: {
    accountId: number;
    collateralId: number;
    unitPath: string;
    propertyAddress: string;
    latitude: number | null;
    longitude: number | null;
    reason: string;
    openedBy: number;
    at: Date;
  },
): Promise<{ id: number; caseNo: string }> {
  const [seq] = await selectRows<{ id: number | string }>(
    db,
    sql`select nextval(pg_get_serial_sequence('pvr_cases', 'id')) as id`,
  );
  const id = Number(seq!.id);
  const caseNo = `PVR-${String(id).padStart(6, '0')}`;
  await db.execute(
    sql`insert into pvr_cases (id, case_no, account_id, collateral_id, unit_path, status, property_address, latitude,
        longitude, reason, opened_by, opened_at, created_at)
      values (${id}, ${caseNo}, ${input.accountId}, ${input.collateralId}, ${input.unitPath}, 'INITIATED',
        ${input.propertyAddress}, ${input.latitude}, ${input.longitude}, ${input.reason}, ${input.openedBy},
        ${input.at}, ${input.at})`,
  );
  return { id, caseNo };
}

export async function insertPvrEvent(
  db: Executor,
  input: { caseId: number; action: string; actorUserId: number; remarks: string | null; at: Date },
): Promise<void> {
  await db.execute(
    sql`insert into pvr_case_events (case_id, action, actor_user_id, remarks, at)
      values (${input.caseId}, ${input.action}, ${input.actorUserId}, ${input.remarks}, ${input.at})`,
  );
}

export type PvrCaseState = {
  id: number;
  caseNo: string;
  accountId: number;
  unitPath: string;
  status: string;
  assigneeUserId: number | null;
  assigneeAgencyId: number | null;
  capturedBy: number | null;
  latitude: number | null;
  longitude: number | null;
  version: number;
};

/** A case of the subtree (undefined: none, or outside it), optionally locked. */
export async function findPvrCase(
  db: Executor,
  input: { id: number; unitPath: string; lock?: boolean },
): Promise<PvrCaseState | undefined> {
  const [row] = await selectRows<Record<string, unknown>>(
    db,
    sql`select id, case_no as "caseNo", account_id as "accountId", unit_path as "unitPath", status,
        assignee_user_id as "assigneeUserId", assignee_agency_id as "assigneeAgencyId", captured_by as "capturedBy",
        latitude, longitude, version
      from pvr_cases where id = ${input.id} and unit_path like ${`${input.unitPath}%`}
      ${input.lock ? sql`for update` : sql``}`,
  );
  return (
    row && {
      id: Number(row.id),
      caseNo: String(row.caseNo),
      accountId: Number(row.accountId),
      unitPath: String(row.unitPath),
      status: String(row.status),
      assigneeUserId: num(row.assigneeUserId as number | null),
      assigneeAgencyId: num(row.assigneeAgencyId as number | null),
      capturedBy: num(row.capturedBy as number | null),
      latitude: num(row.latitude as number | null),
      longitude: num(row.longitude as number | null),
      version: Number(row.version),
    }
  );
}

/** Applies `set` to the case when it is still at `version` and in one of `from`; false otherwise. */
export async function updatePvrCase(
  db: Executor,
  input: { id: number; version: number; from: readonly string[]; set: SQL },
): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`update pvr_cases set ${input.set}, version = version + 1
      where id = ${input.id} and version = ${input.version}
        and status in (${sql.join(
          input.from.map((status) => sql`${status}`),
          sql`, `,
        )})
      returning id`,
  );
  return rows.length === 1;
}

const PVR_ROW_COLUMNS = sql`p.id, p.case_no as "caseNo", p.account_id as "accountId", a.account_no as "accountNo",
  c.name as "customerName", a.product, a.dpd, p.property_address as "propertyAddress", p.status,
  coalesce(au.full_name, ag.name) as assignee, p.due_date::text as "dueDate", p.opened_at as "openedAt",
  p.latitude, p.longitude, p.version`;
const PVR_FROM = sql`pvr_cases p join accounts a on a.id = p.account_id join customers c on c.id = a.customer_id
  left join users au on au.id = p.assignee_user_id left join agencies ag on ag.id = p.assignee_agency_id`;

function toPvrRow(row: Record<string, unknown>) {
  return {
    id: Number(row.id),
    caseNo: String(row.caseNo),
    accountId: Number(row.accountId),
    accountNo: String(row.accountNo),
    customerName: String(row.customerName),
    product: String(row.product),
    dpd: Number(row.dpd),
    propertyAddress: String(row.propertyAddress),
    status: row.status as PvrStatus,
    assignee: (row.assignee as string | null) ?? null,
    dueDate: (row.dueDate as string | null) ?? null,
    openedAt: isoTimestamp(row.openedAt as Date | string),
    latitude: num(row.latitude as number | null),
    longitude: num(row.longitude as number | null),
    version: Number(row.version),
  };
}

export const PVR_PAGE_SIZE = 25;

export async function listPvrCases(
  db: Executor,
  input: { unitPath: string; status: string | undefined; page: number },
) {
  const scope = sql`p.unit_path like ${`${input.unitPath}%`}`;
  const where = input.status ? sql`${scope} and p.status = ${input.status}` : scope;
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`select ${PVR_ROW_COLUMNS} from ${PVR_FROM} where ${where}
      order by case p.status when 'SENT_BACK' then 0 when 'INITIATED' then 1 when 'DELEGATED' then 2
        when 'CAPTURED' then 3 else 4 end, p.id desc
      limit ${PVR_PAGE_SIZE} offset ${(input.page - 1) * PVR_PAGE_SIZE}`,
  );
  const counts = await selectRows<{ status: string; total: number | string }>(
    db,
    sql`select p.status, count(*) as total from pvr_cases p where ${scope} group by p.status`,
  );
  const countMap: Record<string, number> = {};
  for (const row of counts) countMap[row.status] = Number(row.total);
  const total = input.status ? (countMap[input.status] ?? 0) : Object.values(countMap).reduce((a, b) => a + b, 0);
  return { rows: rows.map(toPvrRow), total, counts: countMap, pageSize: PVR_PAGE_SIZE };
}

export async function readPvrCaseDetail(db: Executor, input: { id: number; unitPath: string }) {
  const [row] = await selectRows<Record<string, unknown>>(
    db,
    sql`select ${PVR_ROW_COLUMNS}, p.reason, co.description as collateral, co.value::text as "collateralValue",
        co.currency, ob.full_name as "openedBy",
        case when p.assignee_user_id is not null then 'USER' when p.assignee_agency_id is not null then 'AGENCY' end
          as "assigneeKind",
        p.assignee_user_id as "assigneeUserId", p.captured_by as "capturedById",
        p.visited_at as "visitedAt", p.visit_latitude as "visitLatitude", p.visit_longitude as "visitLongitude",
        p.occupancy, p.condition, p.person_met as "personMet", p.visit_remarks as "visitRemarks",
        cb.full_name as "capturedBy", rb.full_name as "reviewedBy", p.reviewed_at as "reviewedAt",
        p.review_remarks as "reviewRemarks"
      from ${PVR_FROM} join collaterals co on co.id = p.collateral_id join users ob on ob.id = p.opened_by
      left join users cb on cb.id = p.captured_by left join users rb on rb.id = p.reviewed_by
      where p.id = ${input.id} and p.unit_path like ${`${input.unitPath}%`}`,
  );
  if (!row) return undefined;
  const photos = await selectRows<{ id: number | string; fileName: string; mimeType: string }>(
    db,
    sql`select d.id, d.file_name as "fileName", d.mime_type as "mimeType"
      from pvr_case_photos ph join documents d on d.id = ph.document_id where ph.case_id = ${input.id} order by d.id`,
  );
  const events = await selectRows<{ action: string; actor: string; remarks: string | null; at: Date | string }>(
    db,
    sql`select e.action, u.full_name as actor, e.remarks, e.at from pvr_case_events e join users u on u.id = e.actor_user_id
      where e.case_id = ${input.id} order by e.id`,
  );
  return {
    row,
    base: toPvrRow(row),
    photos: photos.map((photo) => ({ ...photo, id: Number(photo.id) })),
    events: events.map((event) => ({ ...event, at: isoTimestamp(event.at) })),
  };
}

export async function countPhotos(db: Executor, caseId: number): Promise<number> {
  const [row] = await selectRows<{ total: number | string }>(
    db,
    sql`select count(*) as total from pvr_case_photos where case_id = ${caseId}`,
  );
  return Number(row?.total ?? 0);
}

export async function linkPhoto(db: Executor, input: { caseId: number; documentId: number; at: Date }): Promise<void> {
  await db.execute(
    sql`insert into pvr_case_photos (case_id, document_id, created_at) values (${input.caseId}, ${input.documentId}, ${input.at})`,
  );
}

export async function findPhoto(db: Executor, input: { caseId: number; documentId: number }) {
  const [row] = await selectRows<{
    fileName: string;
    mimeType: string;
    storage: string;
    content: Uint8Array | null;
    storagePath: string | null;
    sha256: string | null;
  }>(
    db,
    sql`select d.file_name as "fileName", d.mime_type as "mimeType", d.storage, d.content,
        d.storage_path as "storagePath", d.sha256
      from pvr_case_photos ph join documents d on d.id = ph.document_id
      where ph.case_id = ${input.caseId} and ph.document_id = ${input.documentId}`,
  );
  return row;
}

/**
 * Field staff (holding INIT_PVR_TRAY_SAUTH in the subtree) and agencies of the subtree or empanelled above it (a
 * zone's agency serves its regions and branches), with their open cases.
 */
export async function listDelegates(db: Executor, unitPath: string) {
  const users = await selectRows<Record<string, unknown>>(
    db,
    sql`select u.id, u.full_name as "fullName", min(un.unit_code) as "unitCode",
        (select count(*) from pvr_cases p where p.assignee_user_id = u.id and p.status in ('DELEGATED', 'SENT_BACK'))
          as open
      from users u join user_authorities ua on ua.user_id = u.id join units un on un.id = ua.unit_id
      where u.is_active and ua.app_code = 'collapp' and ua.system_auth = 'INIT_PVR_TRAY_SAUTH'
        and un.path like ${`${unitPath}%`}
      group by u.id, u.full_name order by u.full_name, u.id`,
  );
  const agencies = await selectRows<Record<string, unknown>>(
    db,
    sql`select ag.id, ag.name, ag.code,
        (select count(*) from pvr_cases p where p.assignee_agency_id = ag.id and p.status in ('DELEGATED', 'SENT_BACK'))
          as open
      from agencies ag join units un on un.id = ag.unit_id
      where ag.is_active and (un.path like ${`${unitPath}%`} or ${unitPath} like un.path || '%')
      order by ag.name, ag.id`,
  );
  return {
    users: users.map((row) => ({
      id: Number(row.id),
      fullName: String(row.fullName),
      unitCode: String(row.unitCode),
      open: Number(row.open),
    })),
    agencies: agencies.map((row) => ({
      id: Number(row.id),
      name: String(row.name),
      code: String(row.code),
      open: Number(row.open),
    })),
  };
}

/** Density cells of a layer: counts per grid cell of `cellDeg` degrees (cell centres). */
export async function heatCells(
  db: Executor,
  input: { unitPath: string; layer: 'visits' | 'awaiting'; from: string; to: string; cellDeg: number },
) {
  const scope = `${input.unitPath}%`;
  const points =
    input.layer === 'awaiting'
      ? sql`select p.latitude as lat, p.longitude as lon from pvr_cases p
            where p.unit_path like ${scope} and p.status in ('INITIATED', 'DELEGATED', 'SENT_BACK')
          union all
          select v.latitude, v.longitude from work_plan_visits v join work_plans w on w.id = v.plan_id
            where w.unit_path like ${scope} and v.status = 'PLANNED' and w.plan_date between ${input.from} and ${input.to}`
      : sql`select p.visit_latitude as lat, p.visit_longitude as lon from pvr_cases p
            where p.unit_path like ${scope} and p.visited_at is not null
              and (p.visited_at at time zone 'Asia/Kolkata')::date between ${input.from} and ${input.to}
          union all
          select v.latitude, v.longitude from work_plan_visits v join work_plans w on w.id = v.plan_id
            where w.unit_path like ${scope} and v.status <> 'PLANNED' and w.plan_date between ${input.from} and ${input.to}`;
  const cells = await selectRows<{ lat: number | string; lon: number | string; count: number | string }>(
    db,
    sql`select (floor(lat / ${input.cellDeg}) + 0.5) * ${input.cellDeg} as lat,
        (floor(lon / ${input.cellDeg}) + 0.5) * ${input.cellDeg} as lon, count(*) as count
      from (${points}) pts where lat is not null and lon is not null group by 1, 2 order by 3 desc, 1, 2 limit 2000`,
  );
  const [unplaced] = await selectRows<{ total: number | string }>(
    db,
    sql`select count(*) as total from (${points}) pts where lat is null or lon is null`,
  );
  return {
    cells: cells.map((cell) => ({
      latitude: Math.round(Number(cell.lat) * 1e6) / 1e6,
      longitude: Math.round(Number(cell.lon) * 1e6) / 1e6,
      count: Number(cell.count),
    })),
    unplaced: Number(unplaced?.total ?? 0),
  };
}
