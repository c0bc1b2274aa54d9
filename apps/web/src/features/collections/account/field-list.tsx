import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { EMPTY_VALUE } from '../labels.ts';

export type Field = { label: string; value: ReactNode };

/** Label/value pairs as a definition list, laid out in a responsive grid. */
export function FieldList({ fields, testId }: { fields: readonly Field[]; testId?: string }) {
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="sm"
      verticalSpacing="xs"
      m={0}
      data-testid={testId}
    >
      {fields.map((field) => (
        <div key={field.label}>
          <Text component="dt" size="xs" c="dark.6" fw={600}>
            {field.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {field.value === null || field.value === undefined || field.value === '' ? EMPTY_VALUE : field.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
