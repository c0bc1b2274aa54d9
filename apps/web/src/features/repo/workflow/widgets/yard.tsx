import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  ASSET_CONDITIONS,
  YARD_OUT_REASONS,
  type CaseYardReply,
  type YardInInput,
  type YardOutInput,
} from '@recovery-desk/domain/secured-assets/yards.ts';
import { valueLabelKey, type ValueKind } from '@recovery-desk/i18n/value-labels.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../../components/form/date-input.tsx';
import { fieldErrorsOf, serverFieldName } from '../../../../components/form/server-errors.ts';
import { describeError } from '../../../../lib/describe-error.ts';
import { formatBusinessDate } from '../../../../lib/format.ts';
import { addToast } from '../../../../lib/toast-store.ts';
import type { CaseWidgetProps, StageWidget } from '../../../workflow/widgets.ts';
import { fetchCaseYard, fetchYards, yardIn, yardKeys, yardOut } from '../../api/yard-api.ts';
import { SectionLoadState } from '../../../../components/section-load-state.tsx';

// The `yard` widget (a case tab "Yard") of REPOSSESSION Asset Detail Capture: where the vehicle is (the open stay of
// the yard register), its stays, and for the holder of the stage's authority the yard-in (a yard of the register, the
// date, the condition; the case's yardName and yardInDate follow it) or, once in, the yard-out (date, reason).

const SOURCE = 'repo/yard';

function valueText(t: TFunction, kind: ValueKind, code: string): string {
  return String(t((valueLabelKey(kind, code) ?? code) as never));
}

const errorsByField = (error: unknown): Record<string, string> =>
  Object.fromEntries(fieldErrorsOf(error).map((field) => [serverFieldName(field.field), field.message]));

