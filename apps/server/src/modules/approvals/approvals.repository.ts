import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { approvalEvents, approvalLimits, approvalRequests } from '@recovery-desk/db/approvals-schema.ts';
import { units, userAuthorities, users } from '@recovery-desk/db/schema.ts';
import type { UnitLevel } from '@recovery-desk/domain/units.ts';
import type { ApprovalStatus, ApprovalStep } from '@recovery-desk/domain/approvals/flow.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import type { ApprovalHandler } from './approval-handler.ts';

export type ApprovalRecord = {
  id: number;
  flowCode: string;
  subjectType: string;
  subjectId: number;
  unitPath: string;
  makerUserId: number | null;
  status: ApprovalStatus;
  level: number;
  decision: string | null;
  checkerUserIds: number[];
  amount: string | null;
  currency: string | null;
  payload: Record<string, unknown>;
  remarks: string | null;
  version: number;
  createdAt: Date;
  decidedAt: Date | null;
};

const columns = {
  id: approvalRequests.id,
  flowCode: approvalRequests.flowCode,
  subjectType: approvalRequests.subjectType,
  subjectId: approvalRequests.subjectId,
  unitPath: approvalRequests.unitPath,
  makerUserId: approvalRequests.makerUserId,
  status: approvalRequests.status,
  level: approvalRequests.level,
  decision: approvalRequests.decision,
  checkerUserIds: approvalRequests.checkerUserIds,
  amount: approvalRequests.amount,
  currency: approvalRequests.currency,
  payload: approvalRequests.payload,
  remarks: approvalRequests.remarks,
  version: approvalRequests.version,
  createdAt: approvalRequests.createdAt,
  decidedAt: approvalRequests.decidedAt,
};

function record(row: Record<string, unknown>): ApprovalRecord {
  return row as ApprovalRecord;
}

/** The version a checker confirms: the flow's subject row's when it declares one, else the request's own. */
function currentVersion(handler: ApprovalHandler<never>): SQL<number> {
  const subject = handler.subjectVersion;
  if (!subject) return sql<number>`${approvalRequests.version}`;
  return sql<number>`(select ${subject.version} from ${subject.table} where ${subject.id} = ${approvalRequests.subjectId})`;
}

export async function insertRequest(
  db: Executor,
  values: typeof approvalRequests.$inferInsert,
): Promise<ApprovalRecord> {
  const [row] = await db.insert(approvalRequests).values(values).returning(columns);
  if (!row) throw new Error('approval_requests insert returned nothing');
  return record(row);
}

export async function insertEvent(db: Executor, values: typeof approvalEvents.$inferInsert): Promise<void> {
  await db.insert(approvalEvents).values(values);
}

/**
 * A request of the flow in the subtree of `unitPath` — by its id, or the latest one of a subject — with the version
 * its checker confirms. A request outside the subtree is not returned (the caller answers 404).
 */
export async function findRequestInScope(
  db: Executor,
  handler: ApprovalHandler<never>,
  input: { by: { id: number } | { subjectId: number }; unitPath: string },
): Promise<(ApprovalRecord & { currentVersion: number }) | undefined> {
  const key =
    'id' in input.by
      ? eq(approvalRequests.id, input.by.id)
      : and(eq(approvalRequests.subjectId, input.by.subjectId), eq(approvalRequests.subjectType, handler.flow.subject));
  const [row] = await db
    .select({ ...columns, currentVersion: currentVersion(handler) })
    .from(approvalRequests)
    .where(
      and(
        key,
        eq(approvalRequests.flowCode, handler.flow.code),
        sql`${approvalRequests.unitPath} like ${likePrefix(input.unitPath)}`,
      ),
    )
    .orderBy(desc(approvalRequests.id))
    .limit(1);
  return row ? { ...record(row), currentVersion: Number(row.currentVersion) } : undefined;
}

/**
 * Locks the flow's subject row (when its version is the one checked) for the rest of the transaction, so no other
 * change of that row (a PTP referred, resolved at day start) slips between the version check and the effect.
 */
export async function lockSubjectRow(db: Executor, handler: ApprovalHandler<never>, subjectId: number): Promise<void> {
  const subject = handler.subjectVersion;
  if (!subject) return;
  await db.execute(sql`select 1 from ${subject.table} where ${subject.id} = ${subjectId} for update`);
}

