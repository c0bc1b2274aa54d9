import type { ReactNode } from 'react';
import { GridEmpty, GridError, GridLoading } from './grid-states.tsx';

/** What a list screen reads of its TanStack query: enough to tell loading, failed and loaded apart. */
export type ListQueryState = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: unknown;
  refetch: () => unknown;
};

/**
 * The three states every list screen shows before its table, in one place: placeholder rows while the first page
 * loads, the failure with Retry (a 400's fields by their labels) when nothing was loaded, and the empty sentence.
 * A refetch that fails while earlier rows are shown keeps the rows. Test ids: `<testId>-loading`, `-error`, `-empty`.
 */
export function QueryStates({
  query,
  isEmpty,
  loading,
  failed,
  empty,
  emptyAction,
  describe,
  placeholderRows,
  testId,
  children,
}: {
  query: ListQueryState;
  /** the loaded reply has no rows */
  isEmpty: boolean;
  loading: string;
  failed: string;
  empty: string;
  emptyAction?: ReactNode;
  describe?: (error: unknown) => string;
  placeholderRows?: number;
  testId: string;
  children: ReactNode;
}) {
  if (query.isPending) return <GridLoading label={loading} rows={placeholderRows} testId={`${testId}-loading`} />;
  if (query.isError && query.data === undefined)
    return (
      <GridError
        title={failed}
        error={query.error}
        onRetry={() => void query.refetch()}
        describe={describe}
        testId={`${testId}-error`}
      />
    );
  if (isEmpty) return <GridEmpty text={empty} action={emptyAction} testId={`${testId}-empty`} />;
  return <>{children}</>;
}
