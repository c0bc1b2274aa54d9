import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { fieldUsersReplySchema } from '@recovery-desk/domain/command-center/ingest.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { commandCenterClient } from '../../../lib/http-client.ts';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { exportActivity, type ActivityExport } from '../activity-api.ts';

// What the activity screens share: the title from the route catalogue, today in India time, the report filters
// (range, user, and the idle minutes) kept in the URL, and the links to an account's field activity and a route.

const IST_OFFSET_MS = 330 * 60_000;

/** Today (YYYY-MM-DD) in India time, the command center's zone. */
export function todayInIndia(now = Date.now()): string {
  return new Date(now + IST_OFFSET_MS).toISOString().slice(0, 10);
}

export function useRouteTitle(name: string, fallback: string): string {
  const { t } = useTranslation();
  const route = findRouteByName(name);
  return route ? translateKey(t, route.labelKey, route.label) : fallback;
}

export function accountActivityPath(accountId: number): string {
  return `/cmdCenter/activeinactiveuser/account/${accountId}`;
}

export function routeOfDayPath(userId: number, date: string): string {
  return `/cmdCenter/animateRouteTaken?userId=${userId}&date=${date}`;
}

/** An account number that opens the account's field activity. */
export function AccountLink({ accountId, accountNo }: { accountId: number | null; accountNo: string | null }) {
  if (accountNo === null) return null;
  if (accountId === null) return <>{accountNo}</>;
  return (
    <Anchor component={Link} to={accountActivityPath(accountId)}>
      {accountNo}
    </Anchor>
  );
}

export function useMinutes() {
  const { i18n } = useTranslation();
  return (minutes: number) => formatCount(minutes, i18n.language, 1);
}

export function useDateTime() {
  const { i18n } = useTranslation();
  return (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');
}

/** The subtree's field users for a user filter (the first 100 by name). */
function useFieldUserOptions() {
  return useQuery({
    queryKey: ['cmd-center', 'field-users', 'options'],
    queryFn: async ({ signal }) =>
      fieldUsersReplySchema.parse(
        await commandCenterClient.get<unknown>('/api/cmd-center/field-users?pageSize=100', { signal }),
      ),
    staleTime: 5 * 60_000,
  });
}

export type ReportFilter = { from: string; to: string; userId: string; minMinutes: string };

/** The report's filters as they stand in the URL (today when none). */
export function useReportFilter(): ReportFilter {
  const [params] = useSearchParams();
  const today = todayInIndia();
  return {
    from: params.get('from') ?? today,
    to: params.get('to') ?? today,
    userId: params.get('userId') ?? '',
    minMinutes: params.get('minMinutes') ?? '',
  };
}

/** Range, user and (the idle report) minimum minutes; applied to the URL on submit. */
export function ReportFilters({ withMinutes = false }: { withMinutes?: boolean }) {
  const { t } = useTranslation();
  const current = useReportFilter();
  const [, setParams] = useSearchParams();
  const [draft, setDraft] = useState(current);
  const users = useFieldUserOptions();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(draft)) if (value) next.set(key, value);
    setParams(next);
  };
  return (
    <form onSubmit={submit} data-testid="cc-report-filters">
      <Group align="end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label={String(t('CcFilterFrom'))}
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
          w={170}
        />
        <TextInput
          type="date"
          label={String(t('CcFilterTo'))}
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
          w={170}
        />
        <NativeSelect
          label={String(t('CcFilterUser'))}
          value={draft.userId}
          onChange={(event) => setDraft({ ...draft, userId: event.currentTarget.value })}
          data={[
            { value: '', label: String(t('CcFilterAllUsers')) },
            ...(users.data?.rows ?? []).map((user) => ({ value: String(user.userId), label: user.fullName })),
          ]}
          w={220}
        />
        {withMinutes ? (
          <NumberInput
            label={String(t('CcFilterMinMinutes'))}
            value={draft.minMinutes}
            min={5}
            max={480}
            allowDecimal={false}
            onChange={(value) => setDraft({ ...draft, minMinutes: value === '' ? '' : String(value) })}
            w={170}
          />
        ) : null}
        <Button type="submit">{String(t('CcFilterApply'))}</Button>
      </Group>
    </form>
  );
}

/**
 * The frame of a range report (Idle Time, Time Spent): title, intro, the filters, the read's error, CSV and XLSX of
 * the filtered report, an optional summary, then the grid and the map side by side, and what follows them.
 */
export function RangeReportFrame({
  testId,
  title,
  intro,
  withMinutes = false,
  error,
  exported,
  summary,
  grid,
  map,
  children,
}: {
  testId: string;
  title: string;
  intro: string;
  withMinutes?: boolean;
  error: unknown;
  /** the export's endpoint, the filters it is read with, the file's name and the route the toast names */
  exported: { report: ActivityExport; query: URLSearchParams; fileBase: string; from: string };
  summary?: ReactNode;
  grid: ReactNode;
  map: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid={testId}>
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{intro}</Text>
      <ReportFilters withMinutes={withMinutes} />
      {error ? (
        <Alert color="red" role="alert" title={String(t('CcLoadFailed'))}>
          {describeError(error, t)}
        </Alert>
      ) : null}
      <ExportButtons
        fileBase={exported.fileBase}
        from={exported.from}
        describeError={(failure) => describeError(failure, t)}
        exportFile={async (format) => ({ file: await exportActivity(exported.report, exported.query, format) })}
      />
      {summary}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {grid}
        {map}
      </SimpleGrid>
      {children}
    </Stack>
  );
}