export type Transition = {
  id: number;
  /** what the request must still be for the step to apply */
  from: { status: ApprovalStatus; level: number; version: number };
  /** the checker (or maker, for a resubmit) */
  actorUserId: number;
  /** a checker's step: the maker and the checkers of lower levels are refused by the same statement */
  asChecker: boolean;
  /** a resubmit: only the maker */
  asMaker: boolean;
  to: {
    status: ApprovalStatus;
    level: number;
    decision: string | null;
    /** append the actor to the checkers of lower levels (a forward), or clear them (a reopen) */
    checkers: 'append' | 'clear' | 'keep';
    decided: boolean;
    remarks: string | null;
    amount?: string;
    payload?: Record<string, unknown>;
    /** a resubmit whose new terms involve other units (a user change's units): the request's new scope */
    unitPath?: string;
  };
  at: Date;
};

/**
 * THE decision: one conditional UPDATE — still in the status and at the level read, at the version the actor saw,
 * and (for a checker) not the maker's own request nor one they approved at a lower level. Of N parallel decisions
 * exactly one gets the row back; the others get undefined.
 */
export async function transitionIfCurrent(
  db: Executor,
  handler: ApprovalHandler<never>,
  step: Transition,
): Promise<ApprovalRecord | undefined> {
  const actor = step.actorUserId;
  const [row] = await db
    .update(approvalRequests)
    .set({
      status: step.to.status,
      level: step.to.level,
      decision: step.to.decision,
      checkerUserIds:
        step.to.checkers === 'append'
          ? sql`array_append(${approvalRequests.checkerUserIds}, ${actor}::int)`
          : step.to.checkers === 'clear'
            ? sql`'{}'::integer[]`
            : sql`${approvalRequests.checkerUserIds}`,
      ...(step.asChecker ? { lastCheckerUserId: actor } : {}),
      decidedAt: step.to.decided ? step.at : null,
      remarks: step.to.remarks,
      ...(step.to.amount === undefined ? {} : { amount: step.to.amount }),
      ...(step.to.payload === undefined ? {} : { payload: step.to.payload }),
      ...(step.to.unitPath === undefined ? {} : { unitPath: step.to.unitPath }),
      version: sql`${approvalRequests.version} + 1`,
      updatedAt: step.at,
    })
    .where(
      and(
        eq(approvalRequests.id, step.id),
        eq(approvalRequests.status, step.from.status),
        eq(approvalRequests.level, step.from.level),
        sql`${currentVersion(handler)} = ${step.from.version}`,
        step.asChecker
          ? and(
              sql`${approvalRequests.makerUserId} is distinct from ${actor}::int`,
              sql`not (${actor}::int = any(${approvalRequests.checkerUserIds}))`,
            )
          : undefined,
        step.asMaker ? eq(approvalRequests.makerUserId, actor) : undefined,
      ),
    )
    .returning(columns);
  return row ? record(row) : undefined;
}

/** Ends the open requests of these subjects without a decision; returns them. */
export async function withdrawOpenRequests(
  db: Executor,
  input: { flowCode: string; subjectType: string; subjectIds: readonly number[]; remarks: string; at: Date },
): Promise<ApprovalRecord[]> {
  if (input.subjectIds.length === 0) return [];
  const rows = await db
    .update(approvalRequests)
    .set({
      status: 'WITHDRAWN',
      remarks: input.remarks,
      decidedAt: input.at,
      version: sql`${approvalRequests.version} + 1`,
      updatedAt: input.at,
    })
    .where(
      and(
        eq(approvalRequests.flowCode, input.flowCode),
        eq(approvalRequests.subjectType, input.subjectType),
        inArray(approvalRequests.subjectId, [...input.subjectIds]),
        inArray(approvalRequests.status, ['PENDING', 'PUSHBACK']),
      ),
    )
    .returning(columns);
  return rows.map(record);
}

