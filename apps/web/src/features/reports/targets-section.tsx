import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { minorToDecimalText, toCents, type Currency } from '@recovery-desk/domain/money.ts';
import {
  MONTH_PATTERN,
  targetFormSchema,
  targetRowSchema,
  targetsReplySchema,
  type TargetForm,
  type TargetInput,
  type TargetRow,
  type TargetsReply,
} from '@recovery-desk/domain/reports/targets.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '../../components/data-grid/query-states.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { AmountField, FormErrors, SubmitButton, ZodForm, useZodForm } from '../../components/form/index.ts';
import { formatMinor } from '../../lib/format.ts';
import { apiClient } from '../../lib/http-client.ts';
import { useSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { describeHttpError } from '../jobs/describe-job-error.ts';

// Collection targets on the Reports screen (REPORT_GENERATION_SAUTH): a month's targets of the subtree's units, each
// editable in its currency; the dashboard's "collections against target" reads them.

const FROM = 'collapp/reportGeneration';
const KEY = ['reports', 'targets'] as const;

async function fetchTargets(month: string, signal?: AbortSignal): Promise<TargetsReply> {
  const query = MONTH_PATTERN.test(month) ? `?month=${month}` : '';
  return targetsReplySchema.parse(await apiClient.get<unknown>(`/api/collections/targets${query}`, { signal }));
}

async function saveTarget(input: TargetInput): Promise<TargetRow> {
  return targetRowSchema.parse(await apiClient.request<unknown>('PUT', '/api/collections/targets', { body: input }));
}

function TargetEditor({ row, month, onDone }: { row: TargetRow; month: string; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(targetFormSchema, {
    amount: row.targetMinor ? minorToDecimalText(row.targetMinor, row.currency) : '',
  });
  const mutation = useMutation({
    mutationFn: (input: TargetForm) =>
      saveTarget({
        unitId: row.unitId,
        month,
        currency: row.currency as Currency,
        targetMinor: toCents(input.amount).toString(),
        version: row.version,
      }),
    onSuccess: () => {
      addToast({ title: String(t('TargetsTitle')), message: String(t('TargetSaved')), type: 'success', from: FROM });
      void queryClient.invalidateQueries({ queryKey: KEY });
      onDone();
    },
  });
  const label = String(t('TargetOf', { unit: row.unitCode, currency: row.currency }));
  return (
    <ZodForm form={form} onSubmit={(input) => mutation.mutateAsync(input)} aria-label={label}>
      <Group gap="xs" align="flex-end" wrap="nowrap" data-testid="target-form">
        <AmountField name="amount" label={label} currency={row.currency} />
        <SubmitButton>{String(t('TargetSave'))}</SubmitButton>
        <Button variant="default" onClick={onDone}>
          {String(t('TargetCancel'))}
        </Button>
      </Group>
      <FormErrors />
    </ZodForm>
  );
}

export function TargetsSection() {
  const { t, i18n } = useTranslation();
  const actingUnit = useSession((session) => session.actingUnit);
  const businessDate = useSession((session) => session.businessDate);
  const [month, setMonth] = useState(businessDate?.slice(0, 7) ?? '');
  const [editing, setEditing] = useState<string | null>(null);
  const targets = useQuery({
    queryKey: [...KEY, actingUnit, month],
    queryFn: ({ signal }) => fetchTargets(month, signal),
    placeholderData: keepPreviousData,
  });
  const rows = targets.data?.rows ?? [];
  const keyOf = (row: TargetRow) => `${row.unitId}-${row.currency}`;
  return (
    <Stack gap="xs" data-testid="targets-section">
      <Title order={2} size="h3">
        {String(t('TargetsTitle'))}
      </Title>
      <Text size="sm">{String(t('TargetsHelp'))}</Text>
      <TextInput
        type="month"
        label={String(t('TargetMonth'))}
        value={month}
        maw={220}
        onChange={(event) => setMonth(event.currentTarget.value)}
      />
      <QueryStates
        query={targets}
        isEmpty={rows.length === 0}
        loading={String(t('TargetsLoading'))}
        failed={String(t('TargetsLoadFailed'))}
        empty={String(t('TargetsEmpty'))}
        describe={(failure) => describeHttpError(t, failure)}
        placeholderRows={3}
        testId="targets-state"
      >
        <DataTable<TargetRow>
          caption={String(t('TargetsTitle'))}
          testId="targets-table"
          rows={rows}
          rowKey={keyOf}
          emptyText={String(t('TargetsEmpty'))}
          columns={[
            { key: 'unit', label: String(t('TargetUnit')), render: (row) => `${row.unitCode} · ${row.unitName}` },
            { key: 'currency', label: String(t('TargetCurrency')), render: (row) => row.currency },
            {
              key: 'target',
              label: String(t('TargetAmount')),
              render: (row) =>
                editing === keyOf(row) ? (
                  <TargetEditor row={row} month={targets.data!.month} onDone={() => setEditing(null)} />
                ) : row.targetMinor ? (
                  formatMinor(row.targetMinor, row.currency, i18n.language)
                ) : (
                  String(t('TargetNone'))
                ),
            },
            { key: 'by', label: String(t('TargetSetBy')), render: (row) => row.updatedBy },
            {
              key: 'edit',
              label: String(t('TargetActions')),
              render: (row) =>
                editing === keyOf(row) ? null : (
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-label={String(t('TargetEditOf', { unit: row.unitCode, currency: row.currency }))}
                    onClick={() => setEditing(keyOf(row))}
                  >
                    {String(t('TargetEdit'))}
                  </Button>
                ),
            },
          ]}
        />
      </QueryStates>
    </Stack>
  );
}
