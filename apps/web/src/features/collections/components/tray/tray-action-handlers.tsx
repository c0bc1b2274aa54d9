import { Button, Text } from '@mantine/core';
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
  type ReallocationRequestReply,
  type TrayRow,
} from '../../api/collections-api.ts';
import { lazy, Suspense, type ComponentProps } from 'react';
import type { AssigneeDialog as AssigneeDialogComponent } from '../dialogs/assignee-dialog.tsx';
import type { DecisionDialog as DecisionDialogComponent } from '../dialogs/decision-dialog.tsx';
import type { RestrictionDialog as RestrictionDialogComponent } from '../dialogs/restriction-dialog.tsx';
import { registerTrayAction, type TrayActionContext } from './tray-action-registry.tsx';
import { rowTitle } from './tray-rows.ts';

// The built-in tray actions of the collections app, registered by the names trays.ts uses.

// The dialogs (and the form kit they are built with) load when one opens, not with the tray.
const LazyAssigneeDialog = lazy(() =>
  import('../dialogs/assignee-dialog.tsx').then((m) => ({ default: m.AssigneeDialog })),
);
const LazyDecisionDialog = lazy(() =>
  import('../dialogs/decision-dialog.tsx').then((m) => ({ default: m.DecisionDialog })),
);
const LazyRestrictionDialog = lazy(() =>
  import('../dialogs/restriction-dialog.tsx').then((m) => ({ default: m.RestrictionDialog })),
);

function AssigneeDialog(props: ComponentProps<typeof AssigneeDialogComponent>) {
  return (
    <Suspense fallback={null}>
      <LazyAssigneeDialog {...props} />
    </Suspense>
  );
}

function DecisionDialog(props: ComponentProps<typeof DecisionDialogComponent>) {
  return (
    <Suspense fallback={null}>
      <LazyDecisionDialog {...props} />
    </Suspense>
  );
}

function RestrictionDialog(props: ComponentProps<typeof RestrictionDialogComponent>) {
  return (
    <Suspense fallback={null}>
      <LazyRestrictionDialog {...props} />
    </Suspense>
  );
}

function requestIdOf(reply: unknown): number | null {
  if (typeof reply !== 'object' || reply === null) return null;
  const value = reply as ReallocationRequestReply;
  return value.requestId ?? value.id ?? value.request?.requestId ?? value.request?.id ?? null;
}

// ---- bulk actions: allocate, request re-allocation ----

registerTrayAction('allocate', {
  kind: 'bulk',
  labelKey: 'Allocate',
  selectFirstKey: 'SelectAccountsForAllocation',
  dialog: (accountIds, { tray, t, close, finish }) => (
    <AssigneeDialog
      title={String(t('AllocateAccounts'))}
      summary={String(t('SelectedCount', { count: accountIds.length }))}
      trayKey={tray.key}
      accountIds={accountIds}
      allowAgency
      note={{ label: String(t('Reason')), isRequired: false, minLength: 0, maxLength: 300 }}
      submitLabel={String(t('Allocate'))}
      onSubmit={({ assignee, reason }) => allocateAccounts({ accountIds, ...assignee, ...(reason ? { reason } : {}) })}
      onDone={() => finish(String(t('AllocationDone', { count: accountIds.length })))}
      onClose={close}
    />
  ),
});

registerTrayAction('requestReallocation', {
  kind: 'bulk',
  labelKey: 'RequestReallocation',
  selectFirstKey: 'SelectAccountsForReallocation',
  dialog: (accountIds, { tray, t, close, finish }) => (
    <AssigneeDialog
      title={String(t('RequestReallocation'))}
      summary={String(t('ReallocationSummary', { count: accountIds.length }))}
      trayKey={tray.key}
      accountIds={accountIds}
      allowAgency
      note={{ label: String(t('Reason')), isRequired: true, minLength: 3, maxLength: 300 }}
      submitLabel={String(t('SendForApproval'))}
      onSubmit={({ assignee, reason }) => requestReallocation({ accountIds, ...assignee, reason })}
      onDone={(reply) => {
        const id = requestIdOf(reply);
        finish(id === null ? String(t('ReallocationRequestedNoId')) : String(t('ReallocationRequested', { id })));
      }}
      onClose={close}
    />
  ),
});

// ---- decisions: approve, reject (re-allocation requests, PTP deviations, escalations) ----

type Decidable = {
  decide: typeof decidePtp;
  id: number;
  version: number;
  /** the maker (requester, PTP capturer) may not decide their own item; the reason says so */
  ownReasonKey: 'OwnRequest' | 'OwnPtp' | null;
  isOwn: boolean;
};

/** The pending item a row holds in the view that decides it, or null (decided views, other row kinds). */
function decidableOf(item: TrayRow, { state, userId }: TrayActionContext): Decidable | null {
  switch (item.kind) {
    case 'escalation':
      if (state.searchView !== 'currentEscalation') return null;
      return {
        decide: decideEscalation,
        id: item.row.escalationId,
        version: item.row.version,
        ownReasonKey: null,
        isOwn: false,
      };
    case 'reallocationRequest':
      if (state.searchView !== 'pendingApproval') return null;
      return {
        decide: decideReallocationRequest,
        id: item.row.requestId,
        version: item.row.version,
        ownReasonKey: 'OwnRequest',
        isOwn: item.row.makerUserId === userId,
      };
    case 'ptp':
      if (state.searchView !== 'pendingApproval') return null;
      return {
        decide: decidePtp,
        id: item.row.ptpId,
        version: item.row.version,
        ownReasonKey: 'OwnPtp',
        isOwn: item.row.capturedByUserId === userId,
      };
    case 'account':
      return null;
  }
}

