import type { SecuredDocumentKind } from '@recovery-desk/domain/secured-assets/document-templates.ts';
import { isIsoDate } from '@recovery-desk/domain/workflow/dates.ts';
import type { WorkflowEffect } from '@recovery-desk/domain/workflow/definition.ts';
import { emitAudit } from '../../audit/emit-audit.ts';
import type { EffectRegistry, EffectRun } from '../workflow/index.ts';
import { AppError } from '../../http/app-error.ts';
import { findRedemptionLock, insertRedemptionLock } from './redemption.repository.ts';
import { REPOSSESSION_CODE, SARFAESI_CODE } from './secured-assets-constants.ts';
import { createSecuredDocument } from './services/secured-documents.ts';
import { requireValidAgency } from './services/agencies.ts';
import { requireValuations } from './services/valuations.ts';

// The effects the REPOSSESSION and SARFAESI workflows name, registered with the engine when the app is wired
// (workflow-effects.ts). Each document effect renders its documents from their templates and files them on the case
// under a checklist code of the stage they belong to; an effect shared by both workflows (generateRepoKit,
// generateSaleNotice) chooses its documents by the case's workflow.

/** A document an effect makes; `from` limits it to the step leaving that stage (an effect named at two steps). */
type DocumentSpec = { kind: SecuredDocumentKind; code: string; from?: string };

export const EFFECT_DOCUMENTS: Record<string, Partial<Record<WorkflowEffect, readonly DocumentSpec[]>>> = {
  [REPOSSESSION_CODE]: {
    generateRepoNotice: [{ kind: 'REPO_PRE_NOTICE', code: 'noticeCopy' }],
    // The kit is released to the agency (KitGeneration), then completed once the vehicle is in the yard.
    generateRepoKit: [
      { kind: 'REPO_AUTHORISATION_LETTER', code: 'authorisationLetter', from: 'KitGeneration' },
      { kind: 'REPO_POLICE_PRE_INTIMATION', code: 'policePreIntimation', from: 'KitGeneration' },
      { kind: 'REPO_POLICE_POST_INTIMATION', code: 'policePostIntimation', from: 'AssetDtlCapture' },
      { kind: 'REPO_POST_REPOSSESSION_LETTER', code: 'postRepoLetter', from: 'AssetDtlCapture' },
    ],
    generateSaleNotice: [{ kind: 'REPO_SALE_NOTICE', code: 'saleNoticeCopy' }],
  },
  [SARFAESI_CODE]: {
    generateDemandNotice: [{ kind: 'SARF_DEMAND_NOTICE', code: 'demandNoticeCopy' }],
    generatePossessionNotice: [{ kind: 'SARF_POSSESSION_NOTICE', code: 'possessionNotice' }],
    generateRepoKit: [{ kind: 'SARF_POLICE_ASSISTANCE', code: 'policeAssistanceLetter' }],
    generateSaleNotice: [{ kind: 'SARF_SALE_NOTICE', code: 'saleNoticeCopy' }],
    generateSaleCertificate: [{ kind: 'SARF_SALE_CERTIFICATE', code: 'saleCertificate' }],
  },
};

function documentEffect(effect: WorkflowEffect) {
  return async (run: EffectRun): Promise<void> => {
    const specs = EFFECT_DOCUMENTS[run.definition.code]?.[effect];
    // A definition naming the effect where no document is defined for it is a programming error (500), not a skip.
    if (!specs) throw new Error(`${effect} has no documents for the ${run.definition.code} workflow`);
    for (const spec of specs.filter((candidate) => !candidate.from || candidate.from === run.from.stage)) {
      await createSecuredDocument(run.tx, run.deps, run.ctx, {
        caseId: run.caseId,
        kind: spec.kind,
        code: spec.code,
        stage: run.next.stage,
        definition: run.definition,
        fields: run.next.fields,
        documentDate: run.businessDate,
      });
    }
  };
}

/** §13(8): the auction notice is published; from now on the borrower cannot redeem by paying the dues in full. */
async function lockRedemption(run: EffectRun): Promise<void> {
  const published = run.next.fields.salePublicationDate;
  const publicationDate = typeof published === 'string' && isIsoDate(published) ? published : null;
  const locked = await insertRedemptionLock(run.tx, {
    caseId: run.caseId,
    lockedOn: run.businessDate,
    publicationDate,
    lockedByUserId: run.ctx.user.id,
    actingUnitId: run.ctx.actingUnit.id,
    at: run.deps.clock.now(),
  });
  if (!locked) return;
  await emitAudit(run.tx, run.ctx, {
    action: 'secured_assets.redemption_lock',
    entity: 'case',
    entityId: run.caseId,
    after: { caseNo: run.caseNo, lockedOn: run.businessDate, publicationDate },
  });
}

/**
 * §13(8): once the auction notice is published the borrower can no longer redeem, and a case back at base price after
 * a failed auction stays locked (the first publication ended it). The request is refused (409), and the step rolls
 * back whole.
 */
async function requireRedeemable(run: EffectRun): Promise<void> {
  const lock = await findRedemptionLock(run.tx, run.caseId);
  if (!lock) return;
  const published = lock.publicationDate ?? lock.lockedOn;
  const shown = published.split('-').reverse().join('-');
  throw new AppError(
    'ACTION_NOT_ALLOWED',
    `Redemption is closed for case ${run.caseNo}: the auction notice was published on ${shown} (SARFAESI §13(8)). ` +
      'Take the payment as a partial payment, or recover the dues from the sale.',
  );
}

export function registerSecuredAssetEffects(registry: EffectRegistry): void {
  for (const effect of [
    'generateRepoNotice',
    'generateRepoKit',
    'generateSaleNotice',
    'generateDemandNotice',
    'generatePossessionNotice',
    'generateSaleCertificate',
  ] as const) {
    registry.register(effect, documentEffect(effect));
  }
  registry.register('lockRedemption', lockRedemption);
  registry.register('requireRedeemable', requireRedeemable);
  registry.register('requireValuations', requireValuations);
  registry.register('requireValidAgency', requireValidAgency);
}
