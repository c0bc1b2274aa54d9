import { and, asc, eq, gt, lt, min, sql } from 'drizzle-orm';
import {
  accounts,
  contacts,
  dispositions,
  documents,
  dues,
  followUps,
  ptps,
} from '@recovery-desk/db/collections-schema.ts';
import type { Executor } from '../../db/transaction.ts';

export type DispositionRecord = {
  code: string;
  label: string;
  contactKind: string;
  nextStep: string;
  requiresAmount: boolean;
  requiresNextActionDate: boolean;
  isActive: boolean;
};

const dispositionColumns = {
  code: dispositions.code,
  label: dispositions.label,
  contactKind: dispositions.contactKind,
  nextStep: dispositions.nextStep,
  requiresAmount: dispositions.requiresAmount,
  requiresNextActionDate: dispositions.requiresNextActionDate,
  isActive: dispositions.isActive,
};

export async function findDisposition(db: Executor, code: string): Promise<DispositionRecord | undefined> {
  const [row] = await db.select(dispositionColumns).from(dispositions).where(eq(dispositions.code, code));
  return row;
}

export async function listActiveDispositions(db: Executor): Promise<DispositionRecord[]> {
  return db
    .select(dispositionColumns)
    .from(dispositions)
    .where(eq(dispositions.isActive, true))
    .orderBy(asc(dispositions.sortOrder), asc(dispositions.code));
}

/** The earliest unpaid instalment due after the business date (the PTP policy's "next due date"). */
export async function findNextUnpaidDueDate(
  db: Executor,
  input: { accountId: number; businessDate: string },
): Promise<string | null> {
  const [row] = await db
    .select({ due: min(dues.dueDate) })
    .from(dues)
    .where(
      and(
        eq(dues.accountId, input.accountId),
        gt(dues.dueDate, input.businessDate),
        lt(dues.amountPaid, dues.amountDue),
      ),
    );
  return row?.due ?? null;
}

export async function contactBelongsTo(db: Executor, input: { contactId: number; customerId: number }) {
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, input.contactId), eq(contacts.customerId, input.customerId)));
  return rows.length > 0;
}

export async function documentBelongsTo(db: Executor, input: { documentId: number; accountId: number }) {
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.id, input.documentId), eq(documents.accountId, input.accountId)));
  return rows.length > 0;
}

export type NewFollowUp = typeof followUps.$inferInsert;

export async function insertFollowUp(db: Executor, values: NewFollowUp): Promise<number> {
  const [row] = await db.insert(followUps).values(values).returning({ id: followUps.id });
  if (!row) throw new Error('follow_ups insert returned nothing');
  return row.id;
}

export type NewPtp = typeof ptps.$inferInsert;

export async function insertPtp(db: Executor, values: NewPtp): Promise<number> {
  const [row] = await db.insert(ptps).values(values).returning({ id: ptps.id });
  if (!row) throw new Error('ptps insert returned nothing');
  return row.id;
}

/** A new promise replaces the account's open ones (one open PTP per account). */
export async function cancelOpenPtps(db: Executor, accountId: number): Promise<number[]> {
  const rows = await db
    .update(ptps)
    .set({
      status: 'CANCELLED',
      resolvedOn: null,
      reviewRemarks: 'Replaced by a new promise',
      version: sql`${ptps.version} + 1`,
    })
    .where(and(eq(ptps.accountId, accountId), eq(ptps.status, 'OPEN')))
    .returning({ id: ptps.id });
  return rows.map((row) => row.id);
}

export async function markContactWrongNumber(db: Executor, contactId: number): Promise<void> {
  await db
    .update(contacts)
    .set({ isValid: false, invalidReason: 'Wrong number', version: sql`${contacts.version} + 1` })
    .where(eq(contacts.id, contactId));
}

/** What every follow-up records on its account: who contacted it, when, with what outcome and next step. */
export async function recordContactOnAccount(
  db: Executor,
  input: {
    accountId: number;
    userId: number;
    at: Date;
    businessDate: string;
    nextActionDate: string | null;
    disposition: string;
    sendToSkipTrace: boolean;
  },
): Promise<number> {
  const [row] = await db
    .update(accounts)
    .set({
      lastContactedByUserId: input.userId,
      lastContactedAt: input.at,
      lastActionDate: input.businessDate,
      nextActionDate: input.nextActionDate,
      lastDisposition: input.disposition,
      ...(input.sendToSkipTrace ? { inSkipTrace: true } : {}),
      version: sql`${accounts.version} + 1`,
      updatedAt: input.at,
    })
    .where(eq(accounts.id, input.accountId))
    .returning({ version: accounts.version });
  if (!row) throw new Error(`account ${input.accountId} vanished`);
  return row.version;
}