function openDecision(decision: Decision, item: TrayRow, target: Decidable, context: TrayActionContext) {
  const { t, open, close, finish } = context;
  const subject = rowTitle(item);
  open(
    <DecisionDialog
      decision={decision}
      subject={subject}
      version={target.version}
      onSubmit={(input) => target.decide(target.id, decision, input)}
      onDone={(done) => finish(String(t(done === 'approve' ? 'ItemApproved' : 'ItemRejected', { subject })))}
      onClose={close}
    />,
  );
}

registerTrayAction('approve', {
  kind: 'row',
  render: (item, context) => {
    const target = decidableOf(item, context);
    if (!target) return null;
    const reasonId = `own-${item.kind}-${target.id}`;
    return (
      <>
        <Button
          size="compact-xs"
          color="green.9"
          disabled={target.isOwn}
          aria-describedby={target.isOwn ? reasonId : undefined}
          onClick={() => openDecision('approve', item, target, context)}
        >
          {String(context.t('Approve'))}
        </Button>
        {target.isOwn && target.ownReasonKey ? (
          <Text size="xs" c="dark.6" id={reasonId} data-testid="own-item-reason">
            {String(context.t(target.ownReasonKey))}
          </Text>
        ) : null}
      </>
    );
  },
});

registerTrayAction('reject', {
  kind: 'row',
  render: (item, context) => {
    const target = decidableOf(item, context);
    if (!target) return null;
    return (
      <Button
        size="compact-xs"
        color="red.9"
        variant="outline"
        onClick={() => openDecision('reject', item, target, context)}
      >
        {String(context.t('Reject'))}
      </Button>
    );
  },
});

// ---- escalations: re-allocate ----

registerTrayAction('reallocate', {
  kind: 'row',
  render: (item, { tray, state, t, open, close, finish }) => {
    if (item.kind !== 'escalation' || state.searchView !== 'currentEscalation') return null;
    const { escalationId: id, version } = item.row;
    const subject = rowTitle(item);
    return (
      <Button
        size="compact-xs"
        variant="default"
        onClick={() =>
          open(
            <AssigneeDialog
              title={String(t('ReallocateTitle', { subject }))}
              summary={subject}
              trayKey={tray.key}
              accountIds={[item.row.accountId]}
              allowAgency
              note={{ label: String(t('Remarks')), isRequired: false, minLength: 0, maxLength: 500 }}
              submitLabel={String(t('Reallocate'))}
              onSubmit={({ assignee, reason }) =>
                reallocateEscalation(id, { version, ...assignee, ...(reason ? { remarks: reason } : {}) })
              }
              onDone={() => finish(String(t('ItemReallocated', { subject })))}
              onClose={close}
            />,
          )
        }
      >
        {String(t('Reallocate'))}
      </Button>
    );
  },
});

// ---- holds and suppressions: start / end, insert-only actions on the account ----

const RESTRICTION_DONE = {
  holds: { START: 'HoldStarted', END: 'HoldEnded' },
  suppressions: { START: 'SuppressionStarted', END: 'SuppressionRemoved' },
} as const;

const RESTRICTION_LABEL = {
  holds: { START: 'StartHold', END: 'EndHold' },
  suppressions: { START: 'StartSuppression', END: 'RemoveSuppression' },
} as const;

/** A Start or End button for an account row, shown only when the restriction is in the other state. */
function restrictionAction(kind: RestrictionKind, action: 'START' | 'END') {
  return (item: TrayRow, { t, open, close, finish }: TrayActionContext) => {
    if (item.kind !== 'account') return null;
    const isActive = kind === 'holds' ? item.row.isOnHold : item.row.isSuppressed;
    if (isActive !== (action === 'END')) return null;
    const { accountId } = item.row;
    const subject = rowTitle(item);
    return (
      <Button
        size="compact-xs"
        variant={action === 'END' ? 'outline' : 'filled'}
        onClick={() =>
          open(
            <RestrictionDialog
              kind={kind}
              action={action}
              subject={subject}
              onSubmit={(input) => recordRestriction(accountId, kind, input)}
              onDone={() => finish(String(t(RESTRICTION_DONE[kind][action], { subject })))}
              onClose={close}
            />,
          )
        }
      >
        {String(t(RESTRICTION_LABEL[kind][action]))}
      </Button>
    );
  };
}

registerTrayAction('startHold', { kind: 'row', render: restrictionAction('holds', 'START') });
registerTrayAction('endHold', { kind: 'row', render: restrictionAction('holds', 'END') });
registerTrayAction('startSuppression', { kind: 'row', render: restrictionAction('suppressions', 'START') });
registerTrayAction('endSuppression', { kind: 'row', render: restrictionAction('suppressions', 'END') });

// ---- PTP referral to a field collector ----

registerTrayAction('refer', {
  kind: 'row',
  render: (item, { tray, t, open, close, finish }) => {
    if (item.kind !== 'ptp') return null;
    const { ptpId: id, version } = item.row;
    const subject = rowTitle(item);
    return (
      <Button
        size="compact-xs"
        onClick={() =>
          open(
            <AssigneeDialog
              title={String(t('ReferToFieldCollector'))}
              summary={subject}
              trayKey={tray.key}
              accountIds={[item.row.accountId]}
              allowAgency={false}
              note={null}
              submitLabel={String(t('Refer'))}
              onSubmit={({ assignee }) =>
                'toUserId' in assignee
                  ? referPtp(id, { version, toUserId: assignee.toUserId })
                  : Promise.reject(new Error('A PTP is referred to a user'))
              }
              onDone={() => finish(String(t('PtpReferred', { subject })))}
              onClose={close}
            />,
          )
        }
      >
        {String(t('ReferToFieldCollector'))}
      </Button>
    );
  },
});
