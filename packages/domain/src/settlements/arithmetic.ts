import { addDays, daysBetween } from '../dates.ts';

// Settlement (compromise / OTS) arithmetic, in integer minor units (paise, cents) only: never floats.
// Domain facts: ../shared/design/domain.md §2.7 (RBI framework of 8 Jun 2023; demo approval matrix).

/** The three components a settlement is computed from (the account's outstanding at initiation). */
export const SETTLEMENT_COMPONENTS = ['principal', 'interest', 'charges'] as const;
export type SettlementComponent = (typeof SETTLEMENT_COMPONENTS)[number];
export type Components = Record<SettlementComponent, bigint>;

export type WaiverSplit = {
  outstanding: Components;
  /** what the borrower pays, per component */
  payable: Components;
  /** what the lender gives up (sacrifice), per component */
  waiver: Components;
  totalOutstanding: bigint;
  totalPayable: bigint;
  totalWaiver: bigint;
  /** the waiver as a share of the total outstanding, in basis points, rounded up (10.01 % is never shown as 10 %) */
  waiverBasisPoints: number;
};

/**
 * The waiver of a settlement whose total payable is `totalPayable`, split by component. The money recovered goes
 * to principal first, then interest, then charges, so the waiver falls on charges first, then interest, then
 * principal (the usual order of sacrifice: penal charges and unapplied interest are given up before principal).
 * For every component payable + waiver = outstanding, and each total is the sum of its components.
 */
export function splitWaiver(outstanding: Components, totalPayable: bigint): WaiverSplit {
  for (const component of SETTLEMENT_COMPONENTS) {
    if (outstanding[component] < 0n) throw new RangeError(`${component} outstanding is negative`);
  }
  const totalOutstanding = outstanding.principal + outstanding.interest + outstanding.charges;
  if (totalPayable <= 0n) throw new RangeError('the total payable must be more than zero');
  if (totalPayable > totalOutstanding) throw new RangeError('the total payable exceeds the outstanding');
  let left = totalPayable;
  const payable = { principal: 0n, interest: 0n, charges: 0n } satisfies Components;
  for (const component of SETTLEMENT_COMPONENTS) {
    const take = left < outstanding[component] ? left : outstanding[component];
    payable[component] = take;
    left -= take;
  }
  const waiver = {
    principal: outstanding.principal - payable.principal,
    interest: outstanding.interest - payable.interest,
    charges: outstanding.charges - payable.charges,
  };
  const totalWaiver = totalOutstanding - totalPayable;
  return {
    outstanding: { ...outstanding },
    payable,
    waiver,
    totalOutstanding,
    totalPayable,
    totalWaiver,
    waiverBasisPoints: basisPoints(totalWaiver, totalOutstanding),
  };
}

/** `part / whole` in basis points (1 % = 100), rounded up; 0 when the whole is 0. */
export function basisPoints(part: bigint, whole: bigint): number {
  if (whole <= 0n) return 0;
  return Number((part * 10_000n + whole - 1n) / whole);
}

