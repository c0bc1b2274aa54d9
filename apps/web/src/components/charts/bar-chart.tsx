import { useNavigate } from 'react-router';
import { ChartFrame } from './chart-frame.tsx';
import { axisTicks, CHART_COLORS, shortLabel } from './chart-scale.ts';
import type { ChartCategory, ChartProps } from './chart-types.ts';

const WIDTH = 640;
const LABEL_WIDTH = 170;
const RIGHT = 48;
const TOP = 8;
const AXIS_HEIGHT = 44;

/**
 * A horizontal bar chart in SVG: one bar per category, its series side by side, or one stacked bar when `stacked`.
 * Ticks and values in the user's number format; each bar's value in its title; a category with an `href` is a link
 * (its drill-down), named by its label and values. The data is also a table under the chart (ChartFrame).
 */
export function BarChart(props: ChartProps & { stacked?: boolean }) {
  const { categories, series, formatValue, valueAxisLabel, categoryAxisLabel, stacked = false } = props;
  const navigate = useNavigate();
  const valueOf = (category: ChartCategory, key: string) => Math.max(0, category.values[key] ?? 0);
  const max = Math.max(
    0,
    ...categories.map((category) =>
      stacked
        ? series.reduce((sum, item) => sum + valueOf(category, item.key), 0)
        : Math.max(0, ...series.map((item) => valueOf(category, item.key))),
    ),
  );
  const ticks = axisTicks(max);
  const top = ticks[ticks.length - 1] ?? 1;
  const plotWidth = WIDTH - LABEL_WIDTH - RIGHT;
  const barHeight = stacked || series.length === 1 ? 18 : 10;
  const rowHeight = stacked || series.length === 1 ? 28 : series.length * barHeight + 10;
  const plotHeight = categories.length * rowHeight;
  const height = TOP + plotHeight + AXIS_HEIGHT;
  const x = (value: number) => LABEL_WIDTH + (value / top) * plotWidth;
  const interactive = categories.some((category) => category.href);
  const describe = (category: ChartCategory) =>
    `${category.label}: ${series
      .map((item) => {
        const value = category.values[item.key];
        return `${item.label} ${value === null || value === undefined ? '—' : formatValue(value)}`;
      })
      .join(', ')}`;

  return (
    <ChartFrame {...props}>
      {({ titleId, descId }) => (
        <svg
          viewBox={`0 0 ${WIDTH} ${height}`}
          width="100%"
          style={{ maxWidth: WIDTH, display: 'block' }}
          role={interactive ? 'group' : 'img'}
          aria-labelledby={titleId}
          aria-describedby={descId}
          data-testid={props.testId ? `${props.testId}-svg` : undefined}
        >
          <g aria-hidden="true" fontSize="11" fill="#343a40">
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={x(tick)} x2={x(tick)} y1={TOP} y2={TOP + plotHeight} stroke="#dee2e6" />
                <text x={x(tick)} y={TOP + plotHeight + 14} textAnchor="middle">
                  {formatValue(tick)}
                </text>
              </g>
            ))}
            <text x={LABEL_WIDTH + plotWidth / 2} y={TOP + plotHeight + 34} textAnchor="middle" fontWeight="600">
              {valueAxisLabel}
            </text>
            <text x={4} y={TOP + plotHeight + 34} fontWeight="600">
              {categoryAxisLabel}
            </text>
          </g>
          {categories.map((category, row) => {
            const y0 =
              TOP +
              row * rowHeight +
              (rowHeight - (stacked || series.length === 1 ? barHeight : series.length * barHeight)) / 2;
            let offset = 0;
            const bars = series.map((item, index) => {
              const value = valueOf(category, item.key);
              const start = stacked ? offset : 0;
              offset += value;
              const y = stacked || series.length === 1 ? y0 : y0 + index * barHeight;
              return (
                <rect
                  key={item.key}
                  x={x(start)}
                  y={y}
                  width={Math.max(0, x(start + value) - x(start))}
                  height={barHeight - (stacked || series.length === 1 ? 0 : 2)}
                  fill={CHART_COLORS[index % CHART_COLORS.length]}
                  data-testid={props.testId ? `${props.testId}-bar` : undefined}
                >
                  <title>{`${category.label} · ${item.label}: ${formatValue(category.values[item.key] ?? 0)}`}</title>
                </rect>
              );
            });
            const label = (
              <text
                x={LABEL_WIDTH - 8}
                y={TOP + row * rowHeight + rowHeight / 2 + 4}
                textAnchor="end"
                fontSize="12"
                fill={category.href ? '#1864ab' : '#212529'}
                textDecoration={category.href ? 'underline' : undefined}
              >
                {shortLabel(category.label)}
              </text>
            );
            if (!category.href) {
              return (
                <g key={category.key} aria-hidden="true">
                  {label}
                  {bars}
                </g>
              );
            }
            const href = category.href;
            return (
              <a
                key={category.key}
                href={href}
                aria-label={describe(category)}
                onClick={(event) => {
                  event.preventDefault();
                  void navigate(href);
                }}
              >
                {label}
                {bars}
              </a>
            );
          })}
        </svg>
      )}
    </ChartFrame>
  );
}
