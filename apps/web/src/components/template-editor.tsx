import { Badge, Button, Group, Stack, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { get, useFormState } from 'react-hook-form';
import { fieldId, TextareaField, TextField, useZodFormContext } from './form/index.ts';

// The editor of a family of document templates (plain text with {{placeholder}} fields, paragraphs separated by blank
// lines), used by Legal Settings (the notice templates) and Repossession Settings (the secured-asset documents). It
// lives inside the caller's <ZodForm>, whose values hold the templates as `<name>.<index>.title` and `.body` (the
// server's field paths, so a 400 lands on the field): one tab per template, one template mounted at a time, the
// placeholders as buttons that insert `{{name}}` at the caret. Saving, restoring and previewing are the caller's.

export type TemplateTab = {
  /** the template's key (case type, document kind): the tab's value and test ids */
  key: string;
  /** the template's index in the form's list */
  index: number;
  /** the template's name as the screen shows it */
  label: string;
  /** shown beside the label in the tab (e.g. built-in / edited) */
  badge?: ReactNode;
};

export type TemplateEditorProps = {
  templates: readonly TemplateTab[];
  active: string;
  onActiveChange: (key: string) => void;
  placeholders: readonly string[];
  /** the tab list's accessible name */
  listLabel: string;
  titleLabel: (template: TemplateTab) => string;
  bodyLabel: (template: TemplateTab) => string;
  placeholdersLabel: (template: TemplateTab) => string;
  /** the badge text of a tab whose template has a field error */
  errorBadge: string;
  /** the form's list of templates (default `templates`) */
  name?: string;
  orientation?: 'horizontal' | 'vertical';
  /** under a template's placeholders (e.g. restore, preview) */
  actions?: (template: TemplateTab) => ReactNode;
};

export function TemplateEditor({
  templates,
  active,
  onActiveChange,
  placeholders,
  listLabel,
  titleLabel,
  bodyLabel,
  placeholdersLabel,
  errorBadge,
  name = 'templates',
  orientation = 'horizontal',
  actions,
}: TemplateEditorProps) {
  const form = useZodFormContext();
  const { errors, isSubmitted } = useFormState({ control: form.control });

  const insertPlaceholder = (index: number, placeholder: string) => {
    const path = `${name}.${index}.body`;
    const element = document.getElementById(fieldId(path)) as HTMLTextAreaElement | null;
    const body = String(form.getValues(path) ?? '');
    const start = element?.selectionStart ?? body.length;
    const end = element?.selectionEnd ?? start;
    const token = `{{${placeholder}}}`;
    form.setValue(path, body.slice(0, start) + token + body.slice(end), {
      shouldDirty: true,
      shouldValidate: isSubmitted,
    });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <Tabs
      value={active}
      onChange={(value) => value && onActiveChange(value)}
      keepMounted={false}
      orientation={orientation}
      data-testid="template-tabs"
    >
      <Tabs.List aria-label={listLabel}>
        {templates.map((template) => (
          <Tabs.Tab
            key={template.key}
            value={template.key}
            rightSection={
              get(errors, `${name}.${template.index}`) ? (
                <Badge size="xs" color="red.9" variant="filled">
                  {errorBadge}
                </Badge>
              ) : (
                (template.badge ?? null)
              )
            }
          >
            {template.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {templates.map((template) => (
        <Tabs.Panel
          key={template.key}
          value={template.key}
          pt={orientation === 'horizontal' ? 'sm' : 0}
          pl={orientation === 'vertical' ? 'md' : 0}
        >
          <Stack gap="xs" data-testid={`template-${template.key}`}>
            <TextField name={`${name}.${template.index}.title`} label={titleLabel(template)} required />
            <TextareaField
              name={`${name}.${template.index}.body`}
              label={bodyLabel(template)}
              required
              minRows={8}
              maxRows={20}
              maxLength={20_000}
              monospace
              trim={false}
            />
            <Group
              gap={4}
              role="group"
              aria-label={placeholdersLabel(template)}
              data-testid={`placeholders-${template.key}`}
            >
              {placeholders.map((placeholder) => (
                <Button
                  key={placeholder}
                  size="compact-xs"
                  variant="light"
                  color="blue.9"
                  radius="xl"
                  onClick={() => insertPlaceholder(template.index, placeholder)}
                >
                  {`{{${placeholder}}}`}
                </Button>
              ))}
            </Group>
            {actions?.(template)}
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
