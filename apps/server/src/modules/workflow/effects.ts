import type {
  ActionName,
  CaseStatus,
  WorkflowDefinition,
  WorkflowEffect,
} from '@recovery-desk/domain/workflow/definition.ts';
import type { NextState } from '@recovery-desk/domain/workflow/transition.ts';
import type { Transaction } from '../../db/transaction.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { requestLanguage, translatorOf, type UnitContext } from '../../http/request-context.ts';
import { decisionMail } from '../../mail/templates.ts';
import { columnLabel } from '../exports/index.ts';
import { findUserContact } from './cases.repository.ts';

// The engine names effects; the server runs them here, in the transaction that applies the transition (after the
// case row is updated and its event appended), so an effect that fails rolls the whole step back. The engine knows
// no module: each module registers the handlers of its effects at wiring time (app.ts → workflow-effects.ts), e.g.
// legal its notice, hold and hearing reminder. An effect nobody registered is a step the server cannot perform yet:
// applying an action that names one is refused (503), so no case silently skips a statutory step.

export type EffectRun = {
  tx: Transaction;
  deps: AppDeps;
  ctx: UnitContext;
  definition: WorkflowDefinition;
  caseId: number;
  caseNo: string;
  accountId: number;
  action: { name: ActionName; labelKey: string };
  from: { stage: string; status: CaseStatus };
  next: NextState;
  /** the maker of the step that was pending before this action (the one a checker decided on) */
  makerBefore: number | null;
  remarks: string | null;
  businessDate: string;
};

/** What an effect leaves for after the commit: outbox mail to deliver. */
export type EffectOutcome = { mailIds: number[] };

export type EffectHandler = (run: EffectRun) => Promise<EffectOutcome | void>;

/** Effect name → handler, filled by the modules when the app is wired; one handler per effect. */
export class EffectRegistry {
  readonly #handlers = new Map<WorkflowEffect, EffectHandler>();

  register(effect: WorkflowEffect, handler: EffectHandler): this {
    if (this.#handlers.has(effect)) throw new Error(`workflow effect ${effect} is registered twice`);
    this.#handlers.set(effect, handler);
    return this;
  }

  has(effect: WorkflowEffect): boolean {
    return this.#handlers.has(effect);
  }

  /** Refuses (503) an action whose effects include one without a handler, before anything is written. */
  require(effects: readonly WorkflowEffect[]): void {
    const missing = effects.find((effect) => !this.#handlers.has(effect));
    if (missing) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `The ${missing} step is not available yet, so this action cannot be applied. Ask an administrator.`,
      );
    }
  }

  /** Runs the effects in order inside the transaction; returns the mail to deliver after the commit. */
  async run(run: EffectRun, effects: readonly WorkflowEffect[]): Promise<EffectOutcome> {
    this.require(effects);
    const mailIds: number[] = [];
    for (const effect of effects) {
      const outcome = await this.#handlers.get(effect)!(run);
      if (outcome) mailIds.push(...outcome.mailIds);
    }
    return { mailIds };
  }
}

/** Tells the maker of the pending step what the checker decided (mail through the outbox, sent after commit). */
async function notifyMaker(run: EffectRun): Promise<EffectOutcome | void> {
  if (run.makerBefore === null || run.makerBefore === run.ctx.user.id) return;
  const maker = await findUserContact(run.tx, run.makerBefore);
  if (!maker?.isActive) return;
  // In the maker's language (the one they last signed in with; else the checker's), with the case screen's words.
  const translate = translatorOf({ language: maker.language ? requestLanguage(maker.language) : run.ctx.language });
  const stageLabel = (code: string) => {
    const stage = run.definition.stages.find((candidate) => candidate.code === code);
    return stage ? translate.tr(stage.labelKey, code) : code;
  };
  const id = await run.deps.mail.queue(
    run.tx,
    decisionMail(
      {
        to: maker.email,
        makerName: maker.fullName,
        checkerName: run.ctx.user.fullName,
        caseNo: run.caseNo,
        decisionKey: run.action.labelKey,
        decisionFallback: columnLabel(run.action.labelKey),
        fromStage: stageLabel(run.from.stage),
        stage: stageLabel(run.next.stage),
        status: run.next.status,
        remarks: run.remarks,
      },
      translate,
    ),
  );
  return { mailIds: [id] };
}

/** The engine's own effects (any workflow's maker-checker steps). */
export function registerWorkflowEffects(registry: EffectRegistry): void {
  registry.register('notifyMaker', notifyMaker);
}
