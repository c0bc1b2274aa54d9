import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { toCents } from '@recovery-desk/domain/money.ts';
import {
  minorToDecimal,
  requiredLevel,
  splitWaiver,
  isRestructuring,
  type SanctionLevel,
} from '@recovery-desk/domain/settlements/arithmetic.ts';
import {
  SETTLEMENT_MAX_INSTALMENTS,
  settlementTermsSchema,
  type SettlementAccount,
  type SettlementTerms,
} from '@recovery-desk/domain/settlements/contracts.ts';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AmountField,
  DateField,
  FormErrors,
  SubmitButton,
  TextareaField,
  TextField,
  useZodForm,
  ZodForm,
} from '../../components/form/index.ts';
import { levelLabel, money } from './settlement-ui.tsx';

/** What the form shows before it is sent: the waiver split and the level the terms need (the server decides). */
function TermsPreview({ account, payable, dates }: { account: SettlementAccount; payable: string; dates: string[] }) {
  const { t, i18n } = useTranslation();
  if (!/^\d{1,15}(\.\d{1,2})?$/.test(payable.trim())) return null;
  const outstanding = {
    principal: toCents(account.outstanding.principal),
    interest: toCents(account.outstanding.interest),
    charges: toCents(account.outstanding.charges),
  };
  const total = outstanding.principal + outstanding.interest + outstanding.charges;
  const cents = toCents(payable.trim());
  if (cents <= 0n || cents > total) return null;
  const split = splitWaiver(outstanding, cents);
  const level = requiredLevel({
    waiverBasisPoints: split.waiverBasisPoints,
    waiverMinor: split.totalWaiver,
    currency: account.currency,
    sanctionLevel: account.sanctionLevel as SanctionLevel,
    fraud: account.fraud,
    wilfulDefaulter: account.wilfulDefaulter,
  });
  const plan = dates
    .filter((date) => /^\d{4}-\d{2}-\d{2}$/.test(date))
    .map((dueDate) => ({ dueDate, amountMinor: 1n }));
  const restructuring = isRestructuring(account.businessDate, plan);
  const amount = (minor: bigint) => money(minorToDecimal(minor), account.currency, i18n.language);
  return (
    <Alert variant="light" color="blue" title={String(t('SettlementPreview'))} data-testid="settlement-preview">
      <Stack gap={2}>
        <Text size="sm">
          {String(
            t('SettlementPreviewWaiver', {
              amount: amount(split.totalWaiver),
              percent: `${Math.trunc(split.waiverBasisPoints / 100)}.${String(split.waiverBasisPoints % 100).padStart(2, '0')}`,
            }),
          )}
        </Text>
        <Text size="sm">
          {String(
            t('SettlementPreviewSplit', {
              charges: amount(split.waiver.charges),
              interest: amount(split.waiver.interest),
              principal: amount(split.waiver.principal),
            }),
          )}
        </Text>
        <Text size="sm">{String(t('SettlementPreviewLevel', { level: levelLabel(t, level.level) }))}</Text>
        {restructuring ? <Text size="sm">{String(t('SettlementRestructuringNote'))}</Text> : null}
      </Stack>
    </Alert>
  );
}

/**
 * The terms of a settlement (initiation, or the maker's resubmission after a pushback): total payable, the party,
 * one or more instalments that add up to it, remarks. Validated by the domain contract; the server's field
 * refusals (`instalments.0.dueDate`, `totalPayable`) land on their fields.
 */
export function SettlementTermsForm({
  account,
  initial,
  submitLabel,
  onSubmit,
}: {
  account: SettlementAccount;
  initial?: SettlementTerms | undefined;
  submitLabel: string;
  onSubmit: (terms: SettlementTerms) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(
    settlementTermsSchema,
    initial ?? {
      totalPayable: '',
      partyName: account.customerName,
      instalments: [{ dueDate: '', amount: '' }],
      remarks: '',
    },
  );
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'instalments' });
  const payable = useWatch({ control: form.control, name: 'totalPayable' }) ?? '';
  const instalments = useWatch({ control: form.control, name: 'instalments' }) ?? [];
  return (
    <ZodForm form={form} onSubmit={onSubmit} aria-labelledby="settlement-terms-title" data-testid="settlement-terms">
      <Stack gap="sm">
        <Title order={2} size="h3" id="settlement-terms-title">
          {String(t('SettlementTerms'))}
        </Title>
        <AmountField name="totalPayable" label={String(t('SettlementTotalPayable'))} currency={account.currency} />
        <TextField name="partyName" label={String(t('SettlementPartyName'))} />
        <TermsPreview
          account={account}
          payable={String(payable)}
          dates={instalments.map((item) => String(item?.dueDate ?? ''))}
        />
        <Title order={3} size="h4">
          {String(t('SettlementSchedule'))}
        </Title>
        {fields.map((item, index) => (
          <Group key={item.id} align="flex-end" gap="sm" wrap="wrap">
            <DateField
              name={`instalments.${index}.dueDate`}
              label={String(t('SettlementInstalmentDate', { no: index + 1 }))}
              rules={[{ kind: 'dateMin', min: account.businessDate }]}
            />
            <AmountField
              name={`instalments.${index}.amount`}
              label={String(t('SettlementInstalmentAmount', { no: index + 1 }))}
              currency={account.currency}
            />
            {fields.length > 1 ? (
              <Button variant="default" onClick={() => remove(index)}>
                {String(t('SettlementRemoveInstalment', { no: index + 1 }))}
              </Button>
            ) : null}
          </Group>
        ))}
        {fields.length < SETTLEMENT_MAX_INSTALMENTS ? (
          <Group>
            <Button variant="default" onClick={() => append({ dueDate: '', amount: '' })}>
              {String(t('SettlementAddInstalment'))}
            </Button>
          </Group>
        ) : null}
        <TextareaField name="remarks" label={String(t('Remarks'))} maxLength={500} />
        <FormErrors />
        <Group>
          <SubmitButton>{submitLabel}</SubmitButton>
        </Group>
      </Stack>
    </ZodForm>
  );
}
