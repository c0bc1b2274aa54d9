import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { FieldValue } from '@recovery-desk/domain/workflow/case-fields.ts';
import type { CaseEvent, CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import { definitionFields, type WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EMPTY_VALUE } from '../../../components/data-table.tsx';
import { formatBusinessDate, formatDateTime } from '../../../lib/format.ts';
import { caseStatusLabel, effectLabel, fieldLabelByName, formatFieldValue, stageLabel, tr } from '../labels.ts';
import { documentLabel } from '../refusals.ts';

/** Events that are not engine actions: `CaseEvent<PascalName>` (CREATE → CaseEventCreate). */
const EVENT_KEYS: Record<string, string> = {
  CREATE: 'CaseEventCreate',
  SAVE_FIELDS: 'CaseEventSaveFields',
  DOCUMENT_ADDED: 'CaseEventDocumentAdded',
  NOTICE_GENERATED: 'CaseEventNoticeGenerated',
};

/** A document added to the case is recorded as a change of `documents.<code>` (old → new file name). */
const DOCUMENT_CHANGE_PREFIX = 'documents.';

export function changeLabel(t: TFunction, definition: WorkflowDefinition | undefined, field: string): string {
  return field.startsWith(DOCUMENT_CHANGE_PREFIX)
    ? documentLabel(t, definition, field.slice(DOCUMENT_CHANGE_PREFIX.length))
    : fieldLabelByName(t, definition, field);
}

export function eventLabel(t: TFunction, event: CaseEvent): string {
  if (event.actionLabelKey) return tr(t, event.actionLabelKey, event.action);
  const key = EVENT_KEYS[event.action];
  return key ? tr(t, key, event.action) : event.action;
}

/** Case History: every event, oldest first, with who, where, when, the move, remarks, data changed and effects. */
export function HistoryTab({ view, definition }: { view: CaseView; definition: WorkflowDefinition | undefined }) {
  const { t, i18n } = useTranslation();
  const fields = definition ? definitionFields(definition) : new Map();
  const events = [...view.history].sort((a, b) => (a.at === b.at ? a.eventId - b.eventId : a.at < b.at ? -1 : 1));
  const value = (name: string, raw: FieldValue) => {
    const shown = formatFieldValue(t, fields.get(name), raw, i18n.language, view.account.currency);
    return shown === '' ? EMPTY_VALUE : shown;
  };
  const where = (stage: string | null, status: string | null) =>
    stage === null ? EMPTY_VALUE : `${stageLabel(t, definition, stage)} (${caseStatusLabel(t, status ?? '')})`;

  if (events.length === 0) {
    return (
      <Text size="sm" c="dark.6">
        {String(t('WorkflowNoHistory'))}
      </Text>
    );
  }
  return (
    <Stack
      component="ol"
      gap="sm"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={String(t('WorkflowTabHistory'))}
      data-testid="case-history"
    >
      {events.map((event) => {
        const moved = event.fromStage !== event.toStage || event.fromStatus !== event.toStatus;
        return (
          <Paper key={event.eventId} component="li" withBorder p="sm" radius="md" data-testid="history-entry">
            <Stack gap={4}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={700} size="sm">
                  {eventLabel(t, event)}
                </Text>
                <Text size="xs" c="dark.6">
                  {String(
                    t('WorkflowEventWhen', {
                      date: formatBusinessDate(event.businessDate, i18n.language),
                      at: formatDateTime(event.at, i18n.language),
                    }),
                  )}
                </Text>
              </Group>
              <Text size="sm" data-testid="history-move">
                {moved
                  ? String(
                      t('WorkflowEventMove', {
                        from: where(event.fromStage, event.fromStatus),
                        to: where(event.toStage, event.toStatus),
                      }),
                    )
                  : where(event.toStage, event.toStatus)}
              </Text>
              <Text size="sm" c="dark.7">
                {String(
                  t('WorkflowEventActor', {
                    name: event.actorName,
                    username: event.actorUsername,
                    unit: event.unitCode,
                  }),
                )}
              </Text>
              {event.remarks ? (
                <Text size="sm" data-testid="history-remarks">
                  {String(t('WorkflowEventRemarks', { remarks: event.remarks }))}
                </Text>
              ) : null}
              {event.changes.length > 0 ? (
                <Stack gap={2}>
                  <Text size="xs" fw={600}>
                    {String(t('WorkflowDataChanged'))}
                  </Text>
                  <Stack component="ul" gap={2} m={0} pl="md" data-testid="history-changes">
                    {event.changes.map((change) => (
                      <Text component="li" size="xs" key={change.field}>
                        {String(
                          t('WorkflowChange', {
                            field: changeLabel(t, definition, change.field),
                            from: value(change.field, change.from),
                            to: value(change.field, change.to),
                          }),
                        )}
                      </Text>
                    ))}
                  </Stack>
                </Stack>
              ) : null}
              {event.effects.length > 0 ? (
                <Group gap={4} data-testid="history-effects">
                  {event.effects.map((effect) => (
                    <Badge key={effect} size="sm" color="teal.9" variant="filled">
                      {effectLabel(t, effect)}
                    </Badge>
                  ))}
                </Group>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