/** A basis-point share as a percentage string with two decimals ("12.50"). */
export function formatBasisPoints(bp: number): string {
  return `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

// ——— Approval levels ———

/**
 * The settlement approval levels, lowest first (the SETTLEMENT flow's checker levels 1…5). A checker at a level acts
 * in a unit of that organisational level or above: branch, region, zone, head office (credit committee) and head
 * office (board: a board resolution recorded by a head-office approver).
 */
export const SETTLEMENT_LEVELS = ['BRANCH', 'REGION', 'ZONE', 'CREDIT_COMMITTEE', 'BOARD'] as const;
export type SettlementLevel = (typeof SETTLEMENT_LEVELS)[number];
export const TOP_SETTLEMENT_LEVEL = SETTLEMENT_LEVELS.length;

/**
 * Who sanctioned a loan (accounts.sanction_level), lowest first: a credit officer (most retail loans, sanctioned
 * under delegated powers below the branch manager), the branch, the region, the zone, the head office (credit
 * committee). A settlement's approver is at least the next settlement level up: OFFICER → branch, BRANCH → region,
 * REGION → zone, ZONE → credit committee, HO → board.
 */
export const SANCTION_LEVELS = ['OFFICER', 'BRANCH', 'REGION', 'ZONE', 'HO'] as const;
export type SanctionLevel = (typeof SANCTION_LEVELS)[number];

/** One row of the delegation matrix: a waiver at most this share AND at most this amount is decided at `level`. */
export type MatrixRow = { maxBasisPoints: number; maxWaiverMinor: Record<string, bigint>; level: number };

/**
 * The demo matrix (domain.md §2.7; illustrative, not regulatory — the server may replace it through its config):
 * ≤ 10 % and ≤ ₹50,000 → branch; ≤ 25 % and ≤ ₹2 lakh → region; ≤ 40 % and ≤ ₹10 lakh → zone; above → credit
 * committee. USD limits are the rupee limits at a round ₹83/$ (a currency without a row falls to the top row).
 */
export const DEFAULT_SETTLEMENT_MATRIX: readonly MatrixRow[] = [
  { maxBasisPoints: 1000, maxWaiverMinor: { INR: 50_000_00n, USD: 600_00n }, level: 1 },
  { maxBasisPoints: 2500, maxWaiverMinor: { INR: 2_00_000_00n, USD: 2_400_00n }, level: 2 },
  { maxBasisPoints: 4000, maxWaiverMinor: { INR: 10_00_000_00n, USD: 12_000_00n }, level: 3 },
];
/**
 * A matrix from its configuration text (SETTLEMENT_MATRIX): rows `percent:inrCap:usdCap` separated by commas, lowest
 * level first (row 1 → branch, 2 → region, 3 → zone), e.g. `10:50000:600,25:200000:2400,40:1000000:12000`; at most
 * three rows (above them: the credit committee), each share and cap above the previous one. Throws on bad text.
 */
export function parseSettlementMatrix(text: string): MatrixRow[] {
  const rows = text.split(',').map((part, index) => {
    const match = /^\s*(\d{1,3}(?:\.\d{1,2})?):(\d{1,13}):(\d{1,13})\s*$/.exec(part);
    if (!match) throw new Error(`row ${index + 1} must be percent:inrCap:usdCap`);
    const [whole = '0', fraction = ''] = match[1]!.split('.');
    const maxBasisPoints = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    if (maxBasisPoints > 10_000) throw new Error(`row ${index + 1}: a share above 100 %`);
    return {
      maxBasisPoints,
      maxWaiverMinor: { INR: BigInt(match[2]!) * 100n, USD: BigInt(match[3]!) * 100n },
      level: index + 1,
    };
  });
  if (rows.length > ABOVE_MATRIX_LEVEL - 1) throw new Error(`at most ${ABOVE_MATRIX_LEVEL - 1} rows`);
  rows.forEach((row, index) => {
    const before = rows[index - 1];
    if (
      before &&
      (row.maxBasisPoints < before.maxBasisPoints || row.maxWaiverMinor.INR! < before.maxWaiverMinor.INR!)
    ) {
      throw new Error(`row ${index + 1} must not be below row ${index}`);
    }
  });
  return rows;
}

/** Above every row of the matrix. */
export const ABOVE_MATRIX_LEVEL = 4;

export type LevelInput = {
  waiverBasisPoints: number;
  waiverMinor: bigint;
  currency: string;
  sanctionLevel: SanctionLevel;
  fraud: boolean;
  wilfulDefaulter: boolean;
};

export type RequiredLevel = {
  level: number;
  /** why: the matrix row, the sanctioning authority, or fraud / wilful default */
  reason: 'MATRIX' | 'SANCTION' | 'FRAUD_OR_WILFUL';
};

/**
 * The level that must approve a settlement: the matrix's level for its waiver; at least one level above the
 * authority that sanctioned the loan (RBI: the sanctioning authority cannot approve its own compromise); the top
 * level (board) for a fraud or wilful-defaulter account, whatever the amount.
 */
export function requiredLevel(
  input: LevelInput,
  matrix: readonly MatrixRow[] = DEFAULT_SETTLEMENT_MATRIX,
): RequiredLevel {
  if (input.fraud || input.wilfulDefaulter) return { level: TOP_SETTLEMENT_LEVEL, reason: 'FRAUD_OR_WILFUL' };
  const row = matrix.find((candidate) => {
    const cap = candidate.maxWaiverMinor[input.currency];
    return cap !== undefined && input.waiverBasisPoints <= candidate.maxBasisPoints && input.waiverMinor <= cap;
  });
  const byMatrix = row?.level ?? ABOVE_MATRIX_LEVEL;
  const bySanction = Math.min(SANCTION_LEVELS.indexOf(input.sanctionLevel) + 1, TOP_SETTLEMENT_LEVEL);
  return bySanction > byMatrix ? { level: bySanction, reason: 'SANCTION' } : { level: byMatrix, reason: 'MATRIX' };
}

// ——— Plan ———

/** A plan paid over more than 90 days (3 months) counts as restructuring (RBI framework). */
export const RESTRUCTURING_DAYS = 90;

export type Instalment = { dueDate: string; amountMinor: bigint };

/** Whether a plan starting on `from` (the approval's business date) runs past 90 days. */
export function isRestructuring(from: string, instalments: readonly Instalment[]): boolean {
  const last = lastDueDate(instalments);
  return last !== null && daysBetween(from, last) > RESTRUCTURING_DAYS;
}

export function lastDueDate(instalments: readonly Instalment[]): string | null {
  return instalments.reduce<string | null>(
    (max, item) => (max === null || item.dueDate > max ? item.dueDate : max),
    null,
  );
}

export type InstalmentProgress = Instalment & {
  no: number;
  /** what the payments since approval cover of this instalment */
  paidMinor: bigint;
  status: 'PAID' | 'PART_PAID' | 'DUE' | 'OVERDUE' | 'MISSED';
};

/**
 * Payments tracked against a schedule: money received since approval is applied to the instalments in date
 * order, so an instalment is paid when the cumulative payments cover the schedule up to it. An instalment is
 * OVERDUE after its date and MISSED once its grace days have passed unpaid (which lapses the settlement).
 */
export function trackSchedule(
  instalments: readonly Instalment[],
  receivedMinor: bigint,
  businessDate: string,
  graceDays: number,
): { items: InstalmentProgress[]; paidInFull: boolean; missed: boolean } {
  const ordered = [...instalments].sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0));
  let left = receivedMinor > 0n ? receivedMinor : 0n;
  const items = ordered.map((item, index): InstalmentProgress => {
    const paidMinor = left < item.amountMinor ? left : item.amountMinor;
    left -= paidMinor;
    const status: InstalmentProgress['status'] =
      paidMinor === item.amountMinor
        ? 'PAID'
        : businessDate > addDays(item.dueDate, graceDays)
          ? 'MISSED'
          : businessDate > item.dueDate
            ? 'OVERDUE'
            : paidMinor > 0n
              ? 'PART_PAID'
              : 'DUE';
    return { ...item, no: index + 1, paidMinor, status };
  });
  return {
    items,
    paidInFull: items.every((item) => item.status === 'PAID'),
    missed: items.some((item) => item.status === 'MISSED'),
  };
}

/** Minor units as a decimal string with two decimals ("1234.05", "-0.50"). */
export function minorToDecimal(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
