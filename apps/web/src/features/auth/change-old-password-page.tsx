import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@recovery-desk/domain/sign-in.ts';
import { validateInput, type InputRule } from '@recovery-desk/domain/validation.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { PrimaryButton } from '../../components/primary-button.tsx';
import { UserMenu } from '../../components/user-menu.tsx';
import { ValidatedTextInput } from '../../components/validated-text-input.tsx';
import { fieldErrorsOf } from '../../components/form/server-errors.ts';
import type { FieldError } from '../../lib/http-client.ts';
import { clearSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { changeOwnPassword } from './api/auth-api.ts';
import { codeReplyOf, isInvalidReply, isNetworkFailure } from './api/reply-errors.ts';

const REQUIRED: InputRule[] = [{ kind: 'required' }];
const NEW_PASSWORD_RULES: InputRule[] = [{ kind: 'required' }, { kind: 'minLength', length: PASSWORD_MIN_LENGTH }];

/** Spec §2.2: the badge shows when new and confirm are equal and non-empty. */
export function doPasswordsMatch(newPassword: string, confirmPassword: string): boolean {
  return newPassword !== '' && newPassword === confirmPassword;
}

/** /changeOldPassword: old, new and confirm password, each with a show/hide toggle. */
export function ChangeOldPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);

  const toastError = (message: string) =>
    addToast({ title: String(t('Error')), message, type: 'error', from: 'changeOldPassword' });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    const isIncomplete = [oldPassword, newPassword, confirmPassword].some(
      (value) => validateInput(value, REQUIRED) !== null,
    );
    if (isIncomplete || isBusy) return;
    if (newPassword !== confirmPassword) {
      toastError(String(t('PasswordMismatch')));
      return;
    }
    if (validateInput(newPassword, NEW_PASSWORD_RULES) !== null) return;
    setIsBusy(true);
    setServerErrors([]);
    try {
      const reply = await changeOwnPassword({
        old_pass: oldPassword,
        new_pass: newPassword,
        confirm_pass: confirmPassword,
      });
      if (reply.error_code === '0') {
        // The server has ended every session of the user: sign in again.
        addToast({
          title: String(t('SystemMsg')),
          message: reply.error_msg || String(t('PasswordChanged')),
          type: 'success',
          from: 'changeOldPassword',
        });
        clearSession();
        await navigate('/login', { replace: true });
        return;
      }
      toastError(reply.error_msg || String(t('ApiRequestFailed')));
    } catch (error) {
      setServerErrors(fieldErrorsOf(error));
      const reply = codeReplyOf(error);
      if (isNetworkFailure(error)) toastError(String(t('CouldNotConnect')));
      else if (reply?.error_msg && !isInvalidReply(error)) toastError(reply.error_msg);
      else toastError(String(t('ApiRequestFailed')));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <PageFrame headerEnd={<UserMenu />}>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Stack gap="md">
            <div>
              <Title order={1} size="h2">
                {String(t('ChangePassword'))}
              </Title>
              <Text c="dimmed" size="sm">
                {String(t('ChangeOldPasswordIntro'))}
              </Text>
            </div>
            <ValidatedTextInput
              label={String(t('OldPassword'))}
              name="old_pass"
              type="password"
              value={oldPassword}
              onChange={setOldPassword}
              rules={REQUIRED}
              showErrors={showErrors}
              serverErrors={serverErrors}
              autoComplete="current-password"
            />
            <ValidatedTextInput
              label={String(t('NewPassword'))}
              name="new_pass"
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
              name="confirm_pass"
              type="password"
              value={confirmPassword}
              onChange={setConfirmPassword}
              rules={REQUIRED}
              showErrors={showErrors}
              serverErrors={serverErrors}
              autoComplete="new-password"
            />
            <div aria-live="polite">
              {doPasswordsMatch(newPassword, confirmPassword) ? (
                <Badge color="green" variant="filled" tt="none" data-testid="passwords-match">
                  {String(t('PasswordsMatch'))}
                </Badge>
              ) : null}
            </div>
            <PrimaryButton type="submit" loading={isBusy} fullWidth>
              {String(t('ResetPassword'))}
            </PrimaryButton>
            <Group grow>
              <Button variant="default" onClick={() => void navigate('/changePassword')}>
                {String(t('ForgetPassword'))}
              </Button>
              <Button variant="default" onClick={() => void navigate('/home')}>
                {String(t('BackToHomePage'))}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </PageFrame>
  );
}
