import { randomBytes } from 'node:crypto';
import { hashPassword } from '@recovery-desk/db/password-hash.ts';
import { USER_CHANGE_FLOW } from '@recovery-desk/domain/approvals/flows/user-change.ts';
import {
  grantKey,
  grantsAdded,
  removesAccess,
  userChangePayloadSchema,
  type UserSnapshot,
} from '@recovery-desk/domain/users/contracts.ts';
import { emitAudit } from '../../audit/emit-audit.ts';
import type { Transaction } from '../../db/transaction.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { translatorOf, type UnitContext } from '../../http/request-context.ts';
import { resetCodeMail } from '../../mail/templates.ts';
import type { ApprovalHandler } from '../approvals/index.ts';
import { issueOtp, OTP_TTL_MINUTES, revokeUserSessions } from '../auth/index.ts';
import {
  commonPath,
  holdsGrantOver,
  openRequestOf,
  readUserSnapshot,
  userLabels,
  writeUser,
} from './users.repository.ts';

// USER_CHANGE on the approval kit (docs/architecture.md "User Approval"): approval applies the change in the
// decision's transaction — after the four-eyes check on every authority it grants — with its own audit row, ends the
// user's sessions when it takes access away, and mails a password reset code to a new user or on a reset.

/** A snapshot in one order (units by id, entries by key, tabs by name), to compare two of them. */
function canonical(snapshot: UserSnapshot): string {
  return JSON.stringify({
    ...snapshot,
    mobile: snapshot.mobile ?? null,
    units: [...snapshot.units].map((unit) => unit.id).sort((a, b) => a - b),
    authorities: [...snapshot.authorities]
      .map((grant) => ({
        key: grantKey(grant),
        tabs: [...grant.tabs].sort((a, b) => a.name.localeCompare(b.name)),
      }))
      .sort((a, b) => a.key.localeCompare(b.key)),
  });
}

export function sameSnapshot(a: UserSnapshot, b: UserSnapshot): boolean {
  return canonical(a) === canonical(b);
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
    if (typeof current !== 'object') break;
  }
  return false;
}

const stale = () =>
  new AppError(
    'STALE_VERSION',
    'The user changed since this request was made: reject it and request the change again.',
  );

async function mailResetCode(
  deps: AppDeps,
  tx: Transaction,
  ctx: UnitContext,
  input: { userId: number; email: string; at: Date },
): Promise<number | null> {
  const issued = await issueOtp(tx, {
    secret: deps.config.jwtSecret,
    userId: input.userId,
    purpose: 'RESET',
    now: input.at,
  });
  if (!issued.issued) return null;
  return deps.mail.queue(tx, resetCodeMail(input.email, issued.code, OTP_TTL_MINUTES, translatorOf(ctx)));
}

/** The USER_CHANGE handler. */
export function userChangeHandler(deps: AppDeps): ApprovalHandler<never> {
  return {
    flow: USER_CHANGE_FLOW,
    async findSubject(db, subjectId) {
      const user = await readUserSnapshot(db, subjectId);
      if (user) return { unitPath: commonPath(user.unitPaths) };
      const open = await openRequestOf(db, subjectId);
      return open && { unitPath: open.unitPath };
    },
    subjectLabels: userLabels,
    async onApproved(tx, { ctx, request, at }) {
      const payload = userChangePayloadSchema.parse(request.payload);
      const userId = request.subjectId;
      if (userId === ctx.user.id) {
        throw new AppError('MAKER_CANNOT_CHECK', 'You cannot approve a change to your own user.');
      }
      // Four eyes on every grant: the checker holds each authority the change grants (or makes editable), for the
      // same app, in the granted unit or a unit above it.
      for (const grant of grantsAdded(payload.before, payload.after)) {
        const holds = await holdsGrantOver(tx, {
          userId: ctx.user.id,
          unitId: grant.unitId,
          app: grant.app,
          systemAuth: grant.systemAuth,
        });
        if (!holds) {
          throw new AppError(
            'AUTHORITY_MISSING',
            `You cannot approve a grant of ${grant.systemAuth} (${grant.app}) in ${grant.unitCode}: you do not hold it there yourself.`,
          );
        }
      }
      const current = await readUserSnapshot(tx, userId);
      let mailId: number | null = null;
      let sessionsEnded = 0;
      if (payload.action === 'CREATE') {
        if (current) throw stale();
        const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
        try {
          await writeUser(tx, { userId, snapshot: payload.after, create: { passwordHash } });
        } catch (error) {
          if (isUniqueViolation(error)) {
            throw new AppError(
              'STALE_VERSION',
              'The username or e-mail was taken since this request was made: reject it and request again.',
            );
          }
          throw error;
        }
        mailId = await mailResetCode(deps, tx, ctx, { userId, email: payload.after.email, at });
      } else {
        if (!current || !payload.before || !sameSnapshot(current.snapshot, payload.before)) throw stale();
        if (payload.action === 'RESET_PASSWORD') {
          mailId = await mailResetCode(deps, tx, ctx, { userId, email: current.snapshot.email, at });
        } else {
          await writeUser(tx, { userId, snapshot: payload.after });
          if (removesAccess(payload.before, payload.after)) {
            const families = await revokeUserSessions(
              tx,
              userId,
              at,
              payload.action === 'DEACTIVATE' ? 'user_deactivated' : 'access_removed',
            );
            sessionsEnded = families.length;
          }
        }
      }
      await emitAudit(tx, ctx, {
        action: `users.${payload.action.toLowerCase()}`,
        entity: 'user',
        entityId: userId,
        before: payload.before,
        after: payload.action === 'RESET_PASSWORD' ? { passwordResetMailed: mailId !== null } : payload.after,
      });
      return { action: payload.action, sessionsEnded, mailId };
    },
  };
}
