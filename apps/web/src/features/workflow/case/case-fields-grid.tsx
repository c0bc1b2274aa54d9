import { SimpleGrid } from '@mantine/core';
import type { CaseFields } from '@recovery-desk/domain/workflow/case-fields.ts';
import type { FieldDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { useTranslation } from 'react-i18next';
import { CaseFieldInput } from './case-field-input.tsx';
import { isShown, translateFieldMessage, type Draft, type DraftValue, type FieldErrors } from './field-values.ts';

export type CaseFieldsGridProps = {
  fields: readonly FieldDefinition[];
  draft: Draft;
  /** the values `when` conditions are judged on (the case's fields with the drafts over them) */
  values: CaseFields;
  onChange: (name: string, value: DraftValue) => void;
  errors: FieldErrors;
  isEditable: (name: string) => boolean;
  idPrefix: string;
  /** focus the first field (a dialog's) */
  autoFocusFirst?: boolean;
  /** the case account's currency (amount fields take its minor units) */
  currency?: string | null | undefined;
};

/** The fields of a form that apply now (their `when` holds), with required markers and per-field messages. */
export function CaseFieldsGrid({
  fields,
  draft,
  values,
  onChange,
  errors,
  isEditable,
  idPrefix,
  autoFocusFirst = false,
  currency,
}: CaseFieldsGridProps) {
  const { t } = useTranslation();
  const shown = fields.filter((field) => isShown(field, values));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      {shown.map((field, index) => {
        const editable = isEditable(field.name);
        const message = errors[field.name];
        return (
          <div key={field.name} style={field.type === 'textarea' ? { gridColumn: '1 / -1' } : undefined}>
            <CaseFieldInput
              field={field}
              value={draft[field.name] ?? (field.type === 'boolean' ? null : '')}
              onChange={(value) => onChange(field.name, value)}
              error={message ? translateFieldMessage(t, message) : undefined}
              isRequired={field.required && editable}
              isReadOnly={!editable}
              idPrefix={idPrefix}
              autoFocus={autoFocusFirst && index === 0 && editable}
              currency={currency}
            />
          </div>
        );
      })}
    </SimpleGrid>
  );
}
