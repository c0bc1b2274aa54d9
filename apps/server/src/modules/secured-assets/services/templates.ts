import type { z } from 'zod';
import {
  DEFAULT_SECURED_TEMPLATES,
  SECURED_DOCUMENT_KINDS,
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
import { listNoticeTemplatesOf, upsertNoticeTemplate } from '../../legal/index.ts';

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
