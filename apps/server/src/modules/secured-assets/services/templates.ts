import type { z } from 'zod';
import {
  DEFAULT_SECURED_TEMPLATES,
  defaultSecuredTemplate,
  SECURED_DOCUMENT_KINDS,
  SECURED_SAMPLE_VALUES,
  type SecuredTemplatePreviewInput,
  SECURED_PLACEHOLDERS,
  type securedTemplatesInputSchema,
  type SecuredTemplatesReply,
} from '@recovery-desk/domain/secured-assets/document-templates.ts';
import { templateProblems } from '@recovery-desk/domain/legal/notice-templates.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction, type Executor } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import {
  deleteNoticeTemplate,
  listNoticeTemplatesOf,
  NOTICE_LANGUAGE,
  renderNoticePdf,
  upsertNoticeTemplate,
} from '../../legal/index.ts';
import { translator } from '@recovery-desk/i18n/translator.ts';
import { renderNotice } from '@recovery-desk/domain/legal/notice-templates.ts';

// The document templates of the repossession and SARFAESI workflows (Repossession Settings, REPO_SETTINGS_SAUTH):
// stored beside the legal notice templates (notice_templates, the kind in its case_type column) once edited; until
// then the built-in text applies.

export type SecuredTemplatesInput = z.infer<typeof securedTemplatesInputSchema>;

async function readTemplates(db: Executor): Promise<SecuredTemplatesReply> {
  const stored = await listNoticeTemplatesOf(db, SECURED_DOCUMENT_KINDS);
  return {
    templates: DEFAULT_SECURED_TEMPLATES.map((builtIn) => {
      const edited = stored.find((row) => row.caseType === builtIn.kind);
      return edited
        ? { kind: builtIn.kind, title: edited.title, body: edited.body, isDefault: false }
        : { kind: builtIn.kind, title: builtIn.title, body: builtIn.body, isDefault: true };
    }),
    placeholders: [...SECURED_PLACEHOLDERS],
  };
}

/** GET /api/secured-assets/templates */
export function getSecuredTemplates(deps: AppDeps): Promise<SecuredTemplatesReply> {
  return readTemplates(deps.db);
}

/** Placeholder and duplicate checks: 400 naming `templates.<i>.body` (or title, kind). */
function checkTemplates(templates: SecuredTemplatesInput['templates']): void {
  const errors = templateProblems(templates, 'kind', SECURED_PLACEHOLDERS);
  if (errors.length > 0) {
    throw new AppError('VALIDATION', `${errors[0]!.field}: ${errors[0]!.message}`, { fields: errors });
  }
}

/** PUT /api/secured-assets/templates — replaces the listed templates; one transaction, audited before and after. */
export async function updateSecuredTemplates(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: SecuredTemplatesInput },
): Promise<SecuredTemplatesReply> {
  checkTemplates(input.templates);
  await withTransaction(deps.db, async (tx) => {
    const before = await readTemplates(tx);
    const at = deps.clock.now();
    for (const template of input.templates) {
      // The built-in text saved back ("restore built-in") removes the edit, so the template reads as built-in again
      // and follows the built-in text of later releases.
      const builtIn = defaultSecuredTemplate(template.kind);
      if (template.title === builtIn.title.trim() && template.body === builtIn.body.trim()) {
        await deleteNoticeTemplate(tx, template.kind);
        continue;
      }
      await upsertNoticeTemplate(tx, {
        caseType: template.kind,
        title: template.title,
        body: template.body,
        userId: ctx.user.id,
        at,
      });
    }
    const kinds = input.templates.map((template) => template.kind);
    await emitAudit(tx, ctx, {
      action: 'secured_assets.templates_update',
      entity: 'notice_templates',
      entityId: kinds.join(','),
      before: before.templates.filter((template) => kinds.includes(template.kind)),
      after: input.templates,
    });
  });
  return readTemplates(deps.db);
}

/**
 * POST /api/secured-assets/templates/preview — a draft template (not saved) rendered to PDF with the sample values,
 * as a generated document would print it (the placeholders checked as the PUT does: 400 naming `body`). Saves
 * nothing; the preview is audited (`secured_assets.template_preview`).
 */
export async function previewSecuredTemplate(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: SecuredTemplatePreviewInput },
): Promise<{ pdf: Uint8Array; fileName: string }> {
  const errors = templateProblems([input], 'kind', SECURED_PLACEHOLDERS).map((error) => ({
    ...error,
    field: error.field.replace(/^templates\.0\./, ''),
  }));
  if (errors.length > 0) {
    throw new AppError('VALIDATION', `${errors[0]!.field}: ${errors[0]!.message}`, { fields: errors });
  }
  const rendered = renderNotice(input, SECURED_SAMPLE_VALUES, SECURED_PLACEHOLDERS);
  const words = translator(NOTICE_LANGUAGE);
  const pdf = await renderNoticePdf({
    lenderName: SECURED_SAMPLE_VALUES.lenderName,
    branchName: SECURED_SAMPLE_VALUES.branchName,
    title: rendered.title,
    paragraphs: rendered.paragraphs,
    subject: `${rendered.title} (preview with sample values)`,
    createdAt: deps.clock.now(),
    pageLabel: (page, pages) => words.t('NoticePageOf', { page, pages }),
  });
  // Every request that is not a read leaves a row: who previewed which draft (the text itself is not kept).
  await withTransaction(deps.db, (tx) =>
    emitAudit(tx, ctx, {
      action: 'secured_assets.template_preview',
      entity: 'notice_templates',
      entityId: input.kind,
      after: { kind: input.kind, title: input.title, bodyLength: input.body.length },
    }),
  );
  return { pdf, fileName: `${input.kind.toLowerCase().replace(/_/g, '-')}-preview.pdf` };
}
