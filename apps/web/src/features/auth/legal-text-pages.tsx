import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';

type Section = { title: DictionaryKey; text: DictionaryKey };

function LegalTextPage({
  titleKey,
  updatedKey,
  introKey,
  sections,
}: {
  titleKey: DictionaryKey;
  updatedKey: DictionaryKey;
  introKey: DictionaryKey;
  sections: Section[];
}) {
  const { t } = useTranslation();
  return (
    <PageFrame size="md">
      <Paper withBorder p="xl" radius="md">
        <Stack gap="md">
          <Title order={1}>{String(t(titleKey))}</Title>
          <Text size="sm" c="dimmed">
            {String(t(updatedKey))}
          </Text>
          <Text>{String(t(introKey))}</Text>
          {sections.map((section) => (
            <section key={section.title}>
              <Title order={2} size="h4" mb={4}>
                {String(t(section.title))}
              </Title>
              <Text>{String(t(section.text))}</Text>
            </section>
          ))}
        </Stack>
      </Paper>
    </PageFrame>
  );
}

export function PrivacyPolicyPage() {
  return (
    <LegalTextPage
      titleKey="PrivacyPolicy"
      updatedKey="PrivacyUpdated"
      introKey="PrivacyIntro"
      sections={[
        { title: 'PrivacyDataTitle', text: 'PrivacyDataText' },
        { title: 'PrivacyPurposeTitle', text: 'PrivacyPurposeText' },
        { title: 'PrivacyCookiesTitle', text: 'PrivacyCookiesText' },
        { title: 'PrivacySharingTitle', text: 'PrivacySharingText' },
        { title: 'PrivacyRightsTitle', text: 'PrivacyRightsText' },
      ]}
    />
  );
}

export function TermsOfServicePage() {
  return (
    <LegalTextPage
      titleKey="TermsOfService"
      updatedKey="TermsUpdated"
      introKey="TermsIntro"
      sections={[
        { title: 'TermsUseTitle', text: 'TermsUseText' },
        { title: 'TermsConductTitle', text: 'TermsConductText' },
        { title: 'TermsDataTitle', text: 'TermsDataText' },
        { title: 'TermsMonitoringTitle', text: 'TermsMonitoringText' },
        { title: 'TermsChangesTitle', text: 'TermsChangesText' },
      ]}
    />
  );
}
