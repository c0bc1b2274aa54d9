import type { ProfileData } from '@recovery-desk/domain/profile.ts';
import { apiClient } from './http-client.ts';
import { log } from './log.ts';
import { applyProfile, clearSession, sessionStore } from './session-store.ts';

// Session life-cycle calls shared by sign-in, the app selector, the shell and the route guard.

/** GET /collapp/getUserProfileNew/{activeApp}; spec §8: a failed load clears the stored session. */
export async function loadProfile(activeApp?: string | null): Promise<ProfileData> {
  try {
    // The contract (zod) loads with the first profile read, not with the login page.
    const [{ profileReplySchema }, body] = await Promise.all([
      import('@recovery-desk/domain/profile.ts'),
      apiClient.get<unknown>(`/collapp/getUserProfileNew/${encodeURIComponent(activeApp || 'home')}`),
    ]);
    const reply = profileReplySchema.parse(body);
    const profile = reply.data[0];
    if (!profile) throw new Error('The profile reply holds no data');
    // The error_code inside the profile reply is ignored (spec §8).
    applyProfile(profile);
    return profile;
  } catch (error) {
    log('profile load failed', error);
    clearSession();
    throw error;
  }
}

/** POST /token/logout/; the session is cleared whatever the reply (spec §4). */
export async function logout(): Promise<void> {
  const refresh = sessionStore.get().refresh;
  clearSession();
  if (!refresh) return;
  try {
    await apiClient.post('/token/logout/', { refresh_token: refresh }, { auth: false });
  } catch (error) {
    log('logout call failed; session already cleared', error);
  }
}
