import { Alert, Badge, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { contactUpdateSchema } from '@recovery-desk/domain/collections/contracts.ts';
import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/select-field.tsx';
import { ValidatedTextInput } from '../../../components/validated-text-input.tsx';
import { fieldErrorsOf } from '../../../components/form/server-errors.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { updateContact, type AccountViewData, type ContactUpdate } from '../api/collections-api.ts';
import { describeError } from '../api/describe-error.ts';
import { contactModeLabel } from '../labels.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { useAccountRefresh } from './use-account-refresh.ts';

type Contact = AccountViewData['contacts'][number];

const EDITABLE_MODES = ['CALL', 'SMS', 'WHATSAPP', 'EMAIL'] as const;
const PHONE_RULES = [{ kind: 'phone' as const }, { kind: 'minLength' as const, length: 6 }];
const EMAIL_RULES = [{ kind: 'email' as const }];

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
          { key: 'contactType', label: String(t('ContactType')), render: (row) => row.contactType },
          { key: 'contactCategory', label: String(t('ContactCategory')), render: (row) => row.contactCategory },
          { key: 'phone', label: String(t('PhoneOrMobile')), render: (row) => row.phone },
          { key: 'email', label: String(t('EmailId')), render: (row) => row.email },
          { key: 'customerName', label: String(t('CustomerName')), render: (row) => row.customerName },
          { key: 'level', label: String(t('Level')), render: (row) => row.level },
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
  const [phone, setPhone] = useState(contact.phone ?? '');
  const [email, setEmail] = useState(contact.email ?? '');
  const [mode, setMode] = useState(contact.mode ?? '');
  const [isInvalid, setIsInvalid] = useState(!contact.isValid);
  const [invalidReason, setInvalidReason] = useState(contact.invalidReason ?? '');
  const [showErrors, setShowErrors] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

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

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    setProblem(null);
    const input: ContactUpdate = { version: contact.version };
    if (phone !== (contact.phone ?? '') && phone !== '') input.phone = phone;
    if (email !== (contact.email ?? '') && email !== '') input.email = email;
    if (mode !== (contact.mode ?? '') && mode !== '') input.mode = mode as ContactUpdate['mode'];
    if (isInvalid === contact.isValid) input.isValid = !isInvalid;
    if (isInvalid && invalidReason.trim() !== (contact.invalidReason ?? '')) input.invalidReason = invalidReason.trim();
    if (isInvalid && invalidReason.trim().length < 3) {
      setProblem(String(t('InvalidReasonRequired')));
      return;
    }
    if (Object.keys(input).length === 1) {
      setProblem(String(t('NothingChanged')));
      return;
    }
    const parsed = contactUpdateSchema.safeParse(input);
    if (!parsed.success) {
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
      title={String(t('EditContact'))}
      centered
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <ValidatedTextInput
            label={String(t('PhoneOrMobile'))}
            name="phone"
            type="tel"
            inputMode="numeric"
            value={phone}
            onChange={setPhone}
            rules={PHONE_RULES}
            showErrors={showErrors}
            serverErrors={serverErrors}
            autoFocus
          />
          <ValidatedTextInput
            label={String(t('EmailId'))}
            name="email"
            type="email"
            value={email}
            onChange={setEmail}
            rules={EMAIL_RULES}
            showErrors={showErrors}
            serverErrors={serverErrors}
          />
          <SelectField
            label={String(t('Mode'))}
            name="mode"
            value={mode}
            onChange={setMode}
            options={EDITABLE_MODES.map((value) => ({ value, label: contactModeLabel(t, value) }))}
            serverErrors={serverErrors}
          />
          <Checkbox
            label={String(t('MarkInvalid'))}
            checked={isInvalid}
            onChange={(event) => setIsInvalid(event.currentTarget.checked)}
          />
          {isInvalid ? (
            <TextInput
              label={String(t('InvalidReason'))}
              value={invalidReason}
              maxLength={200}
              required
              onChange={(event) => setInvalidReason(event.currentTarget.value)}
            />
          ) : null}
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
