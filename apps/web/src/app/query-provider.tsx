import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { listsKeys } from '../features/lists/api/query-keys.ts';
import { shouldRetryQuery } from '../lib/query-retry.ts';

// The one React Query client of the app. It is not in the root providers: the login page and the other public pages
// read nothing through it, so it loads with the signed-in shell (features/shell/app-shell-layout.tsx) and with the
// standalone screens the route registry marks `withQueries` (the app selector, the demo outbox).

export const queryClient: QueryClient = new QueryClient({
  // Every decision (and any other change) may change what waits for approval: the menu's counts are read again.
  mutationCache: new MutationCache({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listsKeys.menuCounts() }),
  }),
  defaultOptions: {
    // One retry policy for the whole app: a 4xx is an answer, shown at once (lib/query-retry.ts).
    queries: { retry: shouldRetryQuery, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
