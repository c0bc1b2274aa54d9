import { Skeleton, Stack } from '@mantine/core';
import { matchRoute } from '@recovery-desk/domain/route-catalogue.ts';
import { useTranslation } from 'react-i18next';
import { isSignedIn, sessionStore } from '../lib/session-store.ts';

// Loading states that keep the page's shape: the content area of a screen as grey blocks (title, filter bar, rows),
// and on a full reload of a signed-in screen the app shell's frame around it, so the page does not collapse into a
// centred spinner while its code loads. Announced once as "Loading content" to screen readers.

/** The content area of a screen while it loads: a heading, a filter bar and table rows. */
export function ContentSkeleton({ rows = 8 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-live="polite" data-testid="content-skeleton">
      <span className="visually-hidden">{String(t('LoadingContent'))}</span>
      <Skeleton height={28} width="40%" radius="sm" />
      <Skeleton height={36} radius="sm" />
      <Stack gap={6}>
        {Array.from({ length: rows }, (_, row) => (
          <Skeleton key={row} height={22} radius="sm" />
        ))}
      </Stack>
    </Stack>
  );
}

/** The signed-in frame (header and navigation) with the content skeleton, before the shell's code is loaded. */
export function ShellSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="shell-skeleton" data-testid="shell-skeleton">
      <header className="shell-skeleton-header">
        <strong>{String(t('AppName'))}</strong>
        <Skeleton height={28} width={320} radius="sm" visibleFrom="sm" />
      </header>
      <nav className="shell-skeleton-nav" aria-hidden="true">
        {Array.from({ length: 6 }, (_, item) => (
          <Skeleton key={item} height={20} radius="sm" />
        ))}
      </nav>
      <main id="main" className="shell-skeleton-main">
        <ContentSkeleton />
      </main>
    </div>
  );
}

/** A sign-in style card while a page outside the shell loads. */
export function CardSkeleton() {
  const { t } = useTranslation();
  return (
    <main id="main" className="card-skeleton" role="status" aria-busy="true" data-testid="card-skeleton">
      <span className="visually-hidden">{String(t('LoadingContent'))}</span>
      <Stack gap="md">
        <Skeleton height={28} width="50%" radius="sm" />
        <Skeleton height={36} radius="sm" />
        <Skeleton height={36} radius="sm" />
        <Skeleton height={36} radius="sm" />
      </Stack>
    </main>
  );
}

/** The skeleton of the page at this path: the shell's for a signed-in app screen, else a card. */
export function PageSkeleton({ pathname }: { pathname: string }) {
  const route = matchRoute(pathname);
  const inShell = route !== undefined && route.app !== null && route.kind !== 'public' && route.kind !== 'redirect';
  return inShell && isSignedIn(sessionStore.get()) ? <ShellSkeleton /> : <CardSkeleton />;
}
