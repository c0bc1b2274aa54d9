import { findTray, type TrayDefinition, type TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import { permittedTabs, type TabPermission } from '@recovery-desk/domain/profile.ts';
import type { Executor } from '../../../db/transaction.ts';
import { AppError, authorityMissing, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { listAuthorityEntries } from '../../../access/authority-entries.repository.ts';
import { listAccountsOutsideReach, listAssigneeAgencies, listAssigneeUsers } from '../tray-access.repository.ts';

// Shared rules of the collections verbs: the tray a call acts through (its authority and the account-view tabs
// that authority grants), and who may receive accounts.

export const COLLECTIONS_APP = 'collapp';
/** Who accounts can be allocated to: telecallers and field collectors. */
export const COLLECTOR_AUTHORITIES = ['TELECALLER_SAUTH', 'FIELD_COLLECTOR_SAUTH'] as const;
export const FIELD_COLLECTOR_AUTHORITIES = ['FIELD_COLLECTOR_SAUTH'] as const;

export type AccountTab =
  'Account' | 'Customer' | 'Address' | 'Contact' | 'CollateralDetails' | 'Payments' | 'LinkedAccounts' | 'Followup';

export type TrayAccess = { tray: TrayDefinition; tabs: TabPermission[] };

export function trayOf(key: TrayKey): TrayDefinition {
  const tray = findTray(key);
  if (!tray) throw validationError('tray', `unknown tray ${key}`);
  return tray;
}

/**
 * The caller must hold the tray's authority in the acting unit (routes whose tray is a parameter declare only
 * the acting unit; this is their authority check). Returns the tabs the authority entry grants.
 */
export async function requireTrayAccess(db: Executor, ctx: UnitContext, trayKey: TrayKey): Promise<TrayAccess> {
  const tray = trayOf(trayKey);
  const entries = await listAuthorityEntries(db, {
    userId: ctx.user.id,
    unitId: ctx.actingUnit.id,
    app: COLLECTIONS_APP,
  });
  if (!entries.some((entry) => entry.system_auth === tray.authority)) {
    throw authorityMissing(tray.authority, COLLECTIONS_APP);
  }
  return { tray, tabs: permittedTabs(entries, tray.authority) };
}

export function hasTab(tabs: readonly TabPermission[], name: AccountTab): boolean {
  return tabs.some((tab) => tab.name === name);
}

/** Writes through an account-view tab need that tab to be editable for the tray's authority. */
export function requireEditableTab(access: TrayAccess, name: AccountTab): void {
  if (!access.tabs.some((tab) => tab.name === name && tab.editable)) {
    throw new AppError('TAB_READ_ONLY', `The ${name} tab is read-only for you in ${access.tray.key}.`);
  }
}

export type AssigneeChoice = { toUserId?: number | undefined; toAgencyId?: number | undefined };
export type Assignee = { userId: number | null; agencyId: number | null; name: string };

/**
 * Refuses (409 ASSIGNEE_OUT_OF_REACH, naming the assignee and the accounts) to hand accounts to a user or agency
 * whose units do not contain the accounts' branches: they would never see them in their trays. Every move of
 * accounts to an assignee passes here: allocation, re-allocation request and approval, escalation re-allocation,
 * PTP referral. The rule is `assigneeWorksAccount`, the same the pickers' list (GET /assignees?accountIds=) uses.
 */
export async function requireAssigneeReach(
  db: Executor,
  assignee: { userId: number | null; agencyId: number | null; name?: string },
  accountIds: readonly number[],
  authorities: readonly string[] = COLLECTOR_AUTHORITIES,
): Promise<void> {
  const outside = await listAccountsOutsideReach(db, {
    accountIds,
    userId: assignee.userId,
    agencyId: assignee.agencyId,
    authorities,
  });
  if (outside.length === 0) return;
  const numbers = outside.join(', ');
  const who = assignee.name ?? `The chosen ${assignee.userId !== null ? 'user' : 'agency'}`;
  const plural = outside.length === 1 ? 'account' : 'accounts';
  throw new AppError(
    'ASSIGNEE_OUT_OF_REACH',
    `${who} does not work the branch of ${plural} ${numbers}, so they would not see ${outside.length === 1 ? 'it' : 'them'} in their trays. ` +
      'Choose an assignee the list offers for these accounts.',
    { extra: { accounts: numbers } },
  );
}

/** The chosen user (an active collector of the acting unit's subtree) or agency (active, of the subtree). */
export async function resolveAssignee(
  db: Executor,
  ctx: UnitContext,
  choice: AssigneeChoice,
  authorities: readonly string[] = COLLECTOR_AUTHORITIES,
): Promise<Assignee> {
  if (choice.toUserId !== undefined) {
    const [user] = await listAssigneeUsers(db, {
      unitPath: ctx.actingUnit.path,
      authorities,
      userId: choice.toUserId,
    });
    if (!user) {
      const who = authorities.length === 1 ? 'a field collector' : 'a telecaller or field collector';
      throw validationError('toUserId', `must be an active user acting as ${who} in your units`);
    }
    return { userId: user.id, agencyId: null, name: user.name };
  }
  if (choice.toAgencyId !== undefined) {
    const [agency] = await listAssigneeAgencies(db, { unitPath: ctx.actingUnit.path, agencyId: choice.toAgencyId });
    if (!agency) throw validationError('toAgencyId', 'must be an active agency of your units');
    return { userId: null, agencyId: agency.id, name: agency.name };
  }
  throw validationError('toUserId', 'choose exactly one user or one agency');
}
