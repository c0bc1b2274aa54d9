import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { LOGIN_FIELD_MAX } from '@recovery-desk/domain/sign-in-constants.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { fieldId } from '../../components/form/field-id.ts';
import {
  LightForm,
  LightSubmitButton,
  LightTextField,
  useLightForm,
  type LightFieldSpec,
} from '../../components/form/light-form.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { HttpError, NetworkError } from '../../lib/http-client.ts';
import { log } from '../../lib/log.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { loadProfile } from '../../lib/session-actions.ts';
import { storeTokens } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { fetchSsoLoginUrl, requestToken, sendOtp } from './api/auth-api.ts';
import { codeReplyOf } from './api/reply-errors.ts';
import { CookieBanner, ensureTemporaryIdCookie } from './cookie-banner.tsx';
import { useOtpCooldown } from './use-otp-cooldown.ts';

type LoginAlert = { title: string; detail: string; hint?: string; tone?: 'error' | 'info' };

// The sign-in form: the login payload's username, password and OTP with the contract's limits (spec §5 rules on the
// OTP as typed). A light form of the kit (no react-hook-form, no zod): the login page is the first download.
type LoginField = 'username' | 'password' | 'otp';
const LOGIN_FIELDS: Record<LoginField, LightFieldSpec> = {
  username: { required: true, trim: true, rules: [{ kind: 'maxLength', length: LOGIN_FIELD_MAX.username }] },
  password: { required: true, rules: [{ kind: 'maxLength', length: LOGIN_FIELD_MAX.password }] },
  otp: { trim: true, rules: [{ kind: 'number' }, { kind: 'maxLength', length: LOGIN_FIELD_MAX.otp }] },
};
type LoginForm = Record<LoginField, string>;
const CREDENTIAL_CODES = new Set(['INVALID_CREDENTIALS', 'AUTH_FAILED', 'UNAUTHORIZED', '401']);

