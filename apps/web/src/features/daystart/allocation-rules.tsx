import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  allocationRuleInputSchema,
  allocationRuleUpdateSchema,
  RULE_BUCKETS,
  type AllocationRule,
  type AllocationRuleFormReply,
  type AllocationRuleUpdate,
} from '@recovery-desk/domain/collections/allocation-rules.ts';
import { PAGE_SIZES } from '@recovery-desk/domain/paging.ts';
import { PRODUCTS } from '@recovery-desk/domain/products.ts';
import { bucketText, productKey } from '@recovery-desk/i18n/value-labels.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryStates } from '../../components/data-grid/query-states.tsx';
import { DataTable } from '../../components/data-table.tsx';
import {
  CheckboxField,
  FormErrors,
  NumberField,
  SelectField,
  SubmitButton,
  TextField,
  ZodForm,
  useZodForm,
} from '../../components/form/index.ts';
import { PagePager } from '../../components/page-pager.tsx';
import { formatCount } from '../../lib/format.ts';
import { useSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { describeHttpError } from '../jobs/describe-job-error.ts';
import {
  createAllocationRule,
  deleteAllocationRule,
  fetchAllocationRuleForm,
  fetchAllocationRules,
  updateAllocationRule,
} from './allocation-rules-api.ts';

const FROM = 'collapp/daystartproc';
const KEY = ['day-start', 'allocation-rules'] as const;

function productText(t: TFunction, code: string | null): string {
  if (!code) return String(t('RuleAny'));
  const key = productKey(code);
  return key ? String(t(key)) : code;
}

/** The collectors a rule of the chosen unit may name: those acting in that unit or a unit above it (one per user). */
function collectorsFor(form: AllocationRuleFormReply | undefined, unitId: number | undefined) {
  const unit = form?.units.find((candidate) => candidate.id === unitId);
  if (!form || !unit) return [];
  const seen = new Set<number>();
  return form.collectors.filter((entry) => {
    if (!unit.path.startsWith(entry.unitPath) || seen.has(entry.id)) return false;
    seen.add(entry.id);
    return true;
  });
}

function RuleForm({
  rule,
  choices,
  onDone,
}: {
  rule: AllocationRule | null;
  choices: AllocationRuleFormReply | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const defaults = rule
    ? {
        unitId: rule.unitId ?? undefined,
        priority: rule.priority,
        product: rule.product ?? undefined,
        bucket: rule.bucket ?? undefined,
        pinCodePrefix: rule.pinCodePrefix ?? undefined,
        userId: rule.userId,
        capacity: rule.capacity,
        isActive: rule.isActive,
        version: rule.version,
      }
    : { isActive: true };
  const form = useZodForm(rule ? allocationRuleUpdateSchema : allocationRuleInputSchema, defaults as never);
  const unitId = form.watch('unitId') as number | undefined;
  const collectors = collectorsFor(choices, unitId);
  // An edited rule keeps showing its collector even when they no longer serve it (the server says why on save).
  const collectorOptions = [
    ...(rule && !collectors.some((entry) => entry.id === rule.userId)
      ? [{ value: String(rule.userId), label: `${rule.collectorName} (${rule.collectorUsername})` }]
      : []),
    ...collectors.map((entry) => ({ value: String(entry.id), label: `${entry.name} (${entry.username})` })),
  ];
  const mutation = useMutation({
    mutationFn: (input: AllocationRuleUpdate) =>
      rule ? updateAllocationRule(rule.id, { ...input, version: rule.version }) : createAllocationRule(input),
    onSuccess: () => {
      addToast({ title: String(t('RuleTitle')), message: String(t('RuleSaved')), type: 'success', from: FROM });
      void queryClient.invalidateQueries({ queryKey: KEY });
      onDone();
    },
  });
  const heading = rule ? String(t('RuleEditTitle', { id: rule.id })) : String(t('RuleNew'));
  return (
    <ZodForm form={form} onSubmit={(input) => mutation.mutateAsync(input as AllocationRuleUpdate)} aria-label={heading}>
      <Stack gap="xs" maw={520} data-testid="allocation-rule-form">
        <Title order={3} size="h4">
          {heading}
        </Title>
        <SelectField
          name="unitId"
          valueAs="number"
          label={String(t('RuleUnit'))}
          options={(choices?.units ?? []).map((unit) => ({
            value: String(unit.id),
            label: `${unit.unitCode} · ${unit.name}`,
          }))}
        />
        <NumberField name="priority" label={String(t('RulePriority'))} description={String(t('RulePriorityHelp'))} />
        <SelectField
          name="product"
          label={String(t('RuleProduct'))}
          options={PRODUCTS.map((code) => ({ value: code, label: productText(t, code) }))}
        />
        <SelectField
          name="bucket"
          label={String(t('RuleBucket'))}
          options={RULE_BUCKETS.map((code) => ({ value: code, label: `${code} (${bucketText(code, code)})` }))}
        />
        <TextField
          name="pinCodePrefix"
          label={String(t('RulePinCodePrefix'))}
          description={String(t('RulePinCodePrefixHelp'))}
          inputMode="numeric"
        />
        <SelectField name="userId" valueAs="number" label={String(t('RuleCollector'))} options={collectorOptions} />
        <NumberField name="capacity" label={String(t('RuleCapacity'))} description={String(t('RuleCapacityHelp'))} />
        <CheckboxField name="isActive" label={String(t('RuleActive'))} />
        <FormErrors />
        <Group gap="sm">
          <SubmitButton>{String(t('RuleSave'))}</SubmitButton>
          <Button variant="default" onClick={onDone}>
            {String(t('RuleCancel'))}
          </Button>
        </Group>
      </Stack>
    </ZodForm>
  );
}

/**
 * The allocation rules of day start's ALLOCATION step, on the Day Start screen: the subtree's rules by priority (a
 * collector who no longer serves a rule is flagged: the step would fail), New rule, Edit, Enable/Disable and Delete.
 */
export function AllocationRulesSection() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const actingUnit = useSession((session) => session.actingUnit);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('rulesPage')) || 1);
  const sizeParam = Number(params.get('rulesPageSize'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : 10;
  const [editing, setEditing] = useState<AllocationRule | 'new' | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null);

  const rules = useQuery({
    queryKey: [...KEY, actingUnit, page, pageSize],
    queryFn: ({ signal }) => fetchAllocationRules(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
  const choices = useQuery({
    queryKey: [...KEY, 'form', actingUnit],
    queryFn: ({ signal }) => fetchAllocationRuleForm(signal),
    enabled: editing !== null,
  });
  const fail = (error: unknown) =>
    addToast({ title: String(t('RuleActionFailed')), message: describeHttpError(t, error), type: 'error', from: FROM });
  const done = (message: string) => {
    addToast({ title: String(t('RuleTitle')), message, type: 'success', from: FROM });
    void queryClient.invalidateQueries({ queryKey: KEY });
  };
  const toggle = useMutation({
    mutationFn: (rule: AllocationRule) =>
      updateAllocationRule(rule.id, {
        unitId: rule.unitId ?? 0,
        priority: rule.priority,
        product: rule.product as AllocationRuleUpdate['product'],
        bucket: rule.bucket as AllocationRuleUpdate['bucket'],
        pinCodePrefix: rule.pinCodePrefix,
        userId: rule.userId,
        capacity: rule.capacity,
        isActive: !rule.isActive,
        version: rule.version,
      }),
    onSuccess: (rule) => done(String(t(rule.isActive ? 'RuleEnabled' : 'RuleDisabled'))),
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (rule: AllocationRule) => deleteAllocationRule(rule.id, rule.version),
    onSuccess: () => {
      setConfirmDelete(null);
      done(String(t('RuleDeleted')));
    },
    onError: fail,
  });

  const rows = rules.data?.rows ?? [];
  return (
    <Stack gap="xs" data-testid="allocation-rules" id="allocation-rules">
      <Title order={2} size="h3">
        {String(t('RuleTitle'))}
      </Title>
      <Text size="sm">{String(t('RuleHelp'))}</Text>
      <Group>
        <Button variant="default" onClick={() => setEditing('new')} disabled={editing !== null}>
          {String(t('RuleNew'))}
        </Button>
      </Group>
      {editing !== null ? (
        <RuleForm
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
          rule={editing === 'new' ? null : editing}
          choices={choices.data}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <QueryStates
        query={rules}
        isEmpty={rows.length === 0}
        loading={String(t('RulesLoading'))}
        failed={String(t('RulesLoadFailed'))}
        empty={String(t('RulesEmpty'))}
        describe={(failure) => describeHttpError(t, failure)}
        placeholderRows={3}
        testId="allocation-rules-state"
      >
        <DataTable<AllocationRule>
          caption={String(t('RuleTitle'))}
          testId="allocation-rules-table"
          rows={rows}
          rowKey={(rule) => rule.id}
          emptyText={String(t('RulesEmpty'))}
          columns={[
            { key: 'id', label: String(t('RuleColumnRule')), render: (rule) => String(rule.id) },
            { key: 'priority', label: String(t('RulePriority')), render: (rule) => String(rule.priority) },
            { key: 'unit', label: String(t('RuleUnit')), render: (rule) => rule.unitCode ?? String(t('RuleAny')) },
            { key: 'product', label: String(t('RuleProduct')), render: (rule) => productText(t, rule.product) },
            {
              key: 'bucket',
              label: String(t('RuleBucket')),
              render: (rule) =>
                rule.bucket ? `${rule.bucket} (${bucketText(rule.bucket, rule.bucket)})` : String(t('RuleAny')),
            },
            {
              key: 'pin',
              label: String(t('RulePinCodePrefix')),
              render: (rule) => rule.pinCodePrefix ?? String(t('RuleAny')),
            },
            {
              key: 'collector',
              label: String(t('RuleCollector')),
              render: (rule) => (
                <Stack gap={2}>
                  <Text size="sm">{`${rule.collectorName} (${rule.collectorUsername})`}</Text>
                  {rule.collectorOk ? null : (
                    <Badge color="red.9" variant="filled" styles={{ label: { overflow: 'visible' } }}>
                      {String(t('RuleCollectorUnavailable'))}
                    </Badge>
                  )}
                </Stack>
              ),
            },
            {
              key: 'capacity',
              label: String(t('RuleHeldOfCapacity')),
              render: (rule) =>
                String(
                  t('RuleHeldOf', {
                    held: formatCount(rule.held, i18n.language),
                    capacity: formatCount(rule.capacity, i18n.language),
                  }),
                ),
            },
            {
              key: 'status',
              label: String(t('RuleStatus')),
              render: (rule) => (
                <Badge
                  color={rule.isActive ? 'green.9' : 'gray.8'}
                  variant="filled"
                  styles={{ label: { overflow: 'visible' } }}
                >
                  {String(t(rule.isActive ? 'RuleStatusActive' : 'RuleStatusDisabled'))}
                </Badge>
              ),
            },
            {
              key: 'actions',
              label: String(t('DayStartColumnActions')),
              render: (rule) => (
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-label={String(t('RuleEditTitle', { id: rule.id }))}
                    onClick={() => setEditing(rule)}
                  >
                    {String(t('RuleEdit'))}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-label={String(t(rule.isActive ? 'RuleDisableOf' : 'RuleEnableOf', { id: rule.id }))}
                    loading={toggle.isPending && toggle.variables.id === rule.id}
                    onClick={() => toggle.mutate(rule)}
                  >
                    {String(t(rule.isActive ? 'RuleDisable' : 'RuleEnable'))}
                  </Button>
                  {confirmDelete === rule.id ? (
                    <Button
                      size="compact-xs"
                      color="red.9"
                      loading={remove.isPending}
                      onClick={() => remove.mutate(rule)}
                    >
                      {String(t('RuleConfirmDelete'))}
                    </Button>
                  ) : (
                    <Button
                      size="compact-xs"
                      variant="default"
                      aria-label={String(t('RuleDeleteOf', { id: rule.id }))}
                      onClick={() => setConfirmDelete(rule.id)}
                    >
                      {String(t('RuleDelete'))}
                    </Button>
                  )}
                </Group>
              ),
            },
          ]}
        />
      </QueryStates>
      <PagePager
        page={page}
        pageSize={pageSize}
        count={rules.data?.total}
        isBusy={rules.isFetching}
        label={String(t('RulesPages'))}
        onChange={(next, size) =>
          setParams((current) => {
            const updated = new URLSearchParams(current);
            updated.set('rulesPage', String(next));
            updated.set('rulesPageSize', String(size));
            return updated;
          })
        }
      />
    </Stack>
  );
}
