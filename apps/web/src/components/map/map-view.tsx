import { Badge, Box, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mapSettingsSchema } from '@recovery-desk/domain/field/contracts.ts';
import { apiClient } from '../../lib/http-client.ts';
import { DataTable } from '../data-table.tsx';
import { PagePager } from '../page-pager.tsx';
import type { LeafletMapHandle, MapText } from './leaflet-map.ts';
import type { BasemapKind, DrawMode, MapData, MapPoint } from './map-types.ts';

// The product's map component (docs/architecture.md "The map component"). A screen gives it what to draw — markers
// (optionally numbered and joined as a route, or clustered by zoom), density cells, a track to play — and an
// accessible name; the component loads Leaflet on first use, reads the tile settings (GET /api/map-settings), falls
// back to the bundled offline basemap, and offers the same content as a table (keyboard and screen-reader users, and
// anyone on a map that cannot load). With `onSelect`, points are selected by drawing a polygon or a lasso, by a list of
// pincodes, or by the table's checkboxes.

export type MapViewProps = MapData & {
  /** names the map region and its table */
  label: string;
  height?: number | string;
  /** the table's rows: by default one row per point (its number and label) */
  table?: ReactNode;
  testId?: string;
  /** makes the points selectable: the ids selected by drawing, pincodes or the table (controlled with `selected`) */
  onSelect?: (ids: (string | number)[]) => void;
  /** the played route's moment (epoch ms; RoutePlayer sets it) */
  playhead?: number;
  /** extra controls shown under the map (RoutePlayer's) */
  controls?: ReactNode;
};

export async function fetchMapSettings() {
  return mapSettingsSchema.parse(await apiClient.get<unknown>('/api/map-settings'));
}

const MAP_SETTINGS_KEY = ['map-settings'] as const;

/** Starts downloading Leaflet's side of the map kit (the browser keeps the module: a later import is immediate). */
function loadLeafletModule(): void {
  import('./leaflet-map.ts').catch(() => undefined);
}

/**
 * Starts loading what a map needs — the Leaflet module and the tile settings — while the screen's own data loads, so
 * that the map is drawn as soon as the data comes instead of fetching them one after the other then (measured by
 * bench/src/cmd-center-maps.ts: on the route replay they came after the day's route, one round trip each).
 */
export function usePreloadMap(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    loadLeafletModule();
    void queryClient.prefetchQuery({ queryKey: MAP_SETTINGS_KEY, queryFn: fetchMapSettings, staleTime: Infinity });
  }, [enabled, queryClient]);
}

/** Rows the fallback table shows at once; more are paged. */
const TABLE_PAGE = 100;

