import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, resetPayloadSchema } from '@recovery-desk/domain/sign-in.ts';
import type { InputRule } from '@recovery-desk/domain/validation.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SubmitButton, TextField, ZodForm, useZodForm } from '../../components/form/index.ts';
import { PageFrame } from '../../components/page-frame.tsx';
import { usePublicConfig } from '../../lib/public-config.ts';
import { clearSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { sendResetEmail, verifyResetCode } from './api/auth-api.ts';
import { codeReplyOf, isInvalidReply, isNetworkFailure } from './api/reply-errors.ts';

const EMAIL_RULES: InputRule[] = [{ kind: 'email' }];
const NEW_PASSWORD_RULES: InputRule[] = [{ kind: 'minLength', length: PASSWORD_MIN_LENGTH }];

// The two steps are two forms over the reset payload contract: the e-mail (its `username`), then code and passwords.
const emailStepSchema = resetPayloadSchema.pick({ username: true });
const codeStepSchema = resetPayloadSchema.pick({ otp: true, newPassword: true, confirmPassword: true });
type CodeStep = { otp: string; newPassword: string; confirmPassword: string };

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
  const emailForm = useZodForm(emailStepSchema, { username: '' });
  const codeForm = useZodForm(codeStepSchema, { otp: '', newPassword: '', confirmPassword: '' });

  const toast = (title: 'SystemMsg' | 'Error', message: string, type: 'success' | 'error') =>
    addToast({ title: String(t(title)), message, type, from: `password-reset/${titleKey}` });

  const handleSendEmail = async ({ username }: { username: string }) => {
    try {
      const reply = await sendResetEmail(username);
      if (reply.error_code === '0') {
        toast('SystemMsg', reply.error_msg || String(t('ResetEmailSent')), 'success');
        setEmail(username);
        setStep(1);
      } else {
        toast('Error', reply.error_msg || String(t('ApiRequestFailed')), 'error');
      }
    } catch (error) {
      const reply = codeReplyOf(error);
      if (isNetworkFailure(error) || isInvalidReply(error) || !reply)
        toast('Error', String(t('ResetEmailFailed')), 'error');
      else toast('Error', reply.error_msg || String(t('ResetEmailFailed')), 'error');
      throw error; // the kit shows the server's field errors under the fields
    }
  };

  const handleReset = async ({ otp, newPassword, confirmPassword }: CodeStep) => {
    if (newPassword !== confirmPassword) {
      toast('Error', String(t('PasswordMismatch')), 'error');
      return;
    }
    try {
      const reply = await verifyResetCode({ username: email, otp, newPassword, confirmPassword });
      if (reply.error_code === '0') {
        toast('SystemMsg', String(t('ResetSuccess')), 'success');
        clearSession();
        await navigate('/login', { replace: true });
      } else {
        toast('Error', reply.error_msg || String(t('ApiRequestFailed')), 'error');
      }
    } catch (error) {
      const reply = codeReplyOf(error);
      if (isNetworkFailure(error)) toast('Error', String(t('CouldNotConnect')), 'error');
      else if (reply?.error_msg && !isInvalidReply(error)) toast('Error', reply.error_msg, 'error');
      else toast('Error', String(t('ApiRequestFailed')), 'error');
      throw error;
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
            <ZodForm form={emailForm} onSubmit={handleSendEmail}>
              <Stack gap="md">
                <TextField
                  label={String(t('Email'))}
                  name="username"
                  type="email"
                  rules={EMAIL_RULES}
                  autoComplete="email"
                />
                <SubmitButton fullWidth>{String(t('SendResetCode'))}</SubmitButton>
              </Stack>
            </ZodForm>
          ) : (
            <ZodForm form={codeForm} onSubmit={handleReset}>
              <Stack gap="md">
                <Text size="sm">{String(t('ResetCodeStepIntro', { email }))}</Text>
                <TextField label={String(t('ResetCode'))} name="otp" autoComplete="one-time-code" />
                <TextField
                  label={String(t('NewPassword'))}
                  name="newPassword"
                  type="password"
                  rules={NEW_PASSWORD_RULES}
                  description={String(t('PasswordHint', { count: PASSWORD_MIN_LENGTH }))}
                  autoComplete="new-password"
                />
                <TextField
                  label={String(t('ConfirmPassword'))}
                  name="confirmPassword"
                  type="password"
                  autoComplete="new-password"
                />
                <SubmitButton fullWidth>{String(t('ResetPassword'))}</SubmitButton>
                <Button variant="subtle" onClick={() => setStep(0)}>
                  {String(t('UseAnotherEmail'))}
                </Button>
              </Stack>
            </ZodForm>
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
