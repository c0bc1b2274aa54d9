import { z } from 'zod';

// Contracts of the sign-in calls of spec §7, shared by server and web.

export const loginPayloadSchema = z.object({
  username: z.string().trim().min(1, 'username is required').max(150),
  password: z.string().min(1, 'password is required').max(1024),
  otp: z.string().trim().max(12).optional().nullable(),
  access: z.string().optional().nullable(),
  ssoaccess: z.string().optional().nullable(),
});
export type LoginPayload = z.infer<typeof loginPayloadSchema>;

export const otpRequestPayloadSchema = z.object({
  username: z.string().trim().min(1, 'username is required').max(150),
  password: z.string().min(1, 'password is required').max(1024),
});

export const resetPayloadSchema = z.object({
  username: z.string().trim().min(1, 'email is required').max(254),
  otp: z.string().trim().min(1, 'otp is required').max(12),
  newPassword: z.string().min(1, 'newPassword is required').max(1024),
  confirmPassword: z.string().min(1, 'confirmPassword is required').max(1024),
});

export const changePasswordPayloadSchema = z.object({
  old_pass: z.string().min(1, 'old_pass is required').max(1024),
  new_pass: z.string().min(1, 'new_pass is required').max(1024),
  confirm_pass: z.string().min(1, 'confirm_pass is required').max(1024),
});

/** Password policy (ASVS): at least 12 characters, at most 128, no composition rules. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const OTP_COOLDOWN_SECONDS = 120;
export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_ATTEMPTS = 5;
export const TOAST_AUTO_DISMISS_MS = 5000;
export const CONSENT_DAYS = 365;
export const MAH400 = 'MAH400';

/** Public, non-secret client configuration the server hands to the SPA at start. */
export const publicConfigSchema = z.object({
  otpForLogin: z.enum(['YES', 'NO']),
  userkeyKey: z.string(),
  ssoEnabled: z.boolean(),
  chatWidgetUrl: z.string(),
  mapsApiKey: z.string(),
  demoMode: z.boolean(),
  mobileDeepLink: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
