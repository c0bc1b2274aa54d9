import { eq, sql } from 'drizzle-orm';
import { users } from '@recovery-desk/db/schema.ts';
import { collectionsSettings } from '@recovery-desk/db/settings-schema.ts';
import {
  COLLECTIONS_SETTINGS_AUTHORITY,
  collectionsSettingsReplySchema,
  collectionsSettingsUpdateSchema,
  DEFAULT_COLLECTIONS_SETTINGS,
  type CollectionsSettings,
  type CollectionsSettingsReply,
  type CollectionsSettingsUpdate,
} from '@recovery-desk/domain/collections/settings.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emitAudit } from '../../audit/emit-audit.ts';
import { isoTimestampOrNull } from '../../db/sql-rows.ts';
import { withTransaction, type Executor } from '../../db/transaction.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { unitContext, type UnitContext } from '../../http/request-context.ts';

// Collections settings (issue 14): one row, the defaults until the first save; read by any user acting in a unit of
// collections (the spec's /collapp/settings has no authority), saved by SCHED_PRO_COLL_SAUTH with the version read
// (409 STALE_VERSION otherwise), audited with the values before and after.

const ID = 1;

async function readRow(db: Executor) {
  const [row] = await db
    .select({
      ptpHorizonDaysB1: collectionsSettings.ptpHorizonDaysB1,
      ptpHorizonDaysLater: collectionsSettings.ptpHorizonDaysLater,
      ptpMaxDays: collectionsSettings.ptpMaxDays,
      collectorCapacity: collectionsSettings.collectorCapacity,
      escalationBrokenPtps: collectionsSettings.escalationBrokenPtps,
      version: collectionsSettings.version,
      updatedAt: collectionsSettings.updatedAt,
      updatedBy: users.fullName,
    })
    .from(collectionsSettings)
    .leftJoin(users, eq(users.id, collectionsSettings.updatedBy))
    .where(eq(collectionsSettings.id, ID));
  return row;
}

/** The settings in force (the defaults until the first save): what collections rules read. */
export async function collectionsSettingsOf(db: Executor): Promise<CollectionsSettings> {
  const row = await readRow(db);
  if (!row) return { ...DEFAULT_COLLECTIONS_SETTINGS };
  const { version: _version, updatedAt: _updatedAt, updatedBy: _updatedBy, ...settings } = row;
  return settings;
}

async function reply(db: Executor): Promise<CollectionsSettingsReply> {
  const row = await readRow(db);
  if (!row) {
    return {
      settings: { ...DEFAULT_COLLECTIONS_SETTINGS },
      defaults: DEFAULT_COLLECTIONS_SETTINGS,
      version: 1,
      updatedAt: null,
      updatedBy: null,
    };
  }
  const { version, updatedAt, updatedBy, ...settings } = row;
  return {
    settings,
    defaults: DEFAULT_COLLECTIONS_SETTINGS,
    version,
    updatedAt: isoTimestampOrNull(updatedAt),
    updatedBy,
  };
}

/** PATCH /api/collections/settings. */
export async function saveCollectionsSettings(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: CollectionsSettingsUpdate },
): Promise<CollectionsSettingsReply> {
  const { version, ...settings } = input;
  const at = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    const before = await collectionsSettingsOf(tx);
    const values = { ...settings, version: version + 1, updatedBy: ctx.user.id, updatedAt: at };
    const saved =
      version === 1
        ? await tx
            .insert(collectionsSettings)
            .values({ id: ID, ...values })
            .onConflictDoNothing()
            .returning({ id: collectionsSettings.id })
        : await tx
            .update(collectionsSettings)
            .set(values)
            .where(sql`${collectionsSettings.id} = ${ID} and ${collectionsSettings.version} = ${version}`)
            .returning({ id: collectionsSettings.id });
    if (saved.length === 0) {
      throw new AppError('STALE_VERSION', 'The settings were changed by someone else: reload them and save again.');
    }
    await emitAudit(tx, ctx, {
      action: 'collections.settings.update',
      entity: 'collections_settings',
      entityId: ID,
      before,
      after: settings,
    });
  });
  return reply(deps.db);
}

const security = [{ bearer: [] }];
const tags = ['collections-settings'];

export function collectionsSettingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/collections/settings',
      {
        config: { auth: 'actingUnit' },
        schema: {
          tags,
          summary: 'The collections settings in force, their defaults and the version to save against',
          security,
          response: { 200: collectionsSettingsReplySchema },
        },
      },
      () => reply(deps.db),
    );
    app.patch(
      '/api/collections/settings',
      {
        config: { auth: { app: 'collapp', authority: COLLECTIONS_SETTINGS_AUTHORITY } },
        schema: {
          tags,
          summary: 'Save the collections settings (the version read; audited)',
          security,
          body: collectionsSettingsUpdateSchema,
          response: { 200: collectionsSettingsReplySchema },
        },
      },
      (request) => saveCollectionsSettings(deps, { ctx: unitContext(request.ctx), input: request.body }),
    );
  };
}
