// The two payment types of the collections File Upload (issue 14): the collection account's bank statement (its
// credits become the bank-side lines of reconciliation) and the NACH presentation results (a SUCCESS posts a
// receipt, a BOUNCED one records the bounce). Money in these files is in rupees with at most 2 decimals.

/** BANK_STATEMENT: a credit of the collection account (reference = UTR or deposit slip number). */
export const BANK_STATEMENT_COLUMNS = ['valueDate', 'amount', 'reference', 'narration'] as const;
export const BANK_STATEMENT_REQUIRED = ['valueDate', 'amount', 'reference'] as const;
export const BANK_STATEMENT_EXAMPLE: Record<string, string> = {
  valueDate: '2026-03-31',
  amount: '35500.00',
  reference: 'HDFC-DS-50121',
  narration: 'CASH/CHQ DEPOSIT BY BRANCH',
};

/** NACH: one presentation's result; the account by its number, or by the UMRN of an earlier presentation. */
export const NACH_COLUMNS = ['accountNo', 'umrn', 'presentationDate', 'amount', 'status', 'returnReasonCode'] as const;
export const NACH_REQUIRED = ['presentationDate', 'amount', 'status'] as const;
export const NACH_EXAMPLE: Record<string, string> = {
  accountNo: 'LN0000012345',
  umrn: 'HDFC7021807230012345',
  presentationDate: '2026-03-05',
  amount: '12450.00',
  status: 'BOUNCED',
  returnReasonCode: '01',
};

/** A NACH presentation's result as the sponsor bank's response file reports it. */
export const NACH_STATUSES = ['SUCCESS', 'BOUNCED'] as const;
export type NachStatus = (typeof NACH_STATUSES)[number];

/** The longest reference (UTR, deposit slip number) a statement line may carry, as on the reconciliation screen. */
export const STATEMENT_REFERENCE_MAX = 64;
/** The longest UMRN (NPCI issues 20 characters) and return reason code accepted. */
export const UMRN_MAX = 40;
export const RETURN_REASON_MAX = 10;

/**
 * An amount in rupees (digits, at most 2 decimals, thousands commas allowed) as integer paise; null when it is not
 * one. Zero and negative amounts are not amounts of a credit or a debit.
 */
export function rupeesToPaise(text: string): bigint | null {
  const value = text.replace(/,/g, '').trim();
  const match = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const paise = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  return paise > 0n ? paise : null;
}
