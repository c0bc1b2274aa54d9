import { findApp } from '@recovery-desk/domain/apps.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { log } from '../../lib/log.ts';
import { loadProfile } from '../../lib/session-actions.ts';
import { clearSession, storeTokens } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { redeemSsoGrant } from './api/auth-api.ts';

// One redemption per grant, even when React runs the effect twice (StrictMode) or the page re-renders.
const redemptions = new Map<string, Promise<boolean>>();

async function redeem(access: string, ssoaccess: string): Promise<boolean> {
  try {
    const reply = await redeemSsoGrant({ access, ssoaccess });
    if (reply.error_code !== '0' || !reply.access || reply.detail) return false;
    storeTokens(reply.access, reply.refresh ?? null);
    await loadProfile('home');
    return true;
  } catch (error) {
    log('single sign-on redemption failed', error);
    clearSession();
    return false;
  }
}

/** Which app a single sign-on resource asks for: casapp is the collections app; anything else picks on /home. */
export function appForResource(resourceApp: string | null): string | null {
  return resourceApp === 'casapp' ? (findApp('collapp')?.code ?? null) : null;
}

/** /callback: completes single sign-on from the access, refresh, ssoaccess and resourceApp parameters. */
export function CallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const access = params.get('access');
  const ssoaccess = params.get('ssoaccess');
  const detail = params.get('detail');
  const resourceApp = params.get('resourceApp');
  const hasGrant = Boolean(access && ssoaccess);

  useEffect(() => {
    const fail = () => {
      addToast({
        title: String(t('Error')),
        message: String(t('UserAuthenticationFailed')),
        type: 'error',
        from: 'callback',
      });
      void navigate('/login', { replace: true });
    };
    if (detail) {
      fail();
      return;
    }
    // Spec §8: missing access or ssoaccess parameters — nothing happens.
    if (!access || !ssoaccess) return;
    const key = `${access}|${ssoaccess}`;
    let promise = redemptions.get(key);
    if (!promise) {
      promise = redeem(access, ssoaccess);
      redemptions.set(key, promise);
    }
    let isCurrent = true;
    void promise.then((isSuccess) => {
      if (!isCurrent) return;
      if (!isSuccess) fail();
      else
        void navigate('/home', {
          replace: true,
          state: { fromLogin: true, preferredApp: appForResource(resourceApp) },
        });
    });
    return () => {
      isCurrent = false;
    };
  }, [access, ssoaccess, detail, resourceApp, navigate, t]);

  return (
    <PageFrame>
      <h1 className="visually-hidden">{String(t('Callback'))}</h1>
      {hasGrant && !detail ? <PageLoader label={String(t('CallbackSigningIn'))} /> : null}
    </PageFrame>
  );
}
