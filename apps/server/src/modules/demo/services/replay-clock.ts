import type { Clock } from '../../../clock.ts';

// The demo seed's clock: the services stamp what they write (events, documents, reminders) with deps.clock.now(),
// and the seed replays each legal case day by day. On a replayed day the clock starts at 10:00 in India (later
// for each case, so cases do not share minutes) and moves half a minute on every reading, so a case's events keep
// their order in time; a day is never earlier than the case's previous one. A day that has not reached 10:00 yet
// on the wall clock starts an hour and a half before now instead, never in the future.

const HALF_MINUTE = 30_000;
const IST_TEN_AM = '04:30:00Z';

export class ReplayClock implements Clock {
  private at = 0;
  private day = '';

  constructor(private readonly wall: Clock) {}

  /** A new case: its days start again from its own first day, `offsetMinutes` after 10:00. */
  private offsetMinutes = 0;
  startCase(index: number): void {
    this.day = '';
    this.at = 0;
    this.offsetMinutes = (index * 7) % 360;
  }

  /** The day the next readings fall on (ISO date); the same or a later day than the last. */
  setDay(date: string): void {
    if (date === this.day) return;
    const morning = Date.parse(`${date}T${IST_TEN_AM}`) + this.offsetMinutes * 60_000;
    const latest = this.wall.now().getTime() - 90 * 60_000;
    this.at = Math.max(this.at, Math.min(morning, Math.max(latest, Date.parse(`${date}T00:00:00+05:30`))));
    this.day = date;
  }

  now = (): Date => {
    if (this.day === '') return this.wall.now();
    this.at += HALF_MINUTE;
    return new Date(this.at);
  };

  sleep = (ms: number): Promise<void> => this.wall.sleep(ms);
}
