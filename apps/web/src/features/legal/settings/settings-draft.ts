import { PRODUCTS } from '@recovery-desk/domain/products.ts';
import { legalTimelinesSchema, type LegalSettings } from '@recovery-desk/domain/legal/contracts.ts';
import { unknownPlaceholders } from '@recovery-desk/domain/legal/notice-templates.ts';
import { ASSET_CLASSES, legalPoolRuleSchema } from '@recovery-desk/domain/legal/pool-rule.ts';
import { LEGAL_CASE_TYPES, type LegalTimelines } from '@recovery-desk/domain/workflow/definitions/legal.ts';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';
import { z } from 'zod';
import { encodeMessage } from '../../../components/form/messages.ts';
import type { LegalSettingsInput } from '../api/legal-api.ts';

// Legal Settings as an editable draft: text for the numbers, lists for the choices, one template per case type.
// Amounts are checked by the contract's own schemas (legalPoolRuleSchema, legalTimelinesSchema), not a local copy;
// the field names are the server's field paths (`poolRule.minDpd`, `timelines.approvalSlaDays`, `templates.2.body`),
// so a server error lands on the same input. `settingsDraftSchema` is the form kit's schema of the draft.

export type TimelineKey = keyof LegalTimelines;
export type AssetClass = (typeof ASSET_CLASSES)[number];
export type ProductCode = (typeof PRODUCTS)[number];

export type TimelineField = {
  key: TimelineKey;
  labelKey: DictionaryKey;
  /** the statute or policy the number comes from */
  hintKey: DictionaryKey;
  kind: 'int' | 'amount';
  min: number;
  max: number;
};

export const TIMELINE_FIELDS: readonly TimelineField[] = [
  {
    key: 'noticeDaysFromReturnMemo',
    labelKey: 'LegalTimelineNoticeDays',
    hintKey: 'LegalTimelineNoticeDaysHint',
    kind: 'int',
    min: 1,
    max: 365,
  },
  {
    key: 'paymentDaysAfterService',
    labelKey: 'LegalTimelinePaymentDays',
    hintKey: 'LegalTimelinePaymentDaysHint',
    kind: 'int',
    min: 1,
    max: 365,
  },
  {
    key: 'complaintMonths',
    labelKey: 'LegalTimelineComplaintMonths',
    hintKey: 'LegalTimelineComplaintMonthsHint',
    kind: 'int',
    min: 1,
    max: 24,
  },
  {
    key: 'chequeValidityMonths',
    labelKey: 'LegalTimelineChequeValidity',
    hintKey: 'LegalTimelineChequeValidityHint',
    kind: 'int',
    min: 1,
    max: 24,
  },
  {
    key: 'interimCompensationDays',
    labelKey: 'LegalTimelineInterimCompensation',
    hintKey: 'LegalTimelineInterimCompensationHint',
    kind: 'int',
    min: 1,
    max: 365,
  },
  {
    key: 'drtMinimumClaim',
    labelKey: 'LegalTimelineDrtMinimum',
    hintKey: 'LegalTimelineDrtMinimumHint',
    kind: 'amount',
    min: 0,
    max: 0,
  },
  {
    key: 'approvalSlaDays',
    labelKey: 'LegalTimelineApprovalSla',
    hintKey: 'LegalTimelineApprovalSlaHint',
    kind: 'int',
    min: 1,
    max: 90,
  },
  {
    key: 'hearingUpdateDays',
    labelKey: 'LegalTimelineHearingUpdate',
    hintKey: 'LegalTimelineHearingUpdateHint',
    kind: 'int',
    min: 0,
    max: 90,
  },
  {
    key: 'noticeSlaDays',
    labelKey: 'LegalTimelineNoticeSla',
    hintKey: 'LegalTimelineNoticeSlaHint',
    kind: 'int',
    min: 1,
    max: 365,
  },
  {
    key: 'filingSlaDays',
    labelKey: 'LegalTimelineFilingSla',
    hintKey: 'LegalTimelineFilingSlaHint',
    kind: 'int',
    min: 1,
    max: 365,
  },
];

export type PoolRuleDraft = {
  assetClasses: AssetClass[];
  minDpd: string;
  minOverdue: string;
  products: ProductCode[];
  excludeOnHold: boolean;
  reviewCooloffDays: string;
};

export type TemplateDraft = { caseType: string; title: string; body: string };

export type SettingsDraft = {
  poolRule: PoolRuleDraft;
  timelines: Record<TimelineKey, string>;
  /** one per case type, in LEGAL_CASE_TYPES order (the order they are sent in) */
  templates: TemplateDraft[];
};

export type DraftError = { field: string; key: DictionaryKey; params?: Record<string, string | number> };

// The contract's amount rule (exact decimal string, at most 2 decimals) for each amount of the draft.
const AMOUNT_SCHEMAS: Record<string, { safeParse: (value: unknown) => { success: boolean } }> = {
  'poolRule.minOverdue': legalPoolRuleSchema.shape.minOverdue,
  'timelines.drtMinimumClaim': legalTimelinesSchema.shape.drtMinimumClaim,
};
const MAX_TITLE = 200;
const MAX_BODY = 20_000;

export function draftOf(settings: LegalSettings): SettingsDraft {
  const rule = settings.poolRule;
  const timelines = {} as Record<TimelineKey, string>;
  for (const field of TIMELINE_FIELDS) timelines[field.key] = String(settings.timelines[field.key]);
  return {
    poolRule: {
      assetClasses: ASSET_CLASSES.filter((value) => rule.assetClasses.includes(value)),
      minDpd: String(rule.minDpd),
      minOverdue: rule.minOverdue,
      products: PRODUCTS.filter((value) => rule.products.includes(value)),
      excludeOnHold: rule.excludeOnHold,
      reviewCooloffDays: String(rule.reviewCooloffDays),
    },
    timelines,
    templates: LEGAL_CASE_TYPES.map(([caseType]) => {
      const found = settings.templates.find((template) => template.caseType === caseType);
      return { caseType, title: found?.title ?? '', body: found?.body ?? '' };
    }),
  };
}

