import type { FollowUpInput } from '@recovery-desk/domain/collections/contracts.ts';
import { isWithinCallingWindow } from '@recovery-desk/domain/collections/calling-window.ts';
import { DISPOSITION_RESTRICTION_REASON } from '@recovery-desk/domain/collections/dispositions.ts';
import type { Bucket } from '@recovery-desk/domain/collections/dpd.ts';
import {
  isAboveTotalDue,
  DEFAULT_PTP_POLICY,
  ptpDeviationReasons,
  type PtpDeviationReason,
  type PtpPolicy,
} from '@recovery-desk/domain/collections/ptp-policy.ts';
import { daysBetween } from '@recovery-desk/domain/dates.ts';
import { collectionsSettingsOf } from '../../collections-settings/index.ts';
import {
  formatAmount,
  isAmountInMinorUnits,
  minorUnitsOf,
  toCents,
  type Currency,
} from '@recovery-desk/domain/money.ts';
import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction, type Executor, type Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requestApprovalInTx, withdrawApprovalsInTx } from '../../approvals/index.ts';
import { ESCALATION_HANDLER, PTP_DEVIATION_HANDLER } from '../approval-handlers.ts';
import {
  listAccountPtps,
  listFollowUps,
  type AccountPtp,
  type FollowUpItem,
  type ScopedAccount,
} from '../accounts.repository.ts';
import {
  appendRestriction,
  hasOpenEscalation,
  insertEscalation,
  lockAccountsInScope,
  type LockedAccount,
  type RestrictionKind,
} from '../casework.repository.ts';
import {
  cancelOpenPtps,
  contactBelongsTo,
  documentBelongsTo,
  findDisposition,
  findNextUnpaidDueDate,
  insertFollowUp,
  insertPtp,
  markContactWrongNumber,
  recordContactOnAccount,
  type DispositionRecord,
} from '../follow-ups.repository.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { activeMarksOf } from '../../account-marks/index.ts';
import { MARK_EFFECTS } from '@recovery-desk/domain/collections/account-marks.ts';
import { ACCOUNT_NOT_FOUND, requireAccountInScope } from './get-account-view.ts';
import { requireEditableTab, requireTrayAccess } from './tray-access.ts';

export type FollowUpReply = { followUp: FollowUpItem; ptp: AccountPtp | null };

type Checked = { disposition: DispositionRecord; callingWindowOverride: string | null };

type FollowUpContext = {
  accountId: number;
  customerId: number;
  timeZone: string;
  businessDate: string;
  /** when the contact happened: now for the tray, the file's contact date and time for an upload */
  contactedAt: Date;
  currency: Currency;
  totalDueAmount: string;
  bucket: Bucket;
  emiAmount: string;
};

async function checkInput(db: Executor, input: FollowUpInput, context: FollowUpContext): Promise<Checked> {
  const disposition = await findDisposition(db, input.dispositionCode);
  if (!disposition?.isActive) throw validationError('dispositionCode', 'is not an active disposition code');
  // A promise always has an amount and a date, whatever the (editable) disposition flags say.
  const isPromise = disposition.nextStep === 'PTP';
  if ((disposition.requiresAmount || isPromise) && input.actionAmount === undefined) {
    throw validationError('actionAmount', `is required for ${disposition.code}`);
  }
  if ((disposition.requiresNextActionDate || isPromise) && input.nextActionDate === undefined) {
    throw validationError('nextActionDate', `is required for ${disposition.code}`);
  }
  if (input.nextActionDate !== undefined && input.nextActionDate < context.businessDate) {
    throw validationError('nextActionDate', `must be on or after the business date ${context.businessDate}`);
  }
  if (input.actionAmount !== undefined && !isAmountInMinorUnits(input.actionAmount, context.currency)) {
    throw validationError(
      'actionAmount',
      `must be an amount in ${context.currency} with at most ${minorUnitsOf(context.currency)} decimals`,
    );
  }
  if (isPromise && input.actionAmount !== undefined && toCents(input.actionAmount) <= 0n) {
    throw validationError('actionAmount', 'must be more than zero');
  }
  // A promise above what the borrower owes is a typing slip, never a deviation a supervisor could approve.
  if (isPromise && input.actionAmount !== undefined && isAboveTotalDue(input.actionAmount, context.totalDueAmount)) {
    throw validationError(
      'actionAmount',
      `must not be more than the total due amount ${formatAmount(context.totalDueAmount, context.currency)}`,
    );
  }
  if (disposition.code === 'WN' && input.contactId === undefined) {
    throw validationError('contactId', 'is required for WN (which number was wrong)');
  }
  if (input.contactId !== undefined) {
    const owned = await contactBelongsTo(db, { contactId: input.contactId, customerId: context.customerId });
    if (!owned) throw validationError('contactId', 'is not a contact of this account’s customer');
  }
  if (input.documentId !== undefined) {
    const owned = await documentBelongsTo(db, { documentId: input.documentId, accountId: context.accountId });
    if (!owned) throw validationError('documentId', 'is not a document of this account');
  }
  if (input.contactMode === 'CALL') {
    // An approved DO_NOT_CALL mark suppresses calling (docs/architecture.md "Account marking").
    const marks = (await activeMarksOf(db, [context.accountId])).get(context.accountId) ?? [];
    const noCall = marks.find((mark) => (MARK_EFFECTS.noCall as readonly string[]).includes(mark));
    if (noCall) {
      throw new AppError('ACCOUNT_MARKED', `This account is marked ${noCall}: a call cannot be recorded on it.`, {
        extra: { mark: noCall },
      });
    }
  }
  const outsideWindow = input.contactMode === 'CALL' && !isWithinCallingWindow(context.contactedAt, context.timeZone);
  if (outsideWindow && input.callingWindowOverride === undefined) {
    throw validationError(
      'callingWindowOverride',
      `a call outside 08:00–19:00 of the borrower's time (${context.timeZone}) needs a reason for the override`,
    );
  }
  return { disposition, callingWindowOverride: input.callingWindowOverride ?? null };
}

