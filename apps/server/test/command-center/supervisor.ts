import type { Database } from '@recovery-desk/db/client.ts';
import { apiAs, type Api } from '../collections/factories.ts';
import { createUser, type TestUnit } from '../factories.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * A new command-center supervisor acting in `unit`: ACTIVE_INACTIVE_SAUTH there (the reports, the route, the
 * dashboard's field data), plus any `more` command-center authorities (e.g. LEGAL_POOL_SAUTH for an account's field
 * activity).
 */
export async function commandCenterSupervisor(
  t: TestApp,
  db: Database,
  unit: TestUnit,
  more: readonly string[] = [],
): Promise<Api> {
  const grants = ['ACTIVE_INACTIVE_SAUTH', ...more].map((system_auth) => ({ system_auth, tabs: [] }));
  return apiAs(t, await createUser(db, { units: [{ unit, grants: { cmdcenter: grants } }] }), unit);
}
