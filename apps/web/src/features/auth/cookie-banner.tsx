import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { CONSENT_DAYS } from '@recovery-desk/domain/sign-in-constants.ts';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readCookie, writeCookie } from '../../lib/cookies.ts';

export const CONSENT_COOKIE = 'cookieConsent';
export const TEMP_ID_COOKIE = 'tempId';
const DAY_SECONDS = 24 * 60 * 60;

/** Spec §9: a random temporary identifier is stored in a cookie when the login screen loads. */
export function ensureTemporaryIdCookie(): void {
  if (!readCookie(TEMP_ID_COOKIE)) writeCookie(TEMP_ID_COOKIE, crypto.randomUUID(), CONSENT_DAYS * DAY_SECONDS);
}

/** The cookie banner of the login screen; consent lasts one year. */
export function CookieBanner() {
  const { t } = useTranslation();
  const [isAccepted, setIsAccepted] = useState(() => readCookie(CONSENT_COOKIE) === 'accepted');
  if (isAccepted) return null;
  return (
    <Paper
      component="section"
      aria-label={String(t('CookieBannerLabel'))}
      shadow="md"
      p="md"
      withBorder
      style={{ position: 'fixed', insetInline: 16, bottom: 16, zIndex: 900 }}
      data-testid="cookie-banner"
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dark.7" style={{ flex: '1 1 320px' }}>
          <Trans
            i18nKey="CookieBannerText"
            components={{
              privacy: <Anchor component={Link} to="/privacypolicy" />,
              terms: <Anchor component={Link} to="/termsofservice" />,
            }}
          />
        </Text>
        <Button
          onClick={() => {
            writeCookie(CONSENT_COOKIE, 'accepted', CONSENT_DAYS * DAY_SECONDS);
            setIsAccepted(true);
          }}
        >
          {String(t('AcceptAll'))}
        </Button>
      </Group>
    </Paper>
  );
}
