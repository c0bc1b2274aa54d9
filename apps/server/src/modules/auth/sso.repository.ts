import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { ssoGrants, ssoRequests } from '@recovery-desk/db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

export async function insertSsoRequest(
  db: Executor,
  row: { state: string; nonce: string; codeVerifier: string; resourceApp: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(ssoRequests).values(row);
}

/** Pending requests that were never completed are dropped once expired. */
export async function deleteExpiredSsoRequests(db: Executor, now: Date): Promise<void> {
  await db.delete(ssoRequests).where(lt(ssoRequests.expiresAt, now));
}

/** Takes (deletes and returns) a pending request: a state works for one callback only. */
export async function takeSsoRequest(
  db: Executor,
  state: string,
  now: Date,
): Promise<{ nonce: string; codeVerifier: string; resourceApp: string | null } | undefined> {
  const [row] = await db
    .delete(ssoRequests)
    .where(and(eq(ssoRequests.state, state), gt(ssoRequests.expiresAt, now)))
    .returning({
      nonce: ssoRequests.nonce,
      codeVerifier: ssoRequests.codeVerifier,
      resourceApp: ssoRequests.resourceApp,
    });
  return row;
}

export async function insertSsoGrant(
  db: Executor,
  row: { id: string; userId: number; grantHash: string; familyId: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(ssoGrants).values(row);
}

/** Redeems a live grant in one conditional statement (single use even under parallel requests). */
export async function redeemSsoGrantRow(
  db: Executor,
  grantHash: string,
  now: Date,
): Promise<{ userId: number; familyId: string } | undefined> {
  const [row] = await db
    .update(ssoGrants)
    .set({ redeemedAt: now })
    .where(and(eq(ssoGrants.grantHash, grantHash), isNull(ssoGrants.redeemedAt), gt(ssoGrants.expiresAt, now)))
    .returning({ userId: ssoGrants.userId, familyId: ssoGrants.familyId });
  return row;
}
