import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../lib/describe-error.ts';
import { HttpError } from '../../lib/http-client.ts';

/** A list that failed to load: a title, the error (described in the user's language) and a retry. */
export type GridErrorState = {
  title: string;
  error: unknown;
  onRetry: () => void;
  /** a better sentence than the generic one, when the screen knows more (a definition's refusal words) */
  describe?: (error: unknown) => string;
  /** another way out, e.g. Clear filters after a 400 */
  extra?: ReactNode;
};

/** A list with nothing to show: a sentence and optionally a way out (Clear filters). */
export type GridEmptyState = { text: string; action?: ReactNode };

/** Placeholder rows while a list loads, announced to screen readers. */
export function GridLoading({ label, rows = 8, testId }: { label: string; rows?: number; testId?: string }) {
  return (
    <Stack gap={6} role="status" aria-live="polite" data-testid={testId}>
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={28} radius="sm" />
      ))}
    </Stack>
  );
}

/** A failed load: what went wrong, the server's field messages, and a way to try again. */
export function GridError({ title, error, onRetry, describe, extra, testId }: GridErrorState & { testId?: string }) {
  const { t } = useTranslation();
  const fields = error instanceof HttpError ? error.fields : [];
  return (
    <Alert color="red" variant="outline" role="alert" title={title} data-testid={testId}>
      <Stack gap="xs">
        <Text size="sm">{describe ? describe(error) : describeError(error, t)}</Text>
        {fields.length > 0 ? (
          <ul style={{ margin: 0 }}>
            {fields.map((field) => (
              <li key={field.field}>
                <Text size="sm">
                  {field.field}: {field.message}
                </Text>
              </li>
            ))}
          </ul>
        ) : null}
        <Group gap="xs">
          <Button size="xs" onClick={onRetry}>
            {String(t('Retry'))}
          </Button>
          {extra}
        </Group>
      </Stack>
    </Alert>
  );
}

export function GridEmpty({ text, action, testId }: GridEmptyState & { testId?: string }) {
  return (
    <Paper withBorder p="lg" data-testid={testId}>
      <Stack gap="xs" align="flex-start">
        <Text fw={600}>{text}</Text>
        {action}
      </Stack>
    </Paper>
  );
}
