import { loginPayloadSchema } from '@recovery-desk/domain/sign-in.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { RequestContext } from '../../../http/request-context.ts';
import { findOrganisation } from '../../organisation/index.ts';
import { checkOtp } from '../otp-codes.ts';
import { openSession } from '../session-issuer.ts';
import { clearFailedSignIns, holdsAnyAuthority, rememberLanguage } from '../user.repository.ts';
import { openUserkeyPayload, parseUserkeyPayload } from '../userkey-payload.ts';
import { checkCredentials } from './check-credentials.ts';
import { redeemSsoGrant } from './redeem-sso-grant.ts';

export type TokenReply = { access: string; refresh: string; error_code: '0' };

export const OTP_REQUIRED_MESSAGE = 'Please enter the OTP sent to your registered email';

function isSsoRedemption(payload: unknown): payload is { access: string; ssoaccess: string } {
  if (typeof payload !== 'object' || payload === null) return false;
  const { access, ssoaccess } = payload as Record<string, unknown>;
  return typeof access === 'string' && access !== '' && typeof ssoaccess === 'string' && ssoaccess !== '';
}

/**
 * POST /token/: signs in with username + password (+ one-time code when required), or redeems a single
 * sign-on grant when the payload carries `access` and `ssoaccess`.
 */
export async function signIn(deps: AppDeps, { ctx, input }: { ctx: RequestContext; input: { userkey: string } }) {
  const payload = await openUserkeyPayload(input.userkey, deps.config.userkeyKey);
  if (isSsoRedemption(payload)) {
    return redeemSsoGrant(deps, { ctx, input: { access: payload.access, ssoaccess: payload.ssoaccess } });
  }
  const credentials = parseUserkeyPayload(loginPayloadSchema, payload);
  const user = await checkCredentials(deps, ctx, credentials);

  const organisation = await findOrganisation(deps.db);
  // A code is needed when the organisation asks everyone, the user is flagged, or the user holds an authority of
  // SIGN_IN_OTP_AUTHORITIES (by default the approver authorities).
  const otpNeeded =
    (organisation?.otpForLogin ?? 'NO') !== 'NO' ||
    user.otpRequired ||
    (await holdsAnyAuthority(deps.db, user.id, deps.config.signInOtpAuthorities));
  const otp = credentials.otp?.trim() ?? '';
  if (otpNeeded && otp === '') throw new AppError('OTP_REQUIRED', OTP_REQUIRED_MESSAGE);

  const now = deps.clock.now();
  const actor = { id: user.id, username: user.username };
  const outcome = await withTransaction(deps.db, async (tx) => {
    if (otpNeeded) {
      const check = await checkOtp(tx, {
        secret: deps.config.jwtSecret,
        userId: user.id,
        purpose: 'LOGIN',
        code: otp,
        now,
        consume: true,
      });
      if (!check.ok) {
        await emitAudit(tx, ctx, {
          action: 'auth.otp_failed',
          entity: 'user',
          entityId: user.id,
          actor,
          after: { purpose: 'LOGIN', reason: check.reason, attempts: check.attempts ?? null },
        });
        return { ok: false as const };
      }
    }
    await clearFailedSignIns(tx, user.id);
    if (ctx.language) await rememberLanguage(tx, user.id, ctx.language);
    const session = await openSession(tx, deps, { userId: user.id, now });
    await emitAudit(tx, ctx, {
      action: 'auth.login',
      entity: 'session',
      entityId: session.familyId,
      actor,
      after: { method: otpNeeded ? 'password+otp' : 'password' },
    });
    return { ok: true as const, session };
  });
  if (!outcome.ok) throw new AppError('OTP_INVALID', 'Invalid or expired OTP');
  const reply: TokenReply = { access: outcome.session.access, refresh: outcome.session.refresh, error_code: '0' };
  return reply;
}
