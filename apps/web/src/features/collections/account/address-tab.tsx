import { Alert, Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { addressUpdateSchema } from '@recovery-desk/domain/collections/contracts.ts';
import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import type { InputRule } from '@recovery-desk/domain/validation.ts';
import { validateInput } from '@recovery-desk/domain/validation.ts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ValidatedTextInput } from '../../../components/validated-text-input.tsx';
import { fieldErrorsOf } from '../../../components/form/server-errors.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { updateAddress, type AccountViewData, type AddressUpdate } from '../api/collections-api.ts';
import { describeError } from '../api/describe-error.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { useAccountRefresh } from './use-account-refresh.ts';

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
          { key: 'addressType', label: String(t('AddressType')), render: (row) => row.addressType },
          { key: 'line1', label: String(t('AddressLine1')), render: (row) => row.line1 },
          { key: 'line2', label: String(t('AddressLine2')), render: (row) => row.line2 },
          { key: 'line3', label: String(t('AddressLine3')), render: (row) => row.line3 },
          { key: 'landmark', label: String(t('Landmark')), render: (row) => row.landmark },
          { key: 'city', label: String(t('City')), render: (row) => row.city },
          { key: 'state', label: String(t('State')), render: (row) => row.state },
          { key: 'country', label: String(t('Country')), render: (row) => row.country },
          { key: 'pinCode', label: String(t('PinCode')), render: (row) => row.pinCode },
          { key: 'customerName', label: String(t('CustomerName')), render: (row) => row.customerName },
          { key: 'level', label: String(t('Level')), render: (row) => row.level },
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
                      aria-label={String(t('EditAddressNamed', { name: row.addressType }))}
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
  const [form, setForm] = useState<AddressForm>(initial);
  const [showErrors, setShowErrors] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

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

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    setProblem(null);
    const hasRuleError = FIELD_ORDER.some((field) => validateInput(form[field], RULES[field]) !== null);
    if (hasRuleError) {
      setProblem(String(t('PleaseFillMandatoryFields')));
      return;
    }
    const input: AddressUpdate = { version: address.version };
    for (const field of FIELD_ORDER) {
      if (form[field] !== initial[field]) input[field] = form[field];
    }
    if (Object.keys(input).length === 1) {
      setProblem(String(t('NothingChanged')));
      return;
    }
    if (!addressUpdateSchema.safeParse(input).success) {
      setProblem(String(t('PleaseFillMandatoryFields')));
      return;
    }
    mutation.mutate(input);
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
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {FIELD_ORDER.map((field, index) => (
              <ValidatedTextInput
                key={field}
                label={String(t(LABEL_KEYS[field]))}
                name={field}
                value={form[field]}
                onChange={(value) => setForm((previous) => ({ ...previous, [field]: value }))}
                rules={RULES[field]}
                showErrors={showErrors}
                serverErrors={serverErrors}
                inputMode={field === 'pinCode' ? 'numeric' : undefined}
                autoFocus={index === 0}
              />
            ))}
          </SimpleGrid>
          {problem ? (
            <Alert color="red" variant="outline" role="alert">
              {problem}
            </Alert>
          ) : null}
          {mutation.isError && serverErrors.length === 0 ? (
            <Alert color="red" variant="outline" role="alert">
              {describeError(t, mutation.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {String(t('Cancel'))}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {String(t('Save'))}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
