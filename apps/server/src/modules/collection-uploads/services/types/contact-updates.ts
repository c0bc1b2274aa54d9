import { addressUpdateSchema, contactUpdateSchema } from '@recovery-desk/domain/collections/contracts.ts';
import { ADDRESS_TYPES, CONTACT_CATEGORIES, CONTACT_LEVELS } from '@recovery-desk/domain/collections/contact-kinds.ts';
import {
  COLL_UPLOAD_COLUMNS,
  CONTACT_UPLOAD_TYPES,
  MOBILE_NUMBER,
  type CollUploadError,
} from '@recovery-desk/domain/collections/uploads.ts';
import type { z } from 'zod';
import {
  findAccountInScope,
  listAddresses,
  listContacts,
  updateAddressInTx,
  updateContactInTx,
} from '../../../collections/index.ts';
import { findAccountsByNumber, insertUploadRows } from '../../uploads.repository.ts';
import { fieldErrors, type UploadTypeSpec } from '../upload-types.ts';
import { present } from './follow-up-rows.ts';

// CONTACT_UPDATE: the customer's phone numbers, emails and addresses, one change a row, made as the Contact and
// Address tabs' saves make them (`updateContactInTx`, `updateAddressInTx`: the version read at validation must still
// be the one at apply, else the whole file is refused; audited with before and after). A row names the contact by
// its type, category and level (the customer's first one that matches); the tabs' own schemas check the new value
// (phone 6 to 15 digits, email, pin code 6 digits), a MOBILE is also a 10-digit Indian mobile number. A new phone or
// email is valid again (the wrong-number flag is cleared).

type ContactType = (typeof CONTACT_UPLOAD_TYPES)[number];
type Target =
  | { kind: 'contact'; id: number; version: number; changes: z.infer<typeof contactUpdateSchema> }
  | { kind: 'address'; id: number; version: number; changes: z.infer<typeof addressUpdateSchema> };
type ContactRow = { row: number; accountId: number; customerId: number; contactType: ContactType; target: Target };
export type ContactPlan = { rows: ContactRow[] };

const ADDRESS_ONLY = ['line2', 'city', 'state', 'pinCode'] as const;
const PROGRESS_ROWS = 500;

type Parsed = {
  row: number;
  accountNo: string;
  contactType: ContactType;
  category: string;
  level: string;
  changes: Record<string, unknown>;
};

/** The row's change on the tabs' own schemas, or its errors by column. */
function parseRow(
  row: number,
  values: Record<string, string>,
  fail: (column: string, message: string) => void,
): Parsed | null {
  const contactType = values.contactType!.toUpperCase() as ContactType;
  if (!CONTACT_UPLOAD_TYPES.includes(contactType)) {
    fail('contactType', `must be one of ${CONTACT_UPLOAD_TYPES.join(', ')}`);
    return null;
  }
  const isAddress = contactType === 'ADDRESS';
  const categories: readonly string[] = isAddress ? ADDRESS_TYPES : CONTACT_CATEGORIES;
  const category = (present(values, 'category') ?? categories[0]!).toUpperCase();
  const level = (present(values, 'level') ?? CONTACT_LEVELS[0]).toUpperCase();
  let ok = true;
  if (!categories.includes(category)) {
    fail('category', `must be one of ${categories.join(', ')} for ${contactType}`);
    ok = false;
  }
  if (!(CONTACT_LEVELS as readonly string[]).includes(level)) {
    fail('level', `must be one of ${CONTACT_LEVELS.join(', ')}`);
    ok = false;
  }
  const newValue = values.newValue!;
  let changes: Record<string, unknown>;
  let result: { success: boolean; error?: z.ZodError };
  if (isAddress) {
    if (present(values, 'mode') !== undefined) {
      fail('mode', 'is only for MOBILE, LANDLINE and EMAIL rows');
      ok = false;
    }
    if (present(values, 'pinCode') === undefined) {
      fail('pinCode', 'is required for ADDRESS');
      ok = false;
    }
    changes = { line1: newValue };
    for (const column of ADDRESS_ONLY) if (present(values, column) !== undefined) changes[column] = values[column];
    result = addressUpdateSchema.safeParse({ version: 1, ...changes });
  } else {
    for (const column of ADDRESS_ONLY) {
      if (present(values, column) !== undefined) {
        fail(column, 'is only for ADDRESS rows');
        ok = false;
      }
    }
    if (contactType === 'MOBILE' && !MOBILE_NUMBER.test(newValue)) {
      fail('newValue', 'must be a 10-digit mobile number starting with 6, 7, 8 or 9');
      ok = false;
    }
    const mode = present(values, 'mode')?.toUpperCase();
    changes = {
      ...(contactType === 'EMAIL' ? { email: newValue } : { phone: newValue }),
      ...(mode === undefined ? {} : { mode }),
      isValid: true,
    };
    result = contactUpdateSchema.safeParse({ version: 1, ...changes });
  }
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? 'newValue');
    const column = ['phone', 'email', 'line1'].includes(field) ? 'newValue' : field;
    // The MOBILE message above already names the problem.
    if (!(contactType === 'MOBILE' && column === 'newValue')) fail(column, issue.message);
    ok = false;
  }
  if (!ok) return null;
  return { row, accountNo: values.accountNo!, contactType, category, level, changes };
}

