import { Button, Group, Paper, Text } from '@mantine/core';
import type { TrayDefinition } from '@recovery-desk/domain/collections/trays.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrayState } from '../../../../components/tray/tray-state.ts';
import { useSession } from '../../../../lib/session-store.ts';
import { addToast } from '../../../../lib/toast-store.ts';
import type { TrayRow } from '../../api/collections-api.ts';
import { collectionsKeys } from '../../api/query-keys.ts';
import './tray-action-handlers.tsx';
import { trayActionsOf, type TrayActionContext } from './tray-action-registry.tsx';

export type TrayActions = {
  /** the bulk action bar above the grid (allocate, request re-allocation) */
  bulkBar: ReactNode;
  /** the row action buttons, when the tray has row actions */
  renderRowActions: ((item: TrayRow) => ReactNode) | undefined;
  dialog: ReactNode;
  hasSelection: boolean;
};

/**
 * The actions a tray offers: those its definition names (trays.ts `actions`), each from the action registry, in
 * the definition's order — bulk actions in a bar over the grid, row actions in the Actions column — and the one
 * dialog an action has opened.
 */
export function useTrayActions({
  tray,
  state,
  selected,
  clearSelection,
}: {
  tray: TrayDefinition;
  state: TrayState;
  selected: ReadonlySet<number>;
  clearSelection: () => void;
}): TrayActions {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userId = useSession((session) => session.userDetails?.id ?? null);
  const [dialog, setDialog] = useState<ReactNode>(null);
  const { bulk, row } = trayActionsOf(tray);

  const context: TrayActionContext = {
    tray,
    state,
    t,
    userId,
    open: setDialog,
    close: () => setDialog(null),
    finish: (message) => {
      addToast({ title: String(t('Done')), message, type: 'success', from: `collections/${tray.key}` });
      clearSelection();
      setDialog(null);
      void queryClient.invalidateQueries({ queryKey: collectionsKeys.all() });
    },
  };

  const bulkBar =
    bulk.length > 0 ? (
      <Paper withBorder p="xs" data-testid="bulk-actions">
        <Group justify="space-between" gap="xs">
          <Text size="sm" aria-live="polite">
            {String(t('SelectedCount', { count: selected.size }))}
          </Text>
          <Group gap="xs">
            {bulk.map(([name, entry]) => (
              <Button
                key={name}
                size="xs"
                onClick={() => {
                  if (selected.size === 0) {
                    addToast({
                      title: String(t('SystemMsg')),
                      message: String(t(entry.selectFirstKey)),
                      type: 'warning',
                      from: `collections/${tray.key}`,
                    });
                    return;
                  }
                  setDialog(entry.dialog([...selected], context));
                }}
              >
                {String(t(entry.labelKey))}
              </Button>
            ))}
          </Group>
        </Group>
      </Paper>
    ) : null;

  const renderRowActions = (item: TrayRow): ReactNode => {
    const shown = row.map(([name, entry]) => [name, entry.render(item, context)] as const).filter(([, node]) => node);
    if (shown.length === 0) return null;
    return (
      <Group gap={4} wrap="nowrap">
        {shown.map(([name, node]) => (
          <Fragment key={name}>{node}</Fragment>
        ))}
      </Group>
    );
  };

  return {
    bulkBar,
    renderRowActions: row.length > 0 ? renderRowActions : undefined,
    hasSelection: bulk.length > 0,
    dialog,
  };
}
