// Scales of the small SVG charts (no chart library): a "nice" axis maximum and its ticks.

/** The smallest 1, 2, 2.5 or 5 × 10^k at or above `value` (at least 1), so ticks fall on round numbers. */
export function niceMax(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

/** `count` + 1 evenly spaced ticks from 0 to the nice maximum of `max`. */
export function axisTicks(max: number, count = 4): number[] {
  const top = niceMax(max);
  return Array.from({ length: count + 1 }, (_, index) => (top * index) / count);
}

/** The chart's colours (Mantine's 7th shades: each at least 3:1 against white, for the bars and lines). */
export const CHART_COLORS = ['#1971c2', '#e8590c', '#2f9e44', '#c2255c', '#6741d9', '#495057'] as const;

/** A label cut to `max` characters with an ellipsis (the full label stays in the bar's title and the table). */
export function shortLabel(label: string, max = 22): string {
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
}
