import { z } from 'zod';
import { LOGIN_FIELD_MAX } from './sign-in-constants.ts';

// Contracts of the sign-in calls of spec §7, shared by server and web.

export const loginPayloadSchema = z.object({
  username: z.string().trim().min(1, 'username is required').max(LOGIN_FIELD_MAX.username),
  password: z.string().min(1, 'password is required').max(LOGIN_FIELD_MAX.password),
  otp: z.string().trim().max(LOGIN_FIELD_MAX.otp).optional().nullable(),
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

export {
  CONSENT_DAYS,
  LOGIN_FIELD_MAX,
  MAH400,
  OTP_COOLDOWN_SECONDS,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_SECONDS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  TOAST_AUTO_DISMISS_MS,
} from './sign-in-constants.ts';

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
