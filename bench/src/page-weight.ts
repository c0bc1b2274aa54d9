import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '@recovery-desk/db/demo-organisation.ts';

// Benchmark: the JavaScript a page costs. Starts the built product (apps/web/dist served by the server, on a fresh
// demo data folder), loads pages in Chromium with an empty cache, and sums the script responses: bytes on the wire
// (compressed, as sent) and bytes after decoding. Pages: /login as a first visitor; a collections tray
// (/collapp/telecaller of tc.andheri at BR-AND) opened by a full load with a signed-in session and an empty cache.
// Budgets (issues 11 and 12): login ≤ 150 KB and a tray ≤ 250 KB of gzip JavaScript; the run ends with exit status 1
// when a page is over its budget. Chromium asks for br too; the gzip figure is measured by a second load that offers
// only gzip. Writes bench/results/page-weight.json (every script of each page, with its size on the wire). The web
// build checks the same pages against ceilings of its own (apps/web/build/page-weight-budget.ts).

const { values: args } = parseArgs({
  options: {
    build: { type: 'boolean', default: false },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});

const repoRoot = path.resolve(import.meta.dirname, '../..');
const BUDGET_GZIP_KB = { login: 150, tray: 250 };

type Weight = {
  files: number;
  wireBytes: number;
  decodedBytes: number;
  largest: { url: string; wireBytes: number }[];
  scripts: { url: string; wireBytes: number }[];
};

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForReady(url: string, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} was not ready`);
}

/** Records every script response of the page until `settle` resolves and the network is idle. */
async function scriptWeight(page: Page, settle: () => Promise<void>): Promise<Weight> {
  const pending: Promise<{ url: string; wire: number; decoded: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const sizes = await response.request().sizes();
        const body = await response.body().catch(() => Buffer.alloc(0));
        return { url: new URL(response.url()).pathname, wire: sizes.responseBodySize, decoded: body.length };
      })(),
    );
  });
  await settle();
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(pending);
  return {
    files: scripts.length,
    wireBytes: scripts.reduce((sum, script) => sum + script.wire, 0),
    decodedBytes: scripts.reduce((sum, script) => sum + script.decoded, 0),
    largest: scripts
      .sort((a, b) => b.wire - a.wire)
      .slice(0, 5)
      .map((script) => ({ url: script.url, wireBytes: script.wire })),
    scripts: scripts.map((script) => ({ url: script.url, wireBytes: script.wire })),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  if (args.build) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@recovery-desk/web'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the web build failed');
  }
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is not built: run with --build, or npm run build -w @recovery-desk/web');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recovery-desk-page-weight-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({ executablePath: args.chromium, args: ['--no-sandbox', '--disable-gpu'] });
  const results: Record<string, unknown> = {};
  try {
    await waitForReady(`${baseUrl}/readyz`, 600_000);

    const newContext = (encodings: string | null, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) =>
      browser.newContext({
        baseURL: baseUrl,
        ...(storageState ? { storageState } : {}),
        ...(encodings ? { extraHTTPHeaders: { 'accept-encoding': encodings } } : {}),
      });

    // A signed-in session with an acting unit and the collections app (as the app selector leaves it).
    const setup = await newContext(null);
    const setupPage = await setup.newPage();
    await setupPage.goto('/login');
    await setupPage.getByLabel(/^Username/).fill('tc.andheri');
    await setupPage.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await setupPage.getByRole('button', { name: 'Sign In' }).click();
    await setupPage.waitForURL(/\/home$/);
    const unit = setupPage.getByLabel(/^Acting Unit/);
    const label = await unit.locator('option', { hasText: '(BR-AND)' }).first().textContent();
    await unit.selectOption({ label: label ?? '' });
    await setupPage.getByRole('radio', { name: 'Collections' }).check();
    await setupPage.getByRole('button', { name: 'Continue' }).click();
    await setupPage.waitForURL(/\/collapp$/);
    const signedIn = await setup.storageState();
    await setup.close();

    for (const [name, encodings] of [
      ['browser', null],
      ['gzip', 'gzip'],
    ] as const) {
      const loginContext = await newContext(encodings);
      const loginPage = await loginContext.newPage();
      const login = await scriptWeight(loginPage, async () => {
        await loginPage.goto('/login');
        await loginPage.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
      });
      await loginContext.close();

      const trayContext = await newContext(encodings, signedIn);
      const trayPage = await trayContext.newPage();
      const tray = await scriptWeight(trayPage, async () => {
        await trayPage.goto('/collapp/telecaller');
        await trayPage.getByTestId('tray-table').or(trayPage.getByTestId('tray-empty')).first().waitFor();
      });
      await trayContext.close();
      results[name] = { login, tray };
      console.log(`Accept-Encoding ${encodings ?? 'as Chromium sends it (gzip, deflate, br, zstd)'}:`);
      for (const [page, weight] of [
        ['login', login],
        ['tray ', tray],
      ] as const) {
        console.log(
          `  ${page}  ${String(weight.files).padStart(3)} scripts  ${kb(weight.wireBytes).padStart(10)} on the wire  ${kb(
            weight.decodedBytes,
          ).padStart(10)} decoded`,
        );
      }
    }
    const gzip = results.gzip as { login: Weight; tray: Weight };
    const verdict = (page: 'login' | 'tray') =>
      `${page}: ${kb(gzip[page].wireBytes)} gzip JavaScript, budget ${BUDGET_GZIP_KB[page]} KB: ${
        gzip[page].wireBytes <= BUDGET_GZIP_KB[page] * 1024 ? 'within' : 'OVER'
      }`;
    console.log(verdict('login'));
    console.log(verdict('tray'));
    // Over a budget is a failure (exit status 1), not a line to overlook.
    for (const page of ['login', 'tray'] as const) {
      if (gzip[page].wireBytes > BUDGET_GZIP_KB[page] * 1024) process.exitCode = 1;
    }
    console.log('Largest scripts of the tray (gzip):');
    for (const script of gzip.tray.largest) console.log(`  ${kb(script.wireBytes).padStart(10)}  ${script.url}`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  fs.mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(repoRoot, 'bench/results/page-weight.json'), `${JSON.stringify(results, null, 2)}\n`);
}

await main();
