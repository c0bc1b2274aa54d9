import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { UPI_STATUSES, type UpiStatus } from '@recovery-desk/domain/payments/contracts.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import { issueFields } from '../../../http/zod-issues.ts';

// The payment provider interface of UPI collection. The product ships one provider that works on a closed network,
// the sandbox PSP (sandbox-psp.ts); a real PSP plugs in by implementing this interface (README, "UPI collection").
// Callbacks are signed with HMAC-SHA256 over the raw body with the shared secret (UPI_WEBHOOK_SECRET), in the header
// `X-UPI-Signature: sha256=<hex>`; the endpoint refuses anything else before reading the body.

export const SIGNATURE_HEADER = 'x-upi-signature';

export type CollectRequest = {
  /** our transaction id: the provider's merchant reference */
  txnId: string;
  vpa: string;
  amountMinor: bigint;
  currency: string;
  expiresAt: Date;
  note: string;
};

/** What the provider knows of a collect request. */
export type ProviderTransaction = {
  txnId: string;
  providerTxnId: string;
  status: UpiStatus;
  amountMinor: bigint;
  currency: string;
  /** the payer bank's retrieval reference number (on success) */
  rrn: string | null;
  completedAt: Date | null;
  failureReason: string | null;
};

/** A callback: a transaction event with the provider's event id (the same event may arrive more than once). */
export type ProviderEvent = ProviderTransaction & { eventId: string };

export type PaymentProvider = {
  /** stored on each request (SANDBOX, or the real provider's name) */
  readonly name: string;
  /** sends the collect request to the payer's UPI app; the provider answers with its own transaction id */
  initiateCollect: (request: CollectRequest) => Promise<{ providerTxnId: string }>;
  /** the transaction's status at the provider; null when it does not know the transaction */
  pollStatus: (txnId: string) => Promise<ProviderTransaction | null>;
  /**
   * Checks a callback's signature over its raw body and reads it: throws a 401 AppError for a missing or wrong
   * signature and a 400 naming the field for a signed body that is not a valid event.
   */
  verifyCallback: (rawBody: Buffer, headers: Record<string, string | string[] | undefined>) => ProviderEvent;
};

/** The wire form of a callback body (amounts as digit strings of minor units, never floats). */
export const callbackBodySchema = z.strictObject({
  eventId: z.string().min(1).max(100),
  txnId: z.string().min(1).max(64),
  pspTxnId: z.string().min(1).max(64),
  status: z.enum(UPI_STATUSES),
  amountMinor: z.string().regex(/^\d{1,18}$/, 'must be whole minor units (digits)'),
  currency: z.enum(['INR', 'USD']),
  rrn: z.string().max(64).nullable(),
  completedAt: z.iso.datetime().nullable(),
  failureReason: z.string().max(200).nullable(),
});
export type CallbackBody = z.infer<typeof callbackBodySchema>;

export function signBody(secret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

export function callbackBodyOf(event: ProviderEvent): CallbackBody {
  return {
    eventId: event.eventId,
    txnId: event.txnId,
    pspTxnId: event.providerTxnId,
    status: event.status,
    amountMinor: event.amountMinor.toString(),
    currency: event.currency as 'INR' | 'USD',
    rrn: event.rrn,
    completedAt: event.completedAt ? event.completedAt.toISOString() : null,
    failureReason: event.failureReason,
  };
}

/** Signature check and parsing shared by every provider that signs its callbacks this way. */
export function verifySignedCallback(
  secret: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): ProviderEvent {
  const header = headers[SIGNATURE_HEADER];
  const given = Array.isArray(header) ? header[0] : header;
  if (!given) throw new AppError('UNAUTHENTICATED', 'The callback carries no X-UPI-Signature.');
  const expected = Buffer.from(signBody(secret, rawBody));
  const actual = Buffer.from(given.trim());
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    throw new AppError('UNAUTHENTICATED', 'The callback’s signature does not match its body.');
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw validationError('body', 'is not JSON');
  }
  const parsed = callbackBodySchema.safeParse(json);
  if (!parsed.success) {
    const fields = issueFields(parsed.error.issues, '');
    throw new AppError('VALIDATION', fields.map((field) => `${field.field}: ${field.message}`).join('; '), { fields });
  }
  const body = parsed.data;
  return {
    eventId: body.eventId,
    txnId: body.txnId,
    providerTxnId: body.pspTxnId,
    status: body.status,
    amountMinor: BigInt(body.amountMinor),
    currency: body.currency,
    rrn: body.rrn,
    completedAt: body.completedAt ? new Date(body.completedAt) : null,
    failureReason: body.failureReason,
  };
}
