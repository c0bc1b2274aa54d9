import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { isSignedIn, useSession } from '../../lib/session-store.ts';

/** Any path without a screen: says so and links to the start (app selector or sign-in). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const signedIn = useSession(isSignedIn);
  return (
    <PageFrame>
      <Paper withBorder p="xl" radius="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            {String(t('PageNotFoundTitle'))}
          </Title>
          <Text>{String(t('PageNotFoundMessage', { path: location.pathname }))}</Text>
          <Button component={Link} to={signedIn ? '/home' : '/login'}>
            {String(t('GoToStart'))}
          </Button>
        </Stack>
      </Paper>
    </PageFrame>
  );
}
