import { randomBytes, randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '@recovery-desk/db/client.ts';
import { upiSandboxTransactions } from '@recovery-desk/db/payments-schema.ts';
import type { UpiStatus } from '@recovery-desk/domain/payments/contracts.ts';
import type { Clock } from '../../../clock.ts';
import {
  callbackBodyOf,
  signBody,
  verifySignedCallback,
  type CollectRequest,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderTransaction,
} from './provider.ts';

// The sandbox payment service provider: served by this process in demo mode and tests (as the demo identity provider
// is), so UPI collection works end to end on a closed network. It behaves like a real PSP:
// - it accepts a collect request and keeps it PENDING in its own book (upi_sandbox_transactions) until the payer acts;
// - the payer's answer is deterministic by VPA: a handle ending `@fail` is declined by the payer's bank (at the first
//   status poll, or when the payer approves); any other VPA succeeds when the payer approves (the demo's "Approve as
//   payer" button, tests' `payerApprove`); a request nobody answers EXPIRES at the first poll after its expiry;
// - every completion is sent to our callback endpoint, signed with HMAC-SHA256 over the raw body (UPI_WEBHOOK_SECRET),
//   after the sandbox's own write has committed; a failed delivery is not retried by the sandbox (our poller asks);
// - status polls answer from its book.

export const SANDBOX_PROVIDER = 'SANDBOX';

/** Sends a signed callback to our endpoint; resolves with the HTTP status it answered. */
export type CallbackTransport = (rawBody: string, signature: string) => Promise<number>;

type Row = typeof upiSandboxTransactions.$inferSelect;

const FAIL_HANDLE = /@fail$/i;
const DECLINED = 'Declined by the payer’s bank (sandbox)';

function toTransaction(row: Row): ProviderTransaction {
  const status: UpiStatus = row.status === 'PENDING' ? 'INITIATED' : (row.status as UpiStatus);
  return {
    txnId: row.merchantTxnId,
    providerTxnId: row.pspTxnId,
    status,
    amountMinor: row.amountMinor,
    currency: row.currency,
    rrn: row.rrn,
    completedAt: row.completedAt,
    failureReason: row.failureReason,
  };
}

/** A 12-digit retrieval reference number, as NPCI's RRN. */
function newRrn(): string {
  return `${randomInt(100_000, 999_999)}${randomInt(100_000, 999_999)}`;
}

export class SandboxPsp implements PaymentProvider {
  readonly name = SANDBOX_PROVIDER;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly secret: string,
    private readonly transport: () => CallbackTransport,
  ) {}

  initiateCollect = async (request: CollectRequest): Promise<{ providerTxnId: string }> => {
    const pspTxnId = `SBX${randomBytes(8).toString('hex').toUpperCase()}`;
    // The same merchant reference twice is one transaction (a retried initiate).
    const [row] = await this.db
      .insert(upiSandboxTransactions)
      .values({
        pspTxnId,
        merchantTxnId: request.txnId,
        vpa: request.vpa,
        amountMinor: request.amountMinor,
        currency: request.currency,
        expiresAt: request.expiresAt,
      })
      .onConflictDoUpdate({
        target: upiSandboxTransactions.merchantTxnId,
        set: { merchantTxnId: sql`excluded.merchant_txn_id` },
      })
      .returning();
    return { providerTxnId: row!.pspTxnId };
  };

  pollStatus = async (txnId: string): Promise<ProviderTransaction | null> => {
    const row = await this.find(txnId);
    if (!row) return null;
    if (row.status !== 'PENDING') return toTransaction(row);
    if (FAIL_HANDLE.test(row.vpa)) return this.complete(row, 'FAILED', DECLINED);
    if (this.clock.now().getTime() >= row.expiresAt.getTime()) {
      return this.complete(row, 'EXPIRED', 'The payer did not answer before the expiry');
    }
    return toTransaction(row);
  };

  verifyCallback = (rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent =>
    verifySignedCallback(this.secret, rawBody, headers);

  /** The payer approves the collect in their UPI app (demo button, tests). A `@fail` VPA is declined instead. */
  async payerApprove(txnId: string): Promise<ProviderTransaction | null> {
    const row = await this.find(txnId);
    if (!row) return null;
    if (row.status !== 'PENDING') return toTransaction(row);
    return FAIL_HANDLE.test(row.vpa) ? this.complete(row, 'FAILED', DECLINED) : this.complete(row, 'SUCCESS', null);
  }

  /** The payer declines the collect. */
  async payerDecline(txnId: string): Promise<ProviderTransaction | null> {
    const row = await this.find(txnId);
    if (!row) return null;
    if (row.status !== 'PENDING') return toTransaction(row);
    return this.complete(row, 'FAILED', 'Declined by the payer (sandbox)');
  }

  /** Sends the transaction's final state again (a PSP retrying its callback): the endpoint must not post twice. */
  async redeliver(txnId: string): Promise<number | null> {
    const row = await this.find(txnId);
    if (!row || row.status === 'PENDING') return null;
    return this.deliver(toTransaction(row));
  }

  /** The signed body of a transaction's event, as the sandbox sends it (tests replay and reorder these). */
  signedEvent(transaction: ProviderTransaction, eventId?: string): { rawBody: string; signature: string } {
    const rawBody = JSON.stringify(
      callbackBodyOf({ ...transaction, eventId: eventId ?? `${transaction.providerTxnId}-${transaction.status}` }),
    );
    return { rawBody, signature: signBody(this.secret, rawBody) };
  }

  private async find(txnId: string): Promise<Row | undefined> {
    const [row] = await this.db
      .select()
      .from(upiSandboxTransactions)
      .where(eq(upiSandboxTransactions.merchantTxnId, txnId));
    return row;
  }

  private async complete(
    row: Row,
    status: 'SUCCESS' | 'FAILED' | 'EXPIRED',
    reason: string | null,
  ): Promise<ProviderTransaction> {
    // Conditional: of two concurrent completions one wins; the other reads the winner's state.
    const [updated] = await this.db
      .update(upiSandboxTransactions)
      .set({
        status,
        rrn: status === 'SUCCESS' ? newRrn() : null,
        failureReason: reason,
        completedAt: this.clock.now(),
      })
      .where(sql`${upiSandboxTransactions.pspTxnId} = ${row.pspTxnId} and ${upiSandboxTransactions.status} = 'PENDING'`)
      .returning();
    if (!updated) return toTransaction((await this.find(row.merchantTxnId))!);
    const transaction = toTransaction(updated);
    await this.deliver(transaction);
    return transaction;
  }

  private async deliver(transaction: ProviderTransaction): Promise<number> {
    const { rawBody, signature } = this.signedEvent(transaction);
    try {
      return await this.transport()(rawBody, signature);
    } catch {
      return 0;
    }
  }
}