function checkInt(field: string, value: string, min: number, max: number): DraftError | null {
  const text = value.trim();
  if (text === '') return { field, key: 'ValidationRequired' };
  if (!/^\d+$/.test(text)) return { field, key: 'ValidationNumber' };
  const number = Number(text);
  if (number < min || number > max) return { field, key: 'LegalValueBetween', params: { min, max } };
  return null;
}

function checkAmount(field: string, value: string): DraftError | null {
  const text = value.trim();
  if (text === '') return { field, key: 'ValidationRequired' };
  const schema = AMOUNT_SCHEMAS[field];
  return schema?.safeParse(text).success ? null : { field, key: 'LegalAmountFormat' };
}

export function validateDraft(draft: SettingsDraft): DraftError[] {
  const errors: (DraftError | null)[] = [];
  const rule = draft.poolRule;
  if (rule.assetClasses.length === 0) errors.push({ field: 'poolRule.assetClasses', key: 'PoolChooseAssetClass' });
  errors.push(checkInt('poolRule.minDpd', rule.minDpd, 0, 10_000));
  errors.push(checkAmount('poolRule.minOverdue', rule.minOverdue));
  if (rule.products.length === 0) errors.push({ field: 'poolRule.products', key: 'PoolChooseProduct' });
  errors.push(checkInt('poolRule.reviewCooloffDays', rule.reviewCooloffDays, 0, 3650));
  for (const field of TIMELINE_FIELDS) {
    const name = `timelines.${field.key}`;
    const value = draft.timelines[field.key];
    errors.push(field.kind === 'amount' ? checkAmount(name, value) : checkInt(name, value, field.min, field.max));
  }
  draft.templates.forEach((template, index) => {
    if (template.title.trim() === '') errors.push({ field: `templates.${index}.title`, key: 'ValidationRequired' });
    else if (template.title.trim().length > MAX_TITLE)
      errors.push({ field: `templates.${index}.title`, key: 'ValidationMaxLength', params: { n: MAX_TITLE } });
    const unknown = unknownPlaceholders(template.body);
    if (template.body.trim() === '') errors.push({ field: `templates.${index}.body`, key: 'ValidationRequired' });
    else if (template.body.length > MAX_BODY)
      errors.push({ field: `templates.${index}.body`, key: 'ValidationMaxLength', params: { n: MAX_BODY } });
    else if (unknown.length > 0)
      errors.push({
        field: `templates.${index}.body`,
        key: 'LegalUnknownPlaceholders',
        params: { names: unknown.map((name) => `{{${name}}}`).join(', ') },
      });
  });
  return errors.filter((error): error is DraftError => error !== null);
}

function poolRuleOf(draft: PoolRuleDraft): LegalSettings['poolRule'] {
  return {
    assetClasses: draft.assetClasses,
    minDpd: Number(draft.minDpd.trim()),
    minOverdue: draft.minOverdue.trim(),
    products: draft.products,
    excludeOnHold: draft.excludeOnHold,
    reviewCooloffDays: Number(draft.reviewCooloffDays.trim()),
  };
}

function timelinesOf(draft: Record<TimelineKey, string>): LegalTimelines {
  const timelines = {} as Record<TimelineKey, string | number>;
  for (const field of TIMELINE_FIELDS) {
    const value = draft[field.key].trim();
    timelines[field.key] = field.kind === 'amount' ? value : Number(value);
  }
  return timelines as LegalTimelines;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The PUT body of a valid draft: the optimistic version and every section that changed (an unchanged timelines
 * section is left out, so saving other settings never publishes a new definition version). Null when nothing
 * changed.
 */
export function settingsInput(draft: SettingsDraft, settings: LegalSettings): LegalSettingsInput | null {
  const saved = draftOf(settings);
  const input: LegalSettingsInput = { version: settings.version };
  if (!same(draft.poolRule, saved.poolRule)) input.poolRule = poolRuleOf(draft.poolRule);
  if (!same(draft.timelines, saved.timelines)) input.timelines = timelinesOf(draft.timelines);
  if (!same(draft.templates, saved.templates)) {
    input.templates = draft.templates.map((template) => ({
      caseType: template.caseType,
      title: template.title.trim(),
      body: template.body,
    }));
  }
  return Object.keys(input).length === 1 ? null : input;
}

/** Text of the draft: the kit hands an empty input over as no value. */
const draftText = z
  .string()
  .optional()
  .transform((value) => value ?? '');

/**
 * The form kit's schema of the draft: the shape, then every rule of `validateDraft`, each on its field's path (so
 * the field shows it) with its message encoded for translation.
 */
export const settingsDraftSchema = z
  .object({
    poolRule: z.object({
      assetClasses: z.array(z.string()),
      minDpd: draftText,
      minOverdue: draftText,
      products: z.array(z.string()),
      excludeOnHold: z.boolean(),
      reviewCooloffDays: draftText,
    }),
    timelines: z.record(z.string(), draftText),
    templates: z.array(z.object({ caseType: z.string(), title: draftText, body: draftText })),
  })
  .transform((draft) => draft as unknown as SettingsDraft)
  .superRefine((draft, context) => {
    for (const error of validateDraft(draft)) {
      context.addIssue({
        code: 'custom',
        path: error.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
        message: encodeMessage({ key: error.key, ...(error.params ? { params: error.params } : {}) }),
      });
    }
  });
