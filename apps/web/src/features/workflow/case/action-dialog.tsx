import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { CaseFields, FieldValue } from '@recovery-desk/domain/workflow/case-fields.ts';
import {
  actionInputSchema,
  type AvailableActionReply,
  type CaseView,
} from '@recovery-desk/domain/workflow/contracts.ts';
import { findStage, type WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SubmitButton, TextareaField, ZodForm, useZodForm } from '../../../components/form/index.ts';
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
  valueErrors,
  type Draft,
  type FieldErrors,
} from './field-values.ts';

export const REMARKS_MAX_LENGTH = 1000;

// The dialog's remarks go through the form kit with the action contract's rule; whether this action needs them is
// the definition's (`remarksRequired`, true for every reject, pushback and decline). The action's own fields are
// definition data, rendered and checked by the engine's rules (CaseFieldsGrid, validateFields), not a zod schema.
const remarksSchema = z.object({ remarks: actionInputSchema.shape.remarks });

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
  const form = useZodForm(remarksSchema, { remarks: '' });
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
    const documents: string[] = [];
    for (const [name, text] of Object.entries(fieldErrors)) {
      // A refusal naming several kinds of requirement (REQUIREMENTS_UNMET) also names documents: mark them on the
      // checklist, like a DOCUMENT_MISSING refusal.
      if (name.startsWith('documents.')) documents.push(name.slice('documents.'.length));
      else if (names.has(name) || name === 'remarks') own[name] = text;
      else form[name] = text;
    }
    if (documents.length > 0) onDocumentsMissing?.(documents);
    if (Object.keys(form).length > 0) onFormErrors?.(form);
    if (Object.keys(form).length > 0 && Object.keys(own).length === 0) {
      addToast({ title: String(t('Error')), message: String(t('WorkflowCorrectFields')), type: 'error', from: SOURCE });
      onClose();
      return;
    }
    setErrors(own);
    setFailure(message);
  }

  /** The action's own fields by the engine's rules; true when they are complete. */
  const checkFields = (): boolean => {
    const found: FieldErrors = {
      ...valueErrors(fields, values, view.businessDate),
      ...requiredErrors(fields, values),
    };
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const submit = async ({ remarks }: z.output<typeof remarksSchema>) => {
    setFailure(null);
    if (!checkFields()) return;
    const shown = fields.filter((field) => isShown(field, values));
    const dialogValues = changedValues(shown, draft, {});
    await mutation.mutateAsync({ remarks: remarks ?? '', fields: { ...formChanges, ...dialogValues } });
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
      <ZodForm form={form} onSubmit={submit} onInvalid={checkFields} data-testid="action-dialog">
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
              currency={view.account.currency}
            />
          ) : null}
          <TextareaField
            name="remarks"
            label={String(t('Remarks'))}
            required={action.remarksRequired}
            maxLength={REMARKS_MAX_LENGTH}
            autoFocus={fields.length === 0}
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
            <SubmitButton>{actionLabel}</SubmitButton>
          </Group>
        </Stack>
      </ZodForm>
    </Modal>
  );
}
