import 'i18next';
import type { en } from '@recovery-desk/i18n/locales/en.ts';

// Typed translation keys: a typo in t('…') fails the type check.
declare module 'i18next' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
