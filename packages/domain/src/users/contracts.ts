import { z } from 'zod';
import { APP_CODES, type AppCode } from '../apps.ts';
import { ALL_AUTHORITY_CODES, type AuthorityCode } from '../authorities.ts';
import { idParam, pageParam } from '../numeric-params.ts';
import { REMARKS_MAX_LENGTH } from '../remarks.ts';
import { MESSAGES } from '../validation.ts';

// User Approval (issue 14): every change to a user — create, edit (name, e-mail, mobile, units, authorities with each
// tab's editability), deactivate, reactivate, reset password — is a maker-checker request (flow USER_CHANGE, subject
// USER) that changes nothing until a second user approves it. The spec names the screen by label only; its route is
// /collapp/userApproval and its authority SCHED_PRO_COLL_SAUTH (the administrators' authority, docs/architecture.md).

/** The authority that requests and decides user changes (the spec has no user-administration code). */
export const USER_ADMIN_AUTHORITY: AuthorityCode = 'SCHED_PRO_COLL_SAUTH';

/** The account view's tabs (spec §2.3): an authority entry lists the tabs it opens, each editable or read-only. */
export const ACCOUNT_VIEW_TABS = [
  'Account',
  'Customer',
  'Address',
  'Contact',
  'CollateralDetails',
  'Payments',
  'LinkedAccounts',
  'Followup',
] as const;
export type AccountViewTab = (typeof ACCOUNT_VIEW_TABS)[number];

export const USER_CHANGE_ACTIONS = ['CREATE', 'UPDATE', 'DEACTIVATE', 'REACTIVATE', 'RESET_PASSWORD'] as const;
export type UserChangeAction = (typeof USER_CHANGE_ACTIONS)[number];

export const USER_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

const id = z.number({ error: MESSAGES.required }).int().positive().max(2_147_483_647);

export const userTabSchema = z.strictObject({ name: z.enum(ACCOUNT_VIEW_TABS), editable: z.boolean() });
export type UserTab = z.infer<typeof userTabSchema>;

/** One authority entry: in a unit, for an app, the system authority and the tabs it opens. */
export const userGrantSchema = z.strictObject({
  unitId: id,
  app: z.enum(APP_CODES),
  systemAuth: z.enum(ALL_AUTHORITY_CODES as [AuthorityCode, ...AuthorityCode[]]),
  tabs: z
    .array(userTabSchema)
    .max(ACCOUNT_VIEW_TABS.length)
    .refine((tabs) => new Set(tabs.map((tab) => tab.name)).size === tabs.length, 'a tab is listed twice'),
});
export type UserGrant = z.infer<typeof userGrantSchema>;

export const USERNAME_PATTERN = /^[a-z][a-z0-9._-]{2,39}$/;
export const MOBILE_PATTERN = /^[6-9]\d{9}$/;

const fullName = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(100, MESSAGES.maxLength(100));
const email = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(254, MESSAGES.maxLength(254))
  .pipe(z.email(MESSAGES.email));
const mobile = z
  .string()
  .trim()
  .regex(MOBILE_PATTERN, 'must be a 10-digit mobile number starting with 6, 7, 8 or 9')
  .nullable()
  .optional();

/** Key of an authority entry: one per unit, app and system authority. */
export function grantKey(grant: { unitId: number; app: string; systemAuth: string }): string {
  return `${grant.unitId}|${grant.app}|${grant.systemAuth}`;
}

const detailsShape = {
  fullName,
  email,
  mobile,
  units: z
    .array(id)
    .min(1, 'choose at least one unit')
    .max(50)
    .refine((units) => new Set(units).size === units.length, 'a unit is listed twice'),
  authorities: z.array(userGrantSchema).max(500),
};

function grantsWithinUnits(value: { units: number[]; authorities: UserGrant[] }, context: z.RefinementCtx): void {
  const seen = new Set<string>();
  value.authorities.forEach((grant, index) => {
    if (!value.units.includes(grant.unitId)) {
      context.addIssue({ code: 'custom', path: ['authorities', index, 'unitId'], message: 'is not one of the units' });
    }
    const key = grantKey(grant);
    if (seen.has(key)) {
      context.addIssue({ code: 'custom', path: ['authorities', index, 'systemAuth'], message: 'is granted twice' });
    }
    seen.add(key);
  });
}

/** The fields an edit may change (everything but the username). */
export const userDetailsSchema = z.strictObject(detailsShape).superRefine(grantsWithinUnits);
export type UserDetails = z.infer<typeof userDetailsSchema>;

/** A new user: the username plus the details. */
export const newUserSchema = z
  .strictObject({
    username: z
      .string({ error: MESSAGES.required })
      .trim()
      .toLowerCase()
      .regex(USERNAME_PATTERN, 'must be 3 to 40 lower-case letters, digits, dots, hyphens or underscores'),
    ...detailsShape,
  })
  .superRefine(grantsWithinUnits);
export type NewUser = z.infer<typeof newUserSchema>;

