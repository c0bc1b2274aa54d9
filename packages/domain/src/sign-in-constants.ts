// The sign-in constants of spec §7, without the zod contracts (sign-in.ts re-exports them): the web's login page and
// start-up read these, and must not download zod for them.

/** Longest accepted sign-in fields (the login payload's limits). */
export const LOGIN_FIELD_MAX = { username: 150, password: 1024, otp: 12 } as const;

/** Password policy (ASVS): at least 12 characters, at most 128, no composition rules. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const OTP_COOLDOWN_SECONDS = 120;
export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_ATTEMPTS = 5;
export const TOAST_AUTO_DISMISS_MS = 5000;
export const CONSENT_DAYS = 365;
export const MAH400 = 'MAH400';
