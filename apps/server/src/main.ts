import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { DataDirLockedError, openDatabase, type DatabaseHandle } from '@recovery-desk/db/client.ts';
import { ensureReferenceData } from '@recovery-desk/db/reference-data.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
import { buildApp } from './app.ts';
import { ConfigError, parseConfig, resolveSecrets, type Config, type SecretSource } from './config.ts';
import { isClusterWorker, superviseWorkers } from './cluster/supervisor.ts';
import { isLoopbackHost } from './http/loopback.ts';
import { demoSeedDeps } from './modules/demo/services/seed-deps.ts';
import { queueDemoDayStart } from './modules/demo/services/seed-jobs.ts';
import { queueDemoCollectionUploads } from './modules/demo/services/seed-collection-uploads.ts';
import { queueDemoRepoUploads } from './modules/demo/services/seed-repo-uploads.ts';
import { queueDemoPaymentUploads } from './modules/demo/services/seed-payment-uploads.ts';
import { seedDemoLegalCases } from './modules/demo/services/seed-legal-cases.ts';
import { seedDemoSettlements } from './modules/demo/services/seed-settlements.ts';
import { seedDemoPayments } from './modules/demo/services/seed-payments.ts';
import { seedDemoCommandCenter } from './modules/demo/services/seed-command-center.ts';
import { seedDemoAccountMarks } from './modules/demo/services/seed-account-marks.ts';
import { seedDemoAllocationRules } from './modules/demo/services/seed-allocation-rules.ts';
import { seedDemoUserRequests } from './modules/demo/services/seed-users.ts';
import { seedDemoFieldWork } from './modules/demo/services/seed-field-work.ts';
import { seedDemoSecuredAssets } from './modules/demo/services/seed-secured-assets.ts';
import { seedDemoReceipts } from './modules/demo/services/seed-receipts.ts';

// `npm start`: configuration, database, demo seed, HTTP server, and a clean shutdown on SIGINT/SIGTERM
// (PGlite must be closed properly, or its data folder can be damaged).

