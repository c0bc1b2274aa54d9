import { z } from 'zod';
import { addMonths, isIsoDate } from '../workflow/dates.ts';
import { addDays } from '../dates.ts';
import { fromMinor, toMinor } from './auction.ts';

// The money of a SARFAESI sale after the auction (Security Interest (Enforcement) Rules 2002, Rule 9(2)–(4); domain
// reference §2.4 rows 13 and 14): the sale is confirmed to the buyer, who pays 25% of the sale price at once (the EMD
// already paid is adjusted against it), and the 75% balance on or before the 15th day of the confirmation. Only a
// written agreement between the parties extends the balance's date, and never beyond three months. Amounts travel as
// exact decimal strings ("125000.50"); the sums are done in integer paise.

/** The rule's share paid at confirmation, in percent. */
export const SALE_DEPOSIT_PERCENT = 25;
/** The longest written extension of the balance's date, in months from the confirmation. */
export const BALANCE_EXTENSION_MONTHS = 3;
/** The date rule whose offset is the balance's period (the SARFAESI settings' "balance payment days"). */
export const BALANCE_DUE_RULE = 'SARF_R9_4_BALANCE_DUE';

/** What a sale's figures can break (the screen words each from the figures; `message` is the server's English). */
export const SALE_PROBLEMS = [
  'DEPOSIT_SHORT',
  'DEPOSIT_ABOVE_SALE',
  'BALANCE_MISMATCH',
  'BALANCE_LATE',
  'BALANCE_LATE_EXTENDED',
] as const;
export type SaleProblem = (typeof SALE_PROBLEMS)[number];

export type SaleDepositsInput = {
  /** the sale price (the H1 bid, or the private treaty price) */
  saleAmount: string | null;
  /** the EMD of the buyer's bid, adjusted against the deposit; null for a sale without bids */
  emdAmount: string | null;
  depositAmount: string | null;
  balanceAmount: string | null;
  saleConfirmationDate: string | null;
  depositReceivedDate: string | null;
  balanceReceivedDate: string | null;
  balanceExtensionAgreed: boolean;
  /** Rule 9(4)'s period in days (15 by default; from the definition's date rule) */
  balanceDays: number;
};

export type SaleDeposits = {
  saleAmount: string | null;
  emdAmount: string;
  /** 25% of the sale price, rounded up to the paisa */
  depositShare: string | null;
  /** what the buyer pays at confirmation: the 25% less the EMD (never below 0) */
  depositDue: string | null;
  depositAmount: string | null;
  /** what remains after the EMD and the deposit received (or due, before it is received) */
  balanceDue: string | null;
  balanceAmount: string | null;
  /** the last day for the balance: confirmation + the period, or + 3 months with a written extension */
  balanceDueBy: string | null;
  balanceExtensionAgreed: boolean;
  /** what the figures break, each with the case field it concerns; empty when they hold */
  problems: { field: 'depositAmount' | 'balanceAmount' | 'balanceReceivedDate'; code: SaleProblem; message: string }[];
};

const amount = (value: string | null): bigint | null => (value === null ? null : toMinor(value));
const showDate = (date: string) => date.split('-').reverse().join('-');

/** Rounds a share of an amount in paise up to the next paisa. */
function shareOf(minor: bigint, percent: number): bigint {
  const scaled = minor * BigInt(percent);
  return scaled % 100n === 0n ? scaled / 100n : scaled / 100n + 1n;
}

