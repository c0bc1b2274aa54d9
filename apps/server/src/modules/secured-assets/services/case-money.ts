import { formatAmount, isAmountInMinorUnits, toCents } from '@recovery-desk/domain/money.ts';
import type { ReceiptMode } from '@recovery-desk/domain/receipts/contracts.ts';
import { breaches269ST, minorToDecimal } from '@recovery-desk/domain/receipts/posting.ts';
import type { CaseFields } from '@recovery-desk/domain/workflow/case-fields.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import { postReceiptInTx } from '../../receipts/index.ts';
import type { EffectRun } from '../../workflow/index.ts';
import { accountOutstanding } from '../closure.repository.ts';
import { insertApprovedWaiver, PART_PAYMENT_SOURCE, partPaymentRef } from '../case-money.repository.ts';

// The money outcomes of a repossession or SARFAESI case before it closes (issue 15):
// - a waiver: the maker asks (refused above the account's dues), a checker approves, and the approval records the
//   waiver on the account (secured_waivers) in the step's transaction; closing counts it against the shortfall and
//   writes it off (services/closure.ts). A rejected or pushed-back waiver records nothing.
// - a partial payment (SARFAESI's detour): the maker captures amount, mode, reference and date (refused above the
//   dues or against the receipt mode rules), a checker approves, and the approval posts it as a receipt through the
//   receipts service (source SECURED_PART_PAYMENT, once per approving step); the account's dues go down with it.

const PARTIAL_MODES: readonly ReceiptMode[] = ['CASH', 'CHEQUE', 'DD', 'NEFT', 'RTGS', 'IMPS', 'UPI'];

function amountMinor(fields: CaseFields, name: string): bigint | null {
  const value = fields[name];
  if (typeof value !== 'string' || !isAmountInMinorUnits(value.trim(), 'INR')) return null;
  return toCents(value.trim());
}

const shown = (minor: bigint, currency: string) =>
  formatAmount(minorToDecimal(minor), currency === 'USD' ? 'USD' : 'INR');

/** The waiver asked for, checked against the account's whole dues (principal, interest and charges). */
async function waiverWithinDues(run: EffectRun, { lock }: { lock: boolean }) {
  const waiver = amountMinor(run.next.fields, 'waiverAmount');
  if (waiver === null || waiver <= 0n) throw validationError('fields.waiverAmount', 'must be an amount above zero');
  const account = await accountOutstanding(run.tx, run.accountId, { forUpdate: lock });
  if (waiver > account.outstandingMinor) {
    throw validationError(
      'fields.waiverAmount',
      `cannot be more than the account's dues of ${shown(account.outstandingMinor, account.currency)}`,
    );
  }
  return { waiver, currency: account.currency };
}

/** The waiver request (maker): refused (400 naming fields.waiverAmount) above the account's dues. */
export async function requireWaiverWithinDues(run: EffectRun): Promise<void> {
  await waiverWithinDues(run, { lock: false });
}

/**
 * The waiver approval (checker): the waiver, checked again against today's dues (a partial payment may have lowered
 * them), is recorded on the account with its reason, maker and approver, and audited.
 */
export async function recordWaiver(run: EffectRun): Promise<void> {
  const { waiver, currency } = await waiverWithinDues(run, { lock: true });
  const reason = String(run.next.fields.waiverReason ?? '').trim();
  const recorded = await insertApprovedWaiver(run.tx, {
    caseId: run.caseId,
    accountId: run.accountId,
    currency,
    amountMinor: waiver,
    reason,
    requestedByUserId: run.makerBefore,
    approvedByUserId: run.ctx.user.id,
    approvedOn: run.businessDate,
    actingUnitId: run.ctx.actingUnit.id,
    at: run.deps.clock.now(),
  });
  await emitAudit(run.tx, run.ctx, {
    action: 'secured_assets.waiver_record',
    entity: 'case',
    entityId: run.caseId,
    after: {
      caseNo: run.caseNo,
      waiverId: recorded.id,
      accountId: run.accountId,
      amountMinor: waiver.toString(),
      currency,
      reason,
      requestedByUserId: run.makerBefore,
      supersededWaiverId: recorded.supersededId,
    },
  });
}

