import { Alert, Badge, Stack, Text } from '@mantine/core';
import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { fetchDispositions, type AccountViewData } from '../api/collections-api.ts';
import { describeError } from '../api/describe-error.ts';
import { contactModeLabel, deviationReasonLabel, statusLabel } from '../labels.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { DocumentsSection } from './documents-section.tsx';
import { FollowUpForm } from './follow-up-form.tsx';
import { useFormatters } from './use-formatters.ts';
import { collectionsKeys } from '../api/query-keys.ts';
import { valueText } from '../../../lib/value-label.ts';

export type FollowupTabProps = {
  view: AccountViewData;
  trayKey: TrayKey;
  isEditable: boolean;
  onChanged: () => void;
  clock?: () => Date;
};

/** The follow-up form (editable tab only), the history newest first, the account's PTPs and its documents. */
export function FollowupTab({ view, trayKey, isEditable, onChanged, clock }: FollowupTabProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const businessDate = useSession((session) => session.businessDate);
  const dispositions = useQuery({
    queryKey: collectionsKeys.dispositions(),
    queryFn: ({ signal }) => fetchDispositions(signal),
    staleTime: 10 * 60_000,
    enabled: isEditable,
  });
  const history = [...view.followUps].sort((a, b) => b.contactedAt.localeCompare(a.contactedAt));
  const currency = view.account.currency;

  return (
    <Stack gap="lg">
      {isEditable ? (
        dispositions.isError ? (
          <Alert color="red" variant="outline" role="alert">
            {describeError(t, dispositions.error)}
          </Alert>
        ) : (
          <FollowUpForm
            view={view}
            trayKey={trayKey}
            dispositions={dispositions.data ?? []}
            businessDate={businessDate}
            onSaved={onChanged}
            clock={clock}
          />
        )
      ) : null}
      <DataTable
        caption={String(t('FollowUpHistory'))}
        testId="follow-up-history"
        rows={history}
        rowKey={(row) => row.id}
        emptyText={String(t('NoFollowUps'))}
        columns={[
          { key: 'contactedAt', label: String(t('ContactedAt')), render: (row) => format.dateTime(row.contactedAt) },
          {
            key: 'contactMode',
            label: String(t('ContactMode')),
            render: (row) => contactModeLabel(t, row.contactMode),
          },
          {
            key: 'reminderMode',
            label: String(t('ReminderMode')),
            render: (row) => contactModeLabel(t, row.reminderMode),
          },
          { key: 'contactedByUnit', label: String(t('ContactedByUnit')), render: (row) => row.contactedByUnit },
          { key: 'contactedBy', label: String(t('ContactedBy')), render: (row) => row.contactedBy },
          { key: 'personContacted', label: String(t('PersonContacted')), render: (row) => row.personContacted },
          {
            key: 'dispositionCode',
            label: String(t('Disposition')),
            render: (row) => (
              <Text component="span" size="sm" title={row.dispositionCode}>
                {valueText(t, 'disposition', row.dispositionCode)}
              </Text>
            ),
          },
          {
            key: 'actionAmount',
            label: String(t('ActionAmount')),
            render: (row) => format.money(row.actionAmount, currency),
          },
          {
            key: 'nextActionDate',
            label: String(t('NextActionDate')),
            render: (row) => format.date(row.nextActionDate),
          },
          {
            key: 'nextActionTime',
            label: String(t('NextActionTime')),
            render: (row) => row.nextActionTime?.slice(0, 5),
          },
          { key: 'remarks', label: String(t('Remarks')), render: (row) => row.remarks },
          {
            key: 'documentId',
            label: String(t('DocumentId')),
            render: (row) => (row.documentId === null ? '' : String(row.documentId)),
          },
          {
            key: 'callingWindowOverride',
            label: String(t('CallingWindowOverrideShort')),
            render: (row) => row.callingWindowOverride,
          },
        ]}
      />
      <DataTable
        caption={String(t('PromisesToPay'))}
        testId="ptp-table"
        rows={view.ptps}
        rowKey={(row) => row.ptpId}
        emptyText={String(t('NoPtps'))}
        columns={[
          { key: 'ptpId', label: String(t('Id')), render: (row) => String(row.ptpId) },
          { key: 'promisedDate', label: String(t('PromisedDate')), render: (row) => format.date(row.promisedDate) },
          {
            key: 'promisedAmount',
            label: String(t('PromisedAmount')),
            render: (row) => format.money(row.promisedAmount, row.currency),
          },
          {
            key: 'ptpStatus',
            label: String(t('PtpStatus')),
            render: (row) => <Badge color="gray.8">{statusLabel(t, row.ptpStatus)}</Badge>,
          },
          {
            key: 'deviationStatus',
            label: String(t('DeviationStatus')),
            render: (row) => statusLabel(t, row.deviationStatus),
          },
          {
            key: 'deviationReasons',
            label: String(t('DeviationReasons')),
            render: (row) => row.deviationReasons.map((reason) => deviationReasonLabel(t, reason)).join(', '),
          },
          { key: 'capturedBy', label: String(t('CapturedBy')), render: (row) => row.capturedBy },
          { key: 'referredTo', label: String(t('ReferredTo')), render: (row) => row.referredTo },
        ]}
      />
      <DocumentsSection view={view} trayKey={trayKey} isEditable={isEditable} onUploaded={onChanged} />
    </Stack>
  );
}
