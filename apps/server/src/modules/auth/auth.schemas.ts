import { z } from 'zod';

// Request and reply contracts of the sign-in calls (spec §7), used for validation and the OpenAPI document.

export const userkeyBodySchema = z.strictObject({
  userkey: z.string().min(1).max(8192).describe('the sealed JSON payload (AES-256-GCM, base64)'),
});

export const tokenReplySchema = z.object({ access: z.string(), refresh: z.string(), error_code: z.literal('0') });

export const refreshBodySchema = z.strictObject({ refresh: z.string().min(1).max(512) });
export const refreshReplySchema = z.object({ access: z.string(), refresh: z.string() });

export const logoutBodySchema = z.strictObject({ refresh_token: z.string().min(1).max(512) });
export const logoutReplySchema = z.object({ detail: z.literal('Logged out') });

export const messageReplySchema = z.object({ error_code: z.literal('0'), error_msg: z.string() });

export const resetRequestBodySchema = z.strictObject({
  data: z.strictObject({
    email: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email({ error: 'Invalid email address' })),
  }),
});

export const ssoLoginQuerySchema = z.object({
  resourceApp: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,30}$/, 'must be 1 to 30 letters, digits, - or _')
    .optional()
    .describe('where the web app continues after sign-in (default casapp)'),
});
export const ssoLoginReplySchema = z.object({ login_url: z.string() });

export const ssoCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
  iss: z.string().max(2048).optional(),
  session_state: z.string().max(512).optional(),
});
