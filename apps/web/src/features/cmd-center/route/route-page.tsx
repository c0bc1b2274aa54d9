import { Alert, Badge, Grid, Group, Select, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import type { RouteDayReply } from '@recovery-desk/domain/command-center/route-day.ts';
import { wallClock } from '@recovery-desk/domain/command-center/time.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { CmdcenterKey } from '@recovery-desk/i18n/locales/cmdcenter-en.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateInput } from '../../../components/form/date-input.tsx';
import { formatDuration, usePreloadMap } from '../../../components/map/map-view.tsx';
import type { MapCircle, MapTrack } from '../../../components/map/map-types.ts';
import { RoutePlayer } from '../../../components/map/route-player.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { formatCount, formatTime } from '../../../lib/format.ts';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';

/** The command-center words with interpolation values (keys chosen at run time: statuses, event types). */
type Translate = (key: CmdcenterKey, values?: Record<string, unknown>) => string;
import { fetchFieldUsers, fetchRouteDay, routeKeys } from '../route-api.ts';

// /cmdCenter/animateRouteTaken (docs/architecture.md "Command center: route replay and dashboards"): pick a collector
// and a day (both in the address: ?userId=&date=, so other screens link here and a reload keeps them); the route on
// the map with its stops (durations), receipts and visits, the player, and the day's timeline beside it — a click on
// a line moves the playhead there.

const DROP_KEYS = {
  invalid: 'CcRouteDropInvalid',
  duplicate: 'CcRouteDropDuplicate',
  future: 'CcRouteDropFuture',
  inaccurate: 'CcRouteDropInaccurate',
  outlier: 'CcRouteDropOutlier',
} as const satisfies Record<keyof RouteDayReply['dropped'], CmdcenterKey>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

type TimelineItem = {
  id: string;
  at: number;
  kind: 'STOP' | 'TRIP' | 'EVENT';
  title: string;
  detail: string;
  mock: boolean;
};

function clock(iso: string, language: string): string {
  return formatTime(iso, language);
}

/** The route's track for the player: fixes, stops with durations, receipts and visits (mock ones flagged). */
export function trackOf(route: RouteDayReply, t: Translate, language: string): MapTrack {
  return {
    positions: route.fixes.map((fix) => ({
      latitude: fix.latitude,
      longitude: fix.longitude,
      at: Date.parse(fix.time),
    })),
    stops: route.stops.map((stop, index) => ({
      id: index,
      latitude: stop.latitude,
      longitude: stop.longitude,
      from: Date.parse(stop.startTime),
      to: Date.parse(stop.endTime),
      label: t('CcRouteStopLabel', { n: index + 1, duration: formatDuration(stop.durationS * 1000) }),
    })),
    events: route.events.map((event, index) => ({
      id: `${event.type}-${index}`,
      latitude: event.latitude,
      longitude: event.longitude,
      label: `${t(`CcRouteEvent${event.type}`)} ${event.ref ?? ''} · ${clock(event.time, language)}${
        event.mock ? ` · ${t('CcRouteMock')}` : ''
      }`,
      tone: event.mock ? 'alert' : event.type === 'RECEIPT' ? 'done' : 'planned',
    })),
  };
}

/** The customers visited that day as circles of the geofence radius (the settings'). */
export function geofencesOf(route: RouteDayReply, t: Translate): MapCircle[] {
  return route.geofences.customers.map((customer) => ({
    id: customer.customerId,
    latitude: customer.latitude,
    longitude: customer.longitude,
    radiusM: route.geofences.radiusM,
    label: customer.accountNo
      ? t('CcRouteGeofenceLabel', { customer: customer.customerName, account: customer.accountNo })
      : customer.customerName,
    tone: 'planned',
  }));
}

