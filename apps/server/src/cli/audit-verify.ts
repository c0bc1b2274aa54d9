import { openDatabase } from '@recovery-desk/db/client.ts';
import { auditAnchorOf, verifyAuditChain } from '../audit/audit-chain.ts';
import { ConfigError, parseConfig, resolveSecrets } from '../config.ts';

// `npm run audit:verify`: walks the whole audit chain and its checkpoints with the server's configuration
// (DATABASE_URL or the PGlite folder in DATA_DIR, AUDIT_KEY or JWT_SECRET). Exit code 0 when intact, 1 when not.
// With PGlite, stop the server first (one process owns the folder).

async function main(): Promise<number> {
  let config;
  try {
    config = resolveSecrets(parseConfig(process.env)).config;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const handle = config.databaseUrl
    ? await openDatabase({
        kind: 'postgres',
        url: config.databaseUrl,
        poolSize: 2,
        ...(config.migrationDatabaseUrl ? { migrationUrl: config.migrationDatabaseUrl } : {}),
      })
    : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  try {
    const report = await verifyAuditChain(auditAnchorOf(handle.db, config));
    console.log(JSON.stringify(report, null, 2));
    console.log(
      report.ok
        ? `Audit trail intact: ${report.rows} rows, ${report.checkpoints} checkpoints.`
        : `Audit trail NOT intact: ${report.problems.length} problem(s).`,
    );
    return report.ok ? 0 : 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
