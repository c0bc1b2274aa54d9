import { APPROVER_AUTHORITIES } from '../../packages/domain/src/authorities.ts';
import {
  DEMO_EMAIL_DOMAIN,
  DEMO_PASSWORD,
  DEMO_USERS,
  PERSONA_AUTHORITIES,
} from '../../packages/db/src/demo-organisation.ts';

// Demo users seeded by the server (packages/db/src/demo-organisation.ts). Each spec uses its own user
// where it changes state, so specs do not depend on each other.
export const PASSWORD = DEMO_PASSWORD;

export const USERS = {
  /** telecaller, one unit (BR-AND), collections app */
  telecaller: 'tc.andheri',
  /** unit manager with several units */
  manager: 'mgr.mumbai',
  /** the OTP-required administrator */
  otpAdmin: 'admin',
  /** telecaller used by the refresh spec */
  refreshUser: 'tc.thane',
  /** telecaller whose password the reset spec changes */
  resetUser: 'tc.blr',
  /** used by the right-to-left and toast specs */
  rtlUser: 'tc.delhi',
  /** telecaller whose account tabs are all read-only (BR-AND) */
  readOnlyTelecaller: 'tc.readonly',
  /** collections approver of the West zone (checker of re-allocation requests) */
  westApprover: 'appr.west',
  /** legal officer of the Mumbai region (RG-MUM: pool, initiation, officer stages, notices) */
  legalOfficer: 'legal.mumbai',
  /** legal officer of the Delhi region (RG-DEL), used by the legal accessibility spec */
  legalOfficerDelhi: 'legal.delhi',
  /** signs in through For Internal Login and the demo identity provider */
  ssoUser: 'skip.mumbai',
  /** legal manager of the West zone (ZN-W: filing approval, manager tray, court update approval) */
  legalManager: 'legalmgr.west',
} as const;

export function emailOf(username: string): string {
  return `${username}@${DEMO_EMAIL_DOMAIN}`;
}

/**
 * The authorities whose holders need a one-time code at sign-in on the e2e server (its SIGN_IN_OTP_AUTHORITIES). The
 * product's default is every approver authority; the e2e server keeps that rule for the repossession approver's
 * authorities only (otp.spec signs `repoappr.west` in with a mailed code). Other approvers sign in with their password,
 * because several specs sign the same checker in minutes apart, and each second code would wait out the 120-second
 * resend cooldown of spec §9 (about 6 minutes of a CI run). The rule itself, for every approver authority, is proved
 * by `apps/server/test/sign-in-otp-authorities.test.ts`.
 */
export const E2E_SIGN_IN_OTP_AUTHORITIES: readonly string[] = APPROVER_AUTHORITIES.filter((code) =>
  code.startsWith('REPO_'),
);

/** True when the demo user needs a one-time code at sign-in on the e2e server: the admin's own flag, or an authority above. */
export function needsSignInCode(username: string): boolean {
  const user = DEMO_USERS.find((candidate) => candidate.username === username);
  if (!user) return false;
  if (user.otpRequired) return true;
  const grants = Object.values(PERSONA_AUTHORITIES[user.persona] ?? {}).flat();
  return grants.some((grant) => E2E_SIGN_IN_OTP_AUTHORITIES.includes(grant.system_auth));
}
