import { DirectionProvider, MantineProvider } from '@mantine/core';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { listsKeys } from '../features/lists/api/query-keys.ts';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { directionOf, i18n } from '../lib/i18n/i18n.ts';
import { cssVariablesResolver, theme } from './theme.ts';

export const queryClient: QueryClient = new QueryClient({
  // Every decision (and any other change) may change what waits for approval: the menu's counts are read again.
  mutationCache: new MutationCache({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listsKeys.menuCounts() }),
  }),
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={directionOf(i18n.language)} detectDirection={false}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
