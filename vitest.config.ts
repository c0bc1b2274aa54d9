import { defineConfig } from 'vitest/config';

// Two projects: fast unit tests, and integration tests that open real databases
// (PGlite always; PostgreSQL too when TEST_DATABASE_URL is set).
/** Integration test files that replace a module with vi.mock, which a shared module graph would ignore. */
const ISOLATED_INTEGRATION = ['apps/server/test/sign-in-parallel.test.ts'];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, which is one on the two-core CI machine. Test files are
    // independent (each makes its own databases and listens on port 0), so two run at once.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: './apps/web/vitest.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          environment: 'jsdom',
          // One jsdom and one module graph per worker, not per file: the setup (every widget and every dictionary
          // part) and the environment took 4 of the web tests' 4.5 minutes when each file had its own. Test files
          // therefore share module state: a module's test resets what it keeps (see lib/chat-widget.test.ts), and
          // test/setup.ts cleans the DOM and storage after each test.
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts', 'packages/db/test/**/*.test.ts'],
          exclude: ISOLATED_INTEGRATION,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One module graph per worker, as for the web tests: importing the server afresh for each of the ~100 files
          // took 400 s of worker time. Test files share module state only through caches keyed by the database they
          // serve (definitions by content digest, the test snapshot and template), and each file opens its own.
          isolate: false,
        },
      },
      {
        // The integration files that mock a module (vi.mock): a module graph of their own, so the mock applies.
        test: {
          name: 'integration-isolated',
          include: ISOLATED_INTEGRATION,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
