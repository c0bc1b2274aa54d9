import { Anchor, Button, Group, NativeSelect, NumberInput, TextInput } from '@mantine/core';
import { fieldUsersReplySchema } from '@recovery-desk/domain/command-center/ingest.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { commandCenterClient } from '../../../lib/http-client.ts';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';

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
