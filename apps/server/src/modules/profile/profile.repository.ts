import { eq, sql } from 'drizzle-orm';
import type { Database } from '@recovery-desk/db/client.ts';
import { apps, organisation, units, userAuthorities, userUnits } from '@recovery-desk/db/schema.ts';

export type ProfileUnitRow = { id: number; unitCode: string; name: string; level: string; path: string };
export type AuthorityRow = {
  unitId: number;
  appCode: string;
  systemAuth: string;
  tabs: { name: string; editable: boolean }[];
};
export type AppRow = { code: string; labelKey: string; homePath: string };

/** Everything the session profile shows, read at once: the business date, the user's units, authorities and apps. */
export type ProfileRecord = {
  businessDate: string;
  /** the user's active units, in tree order */
  units: ProfileUnitRow[];
  /** the user's authority entries, by unit, app and authority */
  authorities: AuthorityRow[];
  /** every app, in the apps' order */
  apps: AppRow[];
};

const userId = sql.placeholder('userId');

// One round trip and one named prepared statement (parsed and planned once per pooled connection), its SQL text
// built once per database: the profile is read on every page load and every app switch. The lists come back as JSON
// arrays in their display order; the organisation's one row carries them, so no row means no organisation yet.
function profileStatement(db: Database) {
  return db
    .select({
      businessDate: sql<string>`${organisation.businessDate}::text`,
      units: sql<ProfileUnitRow[]>`(select coalesce(json_agg(json_build_object('id', u.id, 'unitCode', u.unit_code,
          'name', u.name, 'level', u.level, 'path', u.path) order by u.path, u.id), '[]'::json)
        from ${userUnits} uu join ${units} u on u.id = uu.unit_id
        where uu.user_id = ${userId} and u.is_active)`,
      authorities: sql<AuthorityRow[]>`(select coalesce(json_agg(json_build_object('unitId', a.unit_id,
          'appCode', a.app_code, 'systemAuth', a.system_auth, 'tabs', a.tabs)
          order by a.unit_id, a.app_code, a.system_auth), '[]'::json)
        from ${userAuthorities} a where a.user_id = ${userId})`,
      apps: sql<AppRow[]>`(select coalesce(json_agg(json_build_object('code', p.code, 'labelKey', p.label_key,
          'homePath', p.home_path) order by p.sort_order, p.code), '[]'::json) from ${apps} p)`,
    })
    .from(organisation)
    .where(eq(organisation.id, 1))
    .prepare('profile');
}

const statements = new WeakMap<Database, ReturnType<typeof profileStatement>>();

/** The profile of `userId`; undefined while the organisation is not set up. */
export async function findProfile(db: Database, id: number): Promise<ProfileRecord | undefined> {
  let statement = statements.get(db);
  if (!statement) {
    statement = profileStatement(db);
    statements.set(db, statement);
  }
  const [row] = await statement.execute({ userId: id });
  return row;
}
