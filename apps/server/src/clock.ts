import { setTimeout as delay } from 'node:timers/promises';

// Time is a dependency: rules that expire (tokens, codes, locks) read the clock, so tests can move it.
export type Clock = {
  now: () => Date;
  /** waits; used for the progressive sign-in delay */
  sleep: (ms: number) => Promise<void>;
};

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: async (ms) => {
    if (ms > 0) await delay(ms);
  },
};

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}
