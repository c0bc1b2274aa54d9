import { addDays } from '@recovery-desk/domain/dates.ts';
import { isIsoDate } from '@recovery-desk/domain/workflow/dates.ts';
import type { EffectRegistry, EffectRun } from '../workflow/index.ts';
import { appendHold, cancelOpenRemindersOfKind, insertReminder, lockHoldState } from './effects.repository.ts';
import { createNoticeDocument } from './services/notice-document.ts';

// The effects the LEGAL workflow names, registered with the engine when the app is wired (workflow-effects.ts).

/** The allocation-hold reason of a case in court (HOLD_REASONS of the collections contracts). */
export const LEGAL_HOLD_REASON = 'Legal sub-judice';
export const HEARING_REMINDER = 'HEARING';
/** A hearing reminder comes up this many days before the hearing. */
export const HEARING_REMINDER_DAYS = 2;

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
  await cancelOpenRemindersOfKind(run.tx, { caseId: run.caseId, kind: HEARING_REMINDER });
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

async function returnToPool(): Promise<void> {
  // Nothing to write: the action closes the case, and an account without an open case of the workflow is in the
  // pool again (subject to the pool rule and its review cool-off).
}

async function generateLegalNotice(run: EffectRun): Promise<void> {
  await createNoticeDocument(run.tx, run.deps, run.ctx, { caseId: run.caseId, noticeDate: run.businessDate });
}

export function registerLegalEffects(registry: EffectRegistry): void {
  registry
    .register('generateLegalNotice', generateLegalNotice)
    .register('placeLegalHold', placeLegalHold)
    .register('releaseLegalHold', releaseLegalHold)
    .register('scheduleHearingReminder', scheduleHearingReminder)
    .register('returnToPool', returnToPool);
}
