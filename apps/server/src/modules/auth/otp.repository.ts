import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { otpCodes } from '@recovery-desk/db/schema.ts';
import type { Executor, Transaction } from '../../db/transaction.ts';

export type OtpPurpose = 'LOGIN' | 'RESET';

export type OtpRecord = {
  id: string;
  codeHash: string;
  expiresAt: Date;
  attempts: number;
  consumedAt: Date | null;
  createdAt: Date;
};

/** The user's newest code for a purpose, row-locked until the transaction ends. Only the newest one counts. */
export async function latestOtpForUpdate(
  tx: Transaction,
  userId: number,
  purpose: OtpPurpose,
): Promise<OtpRecord | undefined> {
  const [row] = await tx
    .select({
      id: otpCodes.id,
      codeHash: otpCodes.codeHash,
      expiresAt: otpCodes.expiresAt,
      attempts: otpCodes.attempts,
      consumedAt: otpCodes.consumedAt,
      createdAt: otpCodes.createdAt,
    })
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function insertOtp(
  db: Executor,
  row: { id: string; userId: number; purpose: OtpPurpose; codeHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(otpCodes).values(row);
}

export async function countWrongOtp(db: Executor, id: string): Promise<number> {
  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(eq(otpCodes.id, id))
    .returning({ attempts: otpCodes.attempts });
  return row?.attempts ?? 0;
}

/** Single use: marks the code consumed unless it already is. */
export async function consumeOtp(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  return rows.length === 1;
}
