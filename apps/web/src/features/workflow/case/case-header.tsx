import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import type { CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import type { WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EMPTY_VALUE } from '../../../components/data-table.tsx';
import { formatBusinessDate } from '../../../lib/format.ts';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { isScreenRegistered } from '../../../lib/screen-registry.ts';
import { useSession } from '../../../lib/session-store.ts';
import { accountLinksOf } from '../screen-offers.ts';
import { caseStatusLabel, money, productName, stageLabel } from '../labels.ts';
import { bucketLabel } from '../../collections/labels.ts';
import { StatusBadge } from '../tray/case-cell.tsx';

type Item = { label: string; value: ReactNode; testId?: string };

export function SummaryList({ items, testId }: { items: readonly Item[]; testId?: string }) {
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 1, sm: 2, lg: 4 }}
      spacing="sm"
      verticalSpacing="xs"
      m={0}
      data-testid={testId}
    >
      {items.map((item) => (
        <div key={item.label}>
          <Text component="dt" size="xs" c="dark.6" fw={600}>
            {item.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }} data-testid={item.testId}>
            {item.value === null || item.value === undefined || item.value === '' ? EMPTY_VALUE : item.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** The account screens the workflow links to that this user may open (built, and their authority held). */
function useAccountLinks(view: CaseView): { label: string; path: string }[] {
  const { t } = useTranslation();
  const authorities = useSession((session) => session.systemAuthorities);
  return accountLinksOf(view.case.definitionCode).flatMap((link) => {
    const route = findRouteByName(link.routeName);
    if (!route || !isScreenRegistered(link.routeName)) return [];
    if (route.authority && !authorities.includes(route.authority)) return [];
    const path = route.path.replace(':accountid', encodeURIComponent(String(view.account.accountId)));
    return [{ label: translateKey(t, link.labelKey, route.label), path }];
  });
}

/** The case at a glance: number, stage, status, the account behind it, and a banner once it is closed. */
export function CaseHeader({ view, definition }: { view: CaseView; definition: WorkflowDefinition | undefined }) {
  const { t, i18n } = useTranslation();
  const { account } = view;
  const links = useAccountLinks(view);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="case-header-title"
      data-testid="case-header"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h3" id="case-header-title">
            {String(
              t('WorkflowCaseHeading', {
                caseNo: view.case.caseNo,
                stage: stageLabel(t, definition, view.case.stage),
              }),
            )}
          </Title>
          <Group gap={6}>
            <StatusBadge status={view.case.status} />
            {account.isOnHold ? (
              <Badge color="red.9" data-testid="on-hold">
                {String(t('OnHold'))}
              </Badge>
            ) : null}
          </Group>
        </Group>
        {view.case.isClosed ? (
          <Alert color="gray" variant="outline" role="status" data-testid="case-closed">
            {String(t('WorkflowCaseClosed', { status: caseStatusLabel(t, view.case.status) }))}
          </Alert>
        ) : null}
        <SummaryList
          testId="account-summary"
          items={[
            { label: String(t('AccountNo')), value: account.accountNo },
            { label: String(t('CustomerName')), value: account.customerName },
            { label: String(t('Product')), value: productName(t, account.product) },
            { label: String(t('Dpd')), value: String(account.dpd) },
            { label: String(t('DpdBucket')), value: bucketLabel(t, account.bucket) },
            { label: String(t('AssetClass')), value: account.assetClass },
            { label: String(t('TotalAmountOverdue')), value: money(account.totalDueAmount, account.currency) },
            {
              label: String(t('TotalPrincipalOutstanding')),
              value: money(account.totalPrincipalOutstanding, account.currency),
            },
            { label: String(t('BranchName')), value: `${account.branchName} (${account.unitCode})` },
            { label: String(t('OnHold')), value: String(t(account.isOnHold ? 'Yes' : 'No')) },
            {
              label: String(t('WorkflowInStageSince')),
              value: formatBusinessDate(view.case.stageEnteredOn, i18n.language),
            },
            { label: String(t('WorkflowMaker')), value: view.case.makerName ?? '' },
          ]}
        />
        {links.length > 0 ? (
          <Group gap="md" data-testid="account-links">
            {links.map((link) => (
              <Anchor key={link.path} component={Link} to={link.path} size="sm">
                {link.label}
              </Anchor>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
