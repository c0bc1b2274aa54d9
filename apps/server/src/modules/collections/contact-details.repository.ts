import { and, eq, sql } from 'drizzle-orm';
import { addresses, contacts } from '@recovery-desk/db/collections-schema.ts';
import type { Executor } from '../../db/transaction.ts';

// Versioned edits of a customer's contacts and addresses: one conditional UPDATE on id, owner and version, so a
// stale write changes nothing.

export type ContactChanges = Partial<
  Pick<typeof contacts.$inferInsert, 'phone' | 'email' | 'mode' | 'isValid' | 'invalidReason'>
>;
export type AddressChanges = Partial<
  Pick<typeof addresses.$inferInsert, 'line1' | 'line2' | 'line3' | 'landmark' | 'city' | 'state' | 'pinCode'>
>;

export async function updateContactIfVersion(
  db: Executor,
  input: { contactId: number; customerId: number; version: number; changes: ContactChanges },
): Promise<boolean> {
  const rows = await db
    .update(contacts)
    .set({ ...input.changes, version: sql`${contacts.version} + 1` })
    .where(
      and(
        eq(contacts.id, input.contactId),
        eq(contacts.customerId, input.customerId),
        eq(contacts.version, input.version),
      ),
    )
    .returning({ id: contacts.id });
  return rows.length > 0;
}

export async function updateAddressIfVersion(
  db: Executor,
  input: { addressId: number; customerId: number; version: number; changes: AddressChanges },
): Promise<boolean> {
  const rows = await db
    .update(addresses)
    .set({ ...input.changes, version: sql`${addresses.version} + 1` })
    .where(
      and(
        eq(addresses.id, input.addressId),
        eq(addresses.customerId, input.customerId),
        eq(addresses.version, input.version),
      ),
    )
    .returning({ id: addresses.id });
  return rows.length > 0;
}
