import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_SIGN_IN_OTP_AUTHORITIES } from './support/demo-users.ts';

// End-to-end tests against the built app served by the real server, on a fresh embedded database
// with the demo organisation. Chromium is Debian's (/usr/bin/chromium); no browser download.
const PORT = Number(process.env.E2E_PORT ?? 3199);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `recovery-desk-e2e-${process.pid}-${Date.now()}`);

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  // One server with an embedded database on a two-core machine: run the specs one after another.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
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
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: '..',
    url: `${BASE_URL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      DEMO_MODE: 'true',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SIGN_IN_OTP_AUTHORITIES: E2E_SIGN_IN_OTP_AUTHORITIES.join(','),
      // Specs plant a field day through the positions API in back-to-back batches; the per-device limit (5 s by
      // default) is tested in apps/server/test/command-center/ingest.test.ts.
      POSITIONS_DEVICE_INTERVAL_SECONDS: '0',
    },
  },
});
