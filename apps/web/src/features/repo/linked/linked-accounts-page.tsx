import { Anchor, Badge, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { valueLabel } from '@recovery-desk/i18n/value-labels.ts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatAmount, formatCount } from '../../../lib/format.ts';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { isScreenRegistered } from '../../../lib/screen-registry.ts';
import { useSession } from '../../../lib/session-store.ts';
import { EmptyBlock, LoadError, LoadingBlock } from '../../legal/components/load-state.tsx';
import { routePath, useRouteTitle } from '../../legal/components/screen-helpers.ts';
import { fetchLinkedAccounts, repoKeys } from '../api/repo-api.ts';
import type { LinkedAccount } from '@recovery-desk/domain/repo/contracts.ts';

/** An open case's screen, when its stage has a detail screen the user may open. */
function casePath(item: LinkedAccount['openCases'][number], accountId: number): string | null {
  if (!item.routeSlug || !isScreenRegistered(`${item.routeSlug}Detail`)) return null;
  return routePath(`${item.routeSlug}Detail`, { caseid: item.caseId, accountid: accountId });
}

/**
 * /Repo/linkLanVueAccount/account/{accountid} (Link_Lan_AccDtl_SAUTH) — Linked Account Details: the borrower's loan
 * accounts in the acting unit's subtree, with their outstanding, overdue and open cases, and the exposure per
 * currency (GET /api/repo/accounts/:accountId/linked). The borrower's accounts in other units are only counted.
 */
export function LinkedAccountsPage() {
  const { t, i18n } = useTranslation();
  const title = useRouteTitle('linkLanVueAccount');
  const { accountid = '' } = useParams();
  const actingUnit = useSession((session) => session.actingUnit);
  const linked = useQuery({
    queryKey: repoKeys.linked(actingUnit, accountid),
    queryFn: ({ signal }) => fetchLinkedAccounts(accountid, signal),
  });
  const money = (amount: string, currency: LinkedAccount['currency']) => formatAmount(amount, currency, i18n.language);

  let body: ReactNode;
  if (linked.isPending) body = <LoadingBlock label={String(t('LinkedAccountsLoading'))} testId="linked-loading" />;
  else if (linked.isError)
    body = (
      <LoadError
        title={String(t('LinkedAccountsLoadFailed'))}
        error={linked.error}
        onRetry={() => void linked.refetch()}
        testId="linked-error"
      />
    );
  else {
    const data = linked.data;
    body = (
      <>
        <Text size="sm" data-testid="linked-borrower">
          {String(t('LinkedAccountsBorrower', { name: data.customerName }))}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" data-testid="linked-exposure">
          {data.exposure.map((sum) => (
            <Paper key={sum.currency} withBorder p="sm" radius="md">
              <Text size="xs" c="dark.6" fw={600}>
                {String(t('LinkedExposure', { currency: sum.currency }))}
              </Text>
              <Text size="lg" fw={700} data-testid={`exposure-${sum.currency}`}>
                {money(sum.totalOutstanding, sum.currency)}
              </Text>
              <Text size="sm">{String(t('LinkedOverdue', { amount: money(sum.totalDue, sum.currency) }))}</Text>
              <Text size="sm">{String(t('LinkedAccountsCount', { count: sum.accounts }))}</Text>
            </Paper>
          ))}
        </SimpleGrid>
        {data.outsideScope > 0 ? (
          <Text size="sm" c="dark.6" data-testid="linked-outside">
            {String(t('LinkedOutsideScope', { count: data.outsideScope }))}
          </Text>
        ) : null}
        {data.accounts.length === 0 ? (
          <EmptyBlock text={String(t('LinkedNoAccounts'))} testId="linked-empty" />
        ) : (
          <Table.ScrollContainer minWidth={960}>
            <Table withTableBorder striped fz="sm" data-testid="linked-table">
              <caption className="visually-hidden">{title}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{String(t('AccountNo'))}</Table.Th>
                  <Table.Th scope="col">{String(t('Product'))}</Table.Th>
                  <Table.Th scope="col">{String(t('LinkedBranch'))}</Table.Th>
                  <Table.Th scope="col">{String(t('Dpd'))}</Table.Th>
                  <Table.Th scope="col">{String(t('LinkedAssetClass'))}</Table.Th>
                  <Table.Th scope="col">{String(t('LinkedPrincipal'))}</Table.Th>
                  <Table.Th scope="col">{String(t('LinkedTotalOutstanding'))}</Table.Th>
                  <Table.Th scope="col">{String(t('TotalDueAmount'))}</Table.Th>
                  <Table.Th scope="col">{String(t('LinkedOpenCases'))}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.accounts.map((account) => (
                  <Table.Tr key={account.accountId} data-testid={`linked-${account.accountNo}`}>
                    <Table.Td>
                      {account.accountNo}{' '}
                      {account.isThisAccount ? (
                        <Badge size="sm" variant="light" color="blue">
                          {String(t('LinkedThisAccount'))}
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {valueLabel('product', account.product, (key, fallback) => translateKey(t, key, fallback))}
                    </Table.Td>
                    <Table.Td>
                      {account.branchName} ({account.unitCode})
                    </Table.Td>
                    <Table.Td>{formatCount(account.dpd, i18n.language)}</Table.Td>
                    <Table.Td>{account.assetClass}</Table.Td>
                    <Table.Td>{money(account.principalOutstanding, account.currency)}</Table.Td>
                    <Table.Td>{money(account.totalOutstanding, account.currency)}</Table.Td>
                    <Table.Td>{money(account.totalDueAmount, account.currency)}</Table.Td>
                    <Table.Td>
                      {account.openCases.length === 0 ? (
                        String(t('LinkedNoOpenCase'))
                      ) : (
                        <Stack gap={2}>
                          {account.openCases.map((item) => {
                            const path = casePath(item, account.accountId);
                            const text = `${item.caseNo} · ${
                              item.stageLabelKey ? translateKey(t, item.stageLabelKey, item.stage) : item.stage
                            }`;
                            return path ? (
                              <Anchor key={item.caseId} component={Link} to={path} size="sm">
                                {text}
                              </Anchor>
                            ) : (
                              <Text key={item.caseId} size="sm">
                                {text}
                              </Text>
                            );
                          })}
                        </Stack>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </>
    );
  }

  return (
    <Stack gap="md" data-testid="linked-accounts">
      <Title order={1}>{title}</Title>
      {body}
    </Stack>
  );
}
