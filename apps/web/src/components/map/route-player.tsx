import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../data-table.tsx';
import { MapView, formatDuration } from './map-view.tsx';
import type { MapCircle, MapTrack } from './map-types.ts';
import { PLAYBACK_SPEEDS, type PlaybackSpeed } from './playback.ts';

// Route playback on the map component: a day's timed positions drawn as a route, its stops (with their durations) and
// events (receipts, visits), circles (the customers' geofences, listed in the table too), and a marker that travels
// it. Controls: play / pause, speed 1× 5× 20× 60×, and a scrubber (a range input) with the time shown; all native
// buttons and inputs, labelled, so the keyboard works them. Animation runs on requestAnimationFrame and pauses when
// the page is hidden.

export type RoutePlayerProps = {
  label: string;
  track: MapTrack;
  /** circles drawn with the route (the customers' geofences), listed in the table as geofences */
  circles?: readonly MapCircle[];
  height?: number | string;
  testId?: string;
  /** moves the playhead there (pausing); a new object each time, so the same instant can be sought twice */
  seek?: { at: number } | null;
  /** the playhead, whenever it moves */
  onTimeChange?: (at: number) => void;
};

/** The clock of a moment, India time (HH:MM, or HH:MM:SS with `seconds`): one formatter per language and form. */
function clockFormat(language: string, seconds = false): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    timeZone: 'Asia/Kolkata',
  });
}

type Row = { id: string; kind: string; label: string; time: string; duration: string };

export function RoutePlayer({
  label,
  track,
  circles,
  height = 420,
  testId = 'route-player',
  seek = null,
  onTimeChange,
}: RoutePlayerProps) {
  const { t, i18n } = useTranslation();
  const positions = track.positions;
  const start = positions[0]?.at ?? 0;
  const end = positions[positions.length - 1]?.at ?? 0;
  const [at, setAtState] = useState(start);
  const atRef = useRef(start);
  const setAt = (next: number) => {
    atRef.current = next;
    setAtState(next);
  };
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<PlaybackSpeed>(20);
  const speedRef = useRef(speed);
  speedRef.current = speed;

  // a new track starts again from its first position
  useEffect(() => {
    atRef.current = start;
    setAtState(start);
    setPlaying(false);
  }, [start, end]);

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let last: number | null = null;
    const step = (now: number) => {
      const elapsed = last === null ? 0 : now - last;
      last = now;
      const next = Math.min(end, atRef.current + elapsed * speedRef.current);
      atRef.current = next;
      setAt(next);
      if (next >= end) {
        setPlaying(false);
        return;
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    const onVisibility = () => {
      if (document.hidden) setPlaying(false);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [playing, end]);

  useEffect(() => {
    if (!seek) return;
    const next = Math.min(end, Math.max(start, seek.at));
    atRef.current = next;
    setAtState(next);
    setPlaying(false);
  }, [seek, start, end]);

  const onTimeChangeRef = useRef(onTimeChange);
  onTimeChangeRef.current = onTimeChange;
  useEffect(() => {
    onTimeChangeRef.current?.(at);
  }, [at]);

  const empty = positions.length === 0;
  const language = i18n.language;
  // the player re-renders on every animation frame while it plays: the formatters and the table's rows are made once
  // per track and language, not per frame
  const secondsClock = useMemo(() => clockFormat(language, true), [language]);
  const rows: Row[] = useMemo(() => {
    const minutesClock = clockFormat(language);
    return [
      ...(track.stops ?? []).map((stop) => ({
        id: `stop-${stop.id}`,
        kind: String(t('MapStop')),
        label: stop.label,
        time: `${minutesClock.format(stop.from)}–${minutesClock.format(stop.to)}`,
        duration: formatDuration(stop.to - stop.from),
      })),
      ...(track.events ?? []).map((event) => ({
        id: `event-${event.id}`,
        kind: String(t('MapEvent')),
        label: event.label,
        time: '',
        duration: '',
      })),
      ...(circles ?? []).map((circle) => ({
        id: `circle-${circle.id}`,
        kind: String(t('MapGeofence')),
        label: String(t('MapCircleTitle', { label: circle.label, radius: circle.radiusM })),
        time: '',
        duration: '',
      })),
    ];
  }, [track, circles, language, t]);
  const now = empty ? '' : secondsClock.format(at);

  const controls = (
    <Stack gap={4} data-testid={`${testId}-controls`}>
      <Group gap="sm" wrap="wrap" align="center">
        <Button
          size="compact-sm"
          disabled={empty}
          onClick={() => {
            if (!playing && at >= end) setAt(start);
            setPlaying(!playing);
          }}
          data-testid={`${testId}-play`}
        >
          {String(t(playing ? 'MapPause' : 'MapPlay'))}
        </Button>
        <SegmentedControl
          size="xs"
          aria-label={String(t('MapSpeed'))}
          value={String(speed)}
          onChange={(value) => setSpeed(Number(value) as PlaybackSpeed)}
          data={PLAYBACK_SPEEDS.map((value) => ({ value: String(value), label: `${value}×` }))}
          data-testid={`${testId}-speed`}
        />
        <Text size="sm" component="output" aria-live="off" data-testid={`${testId}-time`}>
          {now}
        </Text>
      </Group>
      <input
        type="range"
        aria-label={String(t('MapScrubber'))}
        aria-valuetext={now}
        min={start}
        max={end}
        step={1000}
        value={Math.round(at)}
        disabled={empty}
        onChange={(event) => {
          setPlaying(false);
          setAt(Number(event.currentTarget.value));
        }}
        style={{ width: '100%' }}
        data-testid={`${testId}-scrubber`}
      />
    </Stack>
  );

  return (
    <MapView
      label={label}
      height={height}
      testId={testId}
      track={track}
      circles={circles}
      playhead={at}
      controls={controls}
      table={
        <DataTable<Row>
          caption={String(t('MapTableCaption', { label }))}
          columns={[
            { key: 'kind', label: String(t('MapKind')), render: (row) => row.kind },
            { key: 'label', label: String(t('MapPlace')), render: (row) => row.label },
            { key: 'time', label: String(t('MapTime')), render: (row) => row.time },
            { key: 'duration', label: String(t('MapDuration')), render: (row) => row.duration },
          ]}
          rows={rows}
          rowKey={(row) => row.id}
          emptyText={String(t('MapNothing'))}
        />
      }
    />
  );
}
