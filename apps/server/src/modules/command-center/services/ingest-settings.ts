import { eq, sql } from 'drizzle-orm';
import { cmdCenterIngestSettings } from '@recovery-desk/db/command-center-schema.ts';
import { users } from '@recovery-desk/db/schema.ts';
import {
  DEFAULT_INGEST_SETTINGS,
  type IngestSettings,
  type IngestSettingsReply,
  type IngestSettingsUpdate,
} from '@recovery-desk/domain/command-center/ingest.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { isoTimestampOrNull } from '../../../db/sql-rows.ts';
import { withTransaction, type Executor } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';

// The ingest settings (one row, the defaults until the first save): the accuracy filter, the retention days and the
// partitions made ahead. Saved by LEGAL_SETTINGS_SAUTH of the command center (the spec's /cmdCenter/settings) with the
// version read (409 STALE_VERSION otherwise), audited with the values before and after.

const ID = 1;

async function readRow(db: Executor) {
  const [row] = await db
    .select({
      accuracyFilterM: cmdCenterIngestSettings.accuracyFilterM,
      retentionDays: cmdCenterIngestSettings.retentionDays,
      partitionDaysAhead: cmdCenterIngestSettings.partitionDaysAhead,
      version: cmdCenterIngestSettings.version,
      updatedAt: cmdCenterIngestSettings.updatedAt,
      updatedBy: users.fullName,
    })
    .from(cmdCenterIngestSettings)
    .leftJoin(users, eq(users.id, cmdCenterIngestSettings.updatedBy))
    .where(eq(cmdCenterIngestSettings.id, ID));
  return row;
}

/** The settings in force. */
export async function ingestSettingsOf(db: Executor): Promise<IngestSettings> {
  const row = await readRow(db);
  if (!row) return { ...DEFAULT_INGEST_SETTINGS };
  return {
    accuracyFilterM: row.accuracyFilterM,
    retentionDays: row.retentionDays,
    partitionDaysAhead: row.partitionDaysAhead,
  };
}

/** GET /api/cmd-center/ingest-settings. */
export async function readIngestSettings(db: Executor): Promise<IngestSettingsReply> {
  const row = await readRow(db);
  return {
    settings: await ingestSettingsOf(db),
    defaults: { ...DEFAULT_INGEST_SETTINGS },
    version: row?.version ?? 1,
    updatedAt: row ? isoTimestampOrNull(row.updatedAt) : null,
    updatedBy: row?.updatedBy ?? null,
  };
}

/** PUT /api/cmd-center/ingest-settings. */
export async function saveIngestSettings(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: IngestSettingsUpdate },
): Promise<IngestSettingsReply> {
  const { version, ...settings } = input;
  await withTransaction(deps.db, async (tx) => {
    const before = await ingestSettingsOf(tx);
    const values = { ...settings, version: version + 1, updatedBy: ctx.user.id, updatedAt: deps.clock.now() };
    const saved =
      version === 1
        ? await tx
            .insert(cmdCenterIngestSettings)
            .values({ id: ID, ...values })
            .onConflictDoNothing()
            .returning({ id: cmdCenterIngestSettings.id })
        : await tx
            .update(cmdCenterIngestSettings)
            .set(values)
            .where(sql`${cmdCenterIngestSettings.id} = ${ID} and ${cmdCenterIngestSettings.version} = ${version}`)
            .returning({ id: cmdCenterIngestSettings.id });
    if (saved.length === 0) {
      throw new AppError('STALE_VERSION', 'The settings were changed by someone else: reload them and save again.');
    }
    await emitAudit(tx, ctx, {
      action: 'cmdcenter.ingest_settings.update',
      entity: 'cmd_center_ingest_settings',
      entityId: ID,
      before,
      after: settings,
    });
  });
  return readIngestSettings(deps.db);
}
