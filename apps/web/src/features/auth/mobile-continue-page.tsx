import { Anchor, Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { usePublicConfig } from '../../lib/public-config.ts';
import { useSession } from '../../lib/session-store.ts';

export function mobileDeepLink(base: string, access: string, refresh: string): string {
  const query = new URLSearchParams({ access, refresh }).toString();
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

/** /callmcollect: a success card whose Continue link opens the mobile app with the session's tokens. */
export function MobileContinuePage() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const { access, refresh } = useSession();
  return (
    <PageFrame>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        {access && refresh ? (
          <Stack align="center" gap="md">
            <ThemeIcon color="green" size={48} radius="xl" aria-hidden="true">
              ✓
            </ThemeIcon>
            <Title order={1} size="h2">
              {String(t('MobileContinueTitle'))}
            </Title>
            <Text>{String(t('MobileContinueText'))}</Text>
            {config.mobileDeepLink ? (
              <Button component="a" href={mobileDeepLink(config.mobileDeepLink, access, refresh)}>
                {String(t('Continue'))}
              </Button>
            ) : (
              <Text c="dark.7">{String(t('MobileLinkMissing'))}</Text>
            )}
          </Stack>
        ) : (
          <Stack gap="md">
            <Title order={1} size="h2">
              {String(t('MobileContinue'))}
            </Title>
            <Text>{String(t('MobileContinueSignedOut'))}</Text>
            <Anchor component={Link} to="/login">
              {String(t('SignIn'))}
            </Anchor>
          </Stack>
        )}
      </Paper>
    </PageFrame>
  );
}