const PRODUCTION_ORGANISATION_NAME = 'Recovery Desk';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function loadConfig(): { config: Config; source: SecretSource } {
  try {
    return resolveSecrets(parseConfig(process.env));
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  try {
    return config.databaseUrl
      ? await openDatabase({
          kind: 'postgres',
          url: config.databaseUrl,
          poolSize: config.databasePoolSize,
          ...(config.migrationDatabaseUrl ? { migrationUrl: config.migrationDatabaseUrl } : {}),
        })
      : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    const reason = error instanceof Error ? error.message : String(error);
    fail(`Could not open the database (${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}): ${reason}`);
  }
}

function printDemoUsers(): void {
  const rows = DEMO_USERS.map((user) => [user.username, user.personaLabel, user.units.join(', ')]);
  const header = ['Username', 'Persona', 'Units'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  console.log(`\nDemo users (password for all: ${DEMO_PASSWORD})`);
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
  console.log('');
}

/** Demo mode said in words, on the console and in the log: what it opens, and whether others can reach it. */
function printDemoWarning(config: Config, log: FastifyBaseLogger): void {
  const exposed = !isLoopbackHost(config.host);
  const lines = [
    'WARNING: DEMO MODE IS ON. Never use it with real data.',
    `  - Every demo user signs in with the published password ${DEMO_PASSWORD}.`,
    '  - Mail is not sent: password reset and sign-in codes are readable in the demo outbox (/demo/outbox),',
    '    which answers only on this computer (loopback).',
    exposed
      ? `  - HOST=${config.host}: this demo server is reachable from other computers, and anyone who reaches it can sign in as the demo users.`
      : `  - The server listens on ${config.host} only: other computers cannot reach it (set HOST to expose a demo on purpose).`,
    '  Turn demo mode off with DEMO_MODE=false or NODE_ENV=production.',
  ];
  console.warn(`\n${lines.join('\n')}\n`);
  log.warn(
    { event: 'demo.mode_on', host: config.host, exposed },
    'demo mode is on: demo users have a published password',
  );
}

/**
 * The demo's legal cases, right after the demo organisation is first created. All or nothing; a failure is logged
 * and the server starts without them (the demo organisation is usable on its own).
 */
async function seedDemoLegalCasesOnce(config: Config, handle: DatabaseHandle, log: FastifyBaseLogger): Promise<void> {
  try {
    await seedDemoLegalCases(demoSeedDeps({ config, db: handle.db, log }));
  } catch (error) {
    log.error({ err: error }, 'demo legal cases could not be created; starting without them');
  }
}

/** The demo's repossession and SARFAESI cases (repo.pune, sarf.mumbai and their approvers); a failure is logged. */
async function seedDemoSecuredAssetsOnce(
  config: Config,
  handle: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await seedDemoSecuredAssets(demoSeedDeps({ config, db: handle.db, log }));
  } catch (error) {
    log.error({ err: error }, 'demo repossession and SARFAESI cases could not be created; starting without them');
  }
}

/** The demo's settlements (every view of the three settlement screens has work); a failure is logged. */
async function seedDemoSettlementsOnce(config: Config, handle: DatabaseHandle, log: FastifyBaseLogger): Promise<void> {
  try {
    await seedDemoSettlements(demoSeedDeps({ config, db: handle.db, log }));
  } catch (error) {
    log.error({ err: error }, 'demo settlements could not be created; starting without them');
  }
}

/** The demo's payments (batches, UPI requests, receipts to reconcile); a failure is logged, the server starts. */
async function seedDemoPaymentsOnce(config: Config, handle: DatabaseHandle, log: FastifyBaseLogger): Promise<void> {
  try {
    await seedDemoPayments(demoSeedDeps({ config, db: handle.db, log }));
  } catch (error) {
    log.error({ err: error }, 'demo payments could not be created; starting without them');
  }
}

/** The demo's account marks (pay.mumbai requests, appr.west decides); a failure is logged, the server starts. */
async function seedDemoAccountMarksOnce(config: Config, handle: DatabaseHandle, log: FastifyBaseLogger): Promise<void> {
  try {
    await seedDemoAccountMarks(demoSeedDeps({ config, db: handle.db, log }));
  } catch (error) {
    log.error({ err: error }, 'demo account marks could not be created; starting without them');
  }
}

/** The demo's allocation rules (admin.west and admin), before the demo day start; a failure is logged. */
async function seedDemoAllocationRulesOnce(
  config: Config,
  handle: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await seedDemoAllocationRules(demoSeedDeps({ config, db: handle.db, log }));
  } catch (error) {
    log.error({ err: error }, 'demo allocation rules could not be created; starting without them');
  }
}

/** The demo's User Approval requests (admin and admin.west); a failure is logged, the server starts. */
async function seedDemoUserRequestsOnce(config: Config, handle: DatabaseHandle, log: FastifyBaseLogger): Promise<void> {
  try {
    await seedDemoUserRequests(demoSeedDeps({ config, db: handle.db, log }));
  } catch (error) {
    log.error({ err: error }, 'demo user requests could not be created; starting without them');
  }
}

/** The demo's work plans and PVR cases (fc.andheri, pvr.mumbai); a failure is logged, the server starts. */
async function seedDemoFieldWorkOnce(config: Config, handle: DatabaseHandle, log: FastifyBaseLogger): Promise<void> {
  try {
    await seedDemoFieldWork(demoSeedDeps({ config, db: handle.db, log }));
  } catch (error) {
    log.error({ err: error }, 'demo work plans and PVR cases could not be created; starting without them');
  }
}

/** The demo's receipts in every state (fc.andheri, pay.mumbai, appr.west); a failure is logged. */
async function seedDemoReceiptsOnce(config: Config, handle: DatabaseHandle, log: FastifyBaseLogger): Promise<void> {
  try {
    await seedDemoReceipts(demoSeedDeps({ config, db: handle.db, log }));
  } catch (error) {
    log.error({ err: error }, 'demo receipts could not be created; starting without them');
  }
}

/** The command center's demo field force (positions, visits, receipts of four collectors); a failure is logged. */
async function seedDemoCommandCenterOnce(
  config: Config,
  handle: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await seedDemoCommandCenter(demoSeedDeps({ config, db: handle.db, log }));
  } catch (error) {
    log.error({ err: error }, 'the demo field force could not be seeded; starting without it');
  }
}