const reason = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(5, MESSAGES.minLength(5))
  .max(REMARKS_MAX_LENGTH, MESSAGES.maxLength(REMARKS_MAX_LENGTH));

const createChange = z.strictObject({ action: z.literal('CREATE'), user: newUserSchema, remarks: reason.optional() });
const updateChange = z.strictObject({
  action: z.literal('UPDATE'),
  userId: id,
  user: userDetailsSchema,
  remarks: reason.optional(),
});
const deactivateChange = z.strictObject({ action: z.literal('DEACTIVATE'), userId: id, remarks: reason });
const reactivateChange = z.strictObject({ action: z.literal('REACTIVATE'), userId: id, remarks: reason });
const resetChange = z.strictObject({ action: z.literal('RESET_PASSWORD'), userId: id, remarks: reason.optional() });

/** POST /api/users/requests: the maker's request. */
export const userChangeRequestSchema = z.discriminatedUnion('action', [
  createChange,
  updateChange,
  deactivateChange,
  reactivateChange,
  resetChange,
]);
export type UserChangeRequest = z.infer<typeof userChangeRequestSchema>;

const version = z.number({ error: MESSAGES.required }).int().positive().max(2_147_483_647);

/**
 * POST /api/users/requests/:id/resubmit: the maker's answer to a pushback — the same request as a new one (same
 * action and user), with the request's version read.
 */
export const userChangeResubmitSchema = z.discriminatedUnion('action', [
  createChange.extend({ version }),
  updateChange.extend({ version }),
  deactivateChange.extend({ version }),
  reactivateChange.extend({ version }),
  resetChange.extend({ version }),
]);
export type UserChangeResubmit = z.infer<typeof userChangeResubmitSchema>;

/** A user as a request records it before and after the change (unit codes and names included, for the diff). */
export const userSnapshotSchema = z.object({
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  isActive: z.boolean(),
  units: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  authorities: z.array(
    z.object({
      unitId: z.number(),
      unitCode: z.string(),
      app: z.enum(APP_CODES),
      systemAuth: z.string(),
      tabs: z.array(z.object({ name: z.string(), editable: z.boolean() })),
    }),
  ),
});
export type UserSnapshot = z.infer<typeof userSnapshotSchema>;

/** The payload of a USER_CHANGE request: what it does, the user before (null: a new user) and after. */
export const userChangePayloadSchema = z.object({
  action: z.enum(USER_CHANGE_ACTIONS),
  before: userSnapshotSchema.nullable(),
  after: userSnapshotSchema,
});
export type UserChangePayload = z.infer<typeof userChangePayloadSchema>;

export type UserChangeLine =
  | {
      kind: 'field';
      field: 'username' | 'fullName' | 'email' | 'mobile' | 'isActive';
      before: string | null;
      after: string | null;
    }
  | { kind: 'unit'; change: 'added' | 'removed'; unit: string }
  | {
      kind: 'grant';
      change: 'added' | 'removed' | 'changed';
      unit: string;
      app: AppCode;
      systemAuth: string;
      /** the tabs after (added, changed) or before (removed): `Name` or `Name (editable)` */
      tabs: { name: string; editable: boolean }[];
    };

/** What a request changes, line by line: the diff the checker sees. */
export function diffUserSnapshots(before: UserSnapshot | null, after: UserSnapshot): UserChangeLine[] {
  const lines: UserChangeLine[] = [];
  for (const field of ['username', 'fullName', 'email', 'mobile', 'isActive'] as const) {
    const was = before === null ? null : String(before[field] ?? '') || null;
    const now = String(after[field] ?? '') || null;
    if (before === null ? field !== 'isActive' && now !== null : was !== now) {
      lines.push({ kind: 'field', field, before: was, after: now });
    }
  }
  const beforeUnits = new Map((before?.units ?? []).map((unit) => [unit.id, unit.code]));
  const afterUnits = new Map(after.units.map((unit) => [unit.id, unit.code]));
  for (const [unitId, code] of afterUnits)
    if (!beforeUnits.has(unitId)) lines.push({ kind: 'unit', change: 'added', unit: code });
  for (const [unitId, code] of beforeUnits)
    if (!afterUnits.has(unitId)) lines.push({ kind: 'unit', change: 'removed', unit: code });
  const tabsText = (tabs: { name: string; editable: boolean }[]) =>
    JSON.stringify([...tabs].sort((a, b) => a.name.localeCompare(b.name)));
  const beforeGrants = new Map((before?.authorities ?? []).map((grant) => [grantKey(grant), grant]));
  const afterGrants = new Map(after.authorities.map((grant) => [grantKey(grant), grant]));
  for (const [key, grant] of afterGrants) {
    const was = beforeGrants.get(key);
    if (!was || tabsText(was.tabs) !== tabsText(grant.tabs)) {
      lines.push({
        kind: 'grant',
        change: was ? 'changed' : 'added',
        unit: grant.unitCode,
        app: grant.app,
        systemAuth: grant.systemAuth,
        tabs: grant.tabs,
      });
    }
  }
  for (const [key, grant] of beforeGrants) {
    if (!afterGrants.has(key)) {
      lines.push({
        kind: 'grant',
        change: 'removed',
        unit: grant.unitCode,
        app: grant.app,
        systemAuth: grant.systemAuth,
        tabs: grant.tabs,
      });
    }
  }
  return lines;
}

