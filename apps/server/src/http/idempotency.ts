import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '@recovery-desk/db/client.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { selectRows } from '../db/sql-rows.ts';
import { withTransaction, type Transaction } from '../db/transaction.ts';
import { AppError, validationError } from './app-error.ts';

// Idempotent money posts (issue 13; docs/architecture.md "Idempotency"). Every money-posting route (receipt capture,
// UPI collect initiation, batch generation, settlement initiation) takes an `Idempotency-Key` header:
// - the first request with a key runs and its reply (status and body) is stored with the key, in the SAME
//   transaction as the post: the key row is inserted first, so a failed post leaves no key behind (a retry runs);
// - the same key (same user, same route) with the same body gets the stored reply again (`Idempotent-Replayed: true`);
//   with another body a 422 IDEMPOTENCY_KEY_REUSED naming `Idempotency-Key`;
// - concurrent duplicates: the unique key makes the others wait for the first transaction on PostgreSQL (then they
//   read its reply); a key whose reply is not stored yet answers 409 IDEMPOTENCY_IN_FLIGHT.

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;

export type IdempotentReply<T> = { statusCode: number; body: T };

/** JSON with object keys sorted, so the same body hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonical(body)).digest('hex');
}

/** The request's `Idempotency-Key` header: required, 8 to 200 visible ASCII characters (a UUID fits). */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key) throw validationError('Idempotency-Key', 'is required (a unique value per payment, e.g. a UUID)');
  if (!KEY_PATTERN.test(key)) throw validationError('Idempotency-Key', 'must be 8 to 200 visible characters');
  return key;
}

/**
 * Runs `work` once per (user, route, key): inside one transaction, inserts the key first, runs the post, stores its
 * reply. A repeat gets the stored reply. `route` names the endpoint (e.g. 'POST /api/receipts'); `body` is what is
 * hashed (the parsed request body).
 */
export async function runIdempotent<T>(
  db: Database,
  input: { userId: number; route: string; key: string; body: unknown },
  work: (tx: Transaction) => Promise<IdempotentReply<T>>,
): Promise<IdempotentReply<T> & { replayed: boolean }> {
  const hash = requestHash(input.body);
  return withTransaction(db, async (tx) => {
    const inserted = await selectRows<{ id: string }>(
      tx,
      sql`insert into idempotency_keys (user_id, route, key, request_hash)
          values (${input.userId}, ${input.route}, ${input.key}, ${hash})
          on conflict (user_id, route, key) do nothing returning id::text`,
    );
    if (inserted.length === 0) {
      const [stored] = await selectRows<{ request_hash: string; reply_status: number | null; reply_body: T | null }>(
        tx,
        sql`select request_hash, reply_status, reply_body from idempotency_keys
            where user_id = ${input.userId} and route = ${input.route} and key = ${input.key}`,
      );
      if (!stored || stored.reply_status === null) {
        throw new AppError('IDEMPOTENCY_IN_FLIGHT', 'The first request with this Idempotency-Key is still running.', {
          fields: [{ field: 'Idempotency-Key', message: 'is in use by a request still running' }],
          retryAfterSeconds: 1,
        });
      }
      if (!sameHash(stored.request_hash, hash)) {
        throw new AppError(
          'IDEMPOTENCY_KEY_REUSED',
          'Idempotency-Key: this key was used for a different request. Use a new key for a new payment.',
          { fields: [{ field: 'Idempotency-Key', message: 'was used for a different request' }] },
        );
      }
      return { statusCode: stored.reply_status, body: stored.reply_body as T, replayed: true };
    }
    const reply = await work(tx);
    await tx.execute(sql`
      update idempotency_keys set reply_status = ${reply.statusCode}, reply_body = ${JSON.stringify(reply.body)}::jsonb
      where id = ${Number(inserted[0]!.id)}`);
    return { ...reply, replayed: false };
  });
}

/**
 * The route-side helper: reads the header, runs the post idempotently for the signed-in user, sets the reply's
 * status (and `Idempotent-Replayed: true` on a replay) and returns the body to send.
 */
export async function idempotentPost<T>(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (tx: Transaction) => Promise<IdempotentReply<T>>,
): Promise<T> {
  const key = idempotencyKeyOf(request);
  const userId = request.ctx.user?.id;
  if (!userId) throw new AppError('UNAUTHENTICATED', 'Sign in first.');
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const result = await runIdempotent(db, { userId, route, key, body: request.body ?? null }, work);
  reply.code(result.statusCode);
  if (result.replayed) reply.header('Idempotent-Replayed', 'true');
  return result.body;
}
