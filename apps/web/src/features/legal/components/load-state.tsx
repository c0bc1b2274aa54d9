import type { ReactNode } from 'react';
import { GridEmpty, GridError, GridLoading } from '../../../components/data-grid/grid-states.tsx';
import { describeLegalError } from '../api/describe-legal-error.ts';
import { useTranslation } from 'react-i18next';

// The legal screens' loading, error and empty blocks: the list kit's states (components/data-grid/grid-states.tsx)
// with the legal app's test ids and wording.

/** Placeholder rows while a list or section loads, announced to screen readers. */
export function LoadingBlock({ label, rows = 6, testId }: { label: string; rows?: number; testId?: string }) {
  return <GridLoading label={label} rows={rows} testId={testId ?? 'legal-loading'} />;
}

/** A failed load: what went wrong, the server's field messages, and a way to try again. */
export function LoadError({
  title,
  error,
  onRetry,
  extra,
  testId,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  extra?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <GridError
      title={title}
      error={error}
      onRetry={onRetry}
      describe={(failure) => describeLegalError(t, failure)}
      extra={extra}
      testId={testId ?? 'legal-error'}
    />
  );
}

/** Nothing to show: a sentence, and optionally a way out (clear filters). */
export function EmptyBlock({ text, action, testId }: { text: string; action?: ReactNode; testId?: string }) {
  return <GridEmpty text={text} action={action} testId={testId ?? 'legal-empty'} />;
}