/**
 * The grants a change adds: new authority entries, and entries of which a tab becomes editable (four eyes: the
 * checker must hold each such authority themselves).
 */
export function grantsAdded(before: UserSnapshot | null, after: UserSnapshot): UserSnapshot['authorities'] {
  const beforeGrants = new Map((before?.authorities ?? []).map((grant) => [grantKey(grant), grant]));
  return after.authorities.filter((grant) => {
    const was = beforeGrants.get(grantKey(grant));
    if (!was) return true;
    const editableBefore = new Set(was.tabs.filter((tab) => tab.editable).map((tab) => tab.name));
    return grant.tabs.some((tab) => tab.editable && !editableBefore.has(tab.name));
  });
}

/** Whether a change takes access away (a unit or an authority entry removed, or the user deactivated). */
export function removesAccess(before: UserSnapshot | null, after: UserSnapshot): boolean {
  if (!before) return false;
  if (before.isActive && !after.isActive) return true;
  const afterUnits = new Set(after.units.map((unit) => unit.id));
  if (before.units.some((unit) => !afterUnits.has(unit.id))) return true;
  const afterGrants = new Map(after.authorities.map((grant) => [grantKey(grant), grant]));
  return before.authorities.some((grant) => {
    const now = afterGrants.get(grantKey(grant));
    if (!now) return true;
    const editableNow = new Set(now.tabs.filter((tab) => tab.editable).map((tab) => tab.name));
    const tabsNow = new Set(now.tabs.map((tab) => tab.name));
    return grant.tabs.some((tab) => !tabsNow.has(tab.name) || (tab.editable && !editableNow.has(tab.name)));
  });
}

/** GET /api/users: the users of the acting unit's subtree. */
export const userListQuerySchema = z.strictObject({
  search: z.string().trim().max(100).optional(),
  unitId: idParam.optional(),
  status: z.enum(USER_STATUSES).optional(),
  page: pageParam,
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userRowSchema = z.object({
  id: z.number(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  isActive: z.boolean(),
  units: z.array(z.string()),
  /** the open USER_CHANGE request of this user, if any */
  openRequestId: z.number().nullable(),
});
export type UserRow = z.infer<typeof userRowSchema>;

export const userListPageSchema = z.object({
  rows: z.array(userRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type UserListPage = z.infer<typeof userListPageSchema>;

/** GET /api/users/:id — the user as it stands, and the open request, if any. */
export const userReplySchema = z.object({
  id: z.number(),
  user: userSnapshotSchema,
  openRequestId: z.number().nullable(),
});
export type UserReply = z.infer<typeof userReplySchema>;

/** GET /api/users/units — the units of the acting unit's subtree a user may be given. */
export const userUnitsReplySchema = z.object({
  units: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), level: z.string() })),
});
export type UserUnitsReply = z.infer<typeof userUnitsReplySchema>;

/**
 * The web form of a new or edited user (User Approval): ids as text (select and checkbox values), each authority
 * entry's shown and editable tabs as two lists. The screen turns it into the request's user details.
 */
export const userFormSchema = z
  .strictObject({
    username: z
      .string({ error: MESSAGES.required })
      .trim()
      .toLowerCase()
      .regex(USERNAME_PATTERN, 'must be 3 to 40 lower-case letters, digits, dots, hyphens or underscores'),
    fullName,
    email,
    mobile: z
      .string()
      .trim()
      .regex(MOBILE_PATTERN, 'must be a 10-digit mobile number starting with 6, 7, 8 or 9')
      .optional(),
    units: z.array(z.string()).min(1, 'choose at least one unit'),
    authorities: z.array(
      z.strictObject({
        unitId: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
        app: z.enum(APP_CODES),
        systemAuth: z.enum(ALL_AUTHORITY_CODES as [AuthorityCode, ...AuthorityCode[]], { error: MESSAGES.required }),
        tabs: z.array(z.enum(ACCOUNT_VIEW_TABS)),
        editableTabs: z.array(z.enum(ACCOUNT_VIEW_TABS)),
      }),
    ),
    remarks: z.string().trim().max(REMARKS_MAX_LENGTH, MESSAGES.maxLength(REMARKS_MAX_LENGTH)).optional(),
  })
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.authorities.forEach((grant, index) => {
      if (grant.unitId && !value.units.includes(grant.unitId)) {
        context.addIssue({
          code: 'custom',
          path: ['authorities', index, 'unitId'],
          message: 'is not one of the units',
        });
      }
      const key = `${grant.unitId}|${grant.app}|${grant.systemAuth}`;
      if (seen.has(key)) {
        context.addIssue({ code: 'custom', path: ['authorities', index, 'systemAuth'], message: 'is granted twice' });
      }
      seen.add(key);
    });
  });
export type UserFormValues = z.input<typeof userFormSchema>;
