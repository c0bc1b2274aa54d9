import { DirectionProvider, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { directionOf, i18n } from '../lib/i18n/i18n.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// The providers of every page. React Query's provider is not among them (app/query-provider.tsx says where it is).
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={directionOf(i18n.language)} detectDirection={false}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          {children}
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
