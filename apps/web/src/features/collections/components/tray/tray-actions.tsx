import { Button, Group, Paper, Text } from '@mantine/core';
import type { TrayDefinition } from '@recovery-desk/domain/collections/trays.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../lib/session-store.ts';
import { addToast } from '../../../../lib/toast-store.ts';
import {
  allocateAccounts,
  decideEscalation,
  decidePtp,
  decideReallocationRequest,
  reallocateEscalation,
  recordRestriction,
  referPtp,
  requestReallocation,
  type Decision,
  type RestrictionKind,
  type TrayRow,
  type ReallocationRequestReply,
} from '../../api/collections-api.ts';
import { AssigneeDialog } from '../dialogs/assignee-dialog.tsx';
import { DecisionDialog } from '../dialogs/decision-dialog.tsx';
import { RestrictionDialog } from '../dialogs/restriction-dialog.tsx';
import { rowTitle } from './tray-rows.ts';
import type { TrayState } from '../../../../components/tray/tray-state.ts';
import { collectionsKeys } from '../../api/query-keys.ts';

type DecisionTarget = 'request' | 'ptp' | 'escalation';

type OpenDialog =
  | { type: 'allocate'; accountIds: number[] }
  | { type: 'requestReallocation'; accountIds: number[] }
  | { type: 'decision'; decision: Decision; target: DecisionTarget; id: number; version: number; subject: string }
  | { type: 'reallocateEscalation'; id: number; version: number; subject: string }
  | { type: 'restriction'; kind: RestrictionKind; action: 'START' | 'END'; accountId: number; subject: string }
  | { type: 'refer'; id: number; version: number; subject: string };

export type TrayActions = {
  /** the bulk action bar above the grid (allocate, request re-allocation) */
  bulkBar: ReactNode;
  /** the row action buttons, when the tray has row actions */
  renderRowActions: ((item: TrayRow) => ReactNode) | undefined;
  dialog: ReactNode;
  hasSelection: boolean;
};

function requestIdOf(reply: unknown): number | null {
  if (typeof reply !== 'object' || reply === null) return null;
  const value = reply as ReallocationRequestReply;
  return value.requestId ?? value.id ?? value.request?.requestId ?? value.request?.id ?? null;
}

const DECIDERS: Record<DecisionTarget, typeof decidePtp> = {
  request: decideReallocationRequest,
  ptp: decidePtp,
  escalation: decideEscalation,
};

