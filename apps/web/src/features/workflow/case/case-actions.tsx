import { Button, Group, Stack, Text } from '@mantine/core';
import type { AvailableActionReply, CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import type { WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { tr } from '../labels.ts';
import { refusalFields, refusalText } from '../refusals.ts';

/** Refusals about values the user can still enter: the form or the action's dialog may put them right. */
const VALUE_REFUSALS = ['REQUIRED_FIELD_MISSING', 'FIELD_INVALID', 'NO_BRANCH_MATCHES', 'REQUIREMENTS_UNMET'];

/**
 * Whether an action may be tried: enabled, or refused only for fields the user can fill in now (the engine judges
 * actions on the saved case, without the form's unsaved values or the dialog's fields).
 */
export function canTryAction(action: AvailableActionReply, enterable: ReadonlySet<string>): boolean {
  if (action.enabled) return true;
  const refusal = action.refusal;
  if (!refusal || !VALUE_REFUSALS.includes(refusal.code)) return false;
  const fields = refusalFields(refusal);
  return fields.length > 0 && fields.every((name) => enterable.has(name));
}

const COLORS: Partial<Record<AvailableActionReply['name'], string>> = {
  approve: 'green.9',
  reject: 'red.9',
  decline: 'red.9',
};

export type CaseActionsProps = {
  view: CaseView;
  definition: WorkflowDefinition | undefined;
  /** fields the user can enter now: editable form fields; each action adds its dialog's */
  enterableFields: (action: AvailableActionReply) => ReadonlySet<string>;
  onChoose: (action: AvailableActionReply) => void;
  /** further buttons of the stage (Generate notice) */
  extra?: ReactNode;
};

/** The stage's actions for this user today; an action that cannot be taken says why. */
export function CaseActions({ view, definition, enterableFields, onChoose, extra }: CaseActionsProps) {
  const { t, i18n } = useTranslation();
  if (view.case.isClosed) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="case-actions-title" data-testid="case-actions">
      <Text fw={700} id="case-actions-title">
        {String(t('WorkflowActions'))}
      </Text>
      {view.availableActions.length === 0 && !extra ? (
        <Text size="sm" c="dark.6">
          {String(t('WorkflowNoActions'))}
        </Text>
      ) : null}
      <Group gap="md" align="flex-start" wrap="wrap">
        {view.availableActions.map((action) => {
          const isPossible = canTryAction(action, enterableFields(action));
          const reasonId = `action-reason-${action.name}`;
          const reason = action.refusal ? refusalText(t, definition, action.refusal, i18n.language) : null;
          return (
            <Stack key={action.name} gap={4} maw={320}>
              <Button
                color={COLORS[action.name]}
                variant={isPossible ? 'filled' : 'default'}
                disabled={!isPossible}
                aria-describedby={reason ? reasonId : undefined}
                onClick={() => onChoose(action)}
                data-testid={`action-${action.name}`}
              >
                {tr(t, action.labelKey, action.name)}
              </Button>
              {reason ? (
                <Text size="xs" c="dark.6" id={reasonId} data-testid={`action-reason-${action.name}`}>
                  {reason}
                </Text>
              ) : null}
            </Stack>
          );
        })}
        {extra}
      </Group>
    </Stack>
  );
}
