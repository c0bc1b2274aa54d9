import { Alert, Button, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame.tsx';
import { useRouteError } from './light-router.tsx';

/** Shown when a screen fails to load or render (for example a stale build after a deploy). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error('Screen error', error);
  }, [error]);
  return (
    <PageFrame>
      <Stack>
        <Title order={1}>{String(t('ScreenErrorTitle'))}</Title>
        <Alert color="red" variant="outline">
          {String(t('ScreenErrorMessage'))}
        </Alert>
        <Button onClick={() => window.location.reload()}>{String(t('ReloadPage'))}</Button>
      </Stack>
    </PageFrame>
  );
}
