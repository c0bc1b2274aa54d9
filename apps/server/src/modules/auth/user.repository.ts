import { and, eq, inArray, sql } from 'drizzle-orm';
import { userAuthorities, users } from '@recovery-desk/db/schema.ts';
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
 * Counts a sign-in attempt before its password is checked, in one atomic statement, unless the account is locked
 * (then nothing is counted and undefined is returned). The `lockAfter`-th consecutive attempt locks the account until
 * `lockUntil` and restarts the counter, so the lock is temporary and never permanent. Counting first means parallel
 * attempts, through any number of instances, get at most `lockAfter` password checks; an attempt whose password was
 * right gives its count back (`returnSignInAttempt`).
 */
export async function reserveSignInAttempt(
  db: Executor,
  input: { userId: number; now: Date; lockAfter: number; lockUntil: Date },
): Promise<{ failedCount: number; lockedUntil: Date | null } | undefined> {
  const reachesLock = sql`${users.failedCount} + 1 >= ${input.lockAfter}`;
  const [row] = await db
    .update(users)
    .set({
      failedCount: sql`case when ${reachesLock} then 0 else ${users.failedCount} + 1 end`,
      lockedUntil: sql`case when ${reachesLock} then ${input.lockUntil.toISOString()}::timestamptz else null end`,
    })
    .where(
      and(
        eq(users.id, input.userId),
        sql`(${users.lockedUntil} is null or ${users.lockedUntil} <= ${input.now.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ failedCount: users.failedCount, lockedUntil: users.lockedUntil });
  if (!row) return undefined;
  // The counter restarts at the lock; report the attempt that caused it as the lockAfter-th.
  return row.lockedUntil ? { failedCount: input.lockAfter, lockedUntil: row.lockedUntil } : row;
}

/**
 * Gives back the count of an attempt whose password was right: one less, and when that attempt set the lock
 * (`itsLock`), the lock is lifted and the count is where it was before.
 */
export async function returnSignInAttempt(
  db: Executor,
  input: { userId: number; itsLock: Date | null; lockAfter: number },
): Promise<void> {
  const itsLock = input.itsLock ? sql`${users.lockedUntil} = ${input.itsLock.toISOString()}::timestamptz` : sql`false`;
  await db
    .update(users)
    .set({
      failedCount: sql`case when ${itsLock} then ${input.lockAfter - 1} else greatest(${users.failedCount} - 1, 0) end`,
      lockedUntil: sql`case when ${itsLock} then null else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, input.userId));
}

/** When the latest failed sign-in happened. */
export async function markSignInFailed(db: Executor, input: { userId: number; now: Date }): Promise<void> {
  await db.update(users).set({ lastFailedAt: input.now }).where(eq(users.id, input.userId));
}

/** Remembers the language the user signs in with, so mails other users' actions send them are in it. */
export async function rememberLanguage(db: Executor, userId: number, language: string): Promise<void> {
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, userId), sql`${users.language} is distinct from ${language}`));
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

/** True when the user holds any of `codes` in any unit and app. */
export async function holdsAnyAuthority(db: Executor, userId: number, codes: readonly string[]): Promise<boolean> {
  if (codes.length === 0) return false;
  const [row] = await db
    .select({ userId: userAuthorities.userId })
    .from(userAuthorities)
    .where(and(eq(userAuthorities.userId, userId), inArray(userAuthorities.systemAuth, [...codes])))
    .limit(1);
  return row !== undefined;
}
