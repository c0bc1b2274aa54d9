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
 * True when the demo user needs a one-time code at sign-in: the admin's own flag, or an approver authority (the
 * server's default SIGN_IN_OTP_AUTHORITIES=approvers).
 */
export function needsSignInCode(username: string): boolean {
  const user = DEMO_USERS.find((candidate) => candidate.username === username);
  if (!user) return false;
  if (user.otpRequired) return true;
  const grants = Object.values(PERSONA_AUTHORITIES[user.persona] ?? {}).flat();
  return grants.some((grant) => (APPROVER_AUTHORITIES as readonly string[]).includes(grant.system_auth));
}
