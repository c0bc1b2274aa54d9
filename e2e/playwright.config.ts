import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_SIGN_IN_OTP_AUTHORITIES } from './support/demo-users.ts';
import { E2E_FIRST_PORT, E2E_WORKERS, e2eBaseUrl } from './support/servers.ts';

// End-to-end tests against the built app served by the real server, on a fresh embedded database
// with the demo organisation. Chromium is Debian's (/usr/bin/chromium); no browser download.
const DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `recovery-desk-e2e-${process.pid}-${Date.now()}`);

/** One server per worker (support/servers.ts), each on its own port and its own embedded database. */
function server(index: number) {
  const port = E2E_FIRST_PORT + index;
  return {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: '..',
    url: `${e2eBaseUrl(index)}/healthz`,
    // Two first starts (migrations and the demo organisation) share the two cores.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(DATA_DIR, String(index)),
      DEMO_MODE: 'true',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SIGN_IN_OTP_AUTHORITIES: E2E_SIGN_IN_OTP_AUTHORITIES.join(','),
      // Specs plant a field day through the positions API in back-to-back batches; the per-device limit (5 s by
      // default) is tested in apps/server/test/command-center/ingest.test.ts.
      POSITIONS_DEVICE_INTERVAL_SECONDS: '0',
    },
  };
}

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  // One server per worker (E2E_WORKERS, default 1: support/servers.ts says why); a spec file runs on one worker, its
  // tests in order (support/test.ts gives each worker its server's base URL).
  workers: E2E_WORKERS,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  // Room for a loaded CI machine (a spec with several users and axe on each screen sets its own, longer budget).
  timeout: 90_000,
  // A step waits up to 20 s for the screen in CI, where the machine may be shared.
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: e2eBaseUrl(0),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-IN',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => server(index)),
});
