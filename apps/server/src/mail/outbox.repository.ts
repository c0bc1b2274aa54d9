import { desc, eq, sql } from 'drizzle-orm';
import { mailOutbox } from '@recovery-desk/db/schema.ts';
import type { Executor } from '../db/transaction.ts';

/** PENDING: waiting to be sent; SENT / FAILED: the SMTP outcome; OUTBOX: kept (no SMTP), readable in demo mode. */
export type OutboxStatus = 'PENDING' | 'SENT' | 'FAILED' | 'OUTBOX';

export async function insertMail(
  db: Executor,
  row: { toAddress: string; subject: string; body: string; status: OutboxStatus; createdAt: Date },
): Promise<number> {
  const [inserted] = await db.insert(mailOutbox).values(row).returning({ id: mailOutbox.id });
  if (!inserted) throw new Error('mail_outbox insert returned nothing');
  return inserted.id;
}

export async function findMail(
  db: Executor,
  id: number,
): Promise<{ id: number; toAddress: string; subject: string; body: string; status: string } | undefined> {
  const [row] = await db
    .select({
      id: mailOutbox.id,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      body: mailOutbox.body,
      status: mailOutbox.status,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  return row;
}

export async function markMail(
  db: Executor,
  id: number,
  outcome: { status: 'SENT'; sentAt: Date } | { status: 'FAILED'; error: string },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      outcome.status === 'SENT'
        ? { status: 'SENT', sentAt: outcome.sentAt }
        : { status: 'FAILED', error: outcome.error },
    )
    .where(eq(mailOutbox.id, id));
}

export type OutboxMessage = { id: number; to: string; subject: string; body: string; createdAt: Date };

/** The newest messages to one address (case-insensitive), newest first. */
export async function listMailTo(db: Executor, address: string, limit: number): Promise<OutboxMessage[]> {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      body: mailOutbox.body,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.toAddress}) = lower(${address})`)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}
