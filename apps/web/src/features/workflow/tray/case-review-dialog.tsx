import { Alert, Badge, Button, Group, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { isFilled } from '@recovery-desk/domain/workflow/case-fields.ts';
import type { AvailableActionReply } from '@recovery-desk/domain/workflow/contracts.ts';
import { findStage } from '@recovery-desk/domain/workflow/definition.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_VALUE } from '../../../components/data-table.tsx';
import { describeWorkflowError } from '../api/describe-error.ts';
import { ActionDialog } from '../case/action-dialog.tsx';
import { CaseActions } from '../case/case-actions.tsx';
import { useCaseUpdated, useCaseView, useDefinition } from '../case/case-queries.ts';
import { dialogFieldsOf, isShown } from '../case/field-values.ts';
import { caseStatusLabel, fieldLabel, formatFieldValue, money, productName, stageLabel } from '../labels.ts';
import { StatusBadge } from './case-cell.tsx';

/**
 * A case of a tray without a detail screen (the Withdrawal tray): its summary and the actions of its stage, so the
 * manager decides from the tray. Loads GET /api/workflow/cases/:caseId.
 */
export function CaseReviewDialog({ caseId, caseNo, onClose }: { caseId: number; caseNo: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const query = useCaseView(caseId);
  const view = query.data;
  const definitionQuery = useDefinition(view?.case.definitionCode, view?.case.definitionVersion);
  const definition = definitionQuery.data;
  const updated = useCaseUpdated();
  const [chosen, setChosen] = useState<AvailableActionReply | null>(null);

  if (chosen && view) {
    return (
      <ActionDialog
        view={view}
        definition={definition}
        action={chosen}
        formChanges={{}}
        formValues={view.case.fields}
        onDone={(next) => {
          updated(next);
          onClose();
        }}
        onClose={() => setChosen(null)}
        onStale={() => void query.refetch()}
      />
    );
  }

  const title = String(t('WorkflowReviewCase', { caseNo: view?.case.caseNo ?? caseNo }));
  let body;
  if (query.isPending || (view && definitionQuery.isPending)) {
    body = (
      <Stack gap={6} role="status" aria-live="polite">
        <span className="visually-hidden">{String(t('WorkflowLoadingCase'))}</span>
        <Skeleton height={80} />
        <Skeleton height={36} />
      </Stack>
    );
  } else if (query.isError || definitionQuery.isError || !view) {
    body = (
      <Alert color="red" variant="outline" role="alert" title={String(t('WorkflowCaseLoadFailed'))}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{describeWorkflowError(t, query.error ?? definitionQuery.error)}</Text>
          <Button
            size="xs"
            onClick={() => {
              void query.refetch();
              void definitionQuery.refetch();
            }}
          >
            {String(t('Retry'))}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    const stage = definition ? findStage(definition, view.case.stage) : undefined;
    const { account } = view;
    const stageFields = (stage?.fields ?? []).filter(
      (field) => isShown(field, view.case.fields) && isFilled(view.case.fields[field.name] ?? null),
    );
    const request = [...view.history].reverse().find((event) => event.toStage === view.case.stage);
    const summary = [
      { label: String(t('AccountNo')), value: account.accountNo },
      { label: String(t('CustomerName')), value: account.customerName },
      { label: String(t('Product')), value: productName(t, account.product) },
      { label: String(t('Dpd')), value: String(account.dpd) },
      { label: String(t('TotalDueAmount')), value: money(account.totalDueAmount, account.currency) },
      { label: String(t('WorkflowStage')), value: stageLabel(t, definition, view.case.stage) },
      { label: String(t('WorkflowRequestedBy')), value: view.case.makerName ?? '' },
      ...stageFields.map((field) => ({
        label: fieldLabel(t, field),
        value: formatFieldValue(t, field, view.case.fields[field.name], i18n.language, account.currency),
      })),
      { label: String(t('Remarks')), value: request?.remarks ?? '' },
    ];
    body = (
      <Stack gap="md">
        <Group gap="xs">
          <StatusBadge status={view.case.status} />
          {account.isOnHold ? <Badge color="red.9">{String(t('OnHold'))}</Badge> : null}
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
          {summary.map((item) => (
            <div key={item.label}>
              <Text component="dt" size="xs" c="dark.6" fw={600}>
                {item.label}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                {item.value === '' ? EMPTY_VALUE : item.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <CaseActions
          view={view}
          definition={definition}
          enterableFields={(action) =>
            new Set(dialogFieldsOf(stage, action.name, action.fields).map((field) => field.name))
          }
          onChoose={setChosen}
        />
        {view.case.isClosed ? (
          <Alert color="gray" variant="outline">
            {String(t('WorkflowCaseClosed', { status: caseStatusLabel(t, view.case.status) }))}
          </Alert>
        ) : null}
      </Stack>
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
    >
      <div data-testid="case-review">{body}</div>
    </Modal>
  );
}
