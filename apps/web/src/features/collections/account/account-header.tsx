import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AccountViewData } from '../api/collections-api.ts';
import { bucketLabel, productLabel } from '../labels.ts';
import { markLabel } from '../../account-marks/mark-label.ts';
import { FieldList } from './field-list.tsx';
import { useFormatters } from './use-formatters.ts';

const ASSET_CLASS_COLORS: Record<string, string> = {
  STANDARD: 'green.9',
  'SMA-0': 'blue.9',
  'SMA-1': 'violet.9',
  'SMA-2': 'grape.9',
  NPA: 'red.9',
};

/** The account at a glance: who, what, how late, how much, who works it, and any restriction on it. */
export function AccountHeader({ view }: { view: AccountViewData }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { account, customer } = view;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="account-header-title"
      data-testid="account-header"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h3" id="account-header-title">
            {String(t('AccountHeading', { accountNo: account.accountNo, name: customer.customerName }))}
          </Title>
          <Group gap={6}>
            <Badge color={ASSET_CLASS_COLORS[account.assetClass] ?? 'gray.8'} data-testid="asset-class">
              {account.assetClass}
            </Badge>
            {account.isOnHold ? <Badge color="red.9">{String(t('OnHold'))}</Badge> : null}
            {account.isSuppressed ? <Badge color="gray.8">{String(t('Suppressed'))}</Badge> : null}
            {account.inSkipTrace ? <Badge color="cyan.9">{String(t('InSkipTrace'))}</Badge> : null}
            {account.marks.map((mark) => (
              <Badge key={mark} color="orange.9" data-testid="account-mark">
                {markLabel(t, mark)}
              </Badge>
            ))}
          </Group>
        </Group>
        <FieldList
          fields={[
            { label: String(t('AccountNo')), value: account.accountNo },
            { label: String(t('CustomerName')), value: customer.customerName },
            { label: String(t('Product')), value: productLabel(t, account.product) },
            {
              label: String(t('DpdAndBucket')),
              value: (
                <Text component="span" size="sm" data-testid="header-dpd">
                  {String(t('DpdWithBucket', { count: account.dpd, bucket: bucketLabel(t, account.bucket) }))}
                </Text>
              ),
            },
            { label: String(t('TotalDueAmount')), value: format.money(account.totalDueAmount, account.currency) },
            { label: String(t('AllocatedTo')), value: account.allocatedTo ?? String(t('NotAllocated')) },
          ]}
        />
      </Stack>
    </Paper>
  );
}
