import { openTestDatabase } from '@recovery-desk/db/test-database.ts';
import { createTestApp } from '/work/wt-demo/apps/server/test/support/test-app.ts';
const handle = await openTestDatabase('pglite');
try {
  const t = await createTestApp(handle.db);
  const routes = t.app.routeDeclarations();
  console.log('booted', routes.length);
  await t.close();
} catch (e) { console.log('ERR', (e as Error).message); }
await handle.close();
