import { Table, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_COLORS } from './chart-scale.ts';
import type { ChartProps } from './chart-types.ts';

/**
 * The frame every chart shares: a figure named by its title, the legend, the drawing, and the data as a table under
 * a disclosure (the text alternative: every value the chart draws, in the user's number format).
 */
export function ChartFrame({
  title,
  categoryAxisLabel,
  categories,
  series,
  formatValue,
  testId,
  children,
}: ChartProps & { children: (ids: { titleId: string; descId: string }) => ReactNode }) {
  const { t } = useTranslation();
  const titleId = useId();
  const descId = useId();
  return (
    <figure aria-labelledby={titleId} style={{ margin: 0 }} data-testid={testId}>
      <Text component="figcaption" id={titleId} fw={600} size="sm" mb={4}>
        {title}
      </Text>
      {categories.length === 0 ? (
        <Text size="sm" c="dark.6" data-testid={testId ? `${testId}-empty` : undefined}>
          {String(t('ChartNoData'))}
        </Text>
      ) : (
        <>
          {series.length > 1 ? (
            <ul
              aria-hidden="true"
              style={{ display: 'flex', flexWrap: 'wrap', gap: 12, listStyle: 'none', margin: 0, padding: 0 }}
            >
              {series.map((item, index) => (
                <li key={item.key} style={{ display: 'flex', alignItems: 'center', gap: 4, fontSize: 12 }}>
                  <span
                    style={{
                      width: 10,
                      height: 10,
                      background: CHART_COLORS[index % CHART_COLORS.length],
                      display: 'inline-block',
                    }}
                  />
                  {item.label}
                </li>
              ))}
            </ul>
          ) : null}
          <p id={descId} className="visually-hidden">
            {series.map((item) => item.label).join(', ')} — {categoryAxisLabel}
          </p>
          {children({ titleId, descId })}
          <details>
            <summary style={{ cursor: 'pointer', fontSize: 13 }}>{String(t('ChartDataTable'))}</summary>
            <Table withTableBorder striped fz="sm" data-testid={testId ? `${testId}-table` : undefined}>
              <caption className="visually-hidden">{title}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{categoryAxisLabel}</Table.Th>
                  {series.map((item) => (
                    <Table.Th scope="col" key={item.key}>
                      {item.label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {categories.map((category) => (
                  <Table.Tr key={category.key}>
                    <Table.Th scope="row">{category.label}</Table.Th>
                    {series.map((item) => {
                      const value = category.values[item.key];
                      return (
                        <Table.Td key={item.key}>
                          {value === null || value === undefined ? '—' : formatValue(value)}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </details>
        </>
      )}
    </figure>
  );
}
