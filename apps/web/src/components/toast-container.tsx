import { Notification, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { removeToastByTitle, useToasts, type ToastType } from '../lib/toast-store.ts';

const COLORS: Record<ToastType, string> = { success: 'green', error: 'red', info: 'blue', warning: 'orange' };

/** Spec §2.7: all pending toasts in the top-right corner, nothing when there are none. */
export function ToastContainer() {
  const { t } = useTranslation();
  const { toasts, developerMode } = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Stack
      component="section"
      aria-label={String(t('Notifications'))}
      gap="xs"
      style={{ position: 'fixed', top: 16, right: 16, zIndex: 1000, width: 'min(380px, calc(100vw - 32px))' }}
      data-testid="toast-container"
    >
      {toasts.map((toast) => (
        <Notification
          key={toast.id}
          role={toast.type === 'error' ? 'alert' : 'status'}
          title={toast.title}
          color={COLORS[toast.type]}
          withBorder
          closeButtonProps={{ 'aria-label': String(t('Close')) }}
          onClose={() => removeToastByTitle(toast.title)}
          data-toast-type={toast.type}
        >
          <Text size="sm" c="dark.7">
            {toast.message}
          </Text>
          {developerMode && toast.from ? (
            <Text size="xs" c="dark.5" mt={4}>
              {String(t('ToastFrom', { from: toast.from }))}
            </Text>
          ) : null}
        </Notification>
      ))}
    </Stack>
  );
}
