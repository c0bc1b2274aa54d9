import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { BarChart } from './bar-chart.tsx';
import { axisTicks, niceMax } from './chart-scale.ts';
import { LineChart } from './line-chart.tsx';

const draw = (element: ReactElement) => renderWithProviders(element);
const format = (value: number) => new Intl.NumberFormat('en-IN').format(value);

describe('SVG charts', () => {
  it('rounds the value axis to 1, 2, 2.5 or 5 × 10^k', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(180)).toBe(200);
    expect(niceMax(2400)).toBe(2500);
    expect(axisTicks(180)).toEqual([0, 50, 100, 150, 200]);
  });

  it('a stacked bar chart: an image named by its title, segments by value, ticks in the number format, a data table', () => {
    draw(
      <BarChart
        title="PTPs by agent"
        categoryAxisLabel="Agent"
        valueAxisLabel="PTPs"
        stacked
        categories={[
          { key: 'a', label: 'Asha', values: { kept: 1200, broken: 300 } },
          { key: 'b', label: 'Bala', values: { kept: 800, broken: null } },
        ]}
        series={[
          { key: 'kept', label: 'Kept' },
          { key: 'broken', label: 'Broken' },
        ]}
        formatValue={format}
        testId="c"
      />,
    );
    const svg = screen.getByRole('img', { name: 'PTPs by agent' });
    const bars = within(svg).getAllByTestId('c-bar');
    expect(bars).toHaveLength(4);
    // stacked: Asha's broken segment starts where her kept one ends
    expect(Number(bars[1]!.getAttribute('x'))).toBeCloseTo(
      Number(bars[0]!.getAttribute('x')) + Number(bars[0]!.getAttribute('width')),
    );
    expect(within(svg).getByText('2,000')).toBeTruthy(); // the axis top: nice max of 1,500
    const table = screen.getByTestId('c-table');
    expect(within(table).getByText('1,200')).toBeTruthy();
    expect(within(table).getByText('—')).toBeTruthy();
  });

  it('a line chart breaks its line at a missing value and says when there is nothing to draw', () => {
    const { unmount } = draw(
      <LineChart
        title="Roll forward"
        categoryAxisLabel="Month"
        valueAxisLabel="%"
        categories={[
          { key: '1', label: 'Jan', values: { rate: 10 } },
          { key: '2', label: 'Feb', values: { rate: 20 } },
          { key: '3', label: 'Mar', values: { rate: null } },
          { key: '4', label: 'Apr', values: { rate: 5 } },
        ]}
        series={[{ key: 'rate', label: 'Rate' }]}
        formatValue={format}
        testId="l"
      />,
    );
    const line = screen.getByTestId('l-line');
    expect(line.querySelectorAll('path')).toHaveLength(2);
    expect(line.querySelectorAll('circle')).toHaveLength(3);
    unmount();
    draw(
      <LineChart
        title="Empty"
        categoryAxisLabel="Month"
        valueAxisLabel="%"
        categories={[]}
        series={[{ key: 'rate', label: 'Rate' }]}
        formatValue={format}
        testId="e"
      />,
    );
    expect(screen.getByTestId('e-empty').textContent).toBe('Nothing to draw.');
  });
});
