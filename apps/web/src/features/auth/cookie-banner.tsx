import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { CONSENT_DAYS } from '@recovery-desk/domain/sign-in-constants.ts';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readCookie, writeCookie } from '../../lib/cookies.ts';

export const CONSENT_COOKIE = 'cookieConsent';
export const TEMP_ID_COOKIE = 'tempId';
const DAY_SECONDS = 24 * 60 * 60;

/** Spec §9: a random temporary identifier is stored in a cookie when the login screen loads. */
export function ensureTemporaryIdCookie(): void {
  if (!readCookie(TEMP_ID_COOKIE)) writeCookie(TEMP_ID_COOKIE, crypto.randomUUID(), CONSENT_DAYS * DAY_SECONDS);
}

/**
 * A dictionary text whose `<name>words</name>` parts become the given elements (what react-i18next's Trans does for
 * this one text; Trans and its HTML parser are not worth their weight on the login page).
 */
export function withLinks(text: string, links: Record<string, (text: string) => ReactNode>): ReactNode[] {
  return text.split(/(<(\w+)>.*?<\/\2>)/).flatMap((part, index): ReactNode[] => {
    if (index % 3 === 2) return []; // the tag name captured beside its part
    const tagged = /^<(\w+)>(.*)<\/\1>$/.exec(part);
    const link = tagged ? links[tagged[1]!] : undefined;
    if (tagged && link) return [<Fragment key={index}>{link(tagged[2]!)}</Fragment>];
    return part ? [part] : [];
  });
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
          {withLinks(String(t('CookieBannerText')), {
            privacy: (text) => (
              <Anchor component={Link} to="/privacypolicy">
                {text}
              </Anchor>
            ),
            terms: (text) => (
              <Anchor component={Link} to="/termsofservice">
                {text}
              </Anchor>
            ),
          })}
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
