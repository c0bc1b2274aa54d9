import { AppDashboardPage } from '../shell/app-dashboard-page.tsx';
import { CollectionsKpis } from './collections-kpis.tsx';

/** /collapp: the app home with the collections figures of the acting unit's subtree above the screen links. */
export function CollectionsDashboardPage() {
  return <AppDashboardPage summary={<CollectionsKpis />} />;
}
