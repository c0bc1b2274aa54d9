import { Alert, Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { addressUpdateSchema } from '@recovery-desk/domain/collections/contracts.ts';
import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import type { InputRule } from '@recovery-desk/domain/validation.ts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FormErrors,
  SubmitButton,
  TextField,
  ZodForm,
  encodeMessage,
  fieldErrorsOf,
  useZodForm,
} from '../../../components/form/index.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { updateAddress, type AccountViewData, type AddressUpdate } from '../api/collections-api.ts';
import { describeError } from '../api/describe-error.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { useAccountRefresh } from './use-account-refresh.ts';
import { valueText } from '../../../lib/value-label.ts';

type Address = AccountViewData['addresses'][number];
type AddressForm = Required<Omit<AddressUpdate, 'version'>>;

// Spec §5 rules per field: PIN is number-only with exactly 6 digits; city and state are letters only.
const RULES: Record<keyof AddressForm, readonly InputRule[]> = {
  line1: [{ kind: 'required' }, { kind: 'maxLength', length: 120 }],
  line2: [{ kind: 'maxLength', length: 120 }],
  line3: [{ kind: 'maxLength', length: 120 }],
  landmark: [{ kind: 'maxLength', length: 120 }],
  city: [{ kind: 'required' }, { kind: 'character' }, { kind: 'maxLength', length: 60 }],
  state: [{ kind: 'required' }, { kind: 'character' }, { kind: 'maxLength', length: 60 }],
  pinCode: [
    { kind: 'required' },
    { kind: 'number' },
    { kind: 'minLength', length: 6 },
    { kind: 'maxLength', length: 6 },
  ],
};

const FIELD_ORDER = ['line1', 'line2', 'line3', 'landmark', 'city', 'state', 'pinCode'] as const;

export type AddressTabProps = { view: AccountViewData; trayKey: TrayKey; isEditable: boolean };

/** Spec §3 Address: every field; when the tab is editable, lines, landmark, city, state and PIN can be changed. */
export function AddressTab({ view, trayKey, isEditable }: AddressTabProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Address | null>(null);
  return (
    <>
      <DataTable
        caption={String(t('TabAddress'))}
        testId="addresses-table"
        rows={view.addresses}
        rowKey={(row) => row.id}
        emptyText={String(t('NoAddresses'))}
        columns={[
          { key: 'id', label: String(t('Id')), render: (row) => String(row.id) },
          {
            key: 'addressType',
            label: String(t('AddressType')),
            render: (row) => valueText(t, 'addressType', row.addressType),
          },
          { key: 'line1', label: String(t('AddressLine1')), render: (row) => row.line1 },
          { key: 'line2', label: String(t('AddressLine2')), render: (row) => row.line2 },
          { key: 'line3', label: String(t('AddressLine3')), render: (row) => row.line3 },
          { key: 'landmark', label: String(t('Landmark')), render: (row) => row.landmark },
          { key: 'city', label: String(t('City')), render: (row) => row.city },
          { key: 'state', label: String(t('State')), render: (row) => row.state },
          { key: 'country', label: String(t('Country')), render: (row) => row.country },
          { key: 'pinCode', label: String(t('PinCode')), render: (row) => row.pinCode },
          { key: 'customerName', label: String(t('CustomerName')), render: (row) => row.customerName },
          { key: 'level', label: String(t('Level')), render: (row) => valueText(t, 'level', row.level) },
          ...(isEditable
            ? [
                {
                  key: 'edit',
                  label: String(t('Actions')),
                  render: (row: Address) => (
                    <Button
                      size="compact-xs"
                      variant="default"
                      onClick={() => setEditing(row)}
                      aria-label={String(t('EditAddressNamed', { name: valueText(t, 'addressType', row.addressType) }))}
                    >
                      {String(t('Edit'))}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && isEditable ? (
        <AddressEditDialog
          address={editing}
          accountId={view.account.id}
          trayKey={trayKey}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

const LABEL_KEYS = {
  line1: 'AddressLine1',
  line2: 'AddressLine2',
  line3: 'AddressLine3',
  landmark: 'Landmark',
  city: 'City',
  state: 'State',
  pinCode: 'PinCode',
} as const;

function AddressEditDialog({
  address,
  accountId,
  trayKey,
  onClose,
}: {
  address: Address;
  accountId: number;
  trayKey: TrayKey;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const refresh = useAccountRefresh();
  const initial: AddressForm = {
    line1: address.line1,
    line2: address.line2 ?? '',
    line3: address.line3 ?? '',
    landmark: address.landmark ?? '',
    city: address.city,
    state: address.state,
    pinCode: address.pinCode,
  };
  const form = useZodForm(addressUpdateSchema, { version: address.version, ...initial });

  const mutation = useMutation({
    mutationFn: (input: AddressUpdate) => updateAddress(accountId, address.id, trayKey, input),
    onSuccess: () => {
      addToast({
        title: String(t('Saved')),
        message: String(t('AddressSaved')),
        type: 'success',
        from: 'account/address',
      });
      void refresh.reload();
      onClose();
    },
    onError: (error) => {
      if (refresh.handleStale(error, 'account/address')) onClose();
    },
  });

  // Only what changed is sent, with the version the dialog was opened on.
  const submit = async (values: AddressUpdate) => {
    const input: AddressUpdate = { version: address.version };
    for (const field of FIELD_ORDER) {
      const value = values[field] ?? '';
      if (value !== initial[field]) input[field] = value;
    }
    if (Object.keys(input).length === 1) {
      form.setError('root', { type: 'unchanged', message: encodeMessage({ key: 'NothingChanged' }) });
      return;
    }
    await mutation.mutateAsync(input);
  };

  const serverErrors = fieldErrorsOf(mutation.error);
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
      title={String(t('EditAddress'))}
      centered
      size="lg"
    >
      <ZodForm form={form} onSubmit={submit}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {FIELD_ORDER.map((field, index) => (
              <TextField
                key={field}
                label={String(t(LABEL_KEYS[field]))}
                name={field}
                rules={RULES[field]}
                inputMode={field === 'pinCode' ? 'numeric' : undefined}
                autoFocus={index === 0}
              />
            ))}
          </SimpleGrid>
          <FormErrors />
          {mutation.isError && serverErrors.length === 0 ? (
            <Alert color="red" variant="outline" role="alert">
              {describeError(t, mutation.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {String(t('Cancel'))}
            </Button>
            <SubmitButton>{String(t('Save'))}</SubmitButton>
          </Group>
        </Stack>
      </ZodForm>
    </Modal>
  );
}