function YardInForm({ caseId, onDone }: { caseId: number; onDone: (reply: CaseYardReply) => void }) {
  const { t } = useTranslation();
  const yards = useQuery({ queryKey: yardKeys.register(), queryFn: ({ signal }) => fetchYards(signal) });
  const [draft, setDraft] = useState({ yardId: '', inDate: '', condition: 'GOOD' });
  const save = useMutation({
    mutationFn: (input: YardInInput) => yardIn(caseId, input),
    onSuccess: (reply) => {
      onDone(reply);
      addToast({ title: String(t('Saved')), message: String(t('RepoYardInDone')), type: 'success', from: SOURCE });
    },
  });
  if (yards.isPending) return <Loader size="sm" aria-label={String(t('RepoYardLoading'))} />;
  if (yards.isError) {
    return (
      <Alert color="red" variant="outline" role="alert">
        {describeError(yards.error, t)}
      </Alert>
    );
  }
  const active = yards.data.yards.filter((yard) => yard.active);
  if (active.length === 0) {
    return (
      <Text size="sm" c="red.9" data-testid="yard-none">
        {String(t('RepoYardNoYards'))}
      </Text>
    );
  }
  const errors = save.isError ? errorsByField(save.error) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      yardId: Number(draft.yardId) || 0,
      inDate: draft.inDate,
      condition: draft.condition as YardInInput['condition'],
    });
  };
  return (
    <form onSubmit={submit} noValidate data-testid="yard-in-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NativeSelect
            label={String(t('RepoYardChoose'))}
            required
            data={[
              { value: '', label: String(t('RepoInvChoose')) },
              ...active.map((yard) => ({ value: String(yard.id), label: `${yard.name} (${yard.unitName})` })),
            ]}
            value={draft.yardId}
            onChange={(e) => setDraft({ ...draft, yardId: e.currentTarget.value })}
            error={errors.yardId}
          />
          <DateInput
            label={String(t('RepoYardInDate'))}
            required
            value={draft.inDate}
            onChange={(value) => setDraft({ ...draft, inDate: value })}
            error={errors.inDate}
          />
          <NativeSelect
            label={String(t('RepoYardConditionLabel'))}
            required
            data={ASSET_CONDITIONS.map((code) => ({ value: code, label: valueText(t, 'assetCondition', code) }))}
            value={draft.condition}
            onChange={(e) => setDraft({ ...draft, condition: e.currentTarget.value })}
            error={errors.condition}
          />
        </SimpleGrid>
        {save.isError && Object.keys(errors).length === 0 ? (
          <Alert color="red" variant="outline" role="alert">
            {describeError(save.error, t)}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending} data-testid="yard-in-save">
            {String(t('RepoYardInAction'))}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function YardOutForm({ caseId, onDone }: { caseId: number; onDone: (reply: CaseYardReply) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ outDate: '', reason: 'SALE' });
  const save = useMutation({
    mutationFn: (input: YardOutInput) => yardOut(caseId, input),
    onSuccess: (reply) => {
      onDone(reply);
      addToast({ title: String(t('Saved')), message: String(t('RepoYardOutDone')), type: 'success', from: SOURCE });
    },
  });
  const errors = save.isError ? errorsByField(save.error) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ outDate: draft.outDate, reason: draft.reason as YardOutInput['reason'] });
  };
  return (
    <form onSubmit={submit} noValidate data-testid="yard-out-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateInput
            label={String(t('RepoYardOutDate'))}
            required
            value={draft.outDate}
            onChange={(value) => setDraft({ ...draft, outDate: value })}
            error={errors.outDate}
          />
          <NativeSelect
            label={String(t('RepoYardOutReasonLabel'))}
            required
            data={YARD_OUT_REASONS.map((code) => ({ value: code, label: valueText(t, 'yardOutReason', code) }))}
            value={draft.reason}
            onChange={(e) => setDraft({ ...draft, reason: e.currentTarget.value })}
            error={errors.reason}
          />
        </SimpleGrid>
        {save.isError && Object.keys(errors).length === 0 ? (
          <Alert color="red" variant="outline" role="alert">
            {describeError(save.error, t)}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" variant="default" loading={save.isPending} data-testid="yard-out-save">
            {String(t('RepoYardOutAction'))}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function YardTab({ view, canAct, onReload }: CaseWidgetProps) {
  const { t, i18n } = useTranslation();
  const caseId = view.case.caseId;
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: yardKeys.ofCase(caseId), queryFn: ({ signal }) => fetchCaseYard(caseId, signal) });
  if (query.isPending || query.isError) {
    return (
      <SectionLoadState query={query} loading={String(t('RepoYardLoading'))} failed={String(t('RepoYardLoadFailed'))} />
    );
  }
  const data = query.data;
  const date = (iso: string) => formatBusinessDate(iso, i18n.language);
  const done = (reply: CaseYardReply) => {
    queryClient.setQueryData(yardKeys.ofCase(caseId), reply);
    void queryClient.invalidateQueries({ queryKey: ['repo', 'inventory', caseId] });
    onReload();
  };
  const editable = canAct && !view.case.isClosed;
  return (
    <Stack gap="md" data-testid="yard-tab">
      <Text size="sm" data-testid="yard-current">
        {data.current
          ? String(
              t('RepoYardInSince', {
                yard: data.current.yardName,
                date: date(data.current.inDate),
                condition: valueText(t, 'assetCondition', data.current.condition),
              }),
            )
          : String(t('RepoYardNotIn'))}
      </Text>
      {data.stays.length > 0 ? (
        <Table striped withTableBorder data-testid="yard-stays">
          <caption className="visually-hidden">{String(t('RepoYardHistory'))}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{String(t('RepoYard'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoYardInDate'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoYardConditionLabel'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoYardOutDate'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoYardOutReasonLabel'))}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.stays.map((stay) => (
              <Table.Tr key={stay.id}>
                <Table.Td>{stay.yardName}</Table.Td>
                <Table.Td>{date(stay.inDate)}</Table.Td>
                <Table.Td>{valueText(t, 'assetCondition', stay.condition)}</Table.Td>
                <Table.Td>{stay.outDate ? date(stay.outDate) : String(t('RepoYardStillIn'))}</Table.Td>
                <Table.Td>{stay.outReason ? valueText(t, 'yardOutReason', stay.outReason) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {editable ? (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="yard-form-title">
          <Stack gap="sm">
            <Title order={3} size="h5" id="yard-form-title">
              {String(t(data.current ? 'RepoYardOutAction' : 'RepoYardInAction'))}
            </Title>
            {data.current ? (
              <YardOutForm caseId={caseId} onDone={done} />
            ) : (
              <YardInForm caseId={caseId} onDone={done} />
            )}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

export const stageWidget: StageWidget = {
  name: 'yard',
  caseTab: { labelKey: 'RepoYardTab', Component: YardTab },
};
