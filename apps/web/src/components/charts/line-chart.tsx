import { ChartFrame } from './chart-frame.tsx';
import { axisTicks, CHART_COLORS, shortLabel } from './chart-scale.ts';
import type { ChartProps } from './chart-types.ts';

const WIDTH = 640;
const LEFT = 72;
const RIGHT = 36;
const TOP = 24;
const PLOT_HEIGHT = 180;
const AXIS_HEIGHT = 52;

/**
 * A line chart in SVG: the categories along the bottom (in order: days, months, buckets), one line per series with a
 * point per value (its title tells the value), the value axis in the user's number format. A missing value breaks
 * the line. The data is also a table under the chart (ChartFrame).
 */
export function LineChart(props: ChartProps) {
  const { categories, series, formatValue, valueAxisLabel, categoryAxisLabel } = props;
  const max = Math.max(
    0,
    ...categories.flatMap((category) => series.map((item) => Math.max(0, category.values[item.key] ?? 0))),
  );
  const ticks = axisTicks(max);
  const top = ticks[ticks.length - 1] ?? 1;
  const plotWidth = WIDTH - LEFT - RIGHT;
  const step = categories.length > 1 ? plotWidth / (categories.length - 1) : 0;
  const x = (index: number) => (categories.length > 1 ? LEFT + index * step : LEFT + plotWidth / 2);
  const y = (value: number) => TOP + PLOT_HEIGHT - (Math.max(0, value) / top) * PLOT_HEIGHT;
  const labelEvery = Math.max(1, Math.ceil(categories.length / 8));
  const height = TOP + PLOT_HEIGHT + AXIS_HEIGHT;

  return (
    <ChartFrame {...props}>
      {({ titleId, descId }) => (
        <svg
          viewBox={`0 0 ${WIDTH} ${height}`}
          width="100%"
          style={{ maxWidth: WIDTH, display: 'block' }}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
          data-testid={props.testId ? `${props.testId}-svg` : undefined}
        >
          <g fontSize="11" fill="#343a40">
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={LEFT} x2={LEFT + plotWidth} y1={y(tick)} y2={y(tick)} stroke="#dee2e6" />
                <text x={LEFT - 6} y={y(tick) + 4} textAnchor="end">
                  {formatValue(tick)}
                </text>
              </g>
            ))}
            {categories.map((category, index) =>
              index % labelEvery === 0 ||
              (index === categories.length - 1 && (categories.length - 1) % labelEvery >= labelEvery / 2) ? (
                <text key={category.key} x={x(index)} y={TOP + PLOT_HEIGHT + 16} textAnchor="middle">
                  {shortLabel(category.label, 12)}
                </text>
              ) : null,
            )}
            <text x={LEFT + plotWidth / 2} y={TOP + PLOT_HEIGHT + 40} textAnchor="middle" fontWeight="600">
              {categoryAxisLabel}
            </text>
            <text x={4} y={12} fontWeight="600">
              {valueAxisLabel}
            </text>
          </g>
          {series.map((item, seriesIndex) => {
            const color = CHART_COLORS[seriesIndex % CHART_COLORS.length];
            const segments: string[] = [];
            let current = '';
            categories.forEach((category, index) => {
              const value = category.values[item.key];
              if (value === null || value === undefined) {
                if (current) segments.push(current);
                current = '';
                return;
              }
              current += `${current ? 'L' : 'M'}${x(index).toFixed(1)},${y(value).toFixed(1)}`;
            });
            if (current) segments.push(current);
            return (
              <g key={item.key} data-testid={props.testId ? `${props.testId}-line` : undefined}>
                {segments.map((path) => (
                  <path key={path} d={path} fill="none" stroke={color} strokeWidth={2} />
                ))}
                {categories.map((category, index) => {
                  const value = category.values[item.key];
                  if (value === null || value === undefined) return null;
                  return (
                    <circle key={category.key} cx={x(index)} cy={y(value)} r={3.5} fill={color}>
                      <title>{`${category.label} · ${item.label}: ${formatValue(value)}`}</title>
                    </circle>
                  );
                })}
              </g>
            );
          })}
        </svg>
      )}
    </ChartFrame>
  );
}