/** The actions a tray offers (trays.ts `actions`), their dialogs and what happens after them. */
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
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const close = () => setDialog(null);
  const has = (action: TrayDefinition['actions'][number]) => tray.actions.includes(action);
  const hasSelection = has('allocate') || has('requestReallocation');

  const finish = (message: string) => {
    addToast({ title: String(t('Done')), message, type: 'success', from: `collections/${tray.key}` });
    clearSelection();
    setDialog(null);
    void queryClient.invalidateQueries({ queryKey: collectionsKeys.all() });
  };

  const openBulk = (type: 'allocate' | 'requestReallocation') => {
    if (selected.size === 0) {
      addToast({
        title: String(t('SystemMsg')),
        message: String(t(type === 'allocate' ? 'SelectAccountsForAllocation' : 'SelectAccountsForReallocation')),
        type: 'warning',
        from: `collections/${tray.key}`,
      });
      return;
    }
    setDialog({ type, accountIds: [...selected] });
  };

  const bulkBar = hasSelection ? (
    <Paper withBorder p="xs" data-testid="bulk-actions">
      <Group justify="space-between" gap="xs">
        <Text size="sm" aria-live="polite">
          {String(t('SelectedCount', { count: selected.size }))}
        </Text>
        <Group gap="xs">
          {has('allocate') ? (
            <Button size="xs" onClick={() => openBulk('allocate')}>
              {String(t('Allocate'))}
            </Button>
          ) : null}
          {has('requestReallocation') ? (
            <Button size="xs" onClick={() => openBulk('requestReallocation')}>
              {String(t('RequestReallocation'))}
            </Button>
          ) : null}
        </Group>
      </Group>
    </Paper>
  ) : null;

  const decisionButtons = (
    item: TrayRow,
    target: DecisionTarget,
    id: number,
    version: number,
    isOwn: boolean,
    ownReasonKey: 'OwnRequest' | 'OwnPtp' | null,
  ) => {
    const subject = rowTitle(item);
    const reasonId = `own-${target}-${id}`;
    return (
      <Group gap={4} wrap="nowrap">
        <Button
          size="compact-xs"
          color="green.9"
          disabled={isOwn}
          aria-describedby={isOwn ? reasonId : undefined}
          onClick={() => setDialog({ type: 'decision', decision: 'approve', target, id, version, subject })}
        >
          {String(t('Approve'))}
        </Button>
        <Button
          size="compact-xs"
          color="red.9"
          variant="outline"
          onClick={() => setDialog({ type: 'decision', decision: 'reject', target, id, version, subject })}
        >
          {String(t('Reject'))}
        </Button>
        {isOwn && ownReasonKey ? (
          <Text size="xs" c="dark.6" id={reasonId} data-testid="own-item-reason">
            {String(t(ownReasonKey))}
          </Text>
        ) : null}
      </Group>
    );
  };

  const rowActions = (item: TrayRow): ReactNode => {
    switch (item.kind) {
      case 'escalation': {
        if (state.searchView !== 'currentEscalation') return null;
        const { escalationId: id, version } = item.row;
        return (
          <Group gap={4} wrap="nowrap">
            {decisionButtons(item, 'escalation', id, version, false, null)}
            {has('reallocate') ? (
              <Button
                size="compact-xs"
                variant="default"
                onClick={() => setDialog({ type: 'reallocateEscalation', id, version, subject: rowTitle(item) })}
              >
                {String(t('Reallocate'))}
              </Button>
            ) : null}
          </Group>
        );
      }
      case 'reallocationRequest':
        if (state.searchView !== 'pendingApproval') return null;
        return decisionButtons(
          item,
          'request',
          item.row.requestId,
          item.row.version,
          item.row.makerUserId === userId,
          'OwnRequest',
        );
      case 'ptp':
        if (has('refer')) {
          const { ptpId: id, version } = item.row;
          return (
            <Button
              size="compact-xs"
              onClick={() => setDialog({ type: 'refer', id, version, subject: rowTitle(item) })}
            >
              {String(t('ReferToFieldCollector'))}
            </Button>
          );
        }
        if (has('approve') && state.searchView === 'pendingApproval') {
          return decisionButtons(
            item,
            'ptp',
            item.row.ptpId,
            item.row.version,
            item.row.capturedByUserId === userId,
            'OwnPtp',
          );
        }
        return null;
      case 'account': {
        const { accountId, isOnHold, isSuppressed } = item.row;
        const subject = rowTitle(item);
        if (has('startHold')) {
          const action = isOnHold ? 'END' : 'START';
          return (
            <Button
              size="compact-xs"
              variant={isOnHold ? 'outline' : 'filled'}
              onClick={() => setDialog({ type: 'restriction', kind: 'holds', action, accountId, subject })}
            >
              {String(t(isOnHold ? 'EndHold' : 'StartHold'))}
            </Button>
          );
        }
        if (has('startSuppression')) {
          const action = isSuppressed ? 'END' : 'START';
          return (
            <Button
              size="compact-xs"
              variant={isSuppressed ? 'outline' : 'filled'}
              onClick={() => setDialog({ type: 'restriction', kind: 'suppressions', action, accountId, subject })}
            >
              {String(t(isSuppressed ? 'RemoveSuppression' : 'StartSuppression'))}
            </Button>
          );
        }
        return null;
      }
    }
  };

  const hasRowActions = tray.actions.some((action) => action !== 'allocate' && action !== 'requestReallocation');

  return {
    bulkBar,
    renderRowActions: hasRowActions ? rowActions : undefined,
    hasSelection,
    dialog: dialog ? renderDialog(dialog) : null,
  };

  function renderDialog(open: OpenDialog): ReactNode {
    switch (open.type) {
      case 'allocate':
        return (
          <AssigneeDialog
            title={String(t('AllocateAccounts'))}
            summary={String(t('SelectedCount', { count: open.accountIds.length }))}
            trayKey={tray.key}
            allowAgency
            note={{ label: String(t('Reason')), isRequired: false, minLength: 0, maxLength: 300 }}
            submitLabel={String(t('Allocate'))}
            onSubmit={({ assignee, reason }) =>
              allocateAccounts({ accountIds: open.accountIds, ...assignee, ...(reason ? { reason } : {}) })
            }
            onDone={() => finish(String(t('AllocationDone', { count: open.accountIds.length })))}
            onClose={close}
          />
        );
      case 'requestReallocation':
        return (
          <AssigneeDialog
            title={String(t('RequestReallocation'))}
            summary={String(t('ReallocationSummary', { count: open.accountIds.length }))}
            trayKey={tray.key}
            allowAgency
            note={{ label: String(t('Reason')), isRequired: true, minLength: 3, maxLength: 300 }}
            submitLabel={String(t('SendForApproval'))}
            onSubmit={({ assignee, reason }) =>
              requestReallocation({ accountIds: open.accountIds, ...assignee, reason })
            }
            onDone={(reply) => {
              const id = requestIdOf(reply);
              finish(id === null ? String(t('ReallocationRequestedNoId')) : String(t('ReallocationRequested', { id })));
            }}
            onClose={close}
          />
        );
      case 'decision':
        return (
          <DecisionDialog
            decision={open.decision}
            subject={open.subject}
            version={open.version}
            onSubmit={(input) => DECIDERS[open.target](open.id, open.decision, input)}
            onDone={(decision) =>
              finish(String(t(decision === 'approve' ? 'ItemApproved' : 'ItemRejected', { subject: open.subject })))
            }
            onClose={close}
          />
        );
      case 'reallocateEscalation':
        return (
          <AssigneeDialog
            title={String(t('ReallocateTitle', { subject: open.subject }))}
            summary={open.subject}
            trayKey={tray.key}
            allowAgency
            note={{ label: String(t('Remarks')), isRequired: false, minLength: 0, maxLength: 500 }}
            submitLabel={String(t('Reallocate'))}
            onSubmit={({ assignee, reason }) =>
              reallocateEscalation(open.id, {
                version: open.version,
                ...assignee,
                ...(reason ? { remarks: reason } : {}),
              })
            }
            onDone={() => finish(String(t('ItemReallocated', { subject: open.subject })))}
            onClose={close}
          />
        );
      case 'restriction':
        return (
          <RestrictionDialog
            kind={open.kind}
            action={open.action}
            subject={open.subject}
            onSubmit={(input) => recordRestriction(open.accountId, open.kind, input)}
            onDone={() =>
              finish(
                String(
                  t(
                    open.kind === 'holds'
                      ? open.action === 'START'
                        ? 'HoldStarted'
                        : 'HoldEnded'
                      : open.action === 'START'
                        ? 'SuppressionStarted'
                        : 'SuppressionRemoved',
                    { subject: open.subject },
                  ),
                ),
              )
            }
            onClose={close}
          />
        );
      case 'refer':
        return (
          <AssigneeDialog
            title={String(t('ReferToFieldCollector'))}
            summary={open.subject}
            trayKey={tray.key}
            allowAgency={false}
            note={null}
            submitLabel={String(t('Refer'))}
            onSubmit={({ assignee }) =>
              'toUserId' in assignee
                ? referPtp(open.id, { version: open.version, toUserId: assignee.toUserId })
                : Promise.reject(new Error('A PTP is referred to a user'))
            }
            onDone={() => finish(String(t('PtpReferred', { subject: open.subject })))}
            onClose={close}
          />
        );
    }
  }
}