function ptpDeviation(
  code: string,
  input: { businessDate: string; promisedDate: string; promisedAmount: string; bucket: Bucket; emiAmount: string },
  nextDueDate: string | null,
  policy: PtpPolicy,
): PtpDeviationReason[] {
  const reasons = ptpDeviationReasons({ ...input, nextDueDate }, policy);
  // A Future PTP is beyond the allowed horizon by definition: it always goes to a supervisor.
  if (code === 'FPTP' && !reasons.includes('BEYOND_HORIZON')) reasons.unshift('BEYOND_HORIZON');
  return reasons;
}

async function startRestrictionOnce(
  tx: Transaction,
  ctx: UnitContext,
  input: { account: LockedAccount; kind: RestrictionKind; code: string; businessDate: string; at: Date },
): Promise<number | null> {
  const active = input.kind === 'ALLOCATION_HOLD' ? input.account.isOnHold : input.account.isSuppressed;
  if (active) return null;
  const { id } = await appendRestriction(tx, {
    accountId: input.account.id,
    kind: input.kind,
    action: 'START',
    reason: DISPOSITION_RESTRICTION_REASON[input.code] ?? `Disposition ${input.code}`,
    remarks: `Started by follow-up disposition ${input.code}`,
    byUserId: ctx.user.id,
    actingUnitId: ctx.actingUnit.id,
    businessDate: input.businessDate,
    at: input.at,
  });
  return id;
}

export type PreparedFollowUp = Checked & { deviationReasons: PtpDeviationReason[] };

/**
 * Every rule of a follow-up that reads only (the tray's save and the follow-up and PTP uploads both use it): the
 * disposition and what it requires, the amount and dates, the promise limits and the PTP policy (a deviation needs a
 * reason and goes to a supervisor), DO_NOT_CALL, the calling window. Refusals are 400s naming the input's field
 * (ACCOUNT_MARKED for a call on a do-not-call account).
 */
export async function prepareFollowUp(
  db: Executor,
  input: FollowUpInput,
  context: FollowUpContext,
): Promise<PreparedFollowUp> {
  const checked = await checkInput(db, input, context);
  const { disposition } = checked;
  const { businessDate, accountId } = context;
  // The PTP horizons and the furthest promised date are collections settings (/collapp/settings).
  const settings = await collectionsSettingsOf(db);
  if (disposition.nextStep === 'PTP' && daysBetween(businessDate, input.nextActionDate!) > settings.ptpMaxDays) {
    throw validationError(
      'nextActionDate',
      `must be at most ${settings.ptpMaxDays} days after the business date ${businessDate}`,
    );
  }
  const nextDueDate =
    disposition.nextStep === 'PTP' ? await findNextUnpaidDueDate(db, { accountId, businessDate }) : null;
  // A promise outside the PTP policy goes to a supervisor: the agent says why, and the supervisor reads it.
  const deviationReasons =
    disposition.nextStep === 'PTP'
      ? ptpDeviation(
          disposition.code,
          {
            businessDate,
            promisedDate: input.nextActionDate!,
            promisedAmount: input.actionAmount!,
            bucket: context.bucket,
            emiAmount: context.emiAmount,
          },
          nextDueDate,
          {
            ...DEFAULT_PTP_POLICY,
            horizonDaysB1: settings.ptpHorizonDaysB1,
            horizonDaysLater: settings.ptpHorizonDaysLater,
          },
        )
      : [];
  if (deviationReasons.length > 0 && input.deviationReason === undefined) {
    throw validationError(
      'deviationReason',
      `this promise is outside the PTP policy (${deviationReasons.join(', ')}) and goes to a supervisor: give the reason for the deviation`,
    );
  }
  return { ...checked, deviationReasons };
}

