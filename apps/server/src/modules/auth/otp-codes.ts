import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { OTP_COOLDOWN_SECONDS, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@recovery-desk/domain/sign-in.ts';
import { addSeconds } from '../../clock.ts';
import type { Transaction } from '../../db/transaction.ts';
import { consumeOtp, countWrongOtp, insertOtp, latestOtpForUpdate, type OtpPurpose } from './otp.repository.ts';
import { lockUser } from './user.repository.ts';

// One-time codes (reliability A3): 6 CSPRNG digits, stored as an HMAC keyed by the server secret,
// 5 minutes of life, single use, dead after 5 wrong tries, and no new code within 120 s of the last.

export function generateOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The stored form of a code (HMAC-SHA256 under the server secret). */
export function hashOtp(secret: string, userId: number, purpose: OtpPurpose, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${userId}:${code}`, 'utf8').digest('hex');
}

export type IssueResult = { issued: true; code: string } | { issued: false; retryAfterSeconds: number };

/** Issues a new code unless the cooldown of the previous one is still running. Call inside a transaction. */
export async function issueOtp(
  tx: Transaction,
  input: { secret: string; userId: number; purpose: OtpPurpose; now: Date },
): Promise<IssueResult> {
  await lockUser(tx, input.userId); // two parallel requests must not both pass the cooldown check
  const latest = await latestOtpForUpdate(tx, input.userId, input.purpose);
  if (latest) {
    const elapsed = (input.now.getTime() - latest.createdAt.getTime()) / 1000;
    if (elapsed >= 0 && elapsed < OTP_COOLDOWN_SECONDS) {
      return { issued: false, retryAfterSeconds: Math.max(1, Math.ceil(OTP_COOLDOWN_SECONDS - elapsed)) };
    }
  }
  const code = generateOtpCode();
  await insertOtp(tx, {
    id: randomUUID(),
    userId: input.userId,
    purpose: input.purpose,
    codeHash: hashOtp(input.secret, input.userId, input.purpose, code),
    expiresAt: addSeconds(input.now, OTP_TTL_SECONDS),
    createdAt: input.now,
  });
  return { issued: true, code };
}

export type OtpCheck =
  | { ok: true; otpId: string }
  | { ok: false; reason: 'none' | 'used' | 'expired' | 'exhausted' | 'wrong'; attempts?: number };

/**
 * Checks a code against the user's newest one. A wrong try is counted (the caller must commit even when it
 * answers with an error). With `consume`, a right code is spent; without it the caller spends it later
 * with `consumeOtp` in the same transaction.
 */
export async function checkOtp(
  tx: Transaction,
  input: { secret: string; userId: number; purpose: OtpPurpose; code: string; now: Date; consume: boolean },
): Promise<OtpCheck> {
  const latest = await latestOtpForUpdate(tx, input.userId, input.purpose);
  if (!latest) return { ok: false, reason: 'none' };
  if (latest.consumedAt) return { ok: false, reason: 'used' };
  if (latest.expiresAt.getTime() <= input.now.getTime()) return { ok: false, reason: 'expired' };
  if (latest.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: 'exhausted' };
  const expected = Buffer.from(latest.codeHash, 'hex');
  const given = Buffer.from(hashOtp(input.secret, input.userId, input.purpose, input.code.trim()), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'wrong', attempts: await countWrongOtp(tx, latest.id) };
  }
  if (input.consume && !(await consumeOtp(tx, latest.id, input.now))) return { ok: false, reason: 'used' };
  return { ok: true, otpId: latest.id };
}

export const OTP_TTL_MINUTES = Math.round(OTP_TTL_SECONDS / 60);
