import { PageSkeleton } from '../components/page-skeleton.tsx';

/** While the first screen's code loads: the page's skeleton (the shell's frame for a signed-in app screen). */
export function HydrateFallback() {
  return <PageSkeleton pathname={window.location.pathname} />;
}
