import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@recovery-desk/db/client.ts';
import type { Clock } from '../clock.ts';
import type { Executor } from '../db/transaction.ts';
import { safeText } from '../http/safe-text.ts';
import { claimMail, dueMailIds, insertMail, markMail } from './outbox.repository.ts';
import type { MailTransport } from './smtp-transport.ts';

export type MailMessage = { to: string; subject: string; body: string };

/** Backoff before the next SMTP attempt after attempt n: 1, 4, 16, 64 minutes. */
export function mailRetryDelayMs(attempt: number): number {
  return 60_000 * 4 ** Math.max(0, attempt - 1);
}

/**
 * Mail goes through the outbox: `queue` writes the message inside the caller's transaction, `deliver`
 * sends it after the commit (a rolled-back change never mails). Without a transport (no SMTP_URL) messages
 * stay in the outbox with status OUTBOX; in demo mode they are readable at /api/demo/outbox.
 * Bodies carry one-time codes, so they are never logged.
 */
export class MailService {
  private readonly db: Database;
  private readonly transport: MailTransport | null;
  private readonly from: string;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(options: {
    db: Database;
    transport: MailTransport | null;
    from: string;
    clock: Clock;
    log: FastifyBaseLogger;
  }) {
    this.db = options.db;
    this.transport = options.transport;
    this.from = options.from;
    this.clock = options.clock;
    this.log = options.log;
  }

  /** Writes the message in the caller's transaction; returns its outbox id for `deliver`. */
  queue(tx: Executor, message: MailMessage): Promise<number> {
    return insertMail(tx, {
      toAddress: message.to,
      subject: message.subject,
      body: message.body,
      status: this.transport ? 'PENDING' : 'OUTBOX',
      createdAt: this.clock.now(),
    });
  }

  /**
   * Sends queued messages in the background after the commit, so the reply does not wait on SMTP (and its
   * timing does not tell whether a message was sent). The outcome is recorded on the outbox row.
   */
  deliver(ids: readonly number[]): void {
    if (!this.transport) return;
    for (const id of ids) {
      const task: Promise<void> = this.send(id)
        .then(() => undefined)
        .finally(() => this.inFlight.delete(task));
      this.inFlight.add(task);
    }
  }

  /** Waits for background deliveries (at shutdown, and in tests). */
  async flush(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  close(): void {
    this.transport?.close();
  }

  get canSend(): boolean {
    return this.transport !== null;
  }

  /**
   * Sends every message due for a (re)try, one by one: PENDING ones a crash left behind (their send lease ran out)
   * and FAILED ones whose backoff is over, until MAIL_MAX_ATTEMPTS. Run by the `mail.retry` job.
   */
  async retryDue(options: { limit: number; onProgress?: (done: number, total: number) => Promise<void> }) {
    const ids = this.transport ? await dueMailIds(this.db, this.clock.now(), options.limit) : [];
    let sent = 0;
    for (const [index, id] of ids.entries()) {
      if ((await this.send(id)) === 'SENT') sent += 1;
      await options.onProgress?.(index + 1, ids.length);
    }
    return { tried: ids.length, sent, failed: ids.length - sent };
  }

  /** Whether a message is due for a (re)try (the scheduler's check). */
  async hasDue(): Promise<boolean> {
    return this.transport !== null && (await dueMailIds(this.db, this.clock.now(), 1)).length > 0;
  }

  private async send(id: number): Promise<'SENT' | 'FAILED' | 'SKIPPED'> {
    const transport = this.transport;
    if (!transport) return 'SKIPPED';
    try {
      const message = await claimMail(this.db, id, this.clock.now());
      if (!message) return 'SKIPPED';
      try {
        await transport.send({ from: this.from, to: message.toAddress, subject: message.subject, text: message.body });
        await markMail(this.db, id, { status: 'SENT', sentAt: this.clock.now() });
        this.log.info({ event: 'mail.sent', mailId: id }, 'mail sent');
        return 'SENT';
      } catch (error) {
        const reason = safeText(error instanceof Error ? error.message : String(error), 500);
        const retryAt = new Date(this.clock.now().getTime() + mailRetryDelayMs(message.attempts));
        await markMail(this.db, id, { status: 'FAILED', error: reason, retryAt });
        this.log.warn({ event: 'mail.failed', mailId: id, reason, attempt: message.attempts }, 'mail not sent');
        return 'FAILED';
      }
    } catch (error) {
      this.log.error({ event: 'mail.outbox_error', mailId: id, err: error }, 'mail outbox could not be updated');
      return 'FAILED';
    }
  }
}
