import { addDays } from '../dates.ts';

// Calendar arithmetic for date rules, on ISO dates (YYYY-MM-DD) in UTC so no time zone shifts a day.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** Calendar months later (or earlier), clamped to the month end: 31 Jan + 1 month = 28 Feb (29 in a leap year). */
export function addMonths(date: string, months: number): string {
  const match = ISO_DATE.exec(date);
  if (!match) throw new Error(`not an ISO date: ${date}`);
  const monthIndex = Number(match[1]) * 12 + Number(match[2]) - 1 + months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(Number(match[3]), lastDay);
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
}

/** Days first, then months (the order date rules document). */
export function shiftDate(date: string, offsetDays = 0, offsetMonths = 0): string {
  return addMonths(addDays(date, offsetDays), offsetMonths);
}
