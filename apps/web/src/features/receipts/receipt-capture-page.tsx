import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  BOOK_MODES,
  DENOMINATIONS,
  INSTRUMENT_MODES,
  CAPTURE_MODES,
  TRANSFER_MODES,
  captureReceiptSchema,
  decimalToMinor,
  type CaptureAccount,
  type CaptureReceiptBody,
  type ReceiptMode,
  type ReceiptRow,
} from '@recovery-desk/domain/receipts/contracts.ts';
import { minorToDecimal } from '@recovery-desk/domain/receipts/posting.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  AmountField,
  DateField,
  FormErrors,
  NumberField,
  describeMessage,
  SelectField,
  SubmitButton,
  TextField,
  TextareaField,
  ZodForm,
  useZodForm,
} from '../../components/form/index.ts';
import { ValidatedTextInput } from '../../components/validated-text-input.tsx';
import { describeError } from '../../lib/describe-error.ts';
import { HttpError } from '../../lib/http-client.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import { useSession } from '../../lib/session-store.ts';
import { captureReceipt, fetchCaptureAccount, receiptKeys } from './api/receipts-api.ts';
import { codeLabel, useReceiptFormat } from './labels.ts';

/** A fresh key per payment: a retry of the same submit (double click, network) posts it once. */
function newKey(): string {
  return globalThis.crypto.randomUUID();
}

/** /collapp/receiptCapture — find the account, then capture a receipt of any mode on it (the form kit). */
export function ReceiptCapturePage() {
  const { t } = useTranslation();
  const route = findRouteByName('receiptCapture');
  const title = route ? translateKey(t, route.labelKey, route.label) : 'Receipt Capture';
  const [params, setParams] = useSearchParams();
  const accountNo = params.get('accountNo') ?? '';
  const actingUnit = useSession((session) => session.actingUnit);
  const [draft, setDraft] = useState(accountNo);
  const account = useQuery({
    queryKey: receiptKeys.captureAccount(accountNo, actingUnit),
    queryFn: ({ signal }) => fetchCaptureAccount(accountNo, signal),
    enabled: accountNo !== '',
  });
  const find = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    if (next) setParams(new URLSearchParams({ accountNo: next }));
  };
  return (
    <Stack gap="md" data-testid="receipt-capture">
      <Title order={1}>{title}</Title>
      <Paper
        withBorder
        p="sm"
        component="form"
        role="search"
        aria-label={String(t('ReceiptFindAccount'))}
        onSubmit={find}
        noValidate
      >
        <Group align="flex-end" gap="sm">
          <ValidatedTextInput
            label={String(t('AccountNo'))}
            name="accountNo"
            value={draft}
            onChange={setDraft}
            rules={[{ kind: 'maxLength', length: 40 }]}
          />
          <Button type="submit" size="sm">
            {String(t('ReceiptFindAccount'))}
          </Button>
        </Group>
      </Paper>
      {accountNo === '' ? null : account.isPending ? (
        <Text role="status">{String(t('LoadingRows'))}</Text>
      ) : account.isError ? (
        <Alert color="red" variant="outline" role="alert">
          {account.error instanceof HttpError && account.error.status === 404
            ? String(t('ReceiptAccountNotFound'))
            : describeError(account.error, t)}
        </Alert>
      ) : (
        <CaptureForm key={`${account.data.accountId}`} account={account.data} />
      )}
    </Stack>
  );
}

type FormValues = {
  accountId: number;
  mode: string;
  amount: string;
  currency: 'INR' | 'USD';
  reference: string;
  instrumentNo: string;
  bankName: string;
  micr: string;
  instrumentDate: string;
  denominations: { note: number; count: number }[];
  bookNo: string;
  receiptNo: number | undefined;
  remarks: string;
};

