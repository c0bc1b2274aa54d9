// Instants and wall-clock times for the command center (issue 16). Positions and receipts carry instants (ISO 8601
// strings or epoch milliseconds); shift hours, the receipt window (08:00–19:00) and T+1 are read on the wall clock
// of the command center's zone, India time. The zone is a parameter so a test can show the zone matters.

/** India Standard Time: every command-center wall-clock rule (spec §2.6, domain §2.2, §2.9) reads it. */
export const COMMAND_CENTER_TIME_ZONE = 'Asia/Kolkata';

export type Instant = string | number;

/** Epoch milliseconds of an instant; NaN when it is not one (an unparseable string, a non-finite number). */
export function toEpochMs(instant: Instant): number {
  if (typeof instant === 'number') return Number.isFinite(instant) ? instant : Number.NaN;
  return Date.parse(instant);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

export type WallClock = { date: string; hour: number; minute: number; second: number };

/** The wall-clock date (YYYY-MM-DD) and time of an instant in a zone. */
export function wallClock(epochMs: number, timeZone: string = COMMAND_CENTER_TIME_ZONE): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(epochMs))) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (IST: +5 h 30 min). */
function offsetMs(epochMs: number, timeZone: string): number {
  const clock = wallClock(epochMs, timeZone);
  const [year, month, day] = clock.date.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, clock.hour, clock.minute, clock.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/** The instant at which the zone's wall clock shows `date` (YYYY-MM-DD) and `minutes` past its midnight. */
export function zonedEpochMs(date: string, minutes: number, timeZone: string = COMMAND_CENTER_TIME_ZONE): number {
  const naive = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  // Two passes find the offset in force at that wall-clock time (one is enough for a zone without daylight saving).
  let guess = naive - offsetMs(naive, timeZone);
  guess = naive - offsetMs(guess, timeZone);
  return guess;
}

/** "HH:MM" (00:00–23:59) as minutes past midnight; NaN when it is not one. */
export function parseClock(text: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
}

/** Minutes past midnight as "HH:MM". */
export function formatClock(minutes: number): string {
  const whole = Math.floor(minutes);
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}
