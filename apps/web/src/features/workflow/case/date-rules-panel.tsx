import { Badge, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import type { WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { useTranslation } from 'react-i18next';
import { formatBusinessDate } from '../../../lib/format.ts';
import { fieldLabelByName, tr } from '../labels.ts';

type StageDate = CaseView['stageDates'][number];

/** Where a dated rule stands today: days left, due today, overdue by N days, or (earliest) allowed from. */
export function dateRuleState(rule: StageDate): { key: string; count: number; color: string } {
  if (rule.daysLeft === null) return { key: 'WorkflowDateWaiting', count: 0, color: 'gray.8' };
  if (rule.kind === 'earliest') {
    return rule.daysLeft > 0
      ? { key: 'WorkflowAllowedInDays', count: rule.daysLeft, color: 'violet.9' }
      : { key: 'WorkflowAllowedNow', count: 0, color: 'green.9' };
  }
  if (rule.isOverdue || rule.daysLeft < 0)
    return { key: 'WorkflowOverdueByDays', count: -rule.daysLeft, color: 'red.9' };
  if (rule.daysLeft === 0) return { key: 'WorkflowDueToday', count: 0, color: 'orange.9' };
  return { key: 'WorkflowDaysLeft', count: rule.daysLeft, color: 'blue.9' };
}

/** The stage's dated rules (statutory and policy): each date, where it stands today, and where its number comes from. */
export function DateRulesPanel({ view, definition }: { view: CaseView; definition: WorkflowDefinition | undefined }) {
  const { t, i18n } = useTranslation();
  if (view.stageDates.length === 0) return null;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="date-rules-title"
      data-testid="date-rules"
    >
      <Stack gap="sm">
        <Title order={3} size="h5" id="date-rules-title">
          {String(t('WorkflowDateRules'))}
        </Title>
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {view.stageDates.map((rule) => {
            const state = dateRuleState(rule);
            const label = tr(t, rule.labelKey, rule.label);
            return (
              <li key={rule.rule} data-testid={`date-rule-${rule.rule}`}>
                <Group gap="sm" wrap="wrap" align="baseline">
                  <Tooltip label={rule.source} multiline w={320} withArrow>
                    <Text fw={600} size="sm">
                      {label}
                    </Text>
                  </Tooltip>
                  <Text size="sm">
                    {rule.date ? formatBusinessDate(rule.date, i18n.language) : String(t('WorkflowDateNotYetKnown'))}
                  </Text>
                  <Badge color={state.color} variant="filled" data-testid="date-rule-state">
                    {tr(t, state.key, state.key, { count: state.count })}
                  </Badge>
                </Group>
                {rule.missingFields.length > 0 ? (
                  <Text size="xs" c="dark.6">
                    {String(
                      t('WorkflowDateNeedsFields', {
                        fields: rule.missingFields.map((name) => fieldLabelByName(t, definition, name)).join(', '),
                      }),
                    )}
                  </Text>
                ) : null}
                <Text size="xs" c="dark.6">
                  {String(t('WorkflowRuleSource', { source: rule.source }))}
                </Text>
              </li>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
