import path from 'node:path';
import { sql } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { openDatabase } from './client.ts';
import { generateBook, type GenerateBookResult } from './generate-book.ts';
import { parseSeedArgs, SEED_USAGE } from './seed-args.ts';
import { DEMO_BOOK_ACCOUNTS, DEMO_PASSWORD, DEMO_USERS, seedDemoOrganisation } from './seed-demo.ts';
import { organisation } from './schema.ts';
import { hasUsers } from './reference-data.ts';

// `npm run seed [-- --accounts N] [--business-date YYYY-MM-DD] [--seed S]`: creates the demo organisation in
// DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL) if it is missing, and adds a book of N accounts (default: the
// demo size for a new organisation, nothing more for an existing one). An existing book is appended to.
// DATA_DIR resolves as the server resolves it: relative to where npm was run, default <repo>/data.

let options;
try {
  const { values } = parseArgs({
    options: {
      accounts: { type: 'string' },
      'business-date': { type: 'string' },
      seed: { type: 'string' },
      'batch-size': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(SEED_USAGE);
    process.exit(0);
  }
  options = parseSeedArgs(values);
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n\n${SEED_USAGE}`);
  process.exit(2);
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const dataDir = process.env.DATA_DIR
  ? path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR)
  : path.join(repoRoot, 'data');
const databaseUrl = process.env.DATABASE_URL;
const handle = databaseUrl
  ? await openDatabase({ kind: 'postgres', url: databaseUrl })
  : await openDatabase({ kind: 'pglite', dataDir });

const started = Date.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
function printBook(book: GenerateBookResult): void {
  console.log(
    `Book: ${book.accounts.toLocaleString('en-IN')} accounts (ids ${book.firstAccountId}–${book.lastAccountId}) ` +
      `in ${seconds(book.elapsedMs)}; DPD recompute changed ${book.recomputeChanged} accounts.`,
  );
  const width = Math.max(...Object.keys(book.rows).map((table) => table.length));
  for (const [table, count] of Object.entries(book.rows)) {
    console.log(`  ${table.padEnd(width)}  ${count.toLocaleString('en-IN').padStart(12)}`);
  }
}

try {
  const existed = await hasUsers(handle.db);
  const [org] = existed
    ? await handle.db.select({ businessDate: organisation.businessDate }).from(organisation).limit(1)
    : [];
  if (existed && org && options.businessDate && options.businessDate !== org.businessDate) {
    throw new Error(
      `The organisation's business date is ${org.businessDate}; a book for ${options.businessDate} would disagree ` +
        'with it. Leave out --business-date (or start from an empty database).',
    );
  }
  if (!existed) {
    await seedDemoOrganisation(handle.db, { businessDate: options.businessDate, accounts: 0 });
    console.log(
      `Demo organisation created in ${handle.location}: ${DEMO_USERS.length} users, password ${DEMO_PASSWORD}`,
    );
  }
  const accounts = options.accounts ?? (existed ? 0 : DEMO_BOOK_ACCOUNTS);
  if (accounts === 0) {
    console.log(`${handle.location} already has users; no accounts added (use --accounts N to add a book).`);
  } else {
    const [current] = await handle.db.select({ businessDate: organisation.businessDate }).from(organisation).limit(1);
    const book = await generateBook(handle.db, {
      accounts,
      businessDate: current!.businessDate,
      seed: options.seed,
      batchSize: options.batchSize,
      // PostgreSQL: two batches at a time over the pool (PGlite is one connection)
      concurrency: handle.kind === 'postgres' ? 2 : 1,
      onProgress: ({ done, total, elapsedMs }) =>
        console.log(
          `  ${done.toLocaleString('en-IN')} / ${total.toLocaleString('en-IN')} accounts, ${seconds(elapsedMs)}`,
        ),
    });
    // the visibility map of the new rows, for index-only scans (PGlite has no autovacuum; PostgreSQL's would
    // get there later)
    const vacuumStarted = Date.now();
    await handle.db.execute(sql`vacuum analyze accounts`);
    printBook(book);
    console.log(`VACUUM ANALYZE accounts: ${seconds(Date.now() - vacuumStarted)}.`);
  }
  console.log(`Done in ${seconds(Date.now() - started)} (${handle.kind} ${handle.location}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await handle.close();
}