function timelineOf(route: RouteDayReply, t: Translate, language: string): TimelineItem[] {
  const items: TimelineItem[] = [
    ...route.stops.map((stop, index) => ({
      id: `stop-${index}`,
      at: Date.parse(stop.startTime),
      kind: 'STOP' as const,
      title: t('CcRouteStopLabel', { n: index + 1, duration: formatDuration(stop.durationS * 1000) }),
      detail: `${clock(stop.startTime, language)}–${clock(stop.endTime, language)}`,
      mock: false,
    })),
    ...route.trips.map((trip, index) => ({
      id: `trip-${index}`,
      at: Date.parse(trip.startTime),
      kind: 'TRIP' as const,
      title: t('CcRouteTripLabel', { distance: formatCount(trip.distanceM / 1000, language, 1) }),
      detail: `${clock(trip.startTime, language)}–${clock(trip.endTime, language)} · ${formatDuration(trip.durationS * 1000)}`,
      mock: false,
    })),
    ...route.events.map((event, index) => ({
      id: `event-${index}`,
      at: Date.parse(event.time),
      kind: 'EVENT' as const,
      title: `${t(`CcRouteEvent${event.type}`)}${event.ref ? ` ${event.ref}` : ''}`,
      detail: clock(event.time, language),
      mock: event.mock,
    })),
  ];
  return items.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
}

