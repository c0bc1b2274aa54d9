import { useTranslation } from 'react-i18next';
import { PageLoader } from '../components/page-loader.tsx';

export function HydrateFallback() {
  const { t } = useTranslation();
  return (
    <main id="main">
      <PageLoader label={String(t('Loading'))} />
    </main>
  );
}
