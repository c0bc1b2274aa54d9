import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { Currency } from '@recovery-desk/domain/money.ts';
import { toCents } from '@recovery-desk/domain/money.ts';
import {
  minorToAmount,
  type Valuation,
  type ValuationInput,
  type ValuationsReply,
} from '@recovery-desk/domain/secured-assets/valuations.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../../components/form/date-input.tsx';
import { MoneyInput } from '../../../../components/form/money-input.tsx';
import { fieldErrorsOf, serverFieldName } from '../../../../components/form/server-errors.ts';
import { describeError } from '../../../../lib/describe-error.ts';
import { formatAmount, formatBusinessDate } from '../../../../lib/format.ts';
import { addToast } from '../../../../lib/toast-store.ts';
import { saveCaseFields } from '../../../workflow/api/workflow-api.ts';
import type { CaseWidgetProps, StageWidget } from '../../../workflow/widgets.ts';
import {
  addValuation,
  changeValuation,
  fetchValuations,
  removeValuation,
  valuationKeys,
} from '../../api/valuations-api.ts';
import { SectionLoadState } from '../../../../components/section-load-state.tsx';

// The `assetValuations` widget (a case tab "Valuations") of REPOSSESSION CaptureValDtl, ValuationCompletion,
// FprAllocation and SARFAESI CaptureValDtl, ValCompletion, BasePriceInitiate, BasePriceApprove: each valuer's market,
// realisable and distress values (added, changed and removed at Capture Valuation Details), how many the policy asks
// for, the values the case takes from them (the lowest, the latest date), and at the pricing stages the suggested
// reserve price (the lowest realisable value) against the reserve on the case.

type Draft = {
  valuerName: string;
  valuationDate: string;
  market: string;
  realisable: string;
  distress: string;
  reportReference: string;
};

const EMPTY: Draft = {
  valuerName: '',
  valuationDate: '',
  market: '',
  realisable: '',
  distress: '',
  reportReference: '',
};

const draftOf = (valuation: Valuation): Draft => ({
  valuerName: valuation.valuerName,
  valuationDate: valuation.valuationDate,
  market: minorToAmount(valuation.marketValueMinor),
  realisable: minorToAmount(valuation.realisableValueMinor),
  distress: minorToAmount(valuation.distressValueMinor),
  reportReference: valuation.reportReference ?? '',
});

const minorOf = (amount: string): number => (amount.trim() === '' ? Number.NaN : Number(toCents(amount)));

function inputOf(draft: Draft): ValuationInput {
  return {
    valuerName: draft.valuerName.trim(),
    valuationDate: draft.valuationDate,
    marketValueMinor: minorOf(draft.market),
    realisableValueMinor: minorOf(draft.realisable),
    distressValueMinor: minorOf(draft.distress),
    reportReference: draft.reportReference.trim() === '' ? null : draft.reportReference.trim(),
  };
}

/** The field errors of a refused save, by the input's field name. */
function errorsByField(error: unknown): Record<string, string> {
  return Object.fromEntries(fieldErrorsOf(error).map((field) => [serverFieldName(field.field), field.message]));
}

