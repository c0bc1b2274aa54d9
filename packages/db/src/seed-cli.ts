import path from 'node:path';
import { openDatabase } from './client.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoOrganisation } from './seed-demo.ts';

// `npm run seed`: creates the demo organisation in DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL).
// DATA_DIR resolves as the server resolves it: relative to where npm was run, default <repo>/data.
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const dataDir = process.env.DATA_DIR
  ? path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR)
  : path.join(repoRoot, 'data');
const databaseUrl = process.env.DATABASE_URL;
const handle = databaseUrl
  ? await openDatabase({ kind: 'postgres', url: databaseUrl })
  : await openDatabase({ kind: 'pglite', dataDir });
try {
  const { created } = await seedDemoOrganisation(handle.db);
  console.log(
    created
      ? `Demo organisation created in ${handle.location}: ${DEMO_USERS.length} users, password ${DEMO_PASSWORD}`
      : `${handle.location} already has users; nothing seeded.`,
  );
} finally {
  await handle.close();
}
