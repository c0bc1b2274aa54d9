import { Button, Checkbox, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OnDemandPopover } from '../on-demand-popover.tsx';
import type { GridDensity } from './grid-preferences.ts';

export type ChooserColumn = { key: string; header: string };

export type GridToolbarProps = {
  /** shown at the start of the bar (filter chips, saved views) */
  start?: ReactNode;
  density: GridDensity;
  onDensityChange: (next: GridDensity) => void;
  /** every column of the list, in order; the first one (the row's opener) cannot be hidden */
  columns: readonly ChooserColumn[];
  hidden: readonly string[];
  onHiddenChange: (next: string[]) => void;
};

/** The bar over a list's grid: what the screen puts first, then the row density and the column chooser. */
export function GridToolbar({ start, density, onDensityChange, columns, hidden, onHiddenChange }: GridToolbarProps) {
  const { t } = useTranslation();
  const fixed = columns[0]?.key;
  const hiddenCount = columns.filter((column) => hidden.includes(column.key)).length;
  return (
    <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap" data-testid="grid-toolbar">
      <div style={{ flex: '1 1 320px', minWidth: 0 }}>{start}</div>
      <Group gap="xs" wrap="nowrap">
        <SegmentedControl
          size="xs"
          aria-label={String(t('GridDensity'))}
          value={density}
          onChange={(value) => onDensityChange(value === 'compact' ? 'compact' : 'comfortable')}
          data={[
            { value: 'comfortable', label: String(t('DensityComfortable')) },
            { value: 'compact', label: String(t('DensityCompact')) },
          ]}
          data-testid="grid-density"
        />
        <OnDemandPopover
          position="bottom-end"
          shadow="md"
          withinPortal
          trapFocus
          target={
            <Button size="xs" variant="default" data-testid="grid-columns-button">
              {String(t('GridColumns'))}
              {hiddenCount > 0 ? ` (${columns.length - hiddenCount}/${columns.length})` : ''}
            </Button>
          }
        >
          <Stack gap={6} role="group" aria-label={String(t('GridColumnsTitle'))} data-testid="grid-columns">
            <Text size="sm" fw={700}>
              {String(t('GridColumnsTitle'))}
            </Text>
            {columns.map((column) => (
              <Checkbox
                key={column.key}
                size="xs"
                label={
                  column.key === fixed ? `${column.header} (${String(t('GridColumnAlwaysShown'))})` : column.header
                }
                checked={!hidden.includes(column.key)}
                disabled={column.key === fixed}
                onChange={(event) =>
                  onHiddenChange(
                    event.currentTarget.checked ? hidden.filter((key) => key !== column.key) : [...hidden, column.key],
                  )
                }
                data-testid={`grid-column-${column.key}`}
              />
            ))}
            <Button size="compact-xs" variant="subtle" onClick={() => onHiddenChange([])} disabled={hiddenCount === 0}>
              {String(t('ShowAllColumns'))}
            </Button>
          </Stack>
        </OnDemandPopover>
      </Group>
    </Group>
  );
}
