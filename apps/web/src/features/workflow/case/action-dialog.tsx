import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { CaseFields, FieldValue } from '@recovery-desk/domain/workflow/case-fields.ts';
import type { AvailableActionReply, CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import { findStage, type WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { MESSAGES } from '@recovery-desk/domain/validation.ts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http-client.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { describeWorkflowError, errorBody, errorCodeOf, isStaleError } from '../api/describe-error.ts';
import { applyCaseAction } from '../api/workflow-api.ts';
import { caseStatusLabel, stageLabel, tr } from '../labels.ts';
import { refusalDocuments } from '../refusals.ts';
import { CaseFieldsGrid } from './case-fields-grid.tsx';
import {
  changedValues,
  dialogFieldsOf,
  draftOf,
  isShown,
  mergedValues,
  requiredErrors,
  serverFieldErrors,
  translateFieldMessage,
  valueErrors,
  type Draft,
  type FieldErrors,
} from './field-values.ts';

export const REMARKS_MAX_LENGTH = 1000;

export type ActionDialogProps = {
  view: CaseView;
  definition: WorkflowDefinition | undefined;
  action: AvailableActionReply;
  /** the stage form's changed values, sent with the action */
  formChanges: Record<string, FieldValue>;
  /** the case's fields with the form's drafts over them (for `when` conditions and checks) */
  formValues: CaseFields;
  onDone: (view: CaseView) => void;
  onClose: () => void;
  /** the case changed under the user: reload it */
  onStale: () => void;
  /** server messages for fields of the stage form (not of this dialog) */
  onFormErrors?: (errors: FieldErrors) => void;
  /** required documents are missing (DOCUMENT_MISSING): their codes */
  onDocumentsMissing?: (codes: string[]) => void;
};

const SOURCE = 'workflow/action';

/**
 * An engine action: its own fields (the same renderer as the case form) and remarks, sent with the form's changes,
 * the case version and the stage the user saw, so a case that moved on is refused rather than changed twice.
 */
export function ActionDialog({
  view,
  definition,
  action,
  formChanges,
  formValues,
  onDone,
  onClose,
  onStale,
  onFormErrors,
  onDocumentsMissing,
}: ActionDialogProps) {
  const { t, i18n } = useTranslation();
  const stage = definition ? findStage(definition, view.case.stage) : undefined;
  const fields = dialogFieldsOf(stage, action.name, action.fields);
  const [draft, setDraft] = useState<Draft>(() => draftOf(fields, view.case.fields));
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const values = mergedValues(fields, draft, formValues);
  const actionLabel = tr(t, action.labelKey, action.name);

  const mutation = useMutation({
    mutationFn: (input: { remarks: string; fields: Record<string, FieldValue> }) =>
      applyCaseAction(view.case.caseId, {
        action: action.name,
        version: view.case.version,
        expectedStage: view.case.stage,
        ...(input.remarks !== '' ? { remarks: input.remarks } : {}),
        ...(Object.keys(input.fields).length > 0 ? { fields: input.fields } : {}),
      }),
    onSuccess: (next) => {
      addToast({
        title: String(t('Saved')),
        message: next.case.isClosed
          ? String(t('WorkflowActionDoneClosed', { action: actionLabel, status: caseStatusLabel(t, next.case.status) }))
          : String(
              t('WorkflowActionDone', {
                action: actionLabel,
                stage: stageLabel(t, definition, next.case.stage),
                status: caseStatusLabel(t, next.case.status),
              }),
            ),
        type: 'success',
        from: SOURCE,
      });
      onDone(next);
    },
    onError: (error) => handleError(error),
  });

  function handleError(error: unknown) {
    const code = errorCodeOf(error);
    const message = describeWorkflowError(t, error, definition, i18n.language);
    if (isStaleError(error) || code === 'CASE_CLOSED') {
      addToast({ title: String(t('WorkflowReloadCase')), message, type: 'warning', from: SOURCE });
      onStale();
      onClose();
      return;
    }
    if (code === 'DOCUMENT_MISSING') {
      addToast({ title: String(t('UploadingFileIsMandatory')), message, type: 'warning', from: SOURCE });
      onDocumentsMissing?.(refusalDocuments(errorBody(error)));
      onClose();
      return;
    }
    const fieldErrors = error instanceof HttpError ? serverFieldErrors(error.fields) : {};
    const names = new Set(fields.map((field) => field.name));
    const own: FieldErrors = {};
    const form: FieldErrors = {};
    for (const [name, text] of Object.entries(fieldErrors)) {
      if (names.has(name) || name === 'remarks') own[name] = text;
      else form[name] = text;
    }
    if (Object.keys(form).length > 0) onFormErrors?.(form);
    if (Object.keys(form).length > 0 && Object.keys(own).length === 0) {
      addToast({ title: String(t('Error')), message: String(t('WorkflowCorrectFields')), type: 'error', from: SOURCE });
      onClose();
      return;
    }
    setErrors(own);
    setFailure(message);
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const trimmed = remarks.trim();
    const found: FieldErrors = {
      ...valueErrors(fields, values, view.businessDate),
      ...requiredErrors(fields, values),
    };
    if (action.remarksRequired && trimmed === '') found.remarks = MESSAGES.required;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const shown = fields.filter((field) => isShown(field, values));
    const dialogValues = changedValues(shown, draft, {});
    mutation.mutate({ remarks: trimmed, fields: { ...formChanges, ...dialogValues } });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={actionLabel}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
    >
      <form onSubmit={handleSubmit} noValidate data-testid="action-dialog">
        <Stack gap="sm">
          <Text size="sm">
            {String(t('WorkflowActionQuestion', { caseNo: view.case.caseNo, action: actionLabel }))}
          </Text>
          {fields.length > 0 ? (
            <CaseFieldsGrid
              fields={fields}
              draft={draft}
              values={values}
              onChange={(name, value) => {
                setDraft((previous) => ({ ...previous, [name]: value }));
                setErrors(({ [name]: _cleared, ...rest }) => rest);
              }}
              errors={errors}
              isEditable={() => true}
              idPrefix="action-field"
              autoFocusFirst
            />
          ) : null}
          <Textarea
            id="action-remarks"
            label={String(t('Remarks'))}
            value={remarks}
            required={action.remarksRequired}
            maxLength={REMARKS_MAX_LENGTH}
            autosize
            minRows={2}
            onChange={(event) => {
              setRemarks(event.currentTarget.value);
              setErrors(({ remarks: _cleared, ...rest }) => rest);
            }}
            error={errors.remarks ? translateFieldMessage(t, errors.remarks) : undefined}
            data-autofocus={fields.length === 0 || undefined}
          />
          {failure ? (
            <Alert color="red" variant="outline" role="alert" data-testid="action-error">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {String(t('Cancel'))}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {actionLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
