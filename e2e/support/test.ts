import { test as base } from '@playwright/test';
import { e2eBaseUrl } from './servers.ts';

export { expect } from '@playwright/test';

/**
 * The specs' `test`: each worker talks to its own server (its own embedded database with the demo organisation),
 * so specs that run at the same time never see each other's writes. Worker n (Playwright's parallel index, 0-based)
 * uses the n-th server of playwright.config.ts; every page and every `browser.newContext()` gets its base URL.
 */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    await use(e2eBaseUrl(testInfo.parallelIndex));
  },
});