/** /login (spec §2.2): username, password, optional OTP, Sign In, single sign-on, Forgot Password. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = usePublicConfig();
  const cooldown = useOtpCooldown();
  const form = useLightForm(LOGIN_FIELDS, { username: '', password: '', otp: '' });
  const [isOtpDemanded, setIsOtpDemanded] = useState(false);
  const [alert, setAlert] = useState<LoginAlert | null>(null);
  const [isSendingOtp, setIsSendingOtp] = useState(false);
  const [isStartingSso, setIsStartingSso] = useState(false);

  const showOtp = config.otpForLogin !== 'NO' || isOtpDemanded;

  useEffect(() => {
    ensureTemporaryIdCookie();
  }, []);

  // Once the server has asked for a code, the code field is where the user types next.
  useEffect(() => {
    if (isOtpDemanded) document.getElementById(fieldId('otp'))?.focus();
  }, [isOtpDemanded]);

  /** Get OTP needs the credentials too: their errors are shown and the first empty one is focused. */
  const credentialsMissing = () => !form.validate(['username', 'password']);

  const failureAlert = (error: unknown): LoginAlert => {
    if (error instanceof NetworkError) {
      return { title: String(t('NetworkConnectionError')), detail: String(t('NetworkConnectionErrorHelp')) };
    }
    if (error instanceof HttpError) {
      const code = error.errorCode ?? '';
      if (code === 'OTP_REQUIRED' || code === 'OTP_INVALID') setIsOtpDemanded(true);
      const isCredentialFailure = CREDENTIAL_CODES.has(code) || (error.status === 401 && !code.startsWith('OTP'));
      return {
        title: String(t(isCredentialFailure ? 'WrongCredentials' : 'Error')),
        detail: error.detail ?? String(t('ApiRequestFailed')),
        hint: isCredentialFailure ? String(t('EnterCorrectDetails')) : undefined,
      };
    }
    return { title: String(t('Error')), detail: String(t('ApiRequestFailed')) };
  };

  /**
   * The server wants a one-time code and none was typed: the first press sends it (whatever made the server ask: the
   * organisation's setting, the user, or the user's authorities), unless one was sent moments ago.
   */
  const sendCodeForSignIn = async (username: string, password: string) => {
    setIsOtpDemanded(true);
    if (cooldown.isCoolingDown) {
      setAlert({ title: String(t('OtpSentTitle')), detail: String(t('OtpEnterSentCode')), tone: 'info' });
      return;
    }
    const sent = await requestOtp(username, password);
    if (sent) setAlert({ title: String(t('OtpSentTitle')), detail: String(t('OtpSentEnterIt')), tone: 'info' });
  };

  const handleSignIn = async ({ username, password, otp }: LoginForm) => {
    setAlert(null);
    const typedOtp = showOtp && otp ? otp : '';
    try {
      const reply = await requestToken({
        username,
        password,
        ...(typedOtp ? { otp: typedOtp } : {}),
      });
      // Spec §4: signed in when the reply carries a token and no detail message.
      if (reply.detail || !reply.access) {
        setAlert({
          title: String(t('WrongCredentials')),
          detail: reply.detail ?? String(t('EnterCorrectDetails')),
          hint: String(t('EnterCorrectDetails')),
        });
        return;
      }
      storeTokens(reply.access, reply.refresh ?? null);
      try {
        await loadProfile('home');
      } catch (error) {
        log('profile after sign-in failed', error);
        setAlert({ title: String(t('Error')), detail: String(t('ProfileLoadFailed')) });
        return;
      }
      await navigate('/home', { replace: true, state: { fromLogin: true } });
    } catch (error) {
      if (error instanceof HttpError && error.errorCode === 'OTP_REQUIRED' && typedOtp === '') {
        await sendCodeForSignIn(username, password);
        return;
      }
      setAlert(failureAlert(error));
    }
  };

  /** POST /sendOtpApi; shows the outcome as a toast and starts the resend cooldown. True when a code was sent. */
  const requestOtp = async (username: string, password: string): Promise<boolean> => {
    setIsSendingOtp(true);
    try {
      const reply = await sendOtp({ username: username.trim().replace(/\s+/g, ' '), password });
      return showOtpReply(reply);
    } catch (error) {
      const reply = codeReplyOf(error);
      if (reply) return showOtpReply(reply);
      addToast({
        title: String(t('Error')),
        message: String(t(error instanceof NetworkError ? 'NetworkConnectionError' : 'ApiRequestFailed')),
        type: 'error',
        from: 'login/sendOtp',
      });
      return false;
    } finally {
      setIsSendingOtp(false);
    }
  };

  const handleGetOtp = async () => {
    // A press during the cooldown is ignored (spec §5).
    if (cooldown.isCoolingDown || isSendingOtp || credentialsMissing()) return;
    const { username, password } = form.getValues();
    await requestOtp(username, password);
  };

  const showOtpReply = (reply: { error_code: string; error_msg?: string; retry_after?: number }): boolean => {
    if (reply.error_code === '0') {
      addToast({
        title: String(t('SystemMsg')),
        message: reply.error_msg || String(t('OtpSent')),
        type: 'success',
        from: 'login/sendOtp',
      });
      cooldown.start();
      return true;
    }
    if (reply.error_code === 'OTP_COOLDOWN' && reply.retry_after) cooldown.start(reply.retry_after);
    addToast({
      title: String(t('Error')),
      message: `${reply.error_code}: ${reply.error_msg ?? ''}`.trim(),
      type: 'error',
      from: 'login/sendOtp',
    });
    return false;
  };

  const handleSso = async () => {
    setAlert(null);
    if (!config.ssoEnabled) {
      setAlert({ title: String(t('SsoNotConfiguredTitle')), detail: String(t('SsoNotConfigured')), tone: 'info' });
      return;
    }
    setIsStartingSso(true);
    try {
      window.location.assign(await fetchSsoLoginUrl());
    } catch (error) {
      log('sso start failed', error);
      setAlert({ title: String(t('Error')), detail: String(t('SsoFailed')) });
      setIsStartingSso(false);
    }
  };

  return (
    <PageFrame>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <LightForm form={form} onSubmit={handleSignIn} aria-labelledby="login-title">
          <Stack gap="md">
            <div>
              <Title order={1} id="login-title" size="h2">
                {String(t('SignIn'))}
              </Title>
              <Text c="dimmed" size="sm">
                {String(t('SignInSubtitle'))}
              </Text>
            </div>
            {alert ? (
              <Alert
                color={alert.tone === 'info' ? 'blue' : 'red'}
                variant="outline"
                title={alert.title}
                role={alert.tone === 'info' ? 'status' : 'alert'}
                data-testid="login-alert"
              >
                <Text size="sm">{alert.detail}</Text>
                {alert.hint ? <Text size="sm">{alert.hint}</Text> : null}
              </Alert>
            ) : null}
            <LightTextField form={form} label={String(t('Username'))} name="username" autoComplete="username" />
            <LightTextField
              form={form}
              label={String(t('Password'))}
              name="password"
              type="password"
              autoComplete="current-password"
            />
            {showOtp ? (
              <Group align="flex-end" gap="sm" wrap="nowrap">
                <div style={{ flex: 1 }}>
                  <LightTextField
                    form={form}
                    label={String(t('Otp'))}
                    name="otp"
                    autoComplete="one-time-code"
                    inputMode="numeric"
                  />
                </div>
                <Button
                  variant="outline"
                  onClick={() => void handleGetOtp()}
                  disabled={cooldown.isCoolingDown}
                  loading={isSendingOtp}
                  data-testid="get-otp"
                >
                  {cooldown.isCoolingDown
                    ? String(t('ResendOtpIn', { count: cooldown.remaining }))
                    : String(t('GetOtp'))}
                </Button>
              </Group>
            ) : null}
            <LightSubmitButton form={form} fullWidth>
              {String(t('SignIn'))}
            </LightSubmitButton>
            {/* Always offered (spec §2.2); without a provider it says that single sign-on is not configured. */}
            <Button
              variant="default"
              onClick={() => void handleSso()}
              loading={isStartingSso}
              fullWidth
              data-testid="sso-login"
            >
              {String(t('ForInternalLogin'))}
            </Button>
            <Anchor component={Link} to="/ForgotPassword" size="sm" ta="center">
              {String(t('ForgotPassword'))}
            </Anchor>
          </Stack>
        </LightForm>
      </Paper>
      <CookieBanner />
    </PageFrame>
  );
}