/** The rules' context of an account read with its customer (requireAccountInScope / findAccountInScope). */
export function followUpContextOf(
  { account, customer }: ScopedAccount,
  input: { businessDate: string; contactedAt: Date },
): FollowUpContext {
  return {
    accountId: account.id,
    customerId: customer.id,
    timeZone: customer.timeZone,
    businessDate: input.businessDate,
    contactedAt: input.contactedAt,
    currency: account.currency as Currency,
    totalDueAmount: account.totalDueAmount,
    bucket: account.bucket as Bucket,
    emiAmount: account.emiAmount,
  };
}

/**
 * The writes of a follow-up inside the caller's transaction, after `prepareFollowUp`: the account locked in the
 * subtree, the follow-up row and what its disposition sets off (a PTP replacing the open one, with its deviation
 * request; a hold, a suppression, skip trace, an escalation), the account's last-contact fields and the audit row
 * `collections.follow_up.create` (`source` says where it came from: the tray, or an upload and its row).
 */
export async function writeFollowUpInTx(
  tx: Transaction,
  ctx: UnitContext,
  {
    accountId,
    input,
    prepared,
    businessDate,
    contactedAt,
    at: now,
    currency,
    source,
  }: {
    accountId: number;
    /** the account's currency (the amounts' and the promise's) */
    currency: string;
    input: FollowUpInput;
    prepared: PreparedFollowUp;
    businessDate: string;
    contactedAt: Date;
    /** when it is recorded (the rows' creation, the deviation's approval request) */
    at: Date;
    source: Record<string, unknown>;
  },
): Promise<{ followUpId: number; ptpId: number | null }> {
  const { disposition, callingWindowOverride, deviationReasons } = prepared;
  const [locked] = await lockAccountsInScope(tx, { ids: [accountId], unitPath: ctx.actingUnit.path });
  if (!locked) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
  const followUpId = await insertFollowUp(tx, {
    accountId,
    contactMode: input.contactMode,
    reminderMode: input.reminderMode ?? null,
    contactedByUserId: ctx.user.id,
    contactedByUnitId: ctx.actingUnit.id,
    contactedAt,
    personContacted: input.personContacted ?? null,
    contactId: input.contactId ?? null,
    dispositionCode: disposition.code,
    actionAmount: input.actionAmount ?? null,
    currency: currency,
    nextActionDate: input.nextActionDate ?? null,
    nextActionTime: input.nextActionTime ?? null,
    remarks: input.remarks ?? null,
    documentId: input.documentId ?? null,
    callingWindowOverride,
    businessDate,
    createdAt: now,
  });
  const effects: Record<string, unknown> = {};
  let ptpId: number | null = null;
  switch (disposition.nextStep) {
    case 'PTP': {
      const promise = { promisedDate: input.nextActionDate!, promisedAmount: input.actionAmount! };
      const reasons = deviationReasons;
      const replaced = await cancelOpenPtps(tx, accountId);
      // A replaced promise's deviation no longer waits for a supervisor.
      await withdrawApprovalsInTx(tx, ctx, PTP_DEVIATION_HANDLER, {
        subjectIds: replaced,
        remarks: 'Replaced by a new promise',
        at: now,
      });
      ptpId = await insertPtp(tx, {
        accountId,
        followUpId,
        ...promise,
        currency: currency,
        capturedByUserId: ctx.user.id,
        capturedInUnitId: ctx.actingUnit.id,
        deviationStatus: reasons.length > 0 ? 'PENDING' : 'NONE',
        deviationReasons: reasons,
        createdAt: now,
      });
      if (reasons.length > 0) {
        await requestApprovalInTx(tx, ctx, PTP_DEVIATION_HANDLER, {
          subjectId: ptpId,
          unitPath: locked.unitPath,
          maker: { userId: ctx.user.id, unitId: ctx.actingUnit.id },
          amount: promise.promisedAmount,
          currency: currency,
          payload: { reasons, promisedDate: promise.promisedDate },
          remarks: input.deviationReason ?? null,
          at: now,
        });
      }
      Object.assign(effects, {
        ptpId,
        deviationReasons: reasons,
        ...(input.deviationReason === undefined ? {} : { deviationReason: input.deviationReason }),
        replacedPtpIds: replaced,
      });
      break;
    }
    case 'HOLD':
      effects.holdId = await startRestrictionOnce(tx, ctx, {
        account: locked,
        kind: 'ALLOCATION_HOLD',
        code: disposition.code,
        businessDate,
        at: now,
      });
      break;
    case 'SUPPRESS':
      effects.suppressionId = await startRestrictionOnce(tx, ctx, {
        account: locked,
        kind: 'ACTIVITY_SUPPRESSION',
        code: disposition.code,
        businessDate,
        at: now,
      });
      break;
    case 'SKIP_TRACE':
      effects.skipTrace = true;
      if (disposition.code === 'WN' && input.contactId !== undefined) {
        await markContactWrongNumber(tx, input.contactId);
        effects.invalidContactId = input.contactId;
      }
      break;
    case 'ESCALATE': {
      // One open escalation per account and reason: a second refusal adds to the case, not to the queue.
      const reason = disposition.code === 'RTP' ? 'RTP' : 'MANUAL';
      if (!(await hasOpenEscalation(tx, { accountId, reason }))) {
        const escalationId = await insertEscalation(tx, {
          accountId,
          reason,
          ptpId: null,
          raisedByUserId: ctx.user.id,
          raisedOn: businessDate,
        });
        await requestApprovalInTx(tx, ctx, ESCALATION_HANDLER, {
          subjectId: escalationId,
          unitPath: locked.unitPath,
          maker: { userId: ctx.user.id, unitId: ctx.actingUnit.id },
          payload: { reason },
          at: now,
        });
        effects.escalationId = escalationId;
      }
      break;
    }
    case 'CALLBACK':
    case 'SETTLEMENT':
    case 'NONE':
      break;
  }

  await recordContactOnAccount(tx, {
    accountId,
    userId: ctx.user.id,
    at: contactedAt,
    businessDate,
    nextActionDate: input.nextActionDate ?? null,
    disposition: disposition.code,
    sendToSkipTrace: disposition.nextStep === 'SKIP_TRACE',
  });
  await emitAudit(tx, ctx, {
    action: 'collections.follow_up.create',
    entity: 'follow_up',
    entityId: followUpId,
    after: {
      accountId,
      ...source,
      dispositionCode: disposition.code,
      nextStep: disposition.nextStep,
      contactMode: input.contactMode,
      actionAmount: input.actionAmount ?? null,
      nextActionDate: input.nextActionDate ?? null,
      callingWindowOverride,
      ...effects,
    },
  });
  return { followUpId, ptpId };
}

