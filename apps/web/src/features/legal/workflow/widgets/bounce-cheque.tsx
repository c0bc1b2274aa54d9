import { Paper, Stack, Text, Title } from '@mantine/core';
import { BOUNCE_CHEQUE_SECTIONS } from '@recovery-desk/domain/legal/bounce-cheque.ts';
import { definitionFields } from '@recovery-desk/domain/workflow/definition.ts';
import { useTranslation } from 'react-i18next';
import { SummaryList } from '../../../workflow/case/case-header.tsx';
import { isShown } from '../../../workflow/case/field-values.ts';
import { fieldLabel, formatFieldValue, tr } from '../../../workflow/labels.ts';
import type { CaseWidgetProps, StageWidget } from '../../../workflow/widgets.ts';

/**
 * The `bounceCheque` widget (a case screen tab; spec §2.4 legal case details). Bounce Cheque Details: the cheque, mandate, dishonour, notice and complaint fields of the case by section, each
 * only where it applies to the case (a §25 case has no cheque), formatted; '—' where nothing is recorded yet.
 */
export function BounceChequeTab({ view, definition }: CaseWidgetProps) {
  const { t, i18n } = useTranslation();
  const fields = definitionFields(definition);
  const sections = BOUNCE_CHEQUE_SECTIONS.map((section) => ({
    section,
    fields: section.fields.flatMap((name) => {
      const field = fields.get(name);
      return field && isShown(field, view.case.fields) ? [field] : [];
    }),
  })).filter((entry) => entry.fields.length > 0);

  if (sections.length === 0) {
    return (
      <Text size="sm" c="dark.6">
        {String(t('WorkflowNoBounceDetails'))}
      </Text>
    );
  }
  return (
    <Stack gap="md" data-testid="bounce-cheque">
      {sections.map(({ section, fields: shown }) => (
        <Paper
          key={section.labelKey}
          withBorder
          p="md"
          radius="md"
          component="section"
          aria-labelledby={`bounce-${section.labelKey}`}
          data-testid={`bounce-section-${section.labelKey}`}
        >
          <Stack gap="sm">
            <Title order={3} size="h5" id={`bounce-${section.labelKey}`}>
              {tr(t, section.labelKey, section.labelKey)}
            </Title>
            <SummaryList
              items={shown.map((field) => ({
                label: fieldLabel(t, field),
                value: formatFieldValue(t, field, view.case.fields[field.name], i18n.language, view.account.currency),
              }))}
            />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

export const stageWidget: StageWidget = {
  name: 'bounceCheque',
  caseTab: { labelKey: 'WorkflowTabBounceCheque', Component: BounceChequeTab },
};
