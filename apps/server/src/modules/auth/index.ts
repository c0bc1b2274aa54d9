// The auth module's public surface: what other modules (the demo seed's dependencies) may import from it.
export { createAccessTokens } from './access-token.ts';
export { UnknownUserFailures } from './sign-in-throttle.ts';
export { checkCredentials } from './services/check-credentials.ts';
export { findUserByUsername } from './user.repository.ts';
export { issueOtp, OTP_TTL_MINUTES } from './otp-codes.ts';
export { revokeUserSessions } from './session.repository.ts';
