// Posting arithmetic of a receipt (issue 13), pure and exact: integer minor units (bigint), never floats.
// - allocateReceipt: the amount across charges → interest → principal in a configurable order (charges themselves
//   bounce → overdue → other); the components always sum to the amount.
// - applyToDues: the amount against the due schedule, oldest unpaid instalment first.
// - the reversals undo exactly what was applied (a cancelled receipt restores the dues and outstanding it changed).

export const POSTING_COMPONENTS = ['CHARGES', 'INTEREST', 'PRINCIPAL'] as const;
export type PostingComponent = (typeof POSTING_COMPONENTS)[number];
export const DEFAULT_POSTING_ORDER: readonly PostingComponent[] = ['CHARGES', 'INTEREST', 'PRINCIPAL'];

/** Parses a posting order ("CHARGES,INTEREST,PRINCIPAL"); every component exactly once, else null. */
export function parsePostingOrder(text: string): PostingComponent[] | null {
  const parts = text
    .split(',')
    .map((part) => part.trim().toUpperCase())
    .filter(Boolean);
  if (parts.length !== POSTING_COMPONENTS.length) return null;
  if (new Set(parts).size !== parts.length) return null;
  if (!parts.every((part) => (POSTING_COMPONENTS as readonly string[]).includes(part))) return null;
  return parts as PostingComponent[];
}

/** What the account owes, by component, in minor units. */
export type Outstanding = {
  bounceCharges: bigint;
  overdueCharges: bigint;
  otherCharges: bigint;
  interest: bigint;
  principal: bigint;
};

export type Allocation = {
  charges: bigint;
  interest: bigint;
  principal: bigint;
  /** how `charges` splits over the charge columns */
  bounceCharges: bigint;
  overdueCharges: bigint;
  otherCharges: bigint;
};

export function totalOutstanding(o: Outstanding): bigint {
  return o.bounceCharges + o.overdueCharges + o.otherCharges + o.interest + o.principal;
}

export class PostingError extends Error {
  readonly field = 'amount';
  constructor(message: string) {
    super(message);
    this.name = 'PostingError';
  }
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
const pos = (a: bigint) => (a > 0n ? a : 0n);

/**
 * Splits `amount` over the components in `order`, each taking at most what it owes. Refuses an amount of zero or
 * less, and an amount above everything owed (PostingError): so the components always sum to the amount.
 */
export function allocateReceipt(
  amount: bigint,
  outstanding: Outstanding,
  order: readonly PostingComponent[] = DEFAULT_POSTING_ORDER,
): Allocation {
  if (amount <= 0n) throw new PostingError('must be more than zero');
  const owed = totalOutstanding({
    bounceCharges: pos(outstanding.bounceCharges),
    overdueCharges: pos(outstanding.overdueCharges),
    otherCharges: pos(outstanding.otherCharges),
    interest: pos(outstanding.interest),
    principal: pos(outstanding.principal),
  });
  if (amount > owed) throw new PostingError('is more than the account owes');
  let left = amount;
  const take = (owes: bigint) => {
    const taken = min(left, pos(owes));
    left -= taken;
    return taken;
  };
  const result: Allocation = {
    charges: 0n,
    interest: 0n,
    principal: 0n,
    bounceCharges: 0n,
    overdueCharges: 0n,
    otherCharges: 0n,
  };
  for (const component of order) {
    if (component === 'CHARGES') {
      result.bounceCharges = take(outstanding.bounceCharges);
      result.overdueCharges = take(outstanding.overdueCharges);
      result.otherCharges = take(outstanding.otherCharges);
      result.charges = result.bounceCharges + result.overdueCharges + result.otherCharges;
    } else if (component === 'INTEREST') {
      result.interest = take(outstanding.interest);
    } else {
      result.principal = take(outstanding.principal);
    }
  }
  return result;
}

export function applyAllocation(o: Outstanding, a: Allocation, sign: 1n | -1n = 1n): Outstanding {
  return {
    bounceCharges: o.bounceCharges - sign * a.bounceCharges,
    overdueCharges: o.overdueCharges - sign * a.overdueCharges,
    otherCharges: o.otherCharges - sign * a.otherCharges,
    interest: o.interest - sign * a.interest,
    principal: o.principal - sign * a.principal,
  };
}

/** The exact reversal of applyAllocation. */
export function reverseAllocation(o: Outstanding, a: Allocation): Outstanding {
  return applyAllocation(o, a, -1n);
}

/** One instalment of the due schedule, in minor units. */
export type DueState = {
  id: number;
  dueDate: string;
  amountDue: bigint;
  amountPaid: bigint;
  paidDate: string | null;
};

/** What a receipt applied to one instalment (amounts as decimal strings of minor units, so it stores as JSON). */
export type DueApplication = {
  dueId: number;
  appliedMinor: string;
  paidDateBefore: string | null;
  paidDateAfter: string | null;
};

/**
 * Applies `amount` to the unpaid instalments, oldest due date first (then id); an instalment paid in full gets
 * `paidOn` as its paid date. What is left after every instalment is paid is `unapplied` (a prepayment of
 * outstanding not yet due as instalments).
 */
export function applyToDues(
  amount: bigint,
  dues: readonly DueState[],
  paidOn: string,
): { dues: DueState[]; applications: DueApplication[]; unapplied: bigint } {
  let left = amount;
  const byAge = [...dues].sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.id - b.id));
  const changed = new Map<number, DueState>();
  const applications: DueApplication[] = [];
  for (const due of byAge) {
    if (left <= 0n) break;
    const unpaid = due.amountDue - due.amountPaid;
    if (unpaid <= 0n) continue;
    const applied = min(left, unpaid);
    left -= applied;
    const amountPaid = due.amountPaid + applied;
    const paidDate = amountPaid >= due.amountDue ? paidOn : due.paidDate;
    changed.set(due.id, { ...due, amountPaid, paidDate });
    applications.push({
      dueId: due.id,
      appliedMinor: applied.toString(),
      paidDateBefore: due.paidDate,
      paidDateAfter: paidDate,
    });
  }
  return { dues: dues.map((due) => changed.get(due.id) ?? due), applications, unapplied: left };
}

/** The exact reversal of applyToDues: each instalment gets back its amount paid and paid date. */
export function reverseDueApplications(dues: readonly DueState[], applications: readonly DueApplication[]): DueState[] {
  const byId = new Map(applications.map((application) => [application.dueId, application]));
  return dues.map((due) => {
    const application = byId.get(due.id);
    if (!application) return due;
    return {
      ...due,
      amountPaid: due.amountPaid - BigInt(application.appliedMinor),
      paidDate: application.paidDateBefore,
    };
  });
}

/** §269ST of the Income-tax Act: no cash of ₹2,00,000 or more from one person in a day (in paise). */
export const CASH_LIMIT_269ST_MINOR = 200_000_00n;

/** Whether a cash receipt of `amount` on top of the payer's other cash that day reaches the §269ST limit. */
export function breaches269ST(amount: bigint, otherCashSameDay: bigint): boolean {
  return amount + otherCashSameDay >= CASH_LIMIT_269ST_MINOR;
}

/** Minor units as an exact decimal string ("12345" → "123.45", "-5" → "-0.05"), for the numeric(18,2) tables. */
export function minorToDecimal(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}
