import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { mailOutbox } from '@recovery-desk/db/schema.ts';
import type { Executor } from '../db/transaction.ts';

/** PENDING: waiting to be sent; SENT / FAILED: the SMTP outcome; OUTBOX: kept (no SMTP), readable in demo mode. */
export type OutboxStatus = 'PENDING' | 'SENT' | 'FAILED' | 'OUTBOX';

export async function insertMail(
  db: Executor,
  row: { toAddress: string; subject: string; body: string; status: OutboxStatus; createdAt: Date },
): Promise<number> {
  const [inserted] = await db
    .insert(mailOutbox)
    .values({ ...row, nextAttemptAt: row.createdAt })
    .returning({ id: mailOutbox.id });
  if (!inserted) throw new Error('mail_outbox insert returned nothing');
  return inserted.id;
}

/** Attempts at SMTP before a message stays FAILED for good. */
export const MAIL_MAX_ATTEMPTS = 5;
/** How long one sender holds a message it is sending before another may try it (a crash mid-send). */
const SEND_LEASE_SECONDS = 120;

const retryable = (now: Date) =>
  sql`${mailOutbox.status} in ('PENDING', 'FAILED') and ${mailOutbox.attempts} < ${MAIL_MAX_ATTEMPTS}
    and ${mailOutbox.nextAttemptAt} <= ${now.toISOString()}::timestamptz`;

/**
 * Takes a message for sending: one conditional UPDATE counts the attempt and leases the row, so the sender after
 * the commit and the retry job never send the same message at the same time. Undefined when it is not due.
 */
export async function claimMail(
  db: Executor,
  id: number,
  now: Date,
): Promise<{ id: number; toAddress: string; subject: string; body: string; attempts: number } | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + SEND_LEASE_SECONDS * 1000),
    })
    .where(and(eq(mailOutbox.id, id), retryable(now)))
    .returning({
      id: mailOutbox.id,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      body: mailOutbox.body,
      attempts: mailOutbox.attempts,
    });
  return row;
}

/** Ids of messages due for a (re)try: PENDING left by a crash, FAILED with attempts left and the backoff over. */
export async function dueMailIds(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(retryable(now))
    .orderBy(asc(mailOutbox.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function markMail(
  db: Executor,
  id: number,
  outcome: { status: 'SENT'; sentAt: Date } | { status: 'FAILED'; error: string; retryAt: Date },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      outcome.status === 'SENT'
        ? { status: 'SENT', sentAt: outcome.sentAt, error: null }
        : { status: 'FAILED', error: outcome.error, nextAttemptAt: outcome.retryAt },
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
