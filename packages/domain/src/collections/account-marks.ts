import { z } from 'zod';
import { MESSAGES } from '../validation.ts';
import { pageParam } from '../numeric-params.ts';

// Account marks (issue 14). The built-in list below is extended by the server's ACCOUNT_MARKS configuration (a
// comma-separated list of UPPER_SNAKE codes, e.g. `ACCOUNT_MARKS=SKIP_TRACED,INSOLVENCY`). A mark is set when a
// marking request is approved and ended when an unmarking request is approved (approval flows ACCOUNT_MARKING and
// ACCOUNT_UNMARKING).

export const BUILT_IN_ACCOUNT_MARKS = [
  'FRAUD',
  'DISPUTE',
  'DECEASED',
  'RESTRUCTURED',
  'DO_NOT_CALL',
  'VIP',
  'LITIGATION',
  'SKIP_TRACED',
] as const;

export const MARK_CODE_PATTERN = /^[A-Z][A-Z0-9_]{1,39}$/;

/** What an active mark does. Marks not named here are informative (shown on the trays and the account view). */
export const MARK_EFFECTS = {
  /** recording a follow-up with contact mode CALL is refused (409 ACCOUNT_DO_NOT_CALL) */
  noCall: ['DO_NOT_CALL'],
  /** allocation and re-allocation to a collector are refused (409 ACCOUNT_MARKED) */
  noAllocation: ['FRAUD', 'DECEASED'],
} as const;

/** The configured list: the built-in marks plus the configuration's extra codes (bad codes are refused at start). */
export function parseAccountMarks(extra: string | undefined): string[] {
  const codes: string[] = [...BUILT_IN_ACCOUNT_MARKS];
  for (const raw of (extra ?? '').split(',')) {
    const code = raw.trim();
    if (!code) continue;
    if (!MARK_CODE_PATTERN.test(code)) throw new Error(`ACCOUNT_MARKS: ${code} is not an UPPER_SNAKE code`);
    if (!codes.includes(code)) codes.push(code);
  }
  return codes;
}

const reason = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(5, MESSAGES.minLength(5))
  .max(500, MESSAGES.maxLength(500));

export const accountMarkingPayloadSchema = z
  .object({
    mark: z.string().regex(MARK_CODE_PATTERN, 'must be a mark code'),
    reason,
    documentId: z.number().int().positive().optional(),
  })
  .strict();

export const accountUnmarkingPayloadSchema = z
  .object({
    markId: z.number().int().positive(),
    reason,
  })
  .strict();

export const accountMarkSchema = z.object({
  id: z.number(),
  accountId: z.number(),
  accountNo: z.string(),
  customerName: z.string(),
  mark: z.string(),
  reason: z.string(),
  documentId: z.number().nullable(),
  markedAt: z.string(),
  requestedBy: z.string().nullable(),
  approvedBy: z.string(),
  endedAt: z.string().nullable(),
  endedBy: z.string().nullable(),
  endReason: z.string().nullable(),
});
export type AccountMark = z.infer<typeof accountMarkSchema>;

/** The marking screen's form (the document is picked by its id as text). */
export const markFormSchema = z.strictObject({
  mark: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
  reason,
  documentId: z.string().optional(),
});
export type MarkForm = z.infer<typeof markFormSchema>;

/** The unmarking dialog's form. */
export const unmarkFormSchema = z.strictObject({ reason });
export type UnmarkForm = z.infer<typeof unmarkFormSchema>;

/** GET /api/account-marks/lookup?accountNo= — the account of the subtree, its marks (active and ended) and the list. */
export const markLookupQuerySchema = z.object({ accountNo: z.string().trim().min(1).max(40) });
export const markLookupReplySchema = z.object({
  account: z.object({ id: z.number(), accountNo: z.string(), customerName: z.string() }),
  marks: z.array(accountMarkSchema),
  codes: z.array(z.string()),
  /** the account's documents, one of which may support a mark */
  documents: z.array(z.object({ id: z.number(), documentName: z.string() })),
});
export type MarkLookupReply = z.infer<typeof markLookupReplySchema>;

/** GET /api/account-marks/active — the active marks of the subtree, newest first, a page at a time. */
export const activeMarksQuerySchema = z.object({
  page: pageParam,
  mark: z.string().regex(MARK_CODE_PATTERN).optional(),
});
export const activeMarksPageSchema = z.object({
  rows: z.array(accountMarkSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ActiveMarksPage = z.infer<typeof activeMarksPageSchema>;
