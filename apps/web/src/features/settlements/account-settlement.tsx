import { Alert, Text } from '@mantine/core';
import type { AccountSettlementSummary } from '@recovery-desk/domain/settlements/contracts.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatBusinessDate } from '../../lib/format.ts';
import { apiClient } from '../../lib/http-client.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import { useSession } from '../../lib/session-store.ts';
import { money, pascal } from './settlement-ui.tsx';

/**
 * The account view's settlement line (issue 13): the account's newest settlement — waiting for approval, being
 * paid (received so far and the next instalment), lapsed or settled. Nothing when the account has none (or the
 * line cannot be read: the account view stays usable).
 */
export function AccountSettlement({ accountId }: { accountId: number }) {
  const { t, i18n } = useTranslation();
  const actingUnit = useSession((session) => session.actingUnit);
  const summary = useQuery({
    queryKey: ['settlements', 'account-summary', actingUnit, accountId],
    queryFn: ({ signal }) =>
      apiClient.get<AccountSettlementSummary>(`/api/settlements/accounts/${accountId}/summary`, { signal }),
    retry: false,
  });
  const settlement = summary.data?.settlement;
  if (!settlement) return null;
  const amount = (value: string) => money(value, settlement.currency, i18n.language);
  const color = settlement.stage === 'LAPSED' ? 'red' : settlement.stage === 'SETTLED' ? 'green' : 'blue';
  return (
    <Alert
      variant="light"
      color={color}
      data-testid="account-settlement"
      title={String(
        t('AccountSettlementTitle', {
          id: settlement.id,
          status: translateKey(t, `SettlementStatus${pascal(settlement.status)}`, settlement.status),
          stage: translateKey(t, `SettlementStage${pascal(settlement.stage)}`, settlement.stage),
        }),
      )}
    >
      <Text size="sm">
        {String(
          t('AccountSettlementMoney', {
            payable: amount(settlement.totalPayable),
            received: amount(settlement.received),
          }),
        )}
        {settlement.nextDue
          ? ` ${String(
              t('AccountSettlementNext', {
                amount: amount(settlement.nextDue.amount),
                date: formatBusinessDate(settlement.nextDue.dueDate, i18n.language),
              }),
            )}`
          : ''}
        {settlement.restructuring ? ` ${String(t('SettlementRestructuring'))}.` : ''}
      </Text>
    </Alert>
  );
}