export function computeSaleDeposits(input: SaleDepositsInput, format: (amount: string) => string): SaleDeposits {
  const sale = amount(input.saleAmount);
  const emd = amount(input.emdAmount) ?? 0n;
  const deposit = amount(input.depositAmount);
  const balance = amount(input.balanceAmount);
  const share = sale === null ? null : shareOf(sale, SALE_DEPOSIT_PERCENT);
  const depositDue = share === null ? null : share > emd ? share - emd : 0n;
  const balanceDue = sale === null ? null : sale - emd - (deposit ?? depositDue ?? 0n);
  const confirmed = isIsoDate(input.saleConfirmationDate) ? input.saleConfirmationDate : null;
  const balanceDueBy = confirmed
    ? input.balanceExtensionAgreed
      ? addMonths(confirmed, BALANCE_EXTENSION_MONTHS)
      : addDays(confirmed, input.balanceDays)
    : null;
  const problems: SaleDeposits['problems'] = [];
  if (sale !== null && depositDue !== null && deposit !== null) {
    if (deposit < depositDue) {
      problems.push({
        field: 'depositAmount',
        code: 'DEPOSIT_SHORT',
        message:
          `The deposit must be at least ${format(fromMinor(depositDue))}: ${SALE_DEPOSIT_PERCENT}% of the sale price ` +
          `of ${format(fromMinor(sale))}${emd > 0n ? ` less the EMD of ${format(fromMinor(emd))}` : ''} (Rule 9(3))`,
      });
    } else if (deposit + emd > sale) {
      problems.push({
        field: 'depositAmount',
        code: 'DEPOSIT_ABOVE_SALE',
        message: `The deposit and the EMD cannot exceed the sale price of ${format(fromMinor(sale))}`,
      });
    }
  }
  if (sale !== null && balance !== null && balanceDue !== null && balance !== balanceDue) {
    problems.push({
      field: 'balanceAmount',
      code: 'BALANCE_MISMATCH',
      message:
        `The balance must be ${format(fromMinor(balanceDue < 0n ? 0n : balanceDue))}: the sale price of ` +
        `${format(fromMinor(sale))} less the EMD and the deposit (Rule 9(4))`,
    });
  }
  if (balanceDueBy && isIsoDate(input.balanceReceivedDate) && input.balanceReceivedDate > balanceDueBy) {
    problems.push({
      field: 'balanceReceivedDate',
      code: input.balanceExtensionAgreed ? 'BALANCE_LATE_EXTENDED' : 'BALANCE_LATE',
      message: input.balanceExtensionAgreed
        ? `The balance came after ${showDate(balanceDueBy)}: a written extension reaches ${BALANCE_EXTENSION_MONTHS} ` +
          'months from the confirmation at most. Forfeit the deposit and sell again (Rule 9(5))'
        : `The balance came after ${showDate(balanceDueBy)}, the ${input.balanceDays}th day of the confirmation: ` +
          'only a written extension agreed with the buyer allows that (Rule 9(4))',
    });
  }
  return {
    saleAmount: sale === null ? null : fromMinor(sale),
    emdAmount: fromMinor(emd),
    depositShare: share === null ? null : fromMinor(share),
    depositDue: depositDue === null ? null : fromMinor(depositDue),
    depositAmount: deposit === null ? null : fromMinor(deposit),
    balanceDue: balanceDue === null ? null : fromMinor(balanceDue < 0n ? 0n : balanceDue),
    balanceAmount: balance === null ? null : fromMinor(balance),
    balanceDueBy,
    balanceExtensionAgreed: input.balanceExtensionAgreed,
    problems,
  };
}

const decimalOrNull = z.string().nullable();

/** GET /api/secured-assets/cases/:caseId/sale-deposits — the figures of a SARFAESI sale's deposit and balance. */
export const saleDepositsSchema = z.object({
  caseId: z.number(),
  currency: z.literal('INR'),
  /** the bidder whose EMD is adjusted (the H1 of the auction); null for a sale without bids */
  buyerName: z.string().nullable(),
  saleAmount: decimalOrNull,
  emdAmount: z.string(),
  depositShare: decimalOrNull,
  depositDue: decimalOrNull,
  depositAmount: decimalOrNull,
  balanceDue: decimalOrNull,
  balanceAmount: decimalOrNull,
  saleConfirmationDate: decimalOrNull,
  balanceDueBy: decimalOrNull,
  balanceDays: z.number(),
  balanceExtensionAgreed: z.boolean(),
  problems: z.array(z.object({ field: z.string(), code: z.enum(SALE_PROBLEMS), message: z.string() })),
});
export type SaleDepositsReply = z.infer<typeof saleDepositsSchema>;
