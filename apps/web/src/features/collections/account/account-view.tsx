import { Alert, Badge, Button, Group, Skeleton, Stack, Tabs, Title } from '@mantine/core';
import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HttpError } from '../../../lib/http-client.ts';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';
import { useSession } from '../../../lib/session-store.ts';
import { fetchAccountView } from '../api/collections-api.ts';
import { describeError } from '../api/describe-error.ts';
import { AccountSettlement } from '../../settlements/account-settlement.tsx';
import { AccountHeader } from './account-header.tsx';
import { CaptureReceiptAction } from '../../receipts/account-receipts.tsx';
import { AccountTab } from './account-tab.tsx';
import { AddressTab } from './address-tab.tsx';
import { CollateralTab } from './collateral-tab.tsx';
import { ContactTab } from './contact-tab.tsx';
import { CustomerTab } from './customer-tab.tsx';
import { FollowupTab } from './followup-tab.tsx';
import { LinkedAccountsTab } from './linked-accounts-tab.tsx';
import { PaymentsTab } from './payments-tab.tsx';
import { accountQueryKey, useAccountRefresh } from './use-account-refresh.ts';

/** The account view's tabs in spec order (spec §2.3), by the names the authority entries use. */
export const ACCOUNT_TAB_ORDER = [
  'Account',
  'Customer',
  'Address',
  'Contact',
  'CollateralDetails',
  'Payments',
  'LinkedAccounts',
  'Followup',
] as const;
export type AccountTabName = (typeof ACCOUNT_TAB_ORDER)[number];

const TAB_LABEL_KEYS: Record<AccountTabName, DictionaryKey> = {
  Account: 'TabAccount',
  Customer: 'TabCustomer',
  Address: 'TabAddress',
  Contact: 'TabContact',
  CollateralDetails: 'TabCollateralDetails',
  Payments: 'TabPayments',
  LinkedAccounts: 'TabLinkedAccounts',
  Followup: 'TabFollowup',
};

export type AccountViewProps = {
  trayKey: TrayKey;
  accountId: string;
  title: string;
  clock?: () => Date;
};

/**
 * The account view of a tray's detail route: header card and the permitted tabs. A tab the server lists as not
 * editable is read-only here (no edit controls, a "Read only" badge); the server refuses its writes as well.
 */
export function AccountView({ trayKey, accountId, title, clock }: AccountViewProps) {
  const { t } = useTranslation();
  const actingUnit = useSession((session) => session.actingUnit);
  const refresh = useAccountRefresh();
  const [params, setParams] = useSearchParams();
  const query = useQuery({
    queryKey: accountQueryKey(trayKey, accountId, actingUnit),
    queryFn: ({ signal }) => fetchAccountView(accountId, trayKey, signal),
  });

  if (query.isPending) {
    return (
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        <Stack gap={6} role="status" aria-live="polite">
          <span className="visually-hidden">{String(t('LoadingAccount'))}</span>
          <Skeleton height={120} radius="md" />
          <Skeleton height={36} radius="sm" />
          <Skeleton height={240} radius="md" />
        </Stack>
      </Stack>
    );
  }

  if (query.isError) {
    const isNotFound = query.error instanceof HttpError && query.error.status === 404;
    return (
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        <Alert
          color="red"
          variant="outline"
          role="alert"
          title={String(t('AccountLoadFailed'))}
          data-testid="account-error"
        >
          <Stack gap="xs" align="flex-start">
            {isNotFound ? String(t('AccountNotInScope')) : describeError(t, query.error)}
            {isNotFound ? null : (
              <Button size="xs" onClick={() => void query.refetch()}>
                {String(t('Retry'))}
              </Button>
            )}
          </Stack>
        </Alert>
      </Stack>
    );
  }

  const view = query.data;
  const permitted = ACCOUNT_TAB_ORDER.filter((name) => view.tabs.some((tab) => tab.name === name));
  const isEditable = (name: AccountTabName) => view.tabs.some((tab) => tab.name === name && tab.editable);
  const requested = params.get('tab');
  const active = permitted.find((name) => name === requested) ?? permitted[0] ?? null;
  const onChanged = () => void refresh.reload();

  const panel = (name: AccountTabName): ReactNode => {
    switch (name) {
      case 'Account':
        return <AccountTab view={view} />;
      case 'Customer':
        return <CustomerTab view={view} />;
      case 'Address':
        return <AddressTab view={view} trayKey={trayKey} isEditable={isEditable(name)} />;
      case 'Contact':
        return <ContactTab view={view} trayKey={trayKey} isEditable={isEditable(name)} />;
      case 'CollateralDetails':
        return <CollateralTab view={view} />;
      case 'Payments':
        return <PaymentsTab view={view} />;
      case 'LinkedAccounts':
        return <LinkedAccountsTab view={view} />;
      case 'Followup':
        return (
          <FollowupTab
            view={view}
            trayKey={trayKey}
            isEditable={isEditable(name)}
            onChanged={onChanged}
            clock={clock}
          />
        );
    }
  };

  return (
    <Stack gap="md" data-testid="account-view">
      <Title order={1}>{title}</Title>
      <AccountHeader view={view} />
      <CaptureReceiptAction accountNo={view.account.accountNo} />
      <AccountSettlement accountId={view.account.id} />
      {active === null ? (
        <Alert color="blue" variant="outline">
          {String(t('NoTabsPermitted'))}
        </Alert>
      ) : (
        <Tabs
          value={active}
          onChange={(value) => {
            if (!value) return;
            const next = new URLSearchParams(params);
            next.set('tab', value);
            setParams(next, { replace: true, preventScrollReset: true });
          }}
        >
          <Tabs.List aria-label={String(t('AccountTabs'))}>
            {permitted.map((name) => (
              <Tabs.Tab key={name} value={name} data-testid={`tab-${name}`}>
                {String(t(TAB_LABEL_KEYS[name]))}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {permitted.map((name) => (
            <Tabs.Panel key={name} value={name} pt="md" data-testid={`panel-${name}`}>
              {name === active ? (
                <Stack gap="sm">
                  {isEditable(name) ? null : (
                    <Group>
                      <Badge color="gray.8" variant="filled" data-testid="read-only-badge">
                        {String(t('ReadOnly'))}
                      </Badge>
                    </Group>
                  )}
                  {panel(name)}
                </Stack>
              ) : null}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}
