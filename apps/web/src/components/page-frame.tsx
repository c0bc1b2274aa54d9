import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from './language-switcher.tsx';

export type PageFrameProps = {
  children: ReactNode;
  /** extra header controls (the user menu on signed-in pages) */
  headerEnd?: ReactNode;
  size?: 'xs' | 'sm' | 'md' | 'lg';
};

/** The frame of the public pages and the app selector: banner, one main landmark, footer. */
export function PageFrame({ children, headerEnd, size = 'xs' }: PageFrameProps) {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column', background: '#f1f3f5' }}>
      <a className="skip-link" href="#main">
        {String(t('SkipToContent'))}
      </a>
      <Box component="header" bg="white" px="md" py="xs" style={{ borderBottom: '1px solid #dee2e6' }}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} c="dark.8">
            {String(t('AppName'))}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher />
            {headerEnd}
          </Group>
        </Group>
      </Box>
      <Container component="main" id="main" tabIndex={-1} size={size} w="100%" py="xl" style={{ flex: 1 }}>
        {children}
      </Container>
      <Box component="footer" px="md" py="sm" bg="white" style={{ borderTop: '1px solid #dee2e6' }}>
        <Group justify="center" gap="md">
          <Text size="xs" c="dark.6">
            {String(t('FooterText'))}
          </Text>
          <Anchor component={Link} to="/privacypolicy" size="xs">
            {String(t('PrivacyPolicy'))}
          </Anchor>
          <Anchor component={Link} to="/termsofservice" size="xs">
            {String(t('TermsOfService'))}
          </Anchor>
        </Group>
      </Box>
    </Box>
  );
}