function PointsTable({
  label,
  points,
  selected,
  onSelect,
}: {
  label: string;
  points: readonly MapPoint[];
  selected?: readonly (string | number)[];
  onSelect?: (ids: (string | number)[]) => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(TABLE_PAGE);
  const paged = points.length > TABLE_PAGE;
  const rows = paged ? points.slice((page - 1) * pageSize, page * pageSize) : points;
  const selectedSet = useMemo(() => new Set(selected ?? []), [selected]);
  const hasPincodes = points.some((point) => point.pincode);
  return (
    <Stack gap={4}>
      <DataTable<MapPoint>
        caption={String(t('MapTableCaption', { label }))}
        columns={[
          { key: 'order', label: String(t('MapStop')), render: (row) => row.order ?? '' },
          { key: 'label', label: String(t('MapPlace')), render: (row) => row.label },
          ...(hasPincodes
            ? [{ key: 'pincode', label: String(t('MapPincode')), render: (row: MapPoint) => row.pincode ?? '' }]
            : []),
          {
            key: 'position',
            label: String(t('MapPosition')),
            render: (row) => `${row.latitude.toFixed(5)}, ${row.longitude.toFixed(5)}`,
          },
        ]}
        rows={rows}
        rowKey={(row) => row.id}
        emptyText={String(t('MapNothing'))}
        selection={onSelect ? { selected: selectedSet, onChange: (next) => onSelect([...next]) } : undefined}
      />
      {paged ? (
        <PagePager
          page={page}
          pageSize={pageSize}
          count={points.length}
          label={label}
          onChange={(nextPage, nextSize) => {
            setPage(nextPage);
            setPageSize(nextSize);
          }}
        />
      ) : null}
    </Stack>
  );
}

function formatClock(at: number, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Kolkata' }).format(at);
}

/** A duration as h:mm (no unit word, so no plural forms). */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

export function MapView({
  label,
  height = 420,
  table,
  testId = 'map-view',
  onSelect,
  playhead,
  controls,
  ...data
}: MapViewProps) {
  const { t, i18n } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const handle = useRef<LeafletMapHandle | null>(null);
  const [basemap, setBasemap] = useState<BasemapKind | null>(null);
  const [failed, setFailed] = useState(false);
  const [showTable, setShowTable] = useState(false);
  const [drawMode, setDrawMode] = useState<DrawMode | null>(null);
  const [pincodes, setPincodes] = useState('');
  const settings = useQuery({ queryKey: MAP_SETTINGS_KEY, queryFn: fetchMapSettings, staleTime: Infinity });
  // the module downloads while the settings load (not after them)
  useEffect(loadLeafletModule, []);
  const dataRef = useRef(data);
  dataRef.current = data;
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const language = i18n.language;
  const text: MapText = useMemo(
    () => ({
      cluster: (count) => String(t('MapClusterTitle', { number: count })),
      stop: (stop) =>
        String(
          t('MapStopTitle', {
            label: stop.label,
            from: formatClock(stop.from, language),
            to: formatClock(stop.to, language),
            duration: formatDuration(stop.to - stop.from),
          }),
        ),
      circle: (circle) =>
        String(
          t('MapCircleTitle', { label: circle.label, radius: new Intl.NumberFormat(language).format(circle.radiusM) }),
        ),
      here: String(t('MapPlayhead')),
    }),
    [t, language],
  );
  const textRef = useRef(text);
  textRef.current = text;

  const ready = settings.isSuccess || settings.isError;
  useEffect(() => {
    if (!ready || !element.current) return;
    let cancelled = false;
    const tiles = settings.data ?? { tileUrl: null, attribution: null };
    import('./leaflet-map.ts')
      .then(({ createLeafletMap }) => {
        if (cancelled || !element.current) return;
        handle.current = createLeafletMap(element.current, tiles, setBasemap, textRef.current);
        handle.current.update(dataRef.current);
        if (playheadRef.current !== undefined) handle.current.setPlayhead(playheadRef.current);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      handle.current?.destroy();
      handle.current = null;
    };
  }, [ready, settings.data]);

  // redraw when the data's content changes (compared by value, but only stringified when an array is new: the route
  // player re-renders on every animation frame, and an allocation map holds 20,000 points)
  const { points, density, circles, route, start, cluster, track, selected } = data;
  const key = useMemo(
    () => JSON.stringify([points, density, circles, route, start, cluster, track]),
    [points, density, circles, route, start, cluster, track],
  );
  useEffect(() => {
    handle.current?.update(dataRef.current);
  }, [key]);
  const selectedKey = useMemo(() => JSON.stringify(selected ?? []), [selected]);
  useEffect(() => {
    handle.current?.select(dataRef.current.selected ?? []);
  }, [selectedKey]);
  const playheadRef = useRef(playhead);
  playheadRef.current = playhead;
  useEffect(() => {
    if (playhead !== undefined) handle.current?.setPlayhead(playhead);
  }, [playhead]);

  const startDrawing = (mode: DrawMode) => {
    if (!handle.current) return;
    setDrawMode(mode);
    handle.current.draw(mode, (ids) => {
      setDrawMode(null);
      onSelectRef.current?.(ids);
    });
  };
  const clearSelection = () => {
    handle.current?.clearDrawing();
    setDrawMode(null);
    onSelect?.([]);
  };
  const selectPincodes = () => {
    const wanted = new Set(
      pincodes
        .split(/[\s,;]+/)
        .map((code) => code.trim())
        .filter(Boolean),
    );
    onSelect?.((data.points ?? []).filter((point) => point.pincode && wanted.has(point.pincode)).map((p) => p.id));
  };
  const selectedCount = data.selected?.length ?? 0;
  const hasPincodes = (data.points ?? []).some((point) => point.pincode);

  return (
    <Stack gap={6} data-testid={testId}>
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Group gap="xs">
          {basemap === 'offline' ? (
            <Badge variant="outline" color="dark.7" data-testid={`${testId}-offline`}>
              {String(t('MapOffline'))}
            </Badge>
          ) : null}
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => setShowTable((shown) => !shown)}
            aria-expanded={showTable}
          >
            {String(t(showTable ? 'MapHideTable' : 'MapShowTable'))}
          </Button>
        </Group>
      </Group>
      {onSelect ? (
        <Group gap="xs" wrap="wrap" data-testid={`${testId}-select`}>
          <Button
            size="compact-sm"
            variant={drawMode === 'polygon' ? 'filled' : 'default'}
            aria-pressed={drawMode === 'polygon'}
            disabled={!basemap}
            onClick={() => startDrawing('polygon')}
          >
            {String(t('MapDrawPolygon'))}
          </Button>
          {drawMode === 'polygon' ? (
            <Button size="compact-sm" variant="default" onClick={() => handle.current?.finishDrawing()}>
              {String(t('MapFinishPolygon'))}
            </Button>
          ) : null}
          <Button
            size="compact-sm"
            variant={drawMode === 'lasso' ? 'filled' : 'default'}
            aria-pressed={drawMode === 'lasso'}
            disabled={!basemap}
            onClick={() => startDrawing('lasso')}
          >
            {String(t('MapDrawLasso'))}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={clearSelection}
            disabled={selectedCount === 0 && !drawMode}
          >
            {String(t('MapClearSelection'))}
          </Button>
          <Text size="sm" role="status" aria-live="polite" data-testid={`${testId}-selected`}>
            {String(t('SelectedCount', { count: selectedCount }))}
          </Text>
          {drawMode ? (
            <Text size="xs" c="dimmed">
              {String(t(drawMode === 'polygon' ? 'MapPolygonHelp' : 'MapLassoHelp'))}
            </Text>
          ) : null}
          {hasPincodes ? (
            <Group gap={4} align="flex-end">
              <TextInput
                size="xs"
                label={String(t('MapPincodes'))}
                description={String(t('MapPincodesHelp'))}
                value={pincodes}
                onChange={(event) => setPincodes(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') selectPincodes();
                }}
              />
              <Button size="compact-sm" variant="default" onClick={selectPincodes}>
                {String(t('MapSelectPincodes'))}
              </Button>
            </Group>
          ) : null}
        </Group>
      ) : null}
      {failed ? (
        <Text size="sm" c="red.9" role="alert">
          {String(t('MapLoadFailed'))}
        </Text>
      ) : null}
      <Box
        ref={element}
        role="region"
        aria-label={label}
        data-basemap={basemap ?? ''}
        data-testid={`${testId}-canvas`}
        style={{
          height,
          width: '100%',
          borderRadius: 4,
          overflow: 'hidden',
          border: '1px solid var(--mantine-color-gray-4)',
        }}
      />
      {controls}
      {showTable || failed
        ? (table ?? (
            <PointsTable
              label={label}
              points={[
                ...(data.points ?? []),
                // circles are places too (not selectable: a selection is of points)
                ...(onSelect
                  ? []
                  : (data.circles ?? []).map((circle) => ({
                      id: `circle-${circle.id}`,
                      latitude: circle.latitude,
                      longitude: circle.longitude,
                      label: text.circle?.(circle) ?? circle.label,
                    }))),
              ]}
              selected={data.selected}
              onSelect={onSelect}
            />
          ))
        : null}
    </Stack>
  );
}