/** The demo's first background job (a day start), so the Upload Dashboard has content; a failure is logged. */
async function queueDemoDayStartOnce(config: Config, handle: DatabaseHandle, log: FastifyBaseLogger): Promise<void> {
  try {
    await queueDemoDayStart(demoSeedDeps({ config, db: handle.db, log }));
  } catch (error) {
    log.error({ err: error }, 'the demo day start could not be queued; starting without it');
  }
}

/**
 * The demo's past uploads (two allocation files as mgr.mumbai, a bank statement as pay.mumbai; a repossession and a
 * SARFAESI initiation file as repo.pune and sarf.mumbai); a failure is logged.
 */
async function queueDemoUploadsOnce(config: Config, handle: DatabaseHandle, log: FastifyBaseLogger): Promise<void> {
  try {
    await queueDemoCollectionUploads(demoSeedDeps({ config, db: handle.db, log }));
    await queueDemoPaymentUploads(demoSeedDeps({ config, db: handle.db, log }));
  } catch (error) {
    log.error({ err: error }, 'the demo collections uploads could not be queued; starting without them');
  }
  try {
    await queueDemoRepoUploads(demoSeedDeps({ config, db: handle.db, log }));
  } catch (error) {
    log.error({ err: error }, 'the demo repossession and SARFAESI uploads could not be queued; starting without them');
  }
}

/** Runs one start-up phase and logs how long it took (`bench/src/first-start.ts` reads these lines). */
async function phase<T>(log: FastifyBaseLogger, name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await run();
  } finally {
    log.info({ phase: name, ms: Math.round(performance.now() - started) }, `start-up phase ${name} done`);
  }
}

/** The one-off work before serving: the demo seed (first start only) or the reference data of a real deployment. */
async function prepare(config: Config, handle: DatabaseHandle, log: FastifyBaseLogger): Promise<void> {
  if (config.demoMode) {
    const { created } = await phase(log, 'demo-organisation', () => seedDemoOrganisation(handle.db));
    if (created) {
      log.info('demo organisation created');
      await phase(log, 'demo-legal-cases', () => seedDemoLegalCasesOnce(config, handle, log));
      await phase(log, 'demo-secured-assets', () => seedDemoSecuredAssetsOnce(config, handle, log));
      await phase(log, 'demo-receipts', () => seedDemoReceiptsOnce(config, handle, log));
      await phase(log, 'demo-payments', () => seedDemoPaymentsOnce(config, handle, log));
      await phase(log, 'demo-settlements', () => seedDemoSettlementsOnce(config, handle, log));
      await phase(log, 'demo-account-marks', () => seedDemoAccountMarksOnce(config, handle, log));
      await phase(log, 'demo-user-requests', () => seedDemoUserRequestsOnce(config, handle, log));
      await phase(log, 'demo-field-work', () => seedDemoFieldWorkOnce(config, handle, log));
      await phase(log, 'demo-command-center', () => seedDemoCommandCenterOnce(config, handle, log));
      await phase(log, 'demo-allocation-rules', () => seedDemoAllocationRulesOnce(config, handle, log));
      await phase(log, 'demo-day-start', () => queueDemoDayStartOnce(config, handle, log));
      await phase(log, 'demo-uploads', () => queueDemoUploadsOnce(config, handle, log));
    }
  } else {
    await ensureReferenceData(handle.db, {
      organisationName: PRODUCTION_ORGANISATION_NAME,
      businessDate: new Date().toISOString().slice(0, 10),
    });
  }
}

/** What the console says once the server answers: its address, database, secrets and, in demo mode, the users. */
function printRunning(config: Config, source: SecretSource, port: number, database: string, log: FastifyBaseLogger) {
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const processes = config.webConcurrency > 1 ? `, ${config.webConcurrency} server processes` : '';
  console.log(`\nRecovery Desk is running at http://${shownHost}:${port}  (API docs: /docs${processes})`);
  console.log(`Database: ${database}`);
  if (source !== 'environment') {
    console.log(
      source === 'data-dir'
        ? 'Secrets: JWT_SECRET/USERKEY_KEY generated and kept in DATA_DIR (set them in production).'
        : 'Secrets: JWT_SECRET/USERKEY_KEY generated for this process; sessions end at restart.',
    );
  }
  if (config.demoMode) {
    printDemoUsers();
    printDemoWarning(config, log);
  }
}