export function AssetValuationsTab({ view, canAct, onReload }: CaseWidgetProps) {
  const { t, i18n } = useTranslation();
  const caseId = view.case.caseId;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: valuationKeys.ofCase(caseId),
    queryFn: ({ signal }) => fetchValuations(caseId, signal),
  });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<number | null>(null);

  const done = (reply: ValuationsReply) => {
    queryClient.setQueryData(valuationKeys.ofCase(caseId), reply);
    setDraft(EMPTY);
    setEditing(null);
    onReload();
  };
  const save = useMutation({
    mutationFn: (input: ValuationInput) =>
      editing === null ? addValuation(caseId, input) : changeValuation(caseId, editing, input),
    onSuccess: (reply) => {
      done(reply);
      addToast({
        title: String(t('Saved')),
        message: String(t('RepoValuationSaved')),
        type: 'success',
        from: 'repo/valuations',
      });
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => removeValuation(caseId, id),
    onSuccess: done,
    onError: (error) =>
      addToast({
        title: String(t('RepoValuationRemoveFailed')),
        message: describeError(error, t),
        type: 'error',
        from: 'repo/valuations',
      }),
  });
  const useSuggested = useMutation({
    mutationFn: (reserve: number) =>
      saveCaseFields(caseId, { version: view.case.version, fields: { reservePrice: minorToAmount(reserve) } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: valuationKeys.ofCase(caseId) });
      onReload();
    },
    onError: (error) =>
      addToast({
        title: String(t('RepoReserveSaveFailed')),
        message: describeError(error, t),
        type: 'error',
        from: 'repo/valuations',
      }),
  });

  if (query.isPending || query.isError) {
    return (
      <SectionLoadState
        query={query}
        loading={String(t('RepoValuationsLoading'))}
        failed={String(t('RepoValuationsLoadFailed'))}
      />
    );
  }

  const data = query.data;
  const currency = data.currency as Currency;
  const money = (minor: number) => formatAmount(minorToAmount(minor), currency, i18n.language);
  const editable = data.editable && canAct;
  const errors = save.isError ? errorsByField(save.error) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(inputOf(draft));
  };
  const policyText =
    data.policy.reason === 'SARFAESI_HIGH_VALUE'
      ? t('RepoValuationPolicySarfaesiHigh', { n: data.policy.required, amount: money(data.policy.thresholdMinor) })
      : data.policy.reason === 'REPO_HIGH_OUTSTANDING'
        ? t('RepoValuationPolicyRepoHigh', { n: data.policy.required, amount: money(data.policy.thresholdMinor) })
        : t('RepoValuationPolicyOne', { n: data.policy.required });
  const short = data.valuations.length < data.policy.required;

  return (
    <Stack gap="md" data-testid="asset-valuations">
      <Text size="sm" c={short ? 'red.9' : 'dark.6'} data-testid="valuation-policy">
        {String(policyText)} {String(t('RepoValuationCount', { n: data.valuations.length }))}
      </Text>

      {data.valuations.length === 0 ? (
        <Text size="sm" c="dark.6" data-testid="valuations-empty">
          {String(t('RepoValuationsEmpty'))}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder data-testid="valuations-table">
            <caption className="visually-hidden">{String(t('RepoValuationsTab'))}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{String(t('RepoValuer'))}</Table.Th>
                <Table.Th scope="col">{String(t('RepoValuationDate'))}</Table.Th>
                <Table.Th scope="col">{String(t('RepoMarketValue'))}</Table.Th>
                <Table.Th scope="col">{String(t('RepoRealisableValue'))}</Table.Th>
                <Table.Th scope="col">{String(t('RepoDistressValue'))}</Table.Th>
                <Table.Th scope="col">{String(t('RepoReportReference'))}</Table.Th>
                {editable ? <Table.Th scope="col">{String(t('RepoValuationActions'))}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.valuations.map((valuation) => (
                <Table.Tr key={valuation.id} data-testid={`valuation-${valuation.id}`}>
                  <Table.Td>{valuation.valuerName}</Table.Td>
                  <Table.Td>{formatBusinessDate(valuation.valuationDate, i18n.language)}</Table.Td>
                  <Table.Td>{money(valuation.marketValueMinor)}</Table.Td>
                  <Table.Td>{money(valuation.realisableValueMinor)}</Table.Td>
                  <Table.Td>{money(valuation.distressValueMinor)}</Table.Td>
                  <Table.Td>{valuation.reportReference ?? '—'}</Table.Td>
                  {editable ? (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => {
                            setEditing(valuation.id);
                            setDraft(draftOf(valuation));
                          }}
                          aria-label={String(t('RepoValuationEditOf', { name: valuation.valuerName }))}
                        >
                          {String(t('RepoValuationEdit'))}
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          color="red"
                          loading={remove.isPending && remove.variables === valuation.id}
                          onClick={() => remove.mutate(valuation.id)}
                          aria-label={String(t('RepoValuationRemoveOf', { name: valuation.valuerName }))}
                        >
                          {String(t('RepoValuationRemove'))}
                        </Button>
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {data.derived ? (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="valuation-derived">
          <Stack gap="xs">
            <Title order={3} size="h5" id="valuation-derived">
              {String(t('RepoValuationDerivedTitle'))}
            </Title>
            <Text size="sm" c="dark.6">
              {String(t('RepoValuationDerivedHint'))}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" data-testid="valuation-derived">
              <Text size="sm">
                {String(t('RepoMarketValue'))}: <strong>{money(data.derived.marketValueMinor)}</strong>
              </Text>
              <Text size="sm">
                {String(t('RepoRealisableValue'))}: <strong>{money(data.derived.realisableValueMinor)}</strong>
              </Text>
              <Text size="sm">
                {String(t('RepoDistressValue'))}: <strong>{money(data.derived.distressValueMinor)}</strong>
              </Text>
              <Text size="sm">
                {String(t('RepoValuationDate'))}:{' '}
                <strong>{formatBusinessDate(data.derived.valuationDate, i18n.language)}</strong>
              </Text>
            </SimpleGrid>
          </Stack>
        </Paper>
      ) : null}

      {data.suggestedReserveMinor !== null && data.stage !== 'CaptureValDtl' ? (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="valuation-reserve">
          <Stack gap="xs" data-testid="valuation-reserve">
            <Title order={3} size="h5" id="valuation-reserve">
              {String(t('RepoReserveTitle'))}
            </Title>
            <Text size="sm" data-testid="reserve-suggested">
              {String(t('RepoReserveSuggested', { amount: money(data.suggestedReserveMinor) }))}
            </Text>
            <Text size="sm" data-testid="reserve-current">
              {data.reservePriceMinor === null
                ? String(t('RepoReserveNotSet'))
                : String(t('RepoReserveCurrent', { amount: money(data.reservePriceMinor) }))}
            </Text>
            {data.reservePriceMinor !== null &&
            data.derived &&
            data.reservePriceMinor < data.derived.distressValueMinor ? (
              <Text size="sm" c="red.9">
                {String(t('RepoReserveBelowDistress', { amount: money(data.derived.distressValueMinor) }))}
              </Text>
            ) : null}
            {data.atReserveStage && canAct && data.reservePriceMinor !== data.suggestedReserveMinor ? (
              <Group>
                <Button
                  variant="default"
                  loading={useSuggested.isPending}
                  onClick={() => useSuggested.mutate(data.suggestedReserveMinor!)}
                  data-testid="use-suggested-reserve"
                >
                  {String(t('RepoReserveUseSuggested'))}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Paper>
      ) : null}

      {editable ? (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="valuation-form-title">
          <form onSubmit={submit} noValidate data-testid="valuation-form">
            <Stack gap="sm">
              <Title order={3} size="h5" id="valuation-form-title">
                {String(t(editing === null ? 'RepoValuationAdd' : 'RepoValuationChange'))}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={String(t('RepoValuer'))}
                  required
                  value={draft.valuerName}
                  onChange={(event) => setDraft({ ...draft, valuerName: event.currentTarget.value })}
                  error={errors.valuerName}
                  maxLength={120}
                />
                <DateInput
                  label={String(t('RepoValuationDate'))}
                  required
                  value={draft.valuationDate}
                  onChange={(value) => setDraft({ ...draft, valuationDate: value })}
                  error={errors.valuationDate}
                />
                <MoneyInput
                  label={String(t('RepoMarketValue'))}
                  required
                  currency={currency}
                  value={draft.market}
                  onChange={(value) => setDraft({ ...draft, market: value })}
                  error={errors.marketValueMinor}
                />
                <MoneyInput
                  label={String(t('RepoRealisableValue'))}
                  required
                  currency={currency}
                  value={draft.realisable}
                  onChange={(value) => setDraft({ ...draft, realisable: value })}
                  error={errors.realisableValueMinor}
                />
                <MoneyInput
                  label={String(t('RepoDistressValue'))}
                  required
                  currency={currency}
                  value={draft.distress}
                  onChange={(value) => setDraft({ ...draft, distress: value })}
                  error={errors.distressValueMinor}
                />
                <TextInput
                  label={String(t('RepoReportReference'))}
                  value={draft.reportReference}
                  onChange={(event) => setDraft({ ...draft, reportReference: event.currentTarget.value })}
                  error={errors.reportReference}
                  maxLength={60}
                />
              </SimpleGrid>
              {save.isError && Object.keys(errors).length === 0 ? (
                <Alert color="red" variant="outline" role="alert">
                  {describeError(save.error, t)}
                </Alert>
              ) : null}
              <Group>
                <Button type="submit" loading={save.isPending} data-testid="valuation-save">
                  {String(t('RepoValuationSave'))}
                </Button>
                {editing !== null ? (
                  <Button
                    variant="default"
                    onClick={() => {
                      setEditing(null);
                      setDraft(EMPTY);
                    }}
                  >
                    {String(t('RepoValuationCancel'))}
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </form>
        </Paper>
      ) : null}
    </Stack>
  );
}

export const stageWidget: StageWidget = {
  name: 'assetValuations',
  caseTab: { labelKey: 'RepoValuationsTab', Component: AssetValuationsTab },
};
