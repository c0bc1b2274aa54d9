import { Alert, Button, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSkeleton } from '../components/page-skeleton.tsx';
import { startLanguage } from '../lib/i18n/i18n.ts';
import { loadPublicConfig } from '../lib/public-config.ts';
import { LightRouterProvider } from './light-router.tsx';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

type Startup =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; router: ReturnType<typeof createAppRouter> };

/** Loads the public configuration once, then starts the router. */
export function App() {
  const [startup, setStartup] = useState<Startup>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    Promise.all([loadPublicConfig(), startLanguage()])
      .then(([config]) => {
        if (isCurrent) setStartup({ state: 'ready', router: createAppRouter({ demoMode: config.demoMode }) });
      })
      .catch((error: unknown) => {
        console.error('Public configuration could not be loaded', error);
        if (isCurrent) setStartup({ state: 'failed' });
      });
    return () => {
      isCurrent = false;
    };
  }, [attempt]);

  return (
    <Providers>
      {startup.state === 'ready' ? (
        <LightRouterProvider router={startup.router} />
      ) : (
        <StartupScreen
          isFailed={startup.state === 'failed'}
          onRetry={() => {
            setStartup({ state: 'loading' });
            setAttempt((value) => value + 1);
          }}
        />
      )}
    </Providers>
  );
}

function StartupScreen({ isFailed, onRetry }: { isFailed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  // Starting: the page's skeleton, not a spinner (the shell's frame for a signed-in app screen).
  if (!isFailed) return <PageSkeleton pathname={window.location.pathname} />;
  return (
    <main id="main" style={{ maxWidth: 480, margin: '10vh auto', padding: 16 }}>
      <Stack>
        <Title order={1} size="h2">
          {String(t('ConfigLoadFailedTitle'))}
        </Title>
        <Alert color="red" variant="outline">
          {String(t('ConfigLoadFailedMessage'))}
        </Alert>
        <Button onClick={onRetry}>{String(t('TryAgain'))}</Button>
      </Stack>
    </main>
  );
}
