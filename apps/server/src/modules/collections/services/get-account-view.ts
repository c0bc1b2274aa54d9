import type { AccountView } from '@recovery-desk/domain/collections/contracts.ts';
import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import type { Executor } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import {
  findAccountInScope,
  listAccountPtps,
  listAddresses,
  listAllocationHistory,
  listCheques,
  listCollaterals,
  listContacts,
  listDocuments,
  listDues,
  listFollowUps,
  listLinkedAccounts,
  listPayments,
  listRestrictions,
  type ChequeItem,
  type DocumentItem,
  type ScopedAccount,
} from '../accounts.repository.ts';
import { hasTab, requireTrayAccess, type AccountTab } from './tray-access.ts';
import { activeMarksOf } from '../../account-marks/index.ts';

export type AccountViewReply = AccountView & { documents: DocumentItem[]; cheques: ChequeItem[] };

export const ACCOUNT_NOT_FOUND = 'Account not found';

/** The account within the acting unit's subtree; another unit's account answers 404 like a missing one. */
export async function requireAccountInScope(db: Executor, ctx: UnitContext, accountId: number): Promise<ScopedAccount> {
  const found = await findAccountInScope(db, { accountId, unitPath: ctx.actingUnit.path });
  if (!found) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
  return found;
}

/**
 * GET /api/collections/accounts/:accountId?tray= — the account view of spec §3. The caller needs the tray's
 * authority in the acting unit; `tabs` are that authority's tabs, and a tab it does not grant comes back empty
 * (the server does not send what the user may not see).
 */
export async function getAccountView(
  deps: AppDeps,
  { ctx, accountId, trayKey }: { ctx: UnitContext; accountId: number; trayKey: TrayKey },
): Promise<AccountViewReply> {
  const { tabs } = await requireTrayAccess(deps.db, ctx, trayKey);
  const { account, customer } = await requireAccountInScope(deps.db, ctx, accountId);
  const when = <T>(tab: AccountTab, load: () => Promise<T[]>): Promise<T[]> =>
    hasTab(tabs, tab) ? load() : Promise.resolve([]);
  const db = deps.db;
  const [
    addresses,
    contacts,
    collaterals,
    dues,
    payments,
    cheques,
    linkedAccounts,
    followUps,
    ptps,
    documents,
    restrictions,
    allocationHistory,
  ] = await Promise.all([
    when('Address', () => listAddresses(db, customer.id)),
    when('Contact', () => listContacts(db, { customerId: customer.id })),
    when('CollateralDetails', () => listCollaterals(db, accountId)),
    when('Payments', () => listDues(db, accountId)),
    when('Payments', () => listPayments(db, accountId)),
    when('Payments', () => listCheques(db, accountId)),
    when('LinkedAccounts', () =>
      listLinkedAccounts(db, { customerId: customer.id, accountId, unitPath: ctx.actingUnit.path }),
    ),
    when('Followup', () => listFollowUps(db, { accountId })),
    when('Followup', () => listAccountPtps(db, { accountId })),
    when('Followup', () => listDocuments(db, { accountId })),
    when('Account', () => listRestrictions(db, { accountId })),
    when('Account', () => listAllocationHistory(db, accountId)),
  ]);
  const { customerId: _customerId, unitId: _unitId, allocatedUserId: _u, allocatedAgencyId: _a, ...header } = account;
  const marks = (await activeMarksOf(db, [accountId])).get(accountId) ?? [];
  return {
    tabs,
    account: { ...header, marks },
    customer,
    addresses,
    contacts,
    collaterals,
    dues,
    payments,
    linkedAccounts,
    followUps,
    ptps,
    restrictions,
    allocationHistory,
    documents,
    cheques,
  };
}
