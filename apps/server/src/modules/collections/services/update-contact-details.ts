import type { z } from 'zod';
import type { addressUpdateSchema, contactUpdateSchema } from '@recovery-desk/domain/collections/contracts.ts';
import type { AccountView } from '@recovery-desk/domain/collections/contracts.ts';
import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction, type Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { findAddress, listContacts } from '../accounts.repository.ts';
import {
  updateAddressIfVersion,
  updateContactIfVersion,
  type AddressChanges,
  type ContactChanges,
} from '../contact-details.repository.ts';
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

  return withTransaction(deps.db, (tx) =>
    updateContactInTx(tx, ctx, { customerId: customer.id, contactId, version, changes }),
  );
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

  return withTransaction(deps.db, (tx) =>
    updateAddressInTx(tx, ctx, { customerId: customer.id, addressId, version, changes }),
  );
}

/**
 * The write of a contact edit inside the caller's transaction (the Contact tab's save and the contact-updates
 * upload): the version must still be the one read (else 409 STALE_VERSION), audited with before and after.
 */
export async function updateContactInTx(
  tx: Transaction,
  ctx: UnitContext,
  input: { customerId: number; contactId: number; version: number; changes: ContactChanges },
): Promise<ContactItem> {
  const { customerId, contactId } = input;
  const [before] = await listContacts(tx, { customerId, contactId });
  if (!before) throw new AppError('NOT_FOUND', 'Contact not found');
  const updated = await updateContactIfVersion(tx, input);
  if (!updated) throw stale('contact');
  const [after] = await listContacts(tx, { customerId, contactId });
  await emitAudit(tx, ctx, {
    action: 'collections.contact.update',
    entity: 'contact',
    entityId: contactId,
    before,
    after,
  });
  return after!;
}

/** As updateContactInTx, for addresses (the Address tab's save and the upload). */
export async function updateAddressInTx(
  tx: Transaction,
  ctx: UnitContext,
  input: { customerId: number; addressId: number; version: number; changes: AddressChanges },
): Promise<AddressItem> {
  const { customerId, addressId } = input;
  const before = await findAddress(tx, { customerId, addressId });
  if (!before) throw new AppError('NOT_FOUND', 'Address not found');
  const updated = await updateAddressIfVersion(tx, input);
  if (!updated) throw stale('address');
  const after = await findAddress(tx, { customerId, addressId });
  await emitAudit(tx, ctx, {
    action: 'collections.address.update',
    entity: 'address',
    entityId: addressId,
    before,
    after,
  });
  return after!;
}
