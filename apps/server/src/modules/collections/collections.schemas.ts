import { z } from 'zod';
import {
  accountRowSchema,
  accountViewSchema,
  escalationRowSchema,
  ptpRowSchema,
  reallocationRequestRowSchema,
  trayPageSchema,
  trayQuerySchema,
} from '@recovery-desk/domain/collections/contracts.ts';
import { TRAYS, type TrayKey, type TrayRowKind } from '@recovery-desk/domain/collections/trays.ts';
import type { TrayPage } from './services/list-tray.ts';
import type { AnyTrayRow } from './trays.repository.ts';
import { idParam } from '@recovery-desk/domain/numeric-params.ts';

// Server-side schemas of the collections routes: path and query parameters, and the replies the shared contract
// (packages/domain/src/collections/contracts.ts) does not spell out, composed from its pieces.

const TRAY_KEYS = TRAYS.map((tray) => tray.key) as [TrayKey, ...TrayKey[]];
const trayKey = z.enum(TRAY_KEYS, { error: `must be one of ${TRAY_KEYS.join(', ')}` });
const pathId = idParam;

/** `?tray=<trayKey>`: the tray an account-level call acts through (its authority and tabs). */
export const trayParamQuerySchema = z.object({ tray: trayKey });
/**
 * `?for=<trayKey>&accountIds=1,2,3`: the assignees a tray's dialog may offer; with `accountIds`, only those who
 * work every one of these accounts (the rule the allocation and re-allocation calls enforce).
 */
export const assigneesQuerySchema = z.object({
  for: trayKey,
  accountIds: z
    .string()
    .max(8_000)
    .transform((value) => value.split(','))
    .refine((ids) => ids.length <= 500 && ids.every((id) => /^\d{1,15}$/.test(id) && Number(id) > 0), {
      message: 'must be up to 500 account ids separated by commas',
    })
    .transform((ids) => [...new Set(ids.map(Number))])
    .optional(),
});
export const exportQuerySchema = trayQuerySchema.safeExtend({
  format: z.enum(['csv', 'xlsx'], { error: 'must be csv or xlsx' }),
});

export const idParamsSchema = z.object({ id: pathId });
export const accountParamsSchema = z.object({ accountId: pathId });
export const contactParamsSchema = z.object({ accountId: pathId, contactId: pathId });
export const addressParamsSchema = z.object({ accountId: pathId, addressId: pathId });
export const documentParamsSchema = z.object({ accountId: pathId, documentId: pathId });
export const emptyBodySchema = z.strictObject({}).optional();

const TRAY_PAGE_SCHEMAS = {
  account: trayPageSchema(accountRowSchema),
  ptp: trayPageSchema(ptpRowSchema),
  escalation: trayPageSchema(escalationRowSchema),
  reallocationRequest: trayPageSchema(reallocationRequestRowSchema),
} satisfies Record<TrayRowKind, z.ZodType>;

/**
 * The reply schema of a tray's list route. Each tray's route serialises with its own row kind's schema; the list
 * verb is typed for any row kind, so the schema is widened to that here (the only cast of the module).
 */
export function trayPageSchemaOf(rowKind: TrayRowKind): z.ZodType<TrayPage<AnyTrayRow>> {
  return TRAY_PAGE_SCHEMAS[rowKind] as z.ZodType<TrayPage<AnyTrayRow>>;
}

export const documentSchema = z.object({
  id: z.number(),
  fileName: z.string(),
  documentName: z.string(),
  category: z.string(),
  remark: z.string().nullable(),
  mimeType: z.string(),
  sizeBytes: z.number(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
});

export const chequeSchema = z.object({
  id: z.number(),
  chequeNo: z.string(),
  chequeDate: z.string(),
  amount: z.string(),
  bankName: z.string().nullable(),
  bounceDate: z.string().nullable(),
  bounceReason: z.string().nullable(),
  claimedAmount: z.string().nullable(),
});

/** The account view of the contract plus the spec §3 Document and Cheque lists. */
export const accountViewReplySchema = accountViewSchema.extend({
  documents: z.array(documentSchema),
  cheques: z.array(chequeSchema),
});

const view = accountViewSchema.shape;
export const followUpReplySchema = z.object({
  followUp: view.followUps.element,
  ptp: view.ptps.element.nullable(),
});
export const contactReplySchema = view.contacts.element;
export const addressReplySchema = view.addresses.element;

export const allocationReplySchema = z.object({
  allocated: z.number(),
  accountIds: z.array(z.number()),
  /** the user's full name or the agency's name */
  to: z.string(),
});

export const restrictionReplySchema = z.object({
  restriction: view.restrictions.element,
  account: z.object({ id: z.number(), isOnHold: z.boolean(), isSuppressed: z.boolean(), version: z.number() }),
});

export const dispositionsReplySchema = z.object({
  data: z.array(
    z.object({
      code: z.string(),
      label: z.string(),
      contactKind: z.string(),
      nextStep: z.string(),
      requiresAmount: z.boolean(),
      requiresNextActionDate: z.boolean(),
    }),
  ),
});
