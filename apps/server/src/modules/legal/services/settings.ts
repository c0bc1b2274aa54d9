import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import {
  legalTimelinesSchema,
  type legalSettingsInputSchema,
  type LegalSettings,
} from '@recovery-desk/domain/legal/contracts.ts';
import { NOTICE_PLACEHOLDERS, templateProblems } from '@recovery-desk/domain/legal/notice-templates.ts';
import { legalPoolRuleSchema, type LegalPoolRule } from '@recovery-desk/domain/legal/pool-rule.ts';
import {
  buildLegalDefinition,
  LEGAL_BUILT_IN_VERSION,
  LEGAL_CASE_TYPES,
  type LegalTimelines,
} from '@recovery-desk/domain/workflow/definitions/legal.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction, type Executor } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { activeDefinition, publishDefinitionVersion } from '../../workflow/index.ts';
import { LEGAL_CODE } from '../legal-constants.ts';
import {
  findLegalSettings,
  listNoticeTemplates,
  updateLegalSettings as writeLegalSettings,
  upsertNoticeTemplate,
  type TemplateRow,
} from '../settings.repository.ts';

export type LegalSettingsInput = z.infer<typeof legalSettingsInputSchema>;
export type LoadedSettings = { poolRule: LegalPoolRule; timelines: LegalTimelines; version: number };

/** The legal settings row, checked against its schemas (a corrupt row is a server fault, not a user error). */
export async function loadLegalSettings(db: Executor, options: { forUpdate?: boolean } = {}): Promise<LoadedSettings> {
  const row = await findLegalSettings(db, options);
  if (!row) throw new AppError('SERVICE_UNAVAILABLE', 'The legal settings are not set up yet.');
  return {
    poolRule: legalPoolRuleSchema.parse(row.poolRule),
    timelines: legalTimelinesSchema.parse(row.timelines),
    version: row.version,
  };
}

const CASE_TYPE_ORDER = LEGAL_CASE_TYPES.map(([code]) => code as string);

function inCaseTypeOrder(templates: TemplateRow[]): TemplateRow[] {
  const rank = (caseType: string) => {
    const index = CASE_TYPE_ORDER.indexOf(caseType);
    return index === -1 ? CASE_TYPE_ORDER.length : index;
  };
  return [...templates].sort((a, b) => rank(a.caseType) - rank(b.caseType));
}

async function readSettings(db: Executor): Promise<LegalSettings> {
  const [settings, templates, definition] = await Promise.all([
    loadLegalSettings(db),
    listNoticeTemplates(db),
    activeDefinition(db, LEGAL_CODE),
  ]);
  return {
    poolRule: settings.poolRule,
    timelines: settings.timelines,
    definitionVersion: definition.version,
    templates: inCaseTypeOrder(templates).map(({ caseType, title, body }) => ({ caseType, title, body })),
    placeholders: [...NOTICE_PLACEHOLDERS],
    version: settings.version,
  };
}

/** GET /api/legal/settings */
export async function getLegalSettings(deps: AppDeps): Promise<LegalSettings> {
  return readSettings(deps.db);
}

/** Placeholder and duplicate checks of the templates: 400 naming `templates.<i>.body` (or title, caseType). */
function checkTemplates(templates: NonNullable<LegalSettingsInput['templates']>): void {
  const errors = templateProblems(templates, 'caseType');
  if (errors.length > 0) {
    throw new AppError('VALIDATION', `${errors[0]!.field}: ${errors[0]!.message}`, { fields: errors });
  }
}

/**
 * PUT /api/legal/settings — any of pool rule, timelines and templates, at the settings `version` the user saw
 * (409 STALE_VERSION otherwise). A timelines change publishes a new version of the LEGAL definition built from
 * them: new cases start on it, open cases keep the version they pinned. One transaction, audited with before and
 * after.
 */
export async function updateLegalSettings(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: LegalSettingsInput },
): Promise<LegalSettings> {
  if (input.templates) checkTemplates(input.templates);
  await withTransaction(deps.db, async (tx) => {
    const before = await loadLegalSettings(tx, { forUpdate: true });
    if (before.version !== input.version) {
      throw new AppError('STALE_VERSION', 'The legal settings were changed by someone else. Reload and retry.');
    }
    const beforeTemplates = await listNoticeTemplates(tx);
    const at = deps.clock.now();
    const poolRule = input.poolRule ?? before.poolRule;
    const timelines = input.timelines ?? before.timelines;
    let publishedVersion: number | null = null;
    if (!isDeepStrictEqual(timelines, before.timelines)) {
      const active = await activeDefinition(tx, LEGAL_CODE);
      const definition = buildLegalDefinition(timelines, active.version + 1, 'ACTIVE');
      await publishDefinitionVersion(tx, ctx, definition, { builtInVersion: LEGAL_BUILT_IN_VERSION });
      publishedVersion = definition.version;
    }
    const version = await writeLegalSettings(tx, {
      poolRule,
      timelines,
      expectedVersion: before.version,
      userId: ctx.user.id,
      at,
    });
    if (version === null) {
      throw new AppError('STALE_VERSION', 'The legal settings were changed by someone else. Reload and retry.');
    }
    for (const template of input.templates ?? []) {
      await upsertNoticeTemplate(tx, { ...template, userId: ctx.user.id, at });
    }
    const changedTemplates = (input.templates ?? []).map((template) => template.caseType);
    await emitAudit(tx, ctx, {
      action: 'legal.settings_update',
      entity: 'legal_settings',
      entityId: 1,
      before: {
        version: before.version,
        poolRule: before.poolRule,
        timelines: before.timelines,
        templates: beforeTemplates.filter((template) => changedTemplates.includes(template.caseType)),
      },
      after: {
        version,
        poolRule,
        timelines,
        templates: input.templates ?? [],
        definitionVersion: publishedVersion,
      },
    });
  });
  return readSettings(deps.db);
}
