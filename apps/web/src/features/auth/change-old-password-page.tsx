import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, changePasswordPayloadSchema } from '@recovery-desk/domain/sign-in.ts';
import type { InputRule } from '@recovery-desk/domain/validation.ts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SubmitButton, TextField, ZodForm, useZodForm } from '../../components/form/index.ts';
import { PageFrame } from '../../components/page-frame.tsx';
import { UserMenu } from '../../components/user-menu.tsx';
import { clearSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { changeOwnPassword } from './api/auth-api.ts';
import { codeReplyOf, isInvalidReply, isNetworkFailure } from './api/reply-errors.ts';

const NEW_PASSWORD_RULES: InputRule[] = [{ kind: 'minLength', length: PASSWORD_MIN_LENGTH }];

/** Spec §2.2: the badge shows when new and confirm are equal and non-empty. */
export function doPasswordsMatch(newPassword: string, confirmPassword: string): boolean {
  return newPassword !== '' && newPassword === confirmPassword;
}

/** /changeOldPassword: old, new and confirm password, each with a show/hide toggle. */
export function ChangeOldPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(changePasswordPayloadSchema, { old_pass: '', new_pass: '', confirm_pass: '' });
  const [newPassword, confirmPassword] = form.watch(['new_pass', 'confirm_pass']);

  const toastError = (message: string) =>
    addToast({ title: String(t('Error')), message, type: 'error', from: 'changeOldPassword' });

  const submit = async (input: { old_pass: string; new_pass: string; confirm_pass: string }) => {
    if (input.new_pass !== input.confirm_pass) {
      toastError(String(t('PasswordMismatch')));
      return;
    }
    try {
      const reply = await changeOwnPassword(input);
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
      const reply = codeReplyOf(error);
      if (isNetworkFailure(error)) toastError(String(t('CouldNotConnect')));
      else if (reply?.error_msg && !isInvalidReply(error)) toastError(reply.error_msg);
      else toastError(String(t('ApiRequestFailed')));
      throw error; // the kit shows the server's field errors under the fields
    }
  };

  return (
    <PageFrame headerEnd={<UserMenu />}>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <ZodForm form={form} onSubmit={submit}>
          <Stack gap="md">
            <div>
              <Title order={1} size="h2">
                {String(t('ChangePassword'))}
              </Title>
              <Text c="dimmed" size="sm">
                {String(t('ChangeOldPasswordIntro'))}
              </Text>
            </div>
            <TextField
              label={String(t('OldPassword'))}
              name="old_pass"
              type="password"
              autoComplete="current-password"
            />
            <TextField
              label={String(t('NewPassword'))}
              name="new_pass"
              type="password"
              rules={NEW_PASSWORD_RULES}
              description={String(t('PasswordHint', { count: PASSWORD_MIN_LENGTH }))}
              autoComplete="new-password"
            />
            <TextField
              label={String(t('ConfirmPassword'))}
              name="confirm_pass"
              type="password"
              autoComplete="new-password"
            />
            <div aria-live="polite">
              {doPasswordsMatch(newPassword, confirmPassword) ? (
                <Badge color="green" variant="filled" tt="none" data-testid="passwords-match">
                  {String(t('PasswordsMatch'))}
                </Badge>
              ) : null}
            </div>
            <SubmitButton fullWidth>{String(t('ResetPassword'))}</SubmitButton>
            <Group grow>
              <Button variant="default" onClick={() => void navigate('/changePassword')}>
                {String(t('ForgetPassword'))}
              </Button>
              <Button variant="default" onClick={() => void navigate('/home')}>
                {String(t('BackToHomePage'))}
              </Button>
            </Group>
          </Stack>
        </ZodForm>
      </Paper>
    </PageFrame>
  );
}
