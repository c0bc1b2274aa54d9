/** The e2e servers: one per Playwright worker, on consecutive ports from E2E_PORT (default 3199). */
export const E2E_FIRST_PORT = Number(process.env.E2E_PORT ?? 3199);

/**
 * Workers (and servers): E2E_WORKERS, default 2. Each server is a whole product on an embedded database; on the
 * two-core CI machine two of them keep both cores busy while one waits on the browser.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export function e2eBaseUrl(parallelIndex: number): string {
  return `http://127.0.0.1:${E2E_FIRST_PORT + parallelIndex}`;
}
