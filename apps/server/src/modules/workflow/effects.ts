import { isIsoDate } from '@recovery-desk/domain/workflow/dates.ts';
import type {
  ActionName,
  CaseStatus,
  WorkflowDefinition,
  WorkflowEffect,
} from '@recovery-desk/domain/workflow/definition.ts';
import type { NextState } from '@recovery-desk/domain/workflow/transition.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import type { Transaction } from '../../db/transaction.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { translatorOf, type UnitContext } from '../../http/request-context.ts';
import { decisionMail } from '../../mail/templates.ts';
import { columnLabel } from '../exports/index.ts';
import { createNoticeDocument } from '../legal/index.ts';
import { findUserContact } from './cases.repository.ts';
import { appendHold, cancelOpenReminders, insertReminder, lockHoldState } from './effects.repository.ts';

// The engine names effects; the server runs them here, in the transaction that applies the transition (after the
// case row is updated and its event appended), so an effect that fails rolls the whole step back. Every effect has
// an entry: a handler, or null for a step the server cannot perform yet — applying an action that names one is
// refused (503) so no case silently skips a statutory step.

/** The allocation-hold reason of a case in court (HOLD_REASONS of the collections contracts). */
export const LEGAL_HOLD_REASON = 'Legal sub-judice';
export const HEARING_REMINDER = 'HEARING';
/** A hearing reminder comes up this many days before the hearing. */
export const HEARING_REMINDER_DAYS = 2;

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

type EffectHandler = (run: EffectRun) => Promise<EffectOutcome | void>;

async function placeLegalHold(run: EffectRun): Promise<void> {
  const state = await lockHoldState(run.tx, { accountId: run.accountId, reason: LEGAL_HOLD_REASON });
  if (state.reasonActive && state.isOnHold) return;
  await appendHold(run.tx, {
    accountId: run.accountId,
    action: 'START',
    reason: LEGAL_HOLD_REASON,
    remarks: `Case ${run.caseNo} filed in court`,
    byUserId: run.ctx.user.id,
    actingUnitId: run.ctx.actingUnit.id,
    businessDate: run.businessDate,
    isOnHold: true,
    at: run.deps.clock.now(),
  });
}

async function releaseLegalHold(run: EffectRun): Promise<void> {
  const state = await lockHoldState(run.tx, { accountId: run.accountId, reason: LEGAL_HOLD_REASON });
  if (!state.reasonActive) return;
  await appendHold(run.tx, {
    accountId: run.accountId,
    action: 'END',
    reason: LEGAL_HOLD_REASON,
    remarks: `Case ${run.caseNo} ${run.next.status.toLowerCase()}`,
    byUserId: run.ctx.user.id,
    actingUnitId: run.ctx.actingUnit.id,
    businessDate: run.businessDate,
    // Another hold (a dispute, a deceased borrower…) keeps the account held.
    isOnHold: state.otherActive,
    at: run.deps.clock.now(),
  });
}

async function scheduleHearingReminder(run: EffectRun): Promise<void> {
  await cancelOpenReminders(run.tx, { caseId: run.caseId, kind: HEARING_REMINDER });
  const hearing = run.next.fields.nextHearingDate;
  if (!isIsoDate(hearing)) return;
  await insertReminder(run.tx, {
    caseId: run.caseId,
    kind: HEARING_REMINDER,
    dueOn: hearing,
    remindOn: addDays(hearing, -HEARING_REMINDER_DAYS),
    at: run.deps.clock.now(),
  });
}

async function notifyMaker(run: EffectRun): Promise<EffectOutcome | void> {
  if (run.makerBefore === null || run.makerBefore === run.ctx.user.id) return;
  const maker = await findUserContact(run.tx, run.makerBefore);
  if (!maker?.isActive) return;
  // In the deciding checker's language (mail/templates.ts), with the words the case screen shows.
  const translate = translatorOf(run.ctx);
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

async function returnToPool(): Promise<void> {
  // Nothing to write: the action closes the case, and an account without an open case of the workflow is in the
  // pool again (subject to the pool rule and its review cool-off).
}

async function generateLegalNotice(run: EffectRun): Promise<void> {
  await createNoticeDocument(run.tx, run.deps, run.ctx, { caseId: run.caseId, noticeDate: run.businessDate });
}

export const EFFECT_HANDLERS: Record<WorkflowEffect, EffectHandler | null> = {
  generateLegalNotice,
  placeLegalHold,
  releaseLegalHold,
  returnToPool,
  notifyMaker,
  scheduleHearingReminder,
  // Repossession and SARFAESI steps the server does not perform yet.
  generateDemandNotice: null,
  generatePossessionNotice: null,
  generateRepoNotice: null,
  generateRepoKit: null,
  generateSaleNotice: null,
  generateSaleCertificate: null,
  lockRedemption: null,
};

/** Refuses (503) an action whose effects include one without a handler, before anything is written. */
export function requireEffectHandlers(effects: readonly WorkflowEffect[]): void {
  const missing = effects.find((effect) => EFFECT_HANDLERS[effect] === null);
  if (missing) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      `The ${missing} step is not available yet, so this action cannot be applied. Ask an administrator.`,
    );
  }
}

/** Runs the effects in order inside the transaction; returns the mail to deliver after the commit. */
export async function runEffects(run: EffectRun, effects: readonly WorkflowEffect[]): Promise<EffectOutcome> {
  requireEffectHandlers(effects);
  const mailIds: number[] = [];
  for (const effect of effects) {
    const outcome = await EFFECT_HANDLERS[effect]!(run);
    if (outcome) mailIds.push(...outcome.mailIds);
  }
  return { mailIds };
}
