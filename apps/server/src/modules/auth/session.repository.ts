import { and, eq, gt, isNull } from 'drizzle-orm';
import { refreshTokens } from '@recovery-desk/db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

export type RefreshTokenRecord = {
  id: string;
  familyId: string;
  userId: number;
  expiresAt: Date;
  familyExpiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
};

const tokenColumns = {
  id: refreshTokens.id,
  familyId: refreshTokens.familyId,
  userId: refreshTokens.userId,
  expiresAt: refreshTokens.expiresAt,
  familyExpiresAt: refreshTokens.familyExpiresAt,
  usedAt: refreshTokens.usedAt,
  revokedAt: refreshTokens.revokedAt,
};

export async function insertRefreshToken(
  db: Executor,
  row: {
    id: string;
    familyId: string;
    userId: number;
    tokenHash: string;
    issuedAt: Date;
    expiresAt: Date;
    familyExpiresAt: Date;
  },
): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

/**
 * Marks a live refresh token as used, in one conditional statement: of two parallel uses of one token,
 * exactly one gets the row back.
 */
export async function spendRefreshToken(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<RefreshTokenRecord | undefined> {
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
        gt(refreshTokens.familyExpiresAt, now),
      ),
    )
    .returning(tokenColumns);
  return row;
}

export async function findRefreshToken(db: Executor, tokenHash: string): Promise<RefreshTokenRecord | undefined> {
  const [row] = await db.select(tokenColumns).from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Revokes every token of a session family; returns how many were still live. */
export async function revokeFamily(db: Executor, familyId: string, now: Date, reason: string): Promise<number> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length;
}

/** Revokes all sessions of a user; returns the families that were still open. */
export async function revokeUserSessions(db: Executor, userId: number, now: Date, reason: string): Promise<string[]> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(rows.map((row) => row.familyId))];
}
