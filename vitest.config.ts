import { defineConfig } from 'vitest/config';

// Two projects: fast unit tests, and integration tests that open real databases
// (PGlite always; PostgreSQL too when TEST_DATABASE_URL is set).
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
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
