import { sql } from 'drizzle-orm';
import type { Executor } from '../db/transaction.ts';
import { selectRows } from '../db/sql-rows.ts';

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

type Raw = {
  id: number;
  username: string;
  email: string;
  full_name: string;
  is_active: boolean;
  family_open: boolean;
  unit_id: number | null;
  unit_code: string | null;
  unit_path: string | null;
  has_authority: boolean | null;
  has_children: boolean | null;
};

/**
 * Everything a protected request is checked against, in one round trip: the user behind the access token, whether
 * its session family is still open, and (when the route needs an acting unit) that unit if it is one of the user's
 * active units, with whether the user holds the route's authority there and whether units lie below it.
 */
export async function findPrincipal(
  db: Executor,
  input: {
    userId: number;
    familyId: string;
    now: Date;
    unit?: { id: number; authority?: { app: string; code: string } | undefined } | undefined;
  },
): Promise<PrincipalRecord | undefined> {
  const { userId, familyId, unit } = input;
  const authority = unit?.authority;
  const unitColumns = unit
    ? sql`un.id as unit_id, un.unit_code, un.path as unit_path,
        ${
          authority
            ? sql`exists (select 1 from user_authorities ua where ua.user_id = ${userId} and ua.unit_id = un.id
                and ua.app_code = ${authority.app} and ua.system_auth = ${authority.code})`
            : sql`false`
        } as has_authority,
        exists (select 1 from units ch where ch.parent_id = un.id) as has_children`
    : sql`null::int as unit_id, null::text as unit_code, null::text as unit_path, null::boolean as has_authority,
        null::boolean as has_children`;
  const unitJoin = unit
    ? sql`left join (user_units uu join units un on un.id = uu.unit_id and un.is_active)
        on uu.user_id = u.id and uu.unit_id = ${unit.id}`
    : sql``;
  const [row] = await selectRows<Raw>(
    db,
    sql`select u.id, u.username, u.email, u.full_name, u.is_active,
        exists (select 1 from refresh_tokens rt where rt.family_id = ${familyId} and rt.user_id = ${userId}
            and rt.family_expires_at > ${input.now.toISOString()}::timestamptz)
          and not exists (select 1 from refresh_tokens rt where rt.family_id = ${familyId} and rt.revoked_at is not null)
          as family_open,
        ${unitColumns}
      from users u ${unitJoin}
      where u.id = ${userId}`,
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    username: row.username,
    email: row.email,
    fullName: row.full_name,
    isActive: row.is_active,
    familyOpen: row.family_open,
    unit:
      row.unit_id === null
        ? null
        : {
            id: Number(row.unit_id),
            code: row.unit_code ?? '',
            path: row.unit_path ?? '',
            hasAuthority: row.has_authority === true,
            hasChildren: row.has_children === true,
          },
  };
}
