import { eq, sql } from 'drizzle-orm';
import { cmdCenterSettings } from '@recovery-desk/db/command-center-schema.ts';
import { users } from '@recovery-desk/db/schema.ts';
import {
  DEFAULT_COMMAND_CENTER_SETTINGS,
  commandCenterSettingsSchema,
  type CommandCenterSettings,
  type CommandCenterSettingsReply,
  type CommandCenterSettingsUpdate,
} from '@recovery-desk/domain/command-center/settings.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { isoTimestampOrNull } from '../../../db/sql-rows.ts';
import { withTransaction, type Executor } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';

// The command-center settings (/cmdCenter/settings): one row, the defaults until the first save. The ingest's
// accuracy filter and the partitions' retention are read from here, as are the thresholds of the reports. Saved by
// LEGAL_SETTINGS_SAUTH of the command center with the version read (409 STALE_VERSION otherwise), audited with the
// values before and after.

const ID = 1;

async function readRow(db: Executor) {
  const [row] = await db
    .select({
      values: cmdCenterSettings.values,
      version: cmdCenterSettings.version,
      updatedAt: cmdCenterSettings.updatedAt,
      updatedBy: users.fullName,
    })
    .from(cmdCenterSettings)
    .leftJoin(users, eq(users.id, cmdCenterSettings.updatedBy))
    .where(eq(cmdCenterSettings.id, ID));
  return row;
}

/** Stored values over the defaults; a stored value the schema refuses (bounds changed since) falls back to its default. */
function inForce(stored: Record<string, unknown> | undefined): CommandCenterSettings {
  if (!stored) return { ...DEFAULT_COMMAND_CENTER_SETTINGS };
  let candidate: Record<string, unknown> = { ...DEFAULT_COMMAND_CENTER_SETTINGS };
  for (const key of Object.keys(DEFAULT_COMMAND_CENTER_SETTINGS)) if (key in stored) candidate[key] = stored[key];
  const parsed = commandCenterSettingsSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const refused = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  candidate = Object.fromEntries(
    Object.entries(candidate).map(([key, value]) => [
      key,
      refused.has(key) ? DEFAULT_COMMAND_CENTER_SETTINGS[key as keyof CommandCenterSettings] : value,
    ]),
  );
  const again = commandCenterSettingsSchema.safeParse(candidate);
  return again.success ? again.data : { ...DEFAULT_COMMAND_CENTER_SETTINGS };
}

/** The settings in force. */
export async function commandCenterSettingsOf(db: Executor): Promise<CommandCenterSettings> {
  return inForce((await readRow(db))?.values);
}

/** GET /api/cmd-center/settings. */
export async function readCommandCenterSettings(db: Executor): Promise<CommandCenterSettingsReply> {
  const row = await readRow(db);
  return {
    settings: inForce(row?.values),
    defaults: { ...DEFAULT_COMMAND_CENTER_SETTINGS },
    version: row?.version ?? 1,
    updatedAt: row ? isoTimestampOrNull(row.updatedAt) : null,
    updatedBy: row?.updatedBy ?? null,
  };
}

/** PUT /api/cmd-center/settings. */
export async function saveCommandCenterSettings(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: CommandCenterSettingsUpdate },
): Promise<CommandCenterSettingsReply> {
  const { version, ...settings } = input;
  await withTransaction(deps.db, async (tx) => {
    const before = await commandCenterSettingsOf(tx);
    const values = { values: settings, version: version + 1, updatedBy: ctx.user.id, updatedAt: deps.clock.now() };
    const saved =
      version === 1
        ? await tx
            .insert(cmdCenterSettings)
            .values({ id: ID, ...values })
            .onConflictDoNothing()
            .returning({ id: cmdCenterSettings.id })
        : await tx
            .update(cmdCenterSettings)
            .set(values)
            .where(sql`${cmdCenterSettings.id} = ${ID} and ${cmdCenterSettings.version} = ${version}`)
            .returning({ id: cmdCenterSettings.id });
    if (saved.length === 0) {
      throw new AppError('STALE_VERSION', 'The settings were changed by someone else: reload them and save again.');
    }
    await emitAudit(tx, ctx, {
      action: 'cmdcenter.settings.update',
      entity: 'cmd_center_settings',
      entityId: ID,
      before,
      after: settings,
    });
  });
  return readCommandCenterSettings(deps.db);
}