/** Whether the user holds the authority for the app in the unit. */
export async function holdsAuthority(
  db: Executor,
  input: { userId: number; unitId: number; app: string; authorities: readonly string[] },
): Promise<boolean> {
  const rows = await db
    .select({ systemAuth: userAuthorities.systemAuth })
    .from(userAuthorities)
    .where(
      and(
        eq(userAuthorities.userId, input.userId),
        eq(userAuthorities.unitId, input.unitId),
        eq(userAuthorities.appCode, input.app),
        inArray(userAuthorities.systemAuth, [...input.authorities]),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The organisational level of a unit (HO, ZONE, REGION, BRANCH). */
export async function actingUnitLevel(db: Executor, unitId: number): Promise<UnitLevel | undefined> {
  const [row] = await db.select({ level: units.level }).from(units).where(eq(units.id, unitId));
  return row?.level as UnitLevel | undefined;
}

/** The user's delegation limits for an authority in a unit (none: no limit). */
export async function listLimits(
  db: Executor,
  input: { userId: number; unitId: number; authority: string },
): Promise<{ currency: string; maxAmount: string }[]> {
  return db
    .select({ currency: approvalLimits.currency, maxAmount: approvalLimits.maxAmount })
    .from(approvalLimits)
    .where(
      and(
        eq(approvalLimits.userId, input.userId),
        eq(approvalLimits.unitId, input.unitId),
        eq(approvalLimits.authority, input.authority),
      ),
    );
}

export type ApprovalEventRecord = {
  action: ApprovalStep;
  decision: string | null;
  fromStatus: ApprovalStatus | null;
  toStatus: ApprovalStatus;
  fromLevel: number | null;
  toLevel: number;
  actorUserId: number | null;
  actorName: string | null;
  remarks: string | null;
  effects: Record<string, unknown>;
  requestVersion: number;
  at: Date;
};

/** The history of a request, oldest first. */
export async function listEvents(db: Executor, requestId: number): Promise<ApprovalEventRecord[]> {
  const rows = await db
    .select({
      action: approvalEvents.action,
      decision: approvalEvents.decision,
      fromStatus: approvalEvents.fromStatus,
      toStatus: approvalEvents.toStatus,
      fromLevel: approvalEvents.fromLevel,
      toLevel: approvalEvents.toLevel,
      actorUserId: approvalEvents.actorUserId,
      actorName: users.fullName,
      remarks: approvalEvents.remarks,
      effects: approvalEvents.effects,
      requestVersion: approvalEvents.requestVersion,
      at: approvalEvents.createdAt,
    })
    .from(approvalEvents)
    .leftJoin(users, eq(users.id, approvalEvents.actorUserId))
    .where(eq(approvalEvents.requestId, requestId))
    .orderBy(asc(approvalEvents.id));
  return rows as ApprovalEventRecord[];
}

const TAB_STATUS = { pending: 'PENDING', approved: 'APPROVED', rejected: 'REJECTED', pushback: 'PUSHBACK' } as const;

/**
 * A page of a flow's requests in the subtree (or made by `makerUserId`), newest first, with the count of the tab
 * and of every tab in one statement. Page-numbered: requests per flow and unit are few.
 */
export async function listRequests(
  db: Executor,
  input: {
    flowCode: string;
    unitPath: string;
    makerUserId: number | null;
    tab: keyof typeof TAB_STATUS;
    page: number;
    pageSize: number;
  },
): Promise<{
  rows: (ApprovalRecord & { makerName: string | null })[];
  tabCounts: Record<keyof typeof TAB_STATUS, number>;
}> {
  const scope = and(
    eq(approvalRequests.flowCode, input.flowCode),
    sql`${approvalRequests.unitPath} like ${likePrefix(input.unitPath)}`,
    input.makerUserId === null ? undefined : eq(approvalRequests.makerUserId, input.makerUserId),
  );
  const rows = await db
    .select({ ...columns, makerName: users.fullName })
    .from(approvalRequests)
    .leftJoin(users, eq(users.id, approvalRequests.makerUserId))
    .where(and(scope, eq(approvalRequests.status, TAB_STATUS[input.tab])))
    .orderBy(desc(approvalRequests.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const counts = await db
    .select({ status: approvalRequests.status, n: sql<number>`count(*)::int` })
    .from(approvalRequests)
    .where(scope)
    .groupBy(approvalRequests.status);
  const countOf = (status: string) => Number(counts.find((row) => row.status === status)?.n ?? 0);
  return {
    rows: rows.map((row) => ({ ...record(row), makerName: row.makerName })),
    tabCounts: {
      pending: countOf('PENDING'),
      approved: countOf('APPROVED'),
      rejected: countOf('REJECTED'),
      pushback: countOf('PUSHBACK'),
    },
  };
}
