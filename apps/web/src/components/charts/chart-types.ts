/** One series of a chart (a bar segment or a line), drawn in its colour and named in the legend. */
export type ChartSeries = { key: string; label: string };

/** One category (a bar or a point on the line): its label, its values by series key, and where it drills down to. */
export type ChartCategory = { key: string; label: string; values: Record<string, number | null>; href?: string };

export type ChartProps = {
  /** the chart's title (its accessible name) */
  title: string;
  /** the categories' axis: what the categories are */
  categoryAxisLabel: string;
  /** the values' axis: what the values measure */
  valueAxisLabel: string;
  categories: readonly ChartCategory[];
  series: readonly ChartSeries[];
  /** a value as the user reads it (their number format, a currency, a percentage) */
  formatValue: (value: number) => string;
  testId?: string;
};
