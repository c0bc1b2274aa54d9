import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@recovery-desk/db/client.ts';
import { refreshTokens, units, userAuthorities, userUnits, users } from '@recovery-desk/db/schema.ts';

export type PrincipalUnitRecord = {
  id: number;
  code: string;
  path: string;
  /** the user holds the route's authority for its app in this unit (false when the route asks for none) */
  hasAuthority: boolean;
  /** units lie below this one (a Team View then spans a subtree, not one unit) */
  hasChildren: boolean;
};

export type PrincipalRecord = {
  id: number;
  username: string;
  email: string;
  fullName: string;
  isActive: boolean;
  /** the family has tokens, none is revoked, and its absolute lifetime has not passed */
  familyOpen: boolean;
  /** the acting unit asked for, when it is one of the user's active units */
  unit: PrincipalUnitRecord | null;
};

const userId = sql.placeholder('userId');
const familyId = sql.placeholder('familyId');
const unitId = sql.placeholder('unitId');

const principalColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  fullName: users.fullName,
  isActive: users.isActive,
  familyOpen: sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${familyId}
      and ${refreshTokens.userId} = ${userId} and ${refreshTokens.familyExpiresAt} > ${sql.placeholder('now')}::timestamptz)
    and not exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${familyId}
      and ${refreshTokens.revokedAt} is not null)`,
};

// The statements every protected request runs, as named prepared statements (parsed and planned once per pooled
// connection): they look rows up by primary and unique keys only, so the generic plan is the plan a fresh one would
// be. Two shapes: without an acting unit (signed-in routes), and with one.
function signedInStatement(db: Database) {
  return db.select(principalColumns).from(users).where(eq(users.id, userId)).prepare('principal');
}

function inUnitStatement(db: Database) {
  return db
    .select({
      ...principalColumns,
      unitId: units.id,
      unitCode: units.unitCode,
      unitPath: units.path,
      hasAuthority: sql<boolean>`exists (select 1 from ${userAuthorities} where ${userAuthorities.userId} = ${userId}
        and ${userAuthorities.unitId} = ${units.id} and ${userAuthorities.appCode} = ${sql.placeholder('app')}
        and ${userAuthorities.systemAuth} = ${sql.placeholder('authority')})`,
      hasChildren: sql<boolean>`exists (select 1 from ${units} ch where ch.parent_id = ${units.id})`,
    })
    .from(users)
    .leftJoin(userUnits, and(eq(userUnits.userId, users.id), eq(userUnits.unitId, unitId)))
    .leftJoin(units, and(eq(units.id, userUnits.unitId), eq(units.isActive, true)))
    .where(eq(users.id, userId))
    .prepare('principal_in_unit');
}

type Statements = { signedIn: ReturnType<typeof signedInStatement>; inUnit: ReturnType<typeof inUnitStatement> };
const statements = new WeakMap<Database, Statements>();

function statementsOf(db: Database): Statements {
  let found = statements.get(db);
  if (!found) {
    found = { signedIn: signedInStatement(db), inUnit: inUnitStatement(db) };
    statements.set(db, found);
  }
  return found;
}

/**
 * Everything a protected request is checked against, in one round trip: the user behind the access token, whether
 * its session family is still open, and (when the route needs an acting unit) that unit if it is one of the user's
 * active units, with whether the user holds the route's authority there and whether units lie below it.
 */
export async function findPrincipal(
  db: Database,
  input: {
    userId: number;
    familyId: string;
    now: Date;
    unit?: { id: number; authority?: { app: string; code: string } | undefined } | undefined;
  },
): Promise<PrincipalRecord | undefined> {
  const { signedIn, inUnit } = statementsOf(db);
  const common = { userId: input.userId, familyId: input.familyId, now: input.now.toISOString() };
  if (!input.unit) {
    const [row] = await signedIn.execute(common);
    return row ? { ...row, unit: null } : undefined;
  }
  // A route that asks for no authority checks none: no unit holds the empty authority, so hasAuthority is false.
  const [row] = await inUnit.execute({
    ...common,
    unitId: input.unit.id,
    app: input.unit.authority?.app ?? '',
    authority: input.unit.authority?.code ?? '',
  });
  if (!row) return undefined;
  const { unitId: id, unitCode, unitPath, hasAuthority, hasChildren, ...user } = row;
  return {
    ...user,
    unit:
      id === null
        ? null
        : {
            id,
            code: unitCode ?? '',
            path: unitPath ?? '',
            hasAuthority: hasAuthority === true,
            hasChildren: hasChildren === true,
          },
  };
}
