import type { PublicConfig } from '@recovery-desk/domain/sign-in.ts';
import type { AppDeps } from '../../../deps.ts';
import { findOrganisation } from '../../organisation/index.ts';

/** GET /api/public-config: the non-secret settings the web app needs before sign-in. */
export async function getPublicConfig(deps: AppDeps): Promise<PublicConfig> {
  const organisation = await findOrganisation(deps.db);
  return {
    // Sign-in asks for a code whenever the setting is not NO; the field shows on the same rule.
    otpForLogin: (organisation?.otpForLogin ?? 'NO') === 'NO' ? 'NO' : 'YES',
    // Not a secret: the browser needs it to seal `userkey` (obfuscation only; see docs/architecture.md).
    userkeyKey: deps.config.userkeyKey,
    // A configured provider, or in demo mode the built-in demo one.
    ssoEnabled: deps.sso !== null,
    chatWidgetUrl: deps.config.chatWidgetUrl ?? '',
    mapsApiKey: deps.config.mapsApiKey ?? '',
    demoMode: deps.config.demoMode,
    mobileDeepLink: deps.config.mobileDeepLink ?? '',
  };
}
