import { and, eq, sql } from 'drizzle-orm';
import { users } from '@recovery-desk/db/schema.ts';
import type { Executor, Transaction } from '../../db/transaction.ts';

const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  fullName: users.fullName,
  passwordHash: users.passwordHash,
  otpRequired: users.otpRequired,
  isActive: users.isActive,
  failedCount: users.failedCount,
  lockedUntil: users.lockedUntil,
};

export type UserRecord = {
  id: number;
  username: string;
  email: string;
  fullName: string;
  passwordHash: string;
  otpRequired: boolean;
  isActive: boolean;
  failedCount: number;
  lockedUntil: Date | null;
};

export async function findUserByUsername(db: Executor, username: string): Promise<UserRecord | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRecord | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function findUserById(db: Executor, id: number): Promise<UserRecord | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row;
}

/** Takes the user's row lock until the transaction ends (serialises code issuing per user). */
export async function lockUser(tx: Transaction, id: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

/**
 * Counts one failed sign-in atomically. At `lockAfter` consecutive failures the account is locked until
 * `lockUntil` and the counter starts again, so the lock is temporary and never permanent.
 */
export async function recordFailedSignIn(
  db: Executor,
  input: { userId: number; now: Date; lockAfter: number; lockUntil: Date },
): Promise<{ failedCount: number; lockedUntil: Date | null }> {
  const reachesLock = sql`${users.failedCount} + 1 >= ${input.lockAfter}`;
  const [row] = await db
    .update(users)
    .set({
      failedCount: sql`case when ${reachesLock} then 0 else ${users.failedCount} + 1 end`,
      lockedUntil: sql`case when ${reachesLock} then ${input.lockUntil.toISOString()}::timestamptz else ${users.lockedUntil} end`,
      lastFailedAt: input.now,
    })
    .where(eq(users.id, input.userId))
    .returning({ failedCount: users.failedCount, lockedUntil: users.lockedUntil });
  if (!row) throw new Error(`user ${input.userId} vanished while counting a failed sign-in`);
  const locked = row.lockedUntil !== null && row.lockedUntil.getTime() === input.lockUntil.getTime();
  // The counter restarts at the lock; report the failure that caused it as the lockAfter-th.
  return { failedCount: locked ? input.lockAfter : row.failedCount, lockedUntil: row.lockedUntil };
}

export async function clearFailedSignIns(db: Executor, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ failedCount: 0, lockedUntil: null })
    .where(and(eq(users.id, userId), sql`(${users.failedCount} <> 0 or ${users.lockedUntil} is not null)`));
}

export async function updatePassword(
  db: Executor,
  input: { userId: number; passwordHash: string; now: Date },
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: input.passwordHash, passwordChangedAt: input.now, failedCount: 0, lockedUntil: null })
    .where(eq(users.id, input.userId));
}
