import { auditLog } from '@recovery-desk/db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import type { RequestContext } from '../http/request-context.ts';
import { storable } from '../http/invalid-text.ts';
import { safeText } from '../http/safe-text.ts';

export type AuditActor = { id: number; username: string } | null;

export type AuditEvent = {
  /** resource.verb, e.g. 'auth.login', 'session.refresh_reuse' */
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** who acted when the request has no signed-in user yet (sign-in, reset) */
  actor?: AuditActor;
};

/**
 * Appends one audit row inside the caller's transaction (the row commits with the change it records).
 * The table is append-only and hash-chained by database triggers; this is its only writer.
 */
export async function emitAudit(tx: Transaction, ctx: RequestContext, event: AuditEvent): Promise<void> {
  const actor = event.actor !== undefined ? event.actor : ctx.user;
  await tx.insert(auditLog).values({
    actorUserId: actor?.id ?? null,
    actorUsername: actor ? safeText(actor.username, 150) : null,
    actingUnitId: ctx.actingUnit?.id ?? null,
    action: event.action,
    entity: event.entity,
    entityId: event.entityId === undefined || event.entityId === null ? null : String(event.entityId),
    // The request boundary refuses text PostgreSQL cannot store; this keeps the audit row writable regardless.
    before: storable(event.before ?? null),
    after: storable(event.after ?? null),
    requestId: ctx.requestId,
    ip: ctx.ip,
  });
}
