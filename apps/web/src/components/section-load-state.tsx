import type { UseQueryResult } from '@tanstack/react-query';
import { GridError, GridLoading } from './data-grid/grid-states.tsx';

// The loading and failed states of a section that reads one query (a case screen's widget, a card): placeholder rows
// announced to screen readers while it loads, then the error in the user's words with a way to try again. The list
// kit's states (data-grid/grid-states.tsx), so every section words and behaves the same.

type SectionQuery = Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'refetch'>;

/** Render while `query.isPending || query.isError`; nothing once it has data. */
export function SectionLoadState({
  query,
  loading,
  failed,
  rows = 3,
  testId,
}: {
  query: SectionQuery;
  /** what is loading, for screen readers ("Loading the inventory…") */
  loading: string;
  /** the error's title ("The inventory could not be loaded") */
  failed: string;
  rows?: number;
  testId?: string;
}) {
  if (query.isPending) return <GridLoading label={loading} rows={rows} testId={testId && `${testId}-loading`} />;
  if (query.isError) {
    return (
      <GridError
        title={failed}
        error={query.error}
        onRetry={() => void query.refetch()}
        testId={testId && `${testId}-error`}
      />
    );
  }
  return null;
}
