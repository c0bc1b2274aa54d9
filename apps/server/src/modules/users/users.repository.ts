import { and, eq, inArray, sql } from 'drizzle-orm';
import { units, userAuthorities, userUnits, users } from '@recovery-desk/db/schema.ts';
import type { ApprovalStatus } from '@recovery-desk/domain/approvals/flow.ts';
import type {
  UserChangeAction,
  UserDetails,
  UserRow,
  UserSnapshot,
  UserStatus,
} from '@recovery-desk/domain/users/contracts.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import { selectRows } from '../../db/sql-rows.ts';
import type { Executor } from '../../db/transaction.ts';

/** Rows per page of the users list. */
export const PAGE_SIZE = 25;

export { unitsInSubtree, type UnitInfo } from '../organisation/index.ts';
import type { UnitInfo } from '../organisation/index.ts';

/** The deepest unit path that is a prefix of every path ('/1/4/9/' and '/1/4/12/' → '/1/4/'). */
export function commonPath(paths: readonly string[]): string {
  if (paths.length === 0) return '/';
  const split = paths.map((path) => path.split('/').filter(Boolean));
  const common: string[] = [];
  for (let index = 0; index < split[0]!.length; index += 1) {
    const segment = split[0]![index];
    if (split.every((parts) => parts[index] === segment)) common.push(segment!);
    else break;
  }
  return common.length === 0 ? '/' : `/${common.join('/')}/`;
}

export async function unitsByIds(db: Executor, ids: readonly number[]): Promise<UnitInfo[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: units.id, code: units.unitCode, name: units.name, level: units.level, path: units.path })
    .from(units)
    .where(and(inArray(units.id, [...new Set(ids)]), eq(units.isActive, true)));
}