/**
 * POST /api/collections/accounts/:accountId/follow-ups?tray= — records a contact with its disposition and, in the
 * same transaction, what the disposition sets off (a PTP with its policy check, a hold, skip trace, an escalation,
 * a suppression, a callback date), plus the account's last-contact fields. Calls outside the borrower's calling
 * window need an override reason, which is stored and audited.
 */
export async function recordFollowUp(
  deps: AppDeps,
  { ctx, accountId, trayKey, input }: { ctx: UnitContext; accountId: number; trayKey: TrayKey; input: FollowUpInput },
): Promise<FollowUpReply> {
  const access = await requireTrayAccess(deps.db, ctx, trayKey);
  const scoped = await requireAccountInScope(deps.db, ctx, accountId);
  requireEditableTab(access, 'Followup');
  const businessDate = await requireBusinessDate(deps.db);
  const now = deps.clock.now();
  const prepared = await prepareFollowUp(deps.db, input, followUpContextOf(scoped, { businessDate, contactedAt: now }));
  const { followUpId, ptpId } = await withTransaction(deps.db, (tx) =>
    writeFollowUpInTx(tx, ctx, {
      accountId,
      input,
      prepared,
      businessDate,
      contactedAt: now,
      at: now,
      currency: scoped.account.currency,
      source: { tray: trayKey },
    }),
  );

  const [followUp] = await listFollowUps(deps.db, { accountId, followUpId });
  const ptp = ptpId === null ? null : ((await listAccountPtps(deps.db, { accountId, ptpId }))[0] ?? null);
  if (!followUp) throw new Error(`follow-up ${followUpId} vanished`);
  return { followUp, ptp };
}