type PartialPaymentFields = { amount: bigint; mode: ReceiptMode; reference: string | null; paidOn: string };

function partialPaymentFields(fields: CaseFields): PartialPaymentFields {
  const amount = amountMinor(fields, 'partialAmount');
  if (amount === null || amount <= 0n) throw validationError('fields.partialAmount', 'must be an amount above zero');
  const mode = String(fields.partialPaymentMode ?? '') as ReceiptMode;
  if (!PARTIAL_MODES.includes(mode)) throw validationError('fields.partialPaymentMode', 'is required');
  const reference =
    typeof fields.partialPaymentReference === 'string' && fields.partialPaymentReference.trim() !== ''
      ? fields.partialPaymentReference.trim()
      : null;
  if (mode !== 'CASH' && !reference) throw validationError('fields.partialPaymentReference', 'is required');
  return { amount, mode, reference, paidOn: String(fields.partialPaymentDate ?? '') };
}

/**
 * The partial payment request (maker): the amount cannot be above the account's dues, and a single cash payment of
 * ₹2,00,000 or more is refused at once (Income-tax Act §269ST; the day's other cash is counted when it is posted).
 */
export async function requirePartialPayment(run: EffectRun): Promise<void> {
  const payment = partialPaymentFields(run.next.fields);
  const account = await accountOutstanding(run.tx, run.accountId);
  if (payment.amount > account.outstandingMinor) {
    throw validationError(
      'fields.partialAmount',
      `cannot be more than the account's dues of ${shown(account.outstandingMinor, account.currency)}`,
    );
  }
  if (payment.mode === 'CASH' && account.currency === 'INR' && breaches269ST(payment.amount, 0n)) {
    throw validationError(
      'fields.partialAmount',
      'Cash of ₹2,00,000 or more from one person in a day is refused (Income-tax Act §269ST). Take a cheque, DD or transfer.',
    );
  }
}

/**
 * The partial payment approval (checker): posts the payment as a receipt on the account through the receipts
 * service (its rules apply: the amount against the dues, §269ST for cash with the payer's other cash of the day), in
 * the approving step's transaction; the receipt waits for verification as every receipt does. The source reference
 * names the case and this step, so the step posts at most one receipt; a parallel approval loses on the case version.
 */
export async function postPartialPayment(run: EffectRun): Promise<void> {
  const payment = partialPaymentFields(run.next.fields);
  const account = await accountOutstanding(run.tx, run.accountId);
  let receiptNo: string;
  try {
    const receipt = await postReceiptInTx(
      run.tx,
      {
        accountId: run.accountId,
        mode: payment.mode,
        amountMinor: payment.amount,
        currency: account.currency as 'INR' | 'USD',
        reference: payment.reference,
        instrument: {
          ...(payment.mode === 'CHEQUE' || payment.mode === 'DD'
            ? { instrumentNo: payment.reference, instrumentDate: payment.paidOn }
            : {}),
          remarks: `Partial payment of case ${run.caseNo}, paid on ${payment.paidOn}`,
        },
        receivedByUserId: run.makerBefore ?? run.ctx.user.id,
        receivedUnitId: run.ctx.actingUnit.id,
        source: PART_PAYMENT_SOURCE,
        sourceRef: partPaymentRef(run.caseId, run.next.version),
      },
      run.ctx,
      { postingOrder: run.deps.config.receiptPostingOrder, at: run.deps.clock.now() },
    );
    receiptNo = receipt.receiptNo;
  } catch (error) {
    // the receipts service names its own fields; on the case they are the stage's fields
    if (error instanceof AppError && error.code === 'VALIDATION') {
      const field = error.fields?.[0]?.field;
      const named = field === 'reference' ? 'fields.partialPaymentReference' : 'fields.partialAmount';
      throw validationError(named, error.fields?.[0]?.message ?? error.message);
    }
    throw error;
  }
  await emitAudit(run.tx, run.ctx, {
    action: 'secured_assets.partial_payment_post',
    entity: 'case',
    entityId: run.caseId,
    after: {
      caseNo: run.caseNo,
      accountId: run.accountId,
      receiptNo,
      amountMinor: payment.amount.toString(),
      currency: account.currency,
      mode: payment.mode,
      paidOn: payment.paidOn,
    },
  });
}