/** A user as a request records it, with the paths of their units (undefined: no such user). */
export async function readUserSnapshot(
  db: Executor,
  userId: number,
): Promise<{ snapshot: UserSnapshot; unitPaths: string[] } | undefined> {
  const [user] = await db
    .select({
      username: users.username,
      fullName: users.fullName,
      email: users.email,
      mobile: users.mobile,
      isActive: users.isActive,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return undefined;
  const memberships = await db
    .select({ id: units.id, code: units.unitCode, name: units.name, path: units.path })
    .from(userUnits)
    .innerJoin(units, eq(units.id, userUnits.unitId))
    .where(eq(userUnits.userId, userId))
    .orderBy(units.path);
  const grants = await db
    .select({
      unitId: userAuthorities.unitId,
      unitCode: units.unitCode,
      app: userAuthorities.appCode,
      systemAuth: userAuthorities.systemAuth,
      tabs: userAuthorities.tabs,
    })
    .from(userAuthorities)
    .innerJoin(units, eq(units.id, userAuthorities.unitId))
    .where(eq(userAuthorities.userId, userId))
    .orderBy(units.path, userAuthorities.appCode, userAuthorities.systemAuth);
  return {
    snapshot: {
      ...user,
      units: memberships.map(({ id, code, name }) => ({ id, code, name })),
      authorities: grants.map((grant) => ({
        ...grant,
        app: grant.app as UserSnapshot['authorities'][number]['app'],
        tabs: grant.tabs ?? [],
      })),
    },
    unitPaths: memberships.map((unit) => unit.path),
  };
}

/** The id the next user will have (drawn now: a rejected creation leaves a gap, never a reused id). */
export async function drawUserId(db: Executor): Promise<number> {
  const [row] = await selectRows<{ id: number | string }>(
    db,
    sql`select nextval(pg_get_serial_sequence('users', 'id')) as id`,
  );
  return Number(row!.id);
}

/** Whether a username or e-mail is taken by a user, or by a new user that an open request proposes. */
export async function identityTaken(
  db: Executor,
  input: { field: 'username' | 'email'; value: string; exceptUserId?: number },
): Promise<boolean> {
  const column = input.field === 'username' ? users.username : users.email;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${column}) = lower(${input.value})`,
        input.exceptUserId === undefined ? undefined : sql`${users.id} <> ${input.exceptUserId}`,
      ),
    )
    .limit(1);
  if (user) return true;
  const [open] = await selectRows<{ id: number | string }>(
    db,
    sql`select id from approval_requests where flow_code = 'USER_CHANGE' and status in ('PENDING', 'PUSHBACK')
      and lower(payload->'after'->>${input.field}) = lower(${input.value})
      ${input.exceptUserId === undefined ? sql`` : sql`and subject_id <> ${input.exceptUserId}`} limit 1`,
  );
  return Boolean(open);
}

/** Whether the checker holds the authority for the app in the unit or a unit above it (four eyes on grants). */
export async function holdsGrantOver(
  db: Executor,
  input: { userId: number; unitId: number; app: string; systemAuth: string },
): Promise<boolean> {
  const rows = await selectRows<{ one: number }>(
    db,
    sql`select 1 as one from user_authorities ua
      join user_units uu on uu.user_id = ua.user_id and uu.unit_id = ua.unit_id
      join units held on held.id = ua.unit_id
      join units granted on granted.id = ${input.unitId}
      where ua.user_id = ${input.userId} and ua.app_code = ${input.app} and ua.system_auth = ${input.systemAuth}
        and granted.path like held.path || '%' limit 1`,
  );
  return rows.length > 0;
}

/** Writes a user's details, units and authority entries as the snapshot says (inside the decision's transaction). */
export async function writeUser(
  tx: Executor,
  input: { userId: number; snapshot: UserSnapshot; create?: { passwordHash: string } },
): Promise<void> {
  const { userId, snapshot } = input;
  if (input.create) {
    await tx.insert(users).values({
      id: userId,
      username: snapshot.username,
      email: snapshot.email,
      fullName: snapshot.fullName,
      mobile: snapshot.mobile,
      passwordHash: input.create.passwordHash,
      isActive: snapshot.isActive,
    });
  } else {
    await tx
      .update(users)
      .set({ email: snapshot.email, fullName: snapshot.fullName, mobile: snapshot.mobile, isActive: snapshot.isActive })
      .where(eq(users.id, userId));
    await tx.delete(userAuthorities).where(eq(userAuthorities.userId, userId));
    await tx.delete(userUnits).where(eq(userUnits.userId, userId));
  }
  if (snapshot.units.length > 0) {
    await tx.insert(userUnits).values(snapshot.units.map((unit) => ({ userId, unitId: unit.id })));
  }
  if (snapshot.authorities.length > 0) {
    await tx.insert(userAuthorities).values(
      snapshot.authorities.map((grant) => ({
        userId,
        unitId: grant.unitId,
        appCode: grant.app,
        systemAuth: grant.systemAuth,
        tabs: grant.tabs,
      })),
    );
  }
}

/** Sets a user's active flag. */
export async function setUserActive(tx: Executor, userId: number, isActive: boolean): Promise<void> {
  await tx.update(users).set({ isActive }).where(eq(users.id, userId));
}

/**
 * The users of a subtree (every unit of theirs in it), filtered by name / username / e-mail, unit and status,
 * by username, one page; with each user's open USER_CHANGE request.
 */
export async function listUsers(
  db: Executor,
  input: {
    path: string;
    search?: string | undefined;
    unitId?: number | undefined;
    status?: UserStatus | undefined;
    page: number;
  },
): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = input.search ? `%${input.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
  const where = sql`exists (select 1 from user_units uu join units un on un.id = uu.unit_id
        where uu.user_id = u.id and un.path like ${likePrefix(input.path)})
      and not exists (select 1 from user_units uu join units un on un.id = uu.unit_id
        where uu.user_id = u.id and un.path not like ${likePrefix(input.path)})
      ${pattern ? sql`and (u.username ilike ${pattern} or u.full_name ilike ${pattern} or u.email ilike ${pattern})` : sql``}
      ${input.unitId ? sql`and exists (select 1 from user_units uf where uf.user_id = u.id and uf.unit_id = ${input.unitId})` : sql``}
      ${input.status ? sql`and u.is_active = ${input.status === 'ACTIVE'}` : sql``}`;
  const rows = await selectRows<{
    id: number | string;
    username: string;
    fullName: string;
    email: string;
    mobile: string | null;
    isActive: boolean;
    units: string[] | null;
    openRequestId: number | string | null;
  }>(
    db,
    sql`select u.id, u.username, u.full_name as "fullName", u.email, u.mobile, u.is_active as "isActive",
        array(select un.unit_code from user_units uu join units un on un.id = uu.unit_id where uu.user_id = u.id
          order by un.path) as units,
        (select r.id from approval_requests r where r.flow_code = 'USER_CHANGE' and r.subject_type = 'USER'
          and r.subject_id = u.id and r.status in ('PENDING', 'PUSHBACK') limit 1) as "openRequestId"
      from users u where ${where}
      order by lower(u.username) limit ${PAGE_SIZE} offset ${(input.page - 1) * PAGE_SIZE}`,
  );
  const [count] = await selectRows<{ total: number | string }>(
    db,
    sql`select count(*) as total from users u where ${where}`,
  );
  return {
    rows: rows.map((row) => ({
      ...row,
      id: Number(row.id),
      units: row.units ?? [],
      openRequestId: row.openRequestId === null ? null : Number(row.openRequestId),
    })),
    total: Number(count?.total ?? 0),
  };
}

/** The open USER_CHANGE request of a user (or of a new user's reserved id), if any. */
export async function openRequestOf(
  db: Executor,
  subjectId: number,
): Promise<{ id: number; unitPath: string } | undefined> {
  const [row] = await selectRows<{ id: number | string; unitPath: string }>(
    db,
    sql`select id, unit_path as "unitPath" from approval_requests where flow_code = 'USER_CHANGE'
      and subject_type = 'USER' and subject_id = ${subjectId} order by id desc limit 1`,
  );
  return row && { id: Number(row.id), unitPath: row.unitPath };
}

/** Usernames and names of users, for the approval lists. */
export async function userLabels(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username, fullName: users.fullName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, `${row.username} · ${row.fullName}`]));
}

