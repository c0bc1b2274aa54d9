/** The e2e servers: one per Playwright worker, on consecutive ports from E2E_PORT (default 3199). */
export const E2E_FIRST_PORT = Number(process.env.E2E_PORT ?? 3199);

/**
 * Workers (and servers): E2E_WORKERS, default 1. Each server is a whole product on an embedded database. On the
 * two-core CI machine two workers were no faster (measured: 3.0 tests a minute against 3.2 with one; Chromium's
 * rendering and axe keep both cores busy already) and each step took twice as long, so one worker is the default; a
 * machine with more cores sets E2E_WORKERS.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));

export function e2eBaseUrl(parallelIndex: number): string {
  return `http://127.0.0.1:${E2E_FIRST_PORT + parallelIndex}`;
}