export const contactUpdateUpload: UploadTypeSpec<ContactPlan> = {
  validate: async (deps, ctx, lines, progress) => {
    const db = deps.db;
    const errors: CollUploadError[] = [];
    const parsed: Parsed[] = [];
    for (const line of lines) {
      const fail = (column: string, message: string) => errors.push({ row: line.row, column, message });
      const own = fieldErrors('CONTACT_UPDATE', line);
      errors.push(...own);
      if (own.length > 0) continue;
      const row = parseRow(line.row, line.values, fail);
      if (row) parsed.push(row);
    }
    const accounts = new Map(
      (
        await findAccountsByNumber(db, {
          accountNos: [...new Set(parsed.map((row) => row.accountNo))],
          unitPath: ctx.actingUnit.path,
        })
      ).map((account) => [account.accountNo, account.id]),
    );
    const rows: ContactRow[] = [];
    const firstRowOf = new Map<string, number>();
    let done = lines.length - parsed.length;
    for (const entry of parsed) {
      const fail = (column: string, message: string) => errors.push({ row: entry.row, column, message });
      done += 1;
      if (done % PROGRESS_ROWS === 0) await progress(done);
      const accountId = accounts.get(entry.accountNo);
      const scoped =
        accountId === undefined
          ? undefined
          : await findAccountInScope(db, { accountId, unitPath: ctx.actingUnit.path });
      if (accountId === undefined || !scoped) {
        fail('accountNo', `Account ${entry.accountNo} not found in your units`);
        continue;
      }
      const customerId = scoped.customer.id;
      const what = `${entry.level} ${entry.category} ${entry.contactType}`;
      let target: Target | null = null;
      if (entry.contactType === 'ADDRESS') {
        const found = (await listAddresses(db, customerId)).find(
          (address) => address.addressType === entry.category && address.level === entry.level,
        );
        if (found)
          target = {
            kind: 'address',
            id: found.id,
            version: found.version,
            changes: { version: found.version, ...entry.changes },
          };
      } else {
        const found = (await listContacts(db, { customerId })).find(
          (contact) =>
            contact.contactType === entry.contactType &&
            contact.contactCategory === entry.category &&
            contact.level === entry.level,
        );
        if (found)
          target = {
            kind: 'contact',
            id: found.id,
            version: found.version,
            changes: { version: found.version, ...entry.changes },
          };
      }
      if (!target) {
        fail('contactType', `the customer of account ${entry.accountNo} has no ${what} to change`);
        continue;
      }
      // Two rows changing one contact (two accounts of one customer, or a repeated row): which one wins is unclear.
      const key = `${target.kind}${target.id}`;
      const first = firstRowOf.get(key);
      if (first !== undefined) {
        fail('accountNo', `row ${first} already changes this customer's ${what}`);
        continue;
      }
      firstRowOf.set(key, entry.row);
      rows.push({ row: entry.row, accountId, customerId, contactType: entry.contactType, target });
    }
    await progress(lines.length);
    const columns = COLL_UPLOAD_COLUMNS.CONTACT_UPDATE;
    errors.sort((a, b) => a.row - b.row || columns.indexOf(a.column) - columns.indexOf(b.column));
    return { errors, errorRows: new Set(errors.map((error) => error.row)).size, plan: { rows } };
  },

  apply: async (tx, _deps, ctx, plan, { uploadId }) => {
    const trail: { rowNo: number; accountId: number; detail: unknown }[] = [];
    for (const row of plan.rows) {
      const { target } = row;
      // The tabs' own writes: a contact changed since validation (another version) refuses the whole file.
      let changes: Record<string, unknown>;
      let after: { version: number };
      if (target.kind === 'contact') {
        const { version, ...contactChanges } = target.changes;
        changes = contactChanges;
        after = await updateContactInTx(tx, ctx, {
          customerId: row.customerId,
          contactId: target.id,
          version,
          changes: { ...contactChanges, invalidReason: null },
        });
      } else {
        const { version, ...addressChanges } = target.changes;
        changes = addressChanges;
        after = await updateAddressInTx(tx, ctx, {
          customerId: row.customerId,
          addressId: target.id,
          version,
          changes: addressChanges,
        });
      }
      trail.push({
        rowNo: row.row,
        accountId: row.accountId,
        detail: {
          contactType: row.contactType,
          [row.target.kind === 'contact' ? 'contactId' : 'addressId']: row.target.id,
          changes,
          version: after.version,
        },
      });
    }
    await insertUploadRows(tx, uploadId, trail);
    return trail.length;
  },
};
