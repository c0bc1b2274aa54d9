import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { isFilled } from '@recovery-desk/domain/workflow/case-fields.ts';
import type { AvailableActionReply, CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import { findStage, stageFormFields, type WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { MESSAGES } from '@recovery-desk/domain/validation.ts';
import { stageFormErrors, unmetRequirements } from '@recovery-desk/domain/workflow/transition.ts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http-client.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { describeWorkflowError, isStaleError } from '../api/describe-error.ts';
import { saveCaseFields } from '../api/workflow-api.ts';
import { fieldLabel, fieldLabelByName, formatFieldValue, tr } from '../labels.ts';
import { widgetsOf } from '../widgets.ts';
import { documentLabel } from '../refusals.ts';
import { ActionDialog } from './action-dialog.tsx';
import { CaseActions } from './case-actions.tsx';
import { SummaryList } from './case-header.tsx';
import { CaseFieldsGrid } from './case-fields-grid.tsx';
import { DateRulesPanel } from './date-rules-panel.tsx';
import {
  actionBranch,
  changedValues,
  dialogFieldsOf,
  draftOf,
  isShown,
  mergedValues,
  serverFieldErrors,
  stageFormOnly,
  type Draft,
  type FieldErrors,
} from './field-values.ts';

const SOURCE = 'workflow/case';

export type CaseWorkTabProps = {
  view: CaseView;
  definition: WorkflowDefinition;
  /** the user holds the stage's authority and the case is open */
  canAct: boolean;
  onUpdated: (view: CaseView) => void;
  /** reload the case (it changed under the user, or a notice was added) */
  onReload: () => void;
  onDocumentsMissing: (codes: string[]) => void;
};

/**
 * The Case tab: the current stage's form (rendered from the definition; read-only where the user may not edit),
 * Save, the stage's dated rules, its actions, and what earlier stages recorded. Keyed by the case version, so a new
 * version starts from the saved values.
 */
export function CaseWorkTab({ view, definition, canAct, onUpdated, onReload, onDocumentsMissing }: CaseWorkTabProps) {
  const { t } = useTranslation();
  const stage = findStage(definition, view.case.stage);
  // The controls of the stage's widgets (legal Send Legal Notice: "Generate notice"), for a caller who may act.
  const caseActionWidgets = canAct
    ? widgetsOf(stage).flatMap(({ name, widget }) => {
        const Control = widget.caseAction;
        return Control
          ? [<Control key={name} view={view} definition={definition} canAct={canAct} onReload={onReload} />]
          : [];
      })
    : [];
  const formFields = stage ? stageFormOnly(stage) : [];
  const [draft, setDraft] = useState<Draft>(() => draftOf(formFields, view.case.fields));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [chosen, setChosen] = useState<AvailableActionReply | null>(null);

  const editable = new Set(view.case.isClosed ? [] : view.editableFields);
  const values = mergedValues(formFields, draft, view.case.fields);
  const editableShown = formFields.filter((field) => editable.has(field.name) && isShown(field, values));
  const formChanges = changedValues(editableShown, draft, view.case.fields);
  const hasEditable = formFields.some((field) => editable.has(field.name));

  const save = useMutation({
    mutationFn: () => saveCaseFields(view.case.caseId, { version: view.case.version, fields: formChanges }),
    onSuccess: (next) => {
      addToast({ title: String(t('Saved')), message: String(t('WorkflowFieldsSaved')), type: 'success', from: SOURCE });
      onUpdated(next);
    },
    onError: (error) => {
      if (isStaleError(error)) {
        addToast({
          title: String(t('WorkflowReloadCase')),
          message: describeWorkflowError(t, error, definition),
          type: 'warning',
          from: SOURCE,
        });
        onReload();
        return;
      }
      if (error instanceof HttpError && error.fields.length > 0) setErrors(serverFieldErrors(error.fields));
      setFailure(describeWorkflowError(t, error, definition));
    },
  });

  const handleSave = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (Object.keys(formChanges).length === 0) {
      addToast({ title: String(t('SystemMsg')), message: String(t('NothingChanged')), type: 'info', from: SOURCE });
      return;
    }
    // The same judgement as the server's save and an action that validates the form (stageFormErrors).
    const found: FieldErrors = stage
      ? Object.fromEntries(
          stageFormErrors(stage, values, view.businessDate, Object.keys(formChanges)).map((error) => [
            error.field,
            error.message,
          ]),
        )
      : {};
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };

  /**
   * Before an action: the engine's own check (`unmetRequirements`) on the form's values, so the user sees everything
   * the action needs at once — empty and wrong fields marked on the form, missing documents marked on the checklist,
   * and one message that names them all — instead of one refusal at a time. Fields the action's dialog collects are
   * the dialog's business.
   */
  const handleChoose = (action: AvailableActionReply) => {
    setFailure(null);
    const branch = actionBranch(stage, action.name, values);
    if (!stage || !branch) {
      setChosen(action);
      return;
    }
    const unmet = unmetRequirements(stage, branch, {
      fields: values,
      patch: formChanges,
      documents: view.documents.map((document) => document.code),
      remarks: null,
      businessDate: view.businessDate,
    });
    const onForm = new Set(formFields.map((field) => field.name));
    const found: FieldErrors = {};
    for (const name of unmet.fields) if (onForm.has(name)) found[name] = MESSAGES.required;
    for (const error of unmet.errors) if (onForm.has(error.field)) found[error.field] = error.message;
    const missingFields = unmet.fields.filter((name) => onForm.has(name));
    const wrongFields = unmet.errors.map((error) => error.field).filter((name) => onForm.has(name));
    setErrors(found);
    if (unmet.documents.length > 0) onDocumentsMissing(unmet.documents);
    if (missingFields.length === 0 && wrongFields.length === 0 && unmet.documents.length === 0) {
      setChosen(action);
      return;
    }
    const label = (name: string) => fieldLabelByName(t, definition, name);
    const parts = [
      ...(missingFields.length > 0
        ? [String(t('RequirementsMissingFields', { fields: missingFields.map(label).join(', ') }))]
        : []),
      ...(wrongFields.length > 0
        ? [`${String(t('WorkflowCorrectFields'))}: ${wrongFields.map(label).join(', ')}`]
        : []),
      ...(unmet.documents.length > 0
        ? [
            String(
              t('RequirementsMissingDocuments', {
                documents: unmet.documents.map((code) => documentLabel(t, definition, code)).join(', '),
              }),
            ),
          ]
        : []),
    ];
    const title = String(t('RequirementsMissingTitle', { action: tr(t, action.labelKey, action.name) }));
    setFailure(`${title}: ${parts.join(' · ')}`);
    addToast({ title, message: parts.join(' · '), type: 'warning', from: SOURCE });
  };

  return (
    <Stack gap="md">
      {stage && formFields.length > 0 ? (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="case-form-title">
          <form onSubmit={handleSave} noValidate data-testid="case-form">
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={3} size="h5" id="case-form-title">
                  {String(t('WorkflowStageDetails', { stage: tr(t, stage.labelKey, stage.code) }))}
                </Title>
                {!hasEditable ? (
                  <Text size="sm" c="dark.6" data-testid="form-read-only">
                    {String(t('ReadOnly'))}
                  </Text>
                ) : null}
              </Group>
              <CaseFieldsGrid
                fields={formFields}
                draft={draft}
                values={values}
                onChange={(name, value) => {
                  setDraft((previous) => ({ ...previous, [name]: value }));
                  setErrors(({ [name]: _cleared, ...rest }) => rest);
                }}
                errors={errors}
                isEditable={(name) => editable.has(name)}
                idPrefix="case-field"
                currency={view.account.currency}
              />
              {failure ? (
                <Alert color="red" variant="outline" role="alert" data-testid="case-form-error">
                  {failure}
                </Alert>
              ) : null}
              {hasEditable ? (
                <Group>
                  <Button type="submit" variant="default" loading={save.isPending}>
                    {String(t('Save'))}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </form>
        </Paper>
      ) : null}
      <DateRulesPanel view={view} definition={definition} />
      <CaseActions
        view={view}
        definition={definition}
        enterableFields={(action) =>
          new Set([
            ...editableShown.map((field) => field.name),
            ...dialogFieldsOf(stage, action.name, action.fields).map((field) => field.name),
          ])
        }
        onChoose={handleChoose}
        extra={caseActionWidgets.length > 0 ? caseActionWidgets : undefined}
      />
      <EarlierStages view={view} definition={definition} shown={new Set(formFields.map((field) => field.name))} />
      {chosen ? (
        <ActionDialog
          view={view}
          definition={definition}
          action={chosen}
          formChanges={formChanges}
          formValues={values}
          onDone={(next) => {
            setChosen(null);
            onUpdated(next);
          }}
          onClose={() => setChosen(null)}
          onStale={onReload}
          onFormErrors={(found) => setErrors((previous) => ({ ...previous, ...found }))}
          onDocumentsMissing={onDocumentsMissing}
        />
      ) : null}
    </Stack>
  );
}

/** What the other stages recorded on the case, read-only, grouped by stage in the definition's order. */
function EarlierStages({
  view,
  definition,
  shown,
}: {
  view: CaseView;
  definition: WorkflowDefinition;
  shown: ReadonlySet<string>;
}) {
  const { t, i18n } = useTranslation();
  const seen = new Set(shown);
  const groups = definition.stages.flatMap((stage) => {
    if (stage.code === view.case.stage) return [];
    const fields = stageFormFields(stage).filter((field) => {
      if (seen.has(field.name) || !isFilled(view.case.fields[field.name] ?? null)) return false;
      seen.add(field.name);
      return true;
    });
    return fields.length > 0 ? [{ stage, fields }] : [];
  });
  if (groups.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="earlier-stages-title">
      <Stack gap="sm" data-testid="earlier-stages">
        <Title order={3} size="h5" id="earlier-stages-title">
          {String(t('WorkflowEarlierStages'))}
        </Title>
        {groups.map(({ stage, fields }) => (
          <Stack key={stage.code} gap={4}>
            <Text fw={600} size="sm">
              {tr(t, stage.labelKey, stage.code)}
            </Text>
            <SummaryList
              items={fields.map((field) => ({
                label: fieldLabel(t, field),
                value: formatFieldValue(t, field, view.case.fields[field.name], i18n.language, view.account.currency),
              }))}
            />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