function RouteDay({ route }: { route: RouteDayReply }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const tr: Translate = (key, values) => String((t as unknown as Translate)(key, values));
  const track = useMemo(() => trackOf(route, tr, language), [route, language]); // eslint-disable-line react-hooks/exhaustive-deps
  const timeline = useMemo(() => timelineOf(route, tr, language), [route, language]); // eslint-disable-line react-hooks/exhaustive-deps
  const circles = useMemo(() => geofencesOf(route, tr), [route, language]); // eslint-disable-line react-hooks/exhaustive-deps
  const [seek, setSeek] = useState<{ at: number } | null>(null);
  // the timeline line the playhead is on: state only changes when the line does, so the timeline is not rendered again
  // on every animation frame of the playback
  const [current, setCurrent] = useState<string | undefined>(undefined);
  const onTimeChange = useCallback(
    (at: number) => setCurrent(timeline.filter((item) => item.at <= at).at(-1)?.id),
    [timeline],
  );
  const dropped = (Object.entries(route.dropped) as [keyof RouteDayReply['dropped'], number][]).filter(
    ([, count]) => count > 0,
  );

  if (route.fixes.length === 0) {
    return (
      <Alert color="gray" data-testid="cc-route-empty">
        {tr('CcRouteEmpty')}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Group gap="lg" data-testid="cc-route-totals">
        <Text>
          {tr('CcRouteDistance')}: <b>{formatCount(route.totals.distanceM / 1000, language, 1)} km</b>
        </Text>
        <Text>
          {tr('CcRouteMoving')}: <b>{formatDuration(route.totals.movingS * 1000)}</b>
        </Text>
        <Text>
          {tr('CcRouteStopped')}: <b>{formatDuration(route.totals.stoppedS * 1000)}</b>
        </Text>
        <Text>
          {tr('CcRouteStops')}: <b>{formatCount(route.stops.length, language)}</b>
        </Text>
      </Group>
      <Text size="sm" c="dimmed" data-testid="cc-route-dropped">
        {dropped.length === 0
          ? tr('CcRouteDroppedNone')
          : `${tr('CcRouteDropped')}: ${dropped
              .map(([reason, count]) => `${tr(DROP_KEYS[reason])} ${formatCount(count, language)}`)
              .join(', ')}`}
        {route.truncated ? ` ${tr('CcRouteTruncated')}` : ''}
      </Text>
      {route.events.some((event) => event.mock) ? (
        <Alert color="red" data-testid="cc-route-mock-alert">
          {tr('CcRouteMockAlert')}
        </Alert>
      ) : null}
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <RoutePlayer
            label={tr('CcRouteMapLabel', { name: route.user.fullName, date: route.date })}
            track={track}
            circles={circles}
            seek={seek}
            onTimeChange={onTimeChange}
            testId="cc-route-player"
          />
          {circles.length > 0 ? (
            <Text size="sm" c="dimmed" mt={4} data-testid="cc-route-geofences">
              {String(
                t('CcRouteGeofences', {
                  count: circles.length,
                  radius: formatCount(route.geofences.radiusM, language),
                }),
              )}
            </Text>
          ) : null}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Title order={2} size="h4">
            {tr('CcRouteTimeline')}
          </Title>
          <Table striped data-testid="cc-route-timeline">
            <Table.Tbody>
              {timeline.map((item) => (
                <Table.Tr key={item.id} bg={item.id === current ? 'blue.0' : undefined}>
                  <Table.Td>
                    <UnstyledButton
                      onClick={() => setSeek({ at: item.at })}
                      aria-current={item.id === current ? 'step' : undefined}
                      data-testid={`cc-route-item-${item.id}`}
                    >
                      <Text size="sm" fw={600}>
                        {item.title}{' '}
                        {item.mock ? (
                          <Badge color="red" size="xs">
                            {tr('CcRouteMock')}
                          </Badge>
                        ) : null}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {tr(`CcRouteKind${item.kind}`)} · {item.detail}
                      </Text>
                    </UnstyledButton>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function RouteReplayPage() {
  const { t, i18n } = useTranslation();
  const route = findRouteByName('animateRouteTaken');
  const title = route ? translateKey(t, route.labelKey, route.label) : 'Animated Route Taken';
  const [params, setParams] = useSearchParams();
  const userId = Number(params.get('userId')) || null;
  const dateParam = params.get('date') ?? '';
  const date = ISO_DATE.test(dateParam) ? dateParam : wallClock(Date.now()).date;
  const [dateText, setDateText] = useState(date);
  const set = (next: { userId?: number | null; date?: string }) => {
    const search = new URLSearchParams(params);
    const nextUser = next.userId === undefined ? userId : next.userId;
    if (nextUser) search.set('userId', String(nextUser));
    else search.delete('userId');
    search.set('date', next.date ?? date);
    setParams(search, { replace: true });
  };
  const day = useQuery({
    queryKey: routeKeys.route(userId ?? 0, date),
    queryFn: ({ signal }) => fetchRouteDay(userId!, date, signal),
    enabled: userId !== null,
  });
  // The picker searches the server (name or username), so a unit with more collectors than one page finds any of
  // them; the chosen collector stays an option whatever the search shows.
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const dayUser = day.data?.user;
  const selected =
    userId === null
      ? null
      : chosen?.value === String(userId)
        ? chosen
        : dayUser?.id === userId
          ? { value: String(userId), label: `${dayUser.fullName} (${dayUser.username})` }
          : null;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const q = selected && debounced === selected.label ? '' : debounced;
  const users = useQuery({
    queryKey: routeKeys.fieldUsers(q),
    queryFn: ({ signal }) => fetchFieldUsers(q, signal),
    placeholderData: keepPreviousData,
  });
  const options = (users.data?.rows ?? []).map((row) => ({
    value: String(row.userId),
    label: `${row.fullName} (${row.username})`,
  }));
  if (selected && !options.some((option) => option.value === selected.value)) options.unshift(selected);
  const more = users.data && users.data.total > users.data.rows.length ? users.data : null;
  // the map kit loads beside the day's route, not after it
  usePreloadMap(userId !== null);
  return (
    <Stack gap="md" data-testid="cc-route">
      <Title order={1}>{title}</Title>
      <Group align="flex-end" gap="md">
        <Select
          label={String(t('CcRouteCollector'))}
          placeholder={String(t('CcRouteChoose'))}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={users.isFetching ? String(t('CcLoading')) : String(t('CcRouteNoMatch'))}
          description={
            more
              ? String(
                  t('CcRouteSearchMore', {
                    shown: formatCount(more.rows.length, i18n.language),
                    total: formatCount(more.total, i18n.language),
                  }),
                )
              : undefined
          }
          data={options}
          value={userId ? String(userId) : null}
          onChange={(value, option) => {
            setChosen(value ? { value, label: option?.label ?? value } : null);
            set({ userId: value ? Number(value) : null });
          }}
          data-testid="cc-route-collector"
          w={320}
        />
        <DateInput
          label={String(t('CcRouteDate'))}
          value={dateText}
          onChange={(value) => {
            setDateText(value);
            if (ISO_DATE.test(value)) set({ date: value });
          }}
          data-testid="cc-route-date"
          w={200}
        />
      </Group>
      {users.isError ? (
        <Alert color="red" role="alert" title={String(t('CcDataLoadFailed'))}>
          {describeError(users.error, t)}
        </Alert>
      ) : null}
      {userId === null ? <Text c="dimmed">{String(t('CcRoutePick'))}</Text> : null}
      {userId !== null && day.isPending ? <Text aria-busy="true">{String(t('CcLoading'))}</Text> : null}
      {day.isError ? (
        <Alert color="red" role="alert" title={String(t('CcDataLoadFailed'))}>
          {describeError(day.error, t)}
        </Alert>
      ) : null}
      {day.data ? <RouteDay route={day.data} /> : null}
    </Stack>
  );
}
