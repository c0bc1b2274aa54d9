import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TFunction, i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';
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

/** The words of a field a 400 names: `query.dpdTo` → the filter's label ("DPD to") when the dictionary has one. */
function fieldWords(t: TFunction, i18n: I18n, field: string): string {
  const name = field.replace(/^(query|body|params)\./, '');
  const key = name.charAt(0).toUpperCase() + name.slice(1);
  return i18n.exists(key) ? String(t(key as DictionaryKey)) : name;
}

/**
 * A failed load: what went wrong, and a way to try again. A 400 that names fields (a filter in the address the
 * server refuses) says so once, each field by its label with the server's message; other failures are described.
 */
export function GridError({ title, error, onRetry, describe, extra, testId }: GridErrorState & { testId?: string }) {
  const { t, i18n } = useTranslation();
  const fields = error instanceof HttpError && error.status === 400 ? error.fields : [];
  return (
    <Alert color="red" variant="outline" role="alert" title={title} data-testid={testId}>
      <Stack gap="xs">
        <Text size="sm">
          {fields.length > 0 ? String(t('InvalidListFilters')) : describe ? describe(error) : describeError(error, t)}
        </Text>
        {fields.length > 0 ? (
          <ul style={{ margin: 0 }}>
            {fields.map((field) => (
              <li key={field.field}>
                <Text size="sm">
                  {fieldWords(t, i18n, field.field)}: {field.message}
                </Text>
              </li>
            ))}
          </ul>
        ) : null}
        <Group gap="xs">
          {fields.length > 0 ? null : (
            <Button size="xs" onClick={onRetry}>
              {String(t('Retry'))}
            </Button>
          )}
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
