import { isAmountInMinorUnits, toCents } from '@recovery-desk/domain/money.ts';
import {
  DEFAULT_SETTLEMENT_MATRIX,
  isRestructuring,
  minorToDecimal,
  requiredLevel,
  splitWaiver,
  type Instalment,
  type MatrixRow,
  type RequiredLevel,
  type SanctionLevel,
  type WaiverSplit,
} from '@recovery-desk/domain/settlements/arithmetic.ts';
import type { SettlementTerms } from '@recovery-desk/domain/settlements/contracts.ts';
import { AppError, type FieldError } from '../../../http/app-error.ts';
import type { SettlementAccountRow } from '../settlements.repository.ts';

// The terms a maker proposes, checked against the account's dues: every refusal is a 400 naming its field.

export type ComputedTerms = {
  split: WaiverSplit;
  instalments: Instalment[];
  level: RequiredLevel;
  restructuring: boolean;
  partyName: string;
  remarks: string | null;
};

export function outstandingOf(account: SettlementAccountRow) {
  return {
    principal: toCents(account.principal),
    interest: toCents(account.interest),
    charges: toCents(account.charges),
  };
}

function refuse(fields: FieldError[]): AppError {
  return new AppError('VALIDATION', fields.map((field) => `${field.field}: ${field.message}`).join('; '), { fields });
}

export function computeTerms(
  account: SettlementAccountRow,
  terms: SettlementTerms,
  businessDate: string,
  matrix: readonly MatrixRow[] = DEFAULT_SETTLEMENT_MATRIX,
): ComputedTerms {
  const fields: FieldError[] = [];
  const outstanding = outstandingOf(account);
  const total = outstanding.principal + outstanding.interest + outstanding.charges;
  let payable = 0n;
  if (!isAmountInMinorUnits(terms.totalPayable, account.currency)) {
    fields.push({ field: 'totalPayable', message: `must be an amount in ${account.currency}` });
  } else {
    payable = toCents(terms.totalPayable);
    if (payable <= 0n) fields.push({ field: 'totalPayable', message: 'must be more than zero' });
    else if (payable > total) {
      fields.push({
        field: 'totalPayable',
        message: `must not exceed the outstanding (${account.currency} ${minorToDecimal(total)})`,
      });
    }
  }
  if (total <= 0n) fields.push({ field: 'accountId', message: 'has nothing outstanding to settle' });
  const instalments: Instalment[] = [];
  let previous: string | null = null;
  terms.instalments.forEach((item, index) => {
    if (item.dueDate < businessDate) {
      fields.push({ field: `instalments.${index}.dueDate`, message: `must be on or after ${businessDate}` });
    } else if (previous !== null && item.dueDate <= previous) {
      fields.push({ field: `instalments.${index}.dueDate`, message: 'must be after the previous instalment’s date' });
    }
    previous = item.dueDate;
    if (!isAmountInMinorUnits(item.amount, account.currency) || toCents(item.amount) <= 0n) {
      fields.push({ field: `instalments.${index}.amount`, message: 'must be more than zero' });
      return;
    }
    instalments.push({ dueDate: item.dueDate, amountMinor: toCents(item.amount) });
  });
  if (fields.length === 0) {
    const scheduled = instalments.reduce((sum, item) => sum + item.amountMinor, 0n);
    if (scheduled !== payable) {
      fields.push({
        field: 'instalments',
        message: `must add up to the total payable (${minorToDecimal(payable)}; they add up to ${minorToDecimal(scheduled)})`,
      });
    }
  }
  if (fields.length > 0) throw refuse(fields);
  const split = splitWaiver(outstanding, payable);
  const level = requiredLevel(
    {
      waiverBasisPoints: split.waiverBasisPoints,
      waiverMinor: split.totalWaiver,
      currency: account.currency,
      sanctionLevel: account.sanctionLevel as SanctionLevel,
      fraud: account.isFraud,
      wilfulDefaulter: account.isWilfulDefaulter,
    },
    matrix,
  );
  return {
    split,
    instalments,
    level,
    restructuring: isRestructuring(businessDate, instalments),
    partyName: terms.partyName,
    remarks: terms.remarks ?? null,
  };
}

/** The settlement columns of computed terms. */
export function termColumns(terms: ComputedTerms) {
  const { split } = terms;
  return {
    partyName: terms.partyName,
    principalMinor: split.outstanding.principal,
    interestMinor: split.outstanding.interest,
    chargesMinor: split.outstanding.charges,
    totalMinor: split.totalOutstanding,
    payableMinor: split.totalPayable,
    waiverPrincipalMinor: split.waiver.principal,
    waiverInterestMinor: split.waiver.interest,
    waiverChargesMinor: split.waiver.charges,
    waiverMinor: split.totalWaiver,
    waiverBp: split.waiverBasisPoints,
    requiredLevel: terms.level.level,
    levelReason: terms.level.reason,
    restructuring: terms.restructuring,
    remarks: terms.remarks,
  };
}

/** What the approval request carries (its payload: the matrix inputs, for the checker and the reopen level). */
export function requestPayload(account: SettlementAccountRow, terms: ComputedTerms): Record<string, unknown> {
  return {
    accountId: account.id,
    waiverBasisPoints: terms.split.waiverBasisPoints,
    waiverAmount: minorToDecimal(terms.split.totalWaiver),
    requiredLevel: terms.level.level,
    levelReason: terms.level.reason,
    restructuring: terms.restructuring,
    instalments: terms.instalments.length,
  };
}
