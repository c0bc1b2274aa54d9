import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGE_LABEL_KEY, LANGUAGES } from '../lib/i18n/i18n.ts';

/** Writes the chosen language to localStorage `language`; Arabic turns the document right-to-left. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={String(t('Language'))}
      size="xs"
      value={i18n.language}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLanguage(next)) void changeLanguage(next);
      }}
      data={LANGUAGES.map((language) => ({ value: language, label: String(t(LANGUAGE_LABEL_KEY[language])) }))}
      data-testid="language-switcher"
    />
  );
}
