import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import type { TestApp } from './test-app.ts';

type Getter = { get: (url: string) => Promise<LightMyRequestResponse> };

/**
 * A long request answered 202 with its job: runs the queue to the end (no timers: `drain` claims and runs every
 * runnable job in turn) and returns the finished job as its starter reads it.
 */
export async function finishJob(t: TestApp, api: Getter, started: LightMyRequestResponse): Promise<Job> {
  expect(started.statusCode, started.body).toBe(202);
  const queued = started.json<Job>();
  await t.app.jobs.drain();
  const read = await api.get(`/api/jobs/${queued.id}`);
  expect(read.statusCode, read.body).toBe(200);
  return read.json<Job>();
}

/** As finishJob, and the job must have ended DONE: its result. */
export async function jobResult<T>(t: TestApp, api: Getter, started: LightMyRequestResponse): Promise<T> {
  const job = await finishJob(t, api, started);
  expect(job.status, job.error ?? '').toBe('DONE');
  return job.result as T;
}