function CaptureForm({ account }: { account: CaptureAccount }) {
  const { t } = useTranslation();
  const format = useReceiptFormat();
  const queryClient = useQueryClient();
  const [key, setKey] = useState(newKey);
  const [saved, setSaved] = useState<ReceiptRow | null>(null);
  const firstBook = account.books[0];
  const defaults: FormValues = {
    accountId: account.accountId,
    mode: '',
    amount: '',
    currency: account.currency,
    reference: '',
    instrumentNo: '',
    bankName: '',
    micr: '',
    instrumentDate: '',
    denominations: DENOMINATIONS.map((note) => ({ note, count: 0 })),
    bookNo: firstBook?.bookNo ?? '',
    receiptNo: firstBook?.nextNumber ?? undefined,
    remarks: '',
  };
  const form = useZodForm(captureReceiptSchema, defaults as never);
  const mutation = useMutation({
    mutationFn: (body: CaptureReceiptBody) => captureReceipt(body, key),
    onSuccess: (receipt) => {
      setSaved(receipt);
      void queryClient.invalidateQueries({ queryKey: receiptKeys.all() });
    },
  });
  const mode = (form.watch('mode') as ReceiptMode | '') || null;
  const amount = (form.watch('amount') as string | undefined) ?? '';
  const denominations = (form.watch('denominations') as FormValues['denominations'] | undefined) ?? [];
  const counted = denominations.reduce((sum, d) => sum + BigInt(d.note) * 100n * BigInt(d.count || 0), 0n);
  const onBook = mode !== null && BOOK_MODES.includes(mode);
  // the count as a whole (it must add up to the amount) belongs to no single note's field
  const { errors } = useFormState({ control: form.control, name: 'denominations' as never });
  // (react-hook-form keeps an error of an array itself at `root`)
  const count = (errors as { denominations?: { message?: string; root?: { message?: string } } }).denominations;
  const countError = count?.message ?? count?.root?.message;
  const denominationsError = countError ? describeMessage(t, countError) : null;

  if (saved) {
    return (
      <Alert
        color="green"
        variant="outline"
        role="status"
        title={String(t('ReceiptCaptured', { receiptNo: saved.receiptNo }))}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {saved.accountNo} · {format.money(saved.amount, saved.currency)} · {codeLabel(t, 'receiptMode', saved.mode)}
          </Text>
          <Group gap="sm">
            <Anchor component={Link} to={`/collapp/receiptViewer/receipt/${saved.id}`}>
              {String(t('ReceiptOpenNamed', { receiptNo: saved.receiptNo }))}
            </Anchor>
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                setKey(newKey());
                setSaved(null);
                mutation.reset();
                form.reset(defaults as never);
              }}
            >
              {String(t('ReceiptCaptureAnother'))}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  const submit = (output: CaptureReceiptBody) => {
    const body: CaptureReceiptBody = {
      accountId: output.accountId,
      mode: output.mode,
      amount: output.amount,
      currency: output.currency,
      ...(output.remarks ? { remarks: output.remarks } : {}),
      ...(TRANSFER_MODES.includes(output.mode) || output.mode === 'UPI' ? { reference: output.reference } : {}),
      ...(INSTRUMENT_MODES.includes(output.mode)
        ? {
            instrumentNo: output.instrumentNo,
            bankName: output.bankName,
            micr: output.micr,
            instrumentDate: output.instrumentDate,
          }
        : {}),
      ...(output.mode === 'CASH' ? { denominations: (output.denominations ?? []).filter((d) => d.count > 0) } : {}),
      ...(BOOK_MODES.includes(output.mode) ? { bookNo: output.bookNo, receiptNo: output.receiptNo } : {}),
    };
    return mutation.mutateAsync(body);
  };

  return (
    <Paper withBorder p="md">
      <ZodForm form={form} onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm" data-testid="capture-account">
            {account.accountNo} ·{' '}
            {String(
              t('ReceiptAccountSummary', {
                customer: account.customerName,
                overdue: format.money(account.totalDue, account.currency),
                outstanding: format.money(account.outstanding, account.currency),
              }),
            )}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <SelectField
              name="mode"
              label={String(t('ReceiptMode'))}
              options={CAPTURE_MODES.map((code) => ({ value: code, label: codeLabel(t, 'receiptMode', code) }))}
              autoFocus
            />
            <AmountField name="amount" label={String(t('Amount'))} currency={account.currency} />
          </SimpleGrid>
          {mode === 'CASH' ? <Text size="xs">{String(t('ReceiptCashLimitHint'))}</Text> : null}
          {mode !== null && (TRANSFER_MODES.includes(mode) || mode === 'UPI') ? (
            <TextField
              name="reference"
              label={String(t(mode === 'UPI' ? 'ReceiptUpiReference' : 'ReceiptUtr'))}
              rules={[{ kind: 'maxLength', length: 35 }]}
              uppercase
            />
          ) : null}
          {mode !== null && INSTRUMENT_MODES.includes(mode) ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextField
                name="instrumentNo"
                label={String(t('ReceiptInstrumentNo'))}
                inputMode="numeric"
                rules={[{ kind: 'maxLength', length: 6 }]}
              />
              <TextField
                name="bankName"
                label={String(t('ReceiptBankName'))}
                rules={[{ kind: 'maxLength', length: 80 }]}
              />
              <TextField
                name="micr"
                label={String(t('ReceiptMicr'))}
                inputMode="numeric"
                rules={[{ kind: 'maxLength', length: 9 }]}
              />
              <DateField name="instrumentDate" label={String(t('ReceiptInstrumentDate'))} />
            </SimpleGrid>
          ) : null}
          {mode === 'CASH' ? (
            <Stack gap={4}>
              <Text size="sm" fw={600} id="denominations-label">
                {String(t('ReceiptDenominations'))}
              </Text>
              <SimpleGrid
                cols={{ base: 3, sm: 5, md: 9 }}
                spacing="xs"
                role="group"
                aria-labelledby="denominations-label"
              >
                {DENOMINATIONS.map((note, index) => (
                  <NumberField
                    key={note}
                    name={`denominations.${index}.count`}
                    label={String(t('ReceiptDenominationNote', { note }))}
                  />
                ))}
              </SimpleGrid>
              {denominationsError ? (
                <Text size="sm" c="red.9" id="field-denominations" role="alert">
                  {denominationsError}
                </Text>
              ) : null}
              <Text size="xs" data-testid="denominations-total" aria-live="polite">
                {String(
                  t('ReceiptDenominationTotal', {
                    counted: format.money(minorToDecimal(counted), account.currency),
                    amount: /^\d+(\.\d{1,2})?$/.test(amount)
                      ? format.money(minorToDecimal(decimalToMinor(amount)), account.currency)
                      : '—',
                  }),
                )}
              </Text>
            </Stack>
          ) : null}
          {onBook ? (
            account.books.length === 0 ? (
              <Alert color="yellow" variant="outline">
                {String(t('ReceiptNoBooks'))}
              </Alert>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <SelectField
                  name="bookNo"
                  label={String(t('ReceiptBookNo'))}
                  options={account.books.map((book) => ({
                    value: book.bookNo,
                    label: `${book.bookNo} (${book.rangeFrom}–${book.rangeTo})`,
                  }))}
                  onValueChange={(bookNo) => {
                    const book = account.books.find((entry) => entry.bookNo === bookNo);
                    form.setValue('receiptNo', (book?.nextNumber ?? undefined) as never);
                  }}
                />
                <NumberField
                  name="receiptNo"
                  label={String(t('ReceiptBookNumber'))}
                  description={(() => {
                    const book = account.books.find((entry) => entry.bookNo === form.watch('bookNo'));
                    return book?.nextNumber ? String(t('ReceiptNextNumber', { number: book.nextNumber })) : undefined;
                  })()}
                />
              </SimpleGrid>
            )
          ) : null}
          <TextareaField name="remarks" label={String(t('Remarks'))} maxLength={500} />
          <FormErrors />
          {mutation.isError && !(mutation.error instanceof HttpError && mutation.error.status === 400) ? (
            <Alert color="red" variant="outline" role="alert">
              {describeError(mutation.error, t)}
            </Alert>
          ) : null}
          <Group>
            <SubmitButton>{String(t('CaptureReceipt'))}</SubmitButton>
          </Group>
        </Stack>
      </ZodForm>
    </Paper>
  );
}
