import type { z } from 'zod';
import type { addressUpdateSchema, contactUpdateSchema } from '@recovery-desk/domain/collections/contracts.ts';
import type { AccountView } from '@recovery-desk/domain/collections/contracts.ts';
import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { findAddress, listContacts } from '../accounts.repository.ts';
import { updateAddressIfVersion, updateContactIfVersion } from '../contact-details.repository.ts';
import { requireAccountInScope } from './get-account-view.ts';
import { requireEditableTab, requireTrayAccess } from './tray-access.ts';

export type ContactUpdate = z.infer<typeof contactUpdateSchema>;
export type AddressUpdate = z.infer<typeof addressUpdateSchema>;
type ContactItem = AccountView['contacts'][number];
type AddressItem = AccountView['addresses'][number];

function stale(kind: string): AppError {
  return new AppError('STALE_VERSION', `This ${kind} was changed by someone else. Reload it and try again.`);
}

/**
 * PATCH /api/collections/accounts/:accountId/contacts/:contactId?tray= — edits one of the customer's contacts
 * (Contact tab editable for the tray's authority). `version` must be the one read: a stale write answers 409.
 */
export async function updateContact(
  deps: AppDeps,
  input: { ctx: UnitContext; accountId: number; contactId: number; trayKey: TrayKey; changes: ContactUpdate },
): Promise<ContactItem> {
  const { ctx, accountId, contactId } = input;
  const access = await requireTrayAccess(deps.db, ctx, input.trayKey);
  const { customer } = await requireAccountInScope(deps.db, ctx, accountId);
  requireEditableTab(access, 'Contact');
  const { version, ...changes } = input.changes;
  if (changes.isValid === true && changes.invalidReason === undefined) Object.assign(changes, { invalidReason: null });

  return withTransaction(deps.db, async (tx) => {
    const [before] = await listContacts(tx, { customerId: customer.id, contactId });
    if (!before) throw new AppError('NOT_FOUND', 'Contact not found');
    const updated = await updateContactIfVersion(tx, { contactId, customerId: customer.id, version, changes });
    if (!updated) throw stale('contact');
    const [after] = await listContacts(tx, { customerId: customer.id, contactId });
    await emitAudit(tx, ctx, {
      action: 'collections.contact.update',
      entity: 'contact',
      entityId: contactId,
      before,
      after,
    });
    return after!;
  });
}

/** PATCH /api/collections/accounts/:accountId/addresses/:addressId?tray= — as updateContact, for addresses. */
export async function updateAddress(
  deps: AppDeps,
  input: { ctx: UnitContext; accountId: number; addressId: number; trayKey: TrayKey; changes: AddressUpdate },
): Promise<AddressItem> {
  const { ctx, accountId, addressId } = input;
  const access = await requireTrayAccess(deps.db, ctx, input.trayKey);
  const { customer } = await requireAccountInScope(deps.db, ctx, accountId);
  requireEditableTab(access, 'Address');
  const { version, ...changes } = input.changes;

  return withTransaction(deps.db, async (tx) => {
    const before = await findAddress(tx, { customerId: customer.id, addressId });
    if (!before) throw new AppError('NOT_FOUND', 'Address not found');
    const updated = await updateAddressIfVersion(tx, { addressId, customerId: customer.id, version, changes });
    if (!updated) throw stale('address');
    const after = await findAddress(tx, { customerId: customer.id, addressId });
    await emitAudit(tx, ctx, {
      action: 'collections.address.update',
      entity: 'address',
      entityId: addressId,
      before,
      after,
    });
    return after!;
  });
}
