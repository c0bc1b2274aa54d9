import { Alert, Badge, Button, Group, Modal, Stack } from '@mantine/core';
import { contactUpdateSchema } from '@recovery-desk/domain/collections/contracts.ts';
import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  CheckboxField,
  FormErrors,
  SelectField,
  SubmitButton,
  TextField,
  ZodForm,
  encodeMessage,
  fieldErrorsOf,
  useZodForm,
} from '../../../components/form/index.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { updateContact, type AccountViewData, type ContactUpdate } from '../api/collections-api.ts';
import { describeError } from '../api/describe-error.ts';
import { contactModeLabel } from '../labels.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { useAccountRefresh } from './use-account-refresh.ts';
import { valueText } from '../../../lib/value-label.ts';

type Contact = AccountViewData['contacts'][number];

const EDITABLE_MODES = ['CALL', 'SMS', 'WHATSAPP', 'EMAIL'] as const;
const PHONE_RULES = [{ kind: 'phone' as const }, { kind: 'minLength' as const, length: 6 }];
const EMAIL_RULES = [{ kind: 'email' as const }];
const INVALID_REASON_MIN_LENGTH = 3;

// The edit form: the contact update contract, with "Mark invalid" in place of its isValid flag.
const contactFormSchema = contactUpdateSchema.omit({ isValid: true }).extend({ isInvalid: z.boolean() });
type ContactForm = z.output<typeof contactFormSchema>;

export type ContactTabProps = { view: AccountViewData; trayKey: TrayKey; isEditable: boolean };

/** Spec §3 Contact: every field; when the tab is editable, phone, email, mode and validity can be changed. */
export function ContactTab({ view, trayKey, isEditable }: ContactTabProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Contact | null>(null);
  return (
    <>
      <DataTable
        caption={String(t('TabContact'))}
        testId="contacts-table"
        rows={view.contacts}
        rowKey={(row) => row.id}
        emptyText={String(t('NoContacts'))}
        columns={[
          { key: 'id', label: String(t('Id')), render: (row) => String(row.id) },
          {
            key: 'contactType',
            label: String(t('ContactType')),
            render: (row) => valueText(t, 'contactType', row.contactType),
          },
          {
            key: 'contactCategory',
            label: String(t('ContactCategory')),
            render: (row) => valueText(t, 'contactCategory', row.contactCategory),
          },
          { key: 'phone', label: String(t('PhoneOrMobile')), render: (row) => row.phone },
          { key: 'email', label: String(t('EmailId')), render: (row) => row.email },
          { key: 'customerName', label: String(t('CustomerName')), render: (row) => row.customerName },
          { key: 'level', label: String(t('Level')), render: (row) => valueText(t, 'level', row.level) },
          { key: 'mode', label: String(t('Mode')), render: (row) => contactModeLabel(t, row.mode) },
          {
            key: 'isValid',
            label: String(t('Validity')),
            render: (row) =>
              row.isValid ? (
                <Badge color="green.9">{String(t('Valid'))}</Badge>
              ) : (
                <Badge color="red.9" title={row.invalidReason ?? undefined}>
                  {String(t('Invalid'))}
                  {row.invalidReason ? `: ${row.invalidReason}` : ''}
                </Badge>
              ),
          },
          ...(isEditable
            ? [
                {
                  key: 'edit',
                  label: String(t('Actions')),
                  render: (row: Contact) => (
                    <Button
                      size="compact-xs"
                      variant="default"
                      onClick={() => setEditing(row)}
                      aria-label={String(t('EditContactNamed', { name: row.phone ?? row.email ?? String(row.id) }))}
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
        <ContactEditDialog
          contact={editing}
          accountId={view.account.id}
          trayKey={trayKey}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

function ContactEditDialog({
  contact,
  accountId,
  trayKey,
  onClose,
}: {
  contact: Contact;
  accountId: number;
  trayKey: TrayKey;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const refresh = useAccountRefresh();
  const form = useZodForm(contactFormSchema, {
    version: contact.version,
    phone: contact.phone ?? '',
    email: contact.email ?? '',
    mode: (EDITABLE_MODES as readonly string[]).includes(contact.mode ?? '')
      ? (contact.mode as ContactUpdate['mode'])
      : undefined,
    isInvalid: !contact.isValid,
    invalidReason: contact.invalidReason ?? '',
  });
  const isInvalid = form.watch('isInvalid');

  const mutation = useMutation({
    mutationFn: (input: ContactUpdate) => updateContact(accountId, contact.id, trayKey, input),
    onSuccess: () => {
      addToast({
        title: String(t('Saved')),
        message: String(t('ContactSaved')),
        type: 'success',
        from: 'account/contact',
      });
      void refresh.reload();
      onClose();
    },
    onError: (error) => {
      if (refresh.handleStale(error, 'account/contact')) onClose();
    },
  });

  // Only what changed is sent, with the version the dialog was opened on.
  const submit = async (values: ContactForm) => {
    const input: ContactUpdate = { version: contact.version };
    if (values.phone !== undefined && values.phone !== (contact.phone ?? '')) input.phone = values.phone;
    if (values.email !== undefined && values.email !== (contact.email ?? '')) input.email = values.email;
    if (values.mode !== undefined && values.mode !== (contact.mode ?? '')) input.mode = values.mode;
    if (values.isInvalid === contact.isValid) input.isValid = !values.isInvalid;
    const reason = values.invalidReason ?? '';
    if (values.isInvalid && reason !== (contact.invalidReason ?? '')) input.invalidReason = reason;
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
      title={String(t('EditContact'))}
      centered
    >
      <ZodForm form={form} onSubmit={submit}>
        <Stack gap="sm">
          <TextField
            label={String(t('PhoneOrMobile'))}
            name="phone"
            type="tel"
            inputMode="numeric"
            rules={PHONE_RULES}
            autoFocus
          />
          <TextField label={String(t('EmailId'))} name="email" type="email" rules={EMAIL_RULES} />
          <SelectField
            label={String(t('Mode'))}
            name="mode"
            options={EDITABLE_MODES.map((value) => ({ value, label: contactModeLabel(t, value) }))}
          />
          <CheckboxField label={String(t('MarkInvalid'))} name="isInvalid" />
          {isInvalid ? (
            <TextField
              label={String(t('InvalidReason'))}
              name="invalidReason"
              required
              rules={[
                { kind: 'minLength', length: INVALID_REASON_MIN_LENGTH },
                { kind: 'maxLength', length: 200 },
              ]}
            />
          ) : null}
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
