import { Alert, Badge, Button, Grid, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { PoolAccount } from '@recovery-desk/domain/legal/contracts.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DataTable, EMPTY_VALUE } from '../../../components/data-table.tsx';
import { formatAmount, formatBusinessDate } from '../../../lib/format.ts';
import { HttpError } from '../../../lib/http-client.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { fetchPoolAccount, type InitiateReply } from '../api/legal-api.ts';
import { LoadError, LoadingBlock } from '../components/load-state.tsx';
import { openInTab, routePath, useRouteTitle } from '../components/screen-helpers.ts';
import { assetClassLabel, bucketLabel, caseStatusLabel, poolReasonLabel, productLabel, stageLabel } from '../labels.ts';
import { casesCreatedMessage, DeclineForm, InitiateForm } from './pool-forms.tsx';
import { POOL_LIST } from './pool-tray.ts';
import { legalKeys } from '../api/query-keys.ts';

const FROM = 'legal/legalPool/account';
const OPEN_CASE_LIST = 'initiateLegal';

/**
 * /legal/legalPool/account/:accountid — one pool account: summary, eligibility (or the reasons it is not eligible),
 * bounced cheques, its open legal case, and the Initiate Legal and Not fit for legal forms.
 */
export function LegalPoolAccountPage() {
  const { t } = useTranslation();
  const { accountid = '' } = useParams();
  const title = useRouteTitle(`${POOL_LIST}Detail`);
  const account = useQuery({
    queryKey: legalKeys.poolAccount(accountid),
    queryFn: ({ signal }) => fetchPoolAccount(accountid, signal),
  });

  let body: ReactNode;
  if (account.isPending) {
    body = <LoadingBlock label={String(t('LoadingAccount'))} testId="pool-account-loading" />;
  } else if (account.isError) {
    const isMissing = account.error instanceof HttpError && account.error.status === 404;
    body = isMissing ? (
      <Alert color="red" variant="outline" role="alert" title={String(t('AccountLoadFailed'))}>
        {String(t('AccountNotInScope'))}
      </Alert>
    ) : (
      <LoadError
        title={String(t('AccountLoadFailed'))}
        error={account.error}
        onRetry={() => void account.refetch()}
        testId="pool-account-error"
      />
    );
  } else {
    body = <PoolAccountView data={account.data} />;
  }

  return (
    <Stack gap="md" data-testid="pool-account">
      <Title order={1}>{account.data ? `${title}: ${account.data.account.accountNo}` : title}</Title>
      {body}
    </Stack>
  );
}

function PoolAccountView({ data }: { data: PoolAccount }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { account, ineligibility, openCase, cheques } = data;
  const isEligible = ineligibility.length === 0;
  const money = (value: string) => formatAmount(value, account.currency, i18n.language);
  const date = (value: string | null) => (value ? formatBusinessDate(value, i18n.language) : EMPTY_VALUE);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: legalKeys.all() });
  const handleInitiated = (reply: InitiateReply) => {
    addToast({ title: String(t('Done')), message: casesCreatedMessage(t, reply), type: 'success', from: FROM });
    refresh();
  };
  const handleDeclined = () => {
    addToast({
      title: String(t('Done')),
      message: String(t('PoolDeclined', { count: 1 })),
      type: 'success',
      from: FROM,
    });
    refresh();
  };

  const summary: [string, ReactNode][] = [
    [String(t('AccountNo')), account.accountNo],
    [String(t('CustomerName')), account.customerName],
    [String(t('Product')), productLabel(t, account.product)],
    [String(t('BranchName')), `${account.branchName} (${account.unitCode})`],
    [String(t('Dpd')), String(account.dpd)],
    [String(t('DpdBucket')), bucketLabel(t, account.bucket)],
    [String(t('PoolAssetClass')), assetClassLabel(t, account.assetClass)],
    [String(t('TotalAmountOverdue')), money(account.totalAmountOverdue)],
    [String(t('TotalBalanceOutstanding')), money(account.totalBalanceOutstanding)],
    [String(t('TotalPrincipalOutstanding')), money(account.totalPrincipalOutstanding)],
    [String(t('BounceDate')), date(account.bounceDate)],
    [String(t('BounceReason')), account.bounceReason ?? EMPTY_VALUE],
    [String(t('AllocatedTo')), account.allocatedTo ?? String(t('NotAllocated'))],
  ];

  const openCasePath = routePath(`${OPEN_CASE_LIST}Detail`, { accountid: account.accountId });

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack gap="md">
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="pool-summary">
            <Title order={2} size="h4" id="pool-summary" mb="xs">
              {String(t('PoolAccountSummary'))}
            </Title>
            <Table variant="vertical" withTableBorder fz="sm" data-testid="pool-summary">
              <Table.Tbody>
                {summary.map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Th scope="row" w={220}>
                      {label}
                    </Table.Th>
                    <Table.Td>{value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {account.isOnHold ? (
              <Badge mt="xs" color="red.9">
                {String(t('OnHold'))}
              </Badge>
            ) : null}
          </Paper>
          <Paper withBorder p="md" radius="md" component="section" aria-label={String(t('PoolBouncedCheques'))}>
            <DataTable
              caption={String(t('PoolBouncedCheques'))}
              testId="pool-cheques"
              rows={cheques}
              rowKey={(row) => `${row.chequeNo}-${row.chequeDate}`}
              emptyText={String(t('PoolNoBouncedCheques'))}
              columns={[
                { key: 'chequeNo', label: String(t('ChequeNo')), render: (row) => row.chequeNo },
                { key: 'chequeDate', label: String(t('ChequeDate')), render: (row) => date(row.chequeDate) },
                { key: 'amount', label: String(t('Amount')), render: (row) => money(row.amount) },
                { key: 'bankName', label: String(t('PoolDrawerBank')), render: (row) => row.bankName },
                { key: 'bounceDate', label: String(t('BounceDate')), render: (row) => date(row.bounceDate) },
                { key: 'bounceReason', label: String(t('BounceReason')), render: (row) => row.bounceReason },
              ]}
            />
          </Paper>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack gap="md">
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="pool-eligibility">
            <Title order={2} size="h4" id="pool-eligibility" mb="xs">
              {String(t('PoolEligibility'))}
            </Title>
            {isEligible ? (
              <Alert color="green.9" variant="outline" data-testid="pool-eligible">
                {String(t('PoolEligible'))}
              </Alert>
            ) : (
              <Stack gap={4} id="pool-ineligible" data-testid="pool-ineligible">
                <Text size="sm" fw={600}>
                  {String(t('PoolNotEligible'))}
                </Text>
                <List size="sm">
                  {ineligibility.map((reason) => (
                    <List.Item key={reason}>{poolReasonLabel(t, reason)}</List.Item>
                  ))}
                </List>
              </Stack>
            )}
          </Paper>
          {openCase ? (
            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="pool-open-case">
              <Title order={2} size="h4" id="pool-open-case" mb="xs">
                {String(t('PoolOpenCase'))}
              </Title>
              <SimpleGrid cols={2} spacing="xs" data-testid="pool-open-case">
                <Text size="sm">{String(t('LegalCaseNo'))}</Text>
                <Text size="sm" fw={600}>
                  {openCase.caseNo}
                </Text>
                <Text size="sm">{String(t('LegalStage'))}</Text>
                <Text size="sm">{stageLabel(t, openCase.stage)}</Text>
                <Text size="sm">{String(t('Status'))}</Text>
                <Text size="sm">{caseStatusLabel(t, openCase.status)}</Text>
              </SimpleGrid>
              {openCasePath ? (
                <Group mt="sm">
                  <Button size="xs" variant="default" onClick={() => openInTab(t, OPEN_CASE_LIST, openCasePath, FROM)}>
                    {String(t('PoolOpenCaseButton', { caseNo: openCase.caseNo }))}
                  </Button>
                </Group>
              ) : null}
            </Paper>
          ) : null}
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="pool-initiate">
            <Title order={2} size="h4" id="pool-initiate" mb="xs">
              {String(t('PoolInitiateLegal'))}
            </Title>
            {isEligible ? null : (
              <Text size="sm" c="dark.6" mb="xs">
                {String(t('PoolFormsDisabled'))}
              </Text>
            )}
            <InitiateForm
              key={`initiate-${account.version}-${openCase?.caseId ?? 0}`}
              accountIds={[account.accountId]}
              onDone={handleInitiated}
              isDisabled={!isEligible}
              disabledReasonId="pool-ineligible"
            />
          </Paper>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="pool-decline">
            <Title order={2} size="h4" id="pool-decline" mb="xs">
              {String(t('PoolNotFitForLegal'))}
            </Title>
            {isEligible ? null : (
              <Text size="sm" c="dark.6" mb="xs">
                {String(t('PoolFormsDisabled'))}
              </Text>
            )}
            <DeclineForm
              key={`decline-${account.version}-${ineligibility.join()}`}
              accountIds={[account.accountId]}
              onDone={handleDeclined}
              isDisabled={!isEligible}
              disabledReasonId="pool-ineligible"
            />
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
