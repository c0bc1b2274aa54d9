import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http-client.ts';
import { describeLegalError } from '../api/describe-legal-error.ts';

/** Placeholder rows while a list or section loads, announced to screen readers. */
export function LoadingBlock({ label, rows = 6, testId }: { label: string; rows?: number; testId?: string }) {
  return (
    <Stack gap={6} role="status" aria-live="polite" data-testid={testId ?? 'legal-loading'}>
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={28} radius="sm" />
      ))}
    </Stack>
  );
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
  const fields = error instanceof HttpError ? error.fields : [];
  return (
    <Alert color="red" variant="outline" role="alert" title={title} data-testid={testId ?? 'legal-error'}>
      <Stack gap="xs">
        <Text size="sm">{describeLegalError(t, error)}</Text>
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

/** Nothing to show: a sentence, and optionally a way out (clear filters). */
export function EmptyBlock({ text, action, testId }: { text: string; action?: ReactNode; testId?: string }) {
  return (
    <Paper withBorder p="lg" data-testid={testId ?? 'legal-empty'}>
      <Stack gap="xs" align="flex-start">
        <Text fw={600}>{text}</Text>
        {action}
      </Stack>
    </Paper>
  );
}
