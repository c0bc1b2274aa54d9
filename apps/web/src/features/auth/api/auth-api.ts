import { sealUserkey } from '@recovery-desk/domain/userkey.ts';
import { apiClient } from '../../../lib/http-client.ts';
import { getPublicConfig } from '../../../lib/public-config.ts';

// The sign-in calls of spec §7 with the `userkey` envelope (architecture §5).

export type TokenReply = { access?: string; refresh?: string; error_code?: string; detail?: string };
export type CodeReply = { error_code: string; error_msg?: string; retry_after?: number };

async function seal(payload: unknown): Promise<string> {
  return sealUserkey(payload, getPublicConfig().userkeyKey);
}

/** POST /token/ with username, password and an optional one-time code. */
export async function requestToken(payload: { username: string; password: string; otp?: string }): Promise<TokenReply> {
  return apiClient.post<TokenReply>('/token/', { userkey: await seal(payload) }, { auth: false });
}

/** POST /token/ redeeming a single sign-on grant (used by /callback). */
export async function redeemSsoGrant(payload: { access: string; ssoaccess: string }): Promise<TokenReply> {
  return apiClient.post<TokenReply>('/token/', { userkey: await seal(payload) }, { auth: false });
}

export async function sendOtp(payload: { username: string; password: string }): Promise<CodeReply> {
  return apiClient.post<CodeReply>('/sendOtpApi', { userkey: await seal(payload) }, { auth: false });
}

export async function fetchSsoLoginUrl(): Promise<string> {
  const reply = await apiClient.get<{ login_url?: string }>('/sso/login', { auth: false });
  if (!reply.login_url) throw new Error('The single sign-on reply holds no login_url');
  return reply.login_url;
}

export async function sendResetEmail(email: string): Promise<CodeReply> {
  return apiClient.post<CodeReply>('/forPassEmailVerify', { data: { email } }, { auth: false });
}

export async function verifyResetCode(payload: {
  username: string;
  otp: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<CodeReply> {
  return apiClient.post<CodeReply>('/VerifyOtpApi', { userkey: await seal(payload) }, { auth: false });
}

export async function changeOwnPassword(payload: {
  old_pass: string;
  new_pass: string;
  confirm_pass: string;
}): Promise<CodeReply> {
  return apiClient.post<CodeReply>('/collapp/userChangePasswordApi', { userkey: await seal(payload) });
}

export type OutboxMessage = { id: number | string; to: string; subject: string; body: string; created_at: string };

export async function fetchDemoOutbox(email: string): Promise<OutboxMessage[]> {
  const reply = await apiClient.get<{ data: OutboxMessage[] }>(`/api/demo/outbox?email=${encodeURIComponent(email)}`, {
    auth: false,
  });
  return [...reply.data].sort((a, b) => b.created_at.localeCompare(a.created_at));
}
