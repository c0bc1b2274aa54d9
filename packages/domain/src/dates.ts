// Calendar dates as ISO strings (YYYY-MM-DD), computed in UTC so no time zone shifts a day. Business dates,
// due dates and statutory date rules all use these.

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to`, both ISO dates (YYYY-MM-DD), in UTC so no zone shifts a day. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
