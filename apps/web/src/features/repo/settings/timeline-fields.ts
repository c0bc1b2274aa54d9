import type { RepoWorkflowCode } from '@recovery-desk/domain/repo/contracts.ts';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';
import { z } from 'zod';
import { encodeMessage } from '../../../components/form/index.ts';

// The timelines Repossession Settings edits, per workflow, in the order of the definitions' comments, with the
// bounds the server's schemas hold (packages/domain/src/repo/contracts.ts).

export type TimelineField = { key: string; labelKey: string; kind: 'days' | 'amount'; max: number };

const days = (key: string, max: number): TimelineField => ({
  key,
  labelKey: `RepoTimeline${key[0]!.toUpperCase()}${key.slice(1)}`,
  kind: 'days',
  max,
});

export const TIMELINE_FIELDS: Record<RepoWorkflowCode, readonly TimelineField[]> = {
  REPOSSESSION: [
    days('preRepossessionNoticeDays', 90),
    days('policePostIntimationDays', 30),
    days('postRepossessionLetterDays', 30),
    days('valuationDays', 90),
    days('saleDays', 365),
    days('auctionNoticeDays', 90),
    days('preSaleNoticeDays', 90),
    days('releaseDays', 90),
    days('approvalSlaDays', 90),
  ],
  SARFAESI: [
    days('demandNoticeDays', 365),
    days('representationReplyDays', 90),
    days('possessionPublicationDays', 90),
    days('drtChallengeDays', 365),
    days('magistrateOrderDays', 365),
    days('magistrateEscalationDays', 365),
    days('saleNoticeDays', 365),
    days('resaleNoticeDays', 365),
    days('balancePaymentDays', 365),
    days('releaseDays', 90),
    { key: 'nbfcMinimumDebt', labelKey: 'RepoTimelineNbfcMinimumDebt', kind: 'amount', max: 0 },
    days('approvalSlaDays', 90),
  ],
};

export type TimelinesDraft = { timelines: Record<string, string> };

export function draftOf(code: RepoWorkflowCode, timelines: Record<string, number | string>): TimelinesDraft {
  return {
    timelines: Object.fromEntries(
      TIMELINE_FIELDS[code].map((field) => [field.key, String(timelines[field.key] ?? '')]),
    ),
  };
}

/** The PUT body's timelines of a valid draft (days as numbers, the amount as text). */
export function timelinesOf(code: RepoWorkflowCode, draft: TimelinesDraft): Record<string, number | string> {
  return Object.fromEntries(
    TIMELINE_FIELDS[code].map((field) => {
      const value = (draft.timelines[field.key] ?? '').trim();
      return [field.key, field.kind === 'amount' ? value : Number(value)];
    }),
  );
}

const AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;

/** The form kit's schema of one workflow's draft: every field required, days whole numbers in bounds. */
export function timelinesDraftSchema(code: RepoWorkflowCode) {
  return z
    .object({
      timelines: z.record(
        z.string(),
        z
          .string()
          .optional()
          .transform((value) => value ?? ''),
      ),
    })
    .superRefine((draft, context) => {
      for (const field of TIMELINE_FIELDS[code]) {
        const text = (draft.timelines[field.key] ?? '').trim();
        const issue = (key: DictionaryKey, params?: Record<string, number>) =>
          context.addIssue({
            code: 'custom',
            path: ['timelines', field.key],
            message: encodeMessage({ key, ...(params ? { params } : {}) }),
          });
        if (text === '') issue('ValidationRequired');
        else if (field.kind === 'amount') {
          if (!AMOUNT.test(text)) issue('LegalAmountFormat');
        } else if (!/^\d+$/.test(text)) issue('ValidationNumber');
        else if (Number(text) < 1 || Number(text) > field.max) issue('LegalValueBetween', { min: 1, max: field.max });
      }
    });
}
