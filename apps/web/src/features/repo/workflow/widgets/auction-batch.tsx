import { Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import {
  auctionBatchInputSchema,
  type AuctionBatchDetail,
  type AuctionBatchInput,
} from '@recovery-desk/domain/secured-assets/auction.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DateField,
  FormErrors,
  SubmitButton,
  TextField,
  useZodForm,
  ZodForm,
} from '../../../../components/form/index.ts';
import { useSession } from '../../../../lib/session-store.ts';
import { addToast } from '../../../../lib/toast-store.ts';
import { describeWorkflowError } from '../../../workflow/api/describe-error.ts';
import type { StageWidget, TrayWidgetProps } from '../../../workflow/widgets.ts';
import { addLots, batchKeys, createBatch, fetchBatches } from '../../api/auction-api.ts';

// The `auctionBatch` widget of the SARFAESI BatchGen tray (issue 15): the selected cases are added to a new auction
// batch or to an open one, as its next lots (numbered in the order selected); each case's auctionBatchNo is written
// by the server, so the stage's Add to Batch step can follow.

const NEW = 'new';
const batchDetailsSchema = auctionBatchInputSchema.omit({ caseIds: true });

function NewBatchForm({ onSubmit }: { onSubmit: (values: Record<string, unknown>) => Promise<unknown> }) {
  const { t } = useTranslation();
  const form = useZodForm(batchDetailsSchema, {
    batchNo: '',
    auctionDate: '',
    emdLastDate: '',
    inspectionDate1: '',
    inspectionDate2: '',
    auctionAgency: '',
  } as never);
  return (
    <ZodForm form={form} onSubmit={(values) => onSubmit(values as Record<string, unknown>)} data-testid="batch-form">
      <Stack gap="sm">
        <TextField name="batchNo" label={String(t('AuctionBatchNumber'))} required autoFocus />
        <DateField name="auctionDate" label={String(t('AuctionBatchAuctionDate'))} required />
        <DateField name="emdLastDate" label={String(t('AuctionBatchEmdLastDate'))} required />
        <DateField name="inspectionDate1" label={`${String(t('AuctionBatchInspection'))} 1`} />
        <DateField name="inspectionDate2" label={`${String(t('AuctionBatchInspection'))} 2`} />
        <TextField name="auctionAgency" label={String(t('AuctionBatchAgency'))} required />
        <FormErrors />
        <Group>
          <SubmitButton>{String(t('AuctionBatchAdd'))}</SubmitButton>
        </Group>
      </Stack>
    </ZodForm>
  );
}

export function AuctionBatchTrayAction({ selected, onDone, from }: TrayWidgetProps) {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [target, setTarget] = useState<string>(NEW);
  const [busy, setBusy] = useState(false);
  const open = useQuery({
    queryKey: batchKeys.list('open', session.actingUnit),
    queryFn: ({ signal }) => fetchBatches('open', signal),
    enabled: opened,
  });
  const caseIds = [...selected];

  const finished = (batch: AuctionBatchDetail) => {
    void queryClient.invalidateQueries({ queryKey: batchKeys.all() });
    addToast({
      title: String(t('Saved')),
      message: String(t('AuctionBatchAdded', { cases: caseIds.length, batchNo: batch.batchNo })),
      type: 'success',
      from,
    });
    setOpened(false);
    onDone();
  };
  const failed = (error: unknown) =>
    addToast({
      title: String(t('AuctionBatchAddFailed')),
      message: describeWorkflowError(t, error),
      type: 'error',
      from,
    });

  const start = () => {
    if (selected.size === 0) {
      addToast({ title: String(t('SystemMsg')), message: String(t('PleaseSelectId')), type: 'warning', from });
      return;
    }
    setTarget(NEW);
    setOpened(true);
  };
  const addToOpen = async () => {
    setBusy(true);
    try {
      finished(await addLots(Number(target), caseIds));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Group gap="sm" data-testid="auction-batch-bar">
        <Button onClick={start}>{String(t('AuctionBatchAdd'))}</Button>
        <Text size="sm" role="status" aria-live="polite">
          {String(t('SelectedCount', { count: selected.size }))}
        </Text>
      </Group>
      <Modal opened={opened} onClose={() => setOpened(false)} title={String(t('AuctionBatchAdd'))}>
        <Stack gap="sm">
          <NativeSelect
            label={String(t('AuctionBatchChoose'))}
            value={target}
            onChange={(event) => setTarget(event.currentTarget.value)}
            data={[
              { value: NEW, label: String(t('AuctionBatchNew')) },
              ...(open.data ?? []).map((batch) => ({ value: String(batch.batchId), label: batch.batchNo })),
            ]}
          />
          {target === NEW ? (
            <NewBatchForm
              onSubmit={async (values) => {
                try {
                  finished(await createBatch({ ...(values as Omit<AuctionBatchInput, 'caseIds'>), caseIds }));
                } catch (error) {
                  failed(error);
                  throw error;
                }
              }}
            />
          ) : (
            <Group>
              <Button loading={busy} onClick={() => void addToOpen()}>
                {String(t('AuctionBatchAdd'))}
              </Button>
            </Group>
          )}
        </Stack>
      </Modal>
    </>
  );
}

export const stageWidget: StageWidget = {
  name: 'auctionBatch',
  trayAction: AuctionBatchTrayAction,
};