/**
 * WEB_CONCURRENCY > 1, the supervising process: migrate and prepare as one process would, then start the server
 * processes with the same secrets (cluster/supervisor.ts).
 */
async function supervise(config: Config, source: SecretSource): Promise<void> {
  const startedAt = performance.now();
  const handle = await openConfiguredDatabase(config);
  const app = buildApp({ config, db: handle.db });
  const log = app.log;
  log.info(
    { phase: 'database', ms: Math.round(performance.now() - startedAt) },
    'start-up phase database (open and migrate) done',
  );
  // the database is closed before the workers start, and before a failed preparation exits (fail ends the process)
  let failure: unknown = null;
  try {
    await prepare(config, handle, log);
  } catch (error) {
    failure = error;
  } finally {
    await app.close().catch(() => undefined);
    await handle.close();
  }
  if (failure) fail(`Could not start: ${failure instanceof Error ? failure.message : String(failure)}`);
  const database = `${handle.kind} ${handle.location}`;
  superviseWorkers({
    workers: config.webConcurrency,
    // Generated secrets are handed down, so a token signed by one process is good on all of them.
    env: { JWT_SECRET: config.jwtSecret, USERKEY_KEY: config.userkeyKey },
    log,
    onListening: (port) => {
      log.info({ phase: 'total', ms: Math.round(performance.now() - startedAt) }, 'ready');
      printRunning(config, source, port, database, log);
    },
  });
}

/**
 * One server process: open the database, prepare (unless a supervisor did), listen, run background jobs.
 * `worker`: started by a supervisor, which owns the console and the signals of a terminal.
 */
async function serve(config: Config, source: SecretSource, worker: boolean): Promise<void> {
  const startedAt = performance.now();
  const openedAt = performance.now();
  const handle = await openConfiguredDatabase(config);
  const databaseMs = Math.round(performance.now() - openedAt);

  const app = buildApp({ config, db: handle.db });
  app.log.info({ phase: 'database', ms: databaseMs }, 'start-up phase database (open and migrate) done');
  handle.onIdleConnectionError((error) =>
    app.log.warn({ err: error }, 'an idle database connection was lost; the pool reconnects on next use'),
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const watchdog = setTimeout(() => fail('Shutdown took longer than 20 s; exiting.'), 20_000);
    watchdog.unref();
    try {
      await app.close();
    } finally {
      await handle.close();
    }
    process.exit(0);
  };
  if (worker) {
    // Ctrl-C reaches every process of the terminal: the supervisor answers it by stopping each worker with SIGTERM.
    process.on('SIGINT', () => undefined);
    process.on('SIGTERM', () => void stop('SIGTERM'));
    // The supervisor is gone (killed): stop too rather than serve unsupervised.
    process.on('disconnect', () => void stop('supervisor gone'));
  } else {
    process.on('SIGINT', (signal) => void stop(signal));
    process.on('SIGTERM', (signal) => void stop(signal));
  }

  try {
    if (!worker) await prepare(config, handle, app.log);
    await phase(app.log, 'listen', () => app.listen({ port: config.port, host: config.host }));
    app.log.info({ phase: 'total', ms: Math.round(performance.now() - startedAt) }, 'ready');
    // Background jobs (day start, uploads, exports, notices, mail retries, hearing reminders): queued work left by a
    // previous run is picked up here, and a job whose worker died is run again once its lease runs out.
    app.jobs.start();
  } catch (error) {
    await app.close().catch(() => undefined);
    await handle.close();
    fail(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
  }

  if (!worker) {
    const { port } = app.server.address() as AddressInfo;
    printRunning(config, source, port, `${handle.kind} ${handle.location}`, app.log);
  }
}

async function main(): Promise<void> {
  const { config, source } = loadConfig();
  if (config.webConcurrency <= 1) await serve(config, source, false);
  else if (isClusterWorker()) await serve(config, source, true);
  else await supervise(config, source);
}

await main();