/** A user's details in the shape an edit request takes (the demo's requests start from them). */
export async function readUserDetails(db: Executor, userId: number): Promise<UserDetails | undefined> {
  const user = await readUserSnapshot(db, userId);
  if (!user) return undefined;
  const { snapshot } = user;
  return {
    fullName: snapshot.fullName,
    email: snapshot.email,
    mobile: snapshot.mobile,
    units: snapshot.units.map((unit) => unit.id),
    authorities: snapshot.authorities.map((grant) => ({
      unitId: grant.unitId,
      app: grant.app,
      systemAuth: grant.systemAuth as UserDetails['authorities'][number]['systemAuth'],
      tabs: grant.tabs as UserDetails['authorities'][number]['tabs'],
    })),
  };
}

/** The id of a user's open USER_CHANGE request (pending or pushed back), if any. */
export async function openRequestIdOf(db: Executor, subjectId: number): Promise<number | undefined> {
  const [row] = await selectRows<{ id: number | string }>(
    db,
    sql`select id from approval_requests where flow_code = 'USER_CHANGE' and subject_type = 'USER'
      and subject_id = ${subjectId} and status in ('PENDING', 'PUSHBACK') limit 1`,
  );
  return row ? Number(row.id) : undefined;
}

/** A USER_CHANGE request of the subtree by id: its subject, maker, status and action (undefined: none in scope). */
export async function userChangeRequestInScope(
  db: Executor,
  input: { id: number; unitPath: string },
): Promise<
  { subjectId: number; makerUserId: number | null; status: ApprovalStatus; action: UserChangeAction } | undefined
> {
  const [row] = await selectRows<{
    subjectId: number | string;
    makerUserId: number | string | null;
    status: ApprovalStatus;
    action: UserChangeAction;
  }>(
    db,
    sql`select subject_id as "subjectId", maker_user_id as "makerUserId", status, payload->>'action' as action
      from approval_requests where id = ${input.id} and flow_code = 'USER_CHANGE' and subject_type = 'USER'
        and unit_path like ${likePrefix(input.unitPath)}`,
  );
  return (
    row && {
      subjectId: Number(row.subjectId),
      makerUserId: row.makerUserId === null ? null : Number(row.makerUserId),
      status: row.status,
      action: row.action,
    }
  );
}
