import { openDatabase } from './client.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoOrganisation } from './seed-demo.ts';

// `npm run seed`: creates the demo organisation in DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL).
const databaseUrl = process.env.DATABASE_URL;
const handle = databaseUrl
  ? await openDatabase({ kind: 'postgres', url: databaseUrl })
  : await openDatabase({ kind: 'pglite', dataDir: process.env.DATA_DIR ?? 'data' });
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
