import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@recovery-desk/domain/sign-in.ts';
import { normalizeSpaces, validateInput, type InputRule } from '@recovery-desk/domain/validation.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { PrimaryButton } from '../../components/primary-button.tsx';
import { ValidatedTextInput } from '../../components/validated-text-input.tsx';
import { fieldErrorsOf } from '../../components/form/server-errors.ts';
import type { FieldError } from '../../lib/http-client.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { clearSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { sendResetEmail, verifyResetCode } from './api/auth-api.ts';
import { codeReplyOf, isInvalidReply, isNetworkFailure } from './api/reply-errors.ts';

const EMAIL_RULES: InputRule[] = [{ kind: 'required' }, { kind: 'email' }];
const REQUIRED: InputRule[] = [{ kind: 'required' }];
const NEW_PASSWORD_RULES: InputRule[] = [{ kind: 'required' }, { kind: 'minLength', length: PASSWORD_MIN_LENGTH }];

export type PasswordResetFlowProps = {
  titleKey: 'ForgotPassword' | 'ChangePassword';
  introKey: 'ForgotPasswordIntro' | 'ChangePasswordIntro';
  back: { to: string; labelKey: 'BackToLogin' | 'BackToHomePage' };
};

/** The two reset steps of spec §2.2/§4: email → code, new password and confirmation. */
export function PasswordResetFlow({ titleKey, introKey, back }: PasswordResetFlowProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = usePublicConfig();
  const [step, setStep] = useState<0 | 1>(0);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);

  const toast = (title: 'SystemMsg' | 'Error', message: string, type: 'success' | 'error') =>
    addToast({ title: String(t(title)), message, type, from: `password-reset/${titleKey}` });

  const handleSendEmail = async (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (validateInput(email, EMAIL_RULES) !== null || isBusy) return;
    setIsBusy(true);
    setServerErrors([]);
    try {
      const reply = await sendResetEmail(normalizeSpaces(email));
      if (reply.error_code === '0') {
        toast('SystemMsg', reply.error_msg || String(t('ResetEmailSent')), 'success');
        setShowErrors(false);
        setStep(1);
      } else {
        toast('Error', reply.error_msg || String(t('ApiRequestFailed')), 'error');
      }
    } catch (error) {
      const reply = codeReplyOf(error);
      setServerErrors(fieldErrorsOf(error));
      if (isNetworkFailure(error) || isInvalidReply(error) || !reply)
        toast('Error', String(t('ResetEmailFailed')), 'error');
      else toast('Error', reply.error_msg || String(t('ResetEmailFailed')), 'error');
    } finally {
      setIsBusy(false);
    }
  };

  const handleReset = async (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    const isIncomplete = [code, newPassword, confirmPassword].some((value) => validateInput(value, REQUIRED) !== null);
    if (isIncomplete || isBusy) return;
    if (newPassword !== confirmPassword) {
      toast('Error', String(t('PasswordMismatch')), 'error');
      return;
    }
    if (validateInput(newPassword, NEW_PASSWORD_RULES) !== null) return;
    setIsBusy(true);
    setServerErrors([]);
    try {
      const reply = await verifyResetCode({
        username: normalizeSpaces(email),
        otp: code.trim(),
        newPassword,
        confirmPassword,
      });
      if (reply.error_code === '0') {
        toast('SystemMsg', String(t('ResetSuccess')), 'success');
        clearSession();
        await navigate('/login', { replace: true });
      } else {
        toast('Error', reply.error_msg || String(t('ApiRequestFailed')), 'error');
      }
    } catch (error) {
      const reply = codeReplyOf(error);
      setServerErrors(fieldErrorsOf(error));
      if (isNetworkFailure(error)) toast('Error', String(t('CouldNotConnect')), 'error');
      else if (reply?.error_msg && !isInvalidReply(error)) toast('Error', reply.error_msg, 'error');
      else toast('Error', String(t('ApiRequestFailed')), 'error');
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <PageFrame>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {String(t(titleKey))}
            </Title>
            <Text c="dimmed" size="sm">
              {String(t(introKey))}
            </Text>
          </div>
          <Text size="sm" fw={600} c="dark.7" data-testid="reset-step">
            {String(t('StepOf', { current: step + 1, total: 2, name: t(step === 0 ? 'StepEmail' : 'StepCode') }))}
          </Text>
          {step === 0 ? (
            <form onSubmit={(event) => void handleSendEmail(event)} noValidate>
              <Stack gap="md">
                <ValidatedTextInput
                  label={String(t('Email'))}
                  name="email"
                  type="email"
                  value={email}
                  onChange={setEmail}
                  rules={EMAIL_RULES}
                  showErrors={showErrors}
                  serverErrors={serverErrors}
                  autoComplete="email"
                />
                <PrimaryButton type="submit" loading={isBusy} fullWidth>
                  {String(t('SendResetCode'))}
                </PrimaryButton>
              </Stack>
            </form>
          ) : (
            <form onSubmit={(event) => void handleReset(event)} noValidate>
              <Stack gap="md">
                <Text size="sm">{String(t('ResetCodeStepIntro', { email }))}</Text>
                <ValidatedTextInput
                  label={String(t('ResetCode'))}
                  name="otp"
                  value={code}
                  onChange={setCode}
                  rules={REQUIRED}
                  showErrors={showErrors}
                  serverErrors={serverErrors}
                  autoComplete="one-time-code"
                />
                <ValidatedTextInput
                  label={String(t('NewPassword'))}
                  name="newPassword"
                  type="password"
                  value={newPassword}
                  onChange={setNewPassword}
                  rules={NEW_PASSWORD_RULES}
                  showErrors={showErrors}
                  serverErrors={serverErrors}
                  description={String(t('PasswordHint', { min: PASSWORD_MIN_LENGTH }))}
                  autoComplete="new-password"
                />
                <ValidatedTextInput
                  label={String(t('ConfirmPassword'))}
                  name="confirmPassword"
                  type="password"
                  value={confirmPassword}
                  onChange={setConfirmPassword}
                  rules={REQUIRED}
                  showErrors={showErrors}
                  serverErrors={serverErrors}
                  autoComplete="new-password"
                />
                <PrimaryButton type="submit" loading={isBusy} fullWidth>
                  {String(t('ResetPassword'))}
                </PrimaryButton>
                <Button variant="subtle" onClick={() => setStep(0)}>
                  {String(t('UseAnotherEmail'))}
                </Button>
              </Stack>
            </form>
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={() => void navigate(back.to)}>
              {String(t(back.labelKey))}
            </Button>
            {config.demoMode ? (
              <Anchor component={Link} to="/demo/outbox" target="_blank" size="sm">
                {String(t('OpenDemoMailbox'))}
              </Anchor>
            ) : null}
          </Group>
        </Stack>
      </Paper>
    </PageFrame>
  );
}
