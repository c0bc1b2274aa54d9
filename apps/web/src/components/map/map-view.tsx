import { Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mapSettingsSchema } from '@recovery-desk/domain/field/contracts.ts';
import { apiClient } from '../../lib/http-client.ts';
import { DataTable } from '../data-table.tsx';
import type { LeafletMapHandle } from './leaflet-map.ts';
import type { BasemapKind, MapData, MapPoint } from './map-types.ts';

// The product's map component (docs/architecture.md "The map component"). A screen gives it what to draw — markers
// (optionally numbered and joined as a route), density cells — and an accessible name; the component loads Leaflet
// on first use, reads the tile settings (GET /api/map-settings), falls back to the bundled offline basemap, and offers
// the same content as a table (keyboard and screen-reader users, and anyone on a map that cannot load).

export type MapViewProps = MapData & {
  /** names the map region and its table */
  label: string;
  height?: number | string;
  /** the table's rows: by default one row per point (its number and label) */
  table?: ReactNode;
  testId?: string;
};

export async function fetchMapSettings() {
  return mapSettingsSchema.parse(await apiClient.get<unknown>('/api/map-settings'));
}

function PointsTable({ label, points }: { label: string; points: readonly MapPoint[] }) {
  const { t } = useTranslation();
  return (
    <DataTable<MapPoint>
      caption={label}
      columns={[
        { key: 'order', label: String(t('MapStop')), render: (row) => row.order ?? '' },
        { key: 'label', label: String(t('MapPlace')), render: (row) => row.label },
        {
          key: 'position',
          label: String(t('MapPosition')),
          render: (row) => `${row.latitude.toFixed(5)}, ${row.longitude.toFixed(5)}`,
        },
      ]}
      rows={points}
      rowKey={(row) => row.id}
      emptyText={String(t('MapNothing'))}
    />
  );
}

export function MapView({ label, height = 420, table, testId = 'map-view', ...data }: MapViewProps) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const handle = useRef<LeafletMapHandle | null>(null);
  const [basemap, setBasemap] = useState<BasemapKind | null>(null);
  const [failed, setFailed] = useState(false);
  const [showTable, setShowTable] = useState(false);
  const settings = useQuery({ queryKey: ['map-settings'], queryFn: fetchMapSettings, staleTime: Infinity });
  const dataRef = useRef(data);
  dataRef.current = data;

  const ready = settings.isSuccess || settings.isError;
  useEffect(() => {
    if (!ready || !element.current) return;
    let cancelled = false;
    const tiles = settings.data ?? { tileUrl: null, attribution: null };
    import('./leaflet-map.ts')
      .then(({ createLeafletMap }) => {
        if (cancelled || !element.current) return;
        handle.current = createLeafletMap(element.current, tiles, setBasemap);
        handle.current.update(dataRef.current);
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

  const key = JSON.stringify([data.points, data.density, data.route, data.start]);
  useEffect(() => {
    handle.current?.update(dataRef.current);
  }, [key]);

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
      {showTable || failed ? (table ?? <PointsTable label={label} points={data.points ?? []} />) : null}
    </Stack>
  );
}
