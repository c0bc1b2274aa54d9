// RBI recovery-agent conduct (domain reference §2.2): no calls before 08:00 or after 19:00, borrower's local time.
export const CALLING_WINDOW = { startHour: 8, endHour: 19 } as const;

/** Local hour and minute of an instant in an IANA time zone. */
export function localTime(instant: Date, timeZone: string): { hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value);
  return { hour, minute };
}

/** True from 08:00 up to and including 19:00 local time. */
export function isWithinCallingWindow(instant: Date, timeZone: string): boolean {
  const { hour, minute } = localTime(instant, timeZone);
  const minutes = hour * 60 + minute;
  return minutes >= CALLING_WINDOW.startHour * 60 && minutes <= CALLING_WINDOW.endHour * 60;
}
