import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import pg from 'pg';
import { openDatabase, type Database } from '@recovery-desk/db/client.ts';
import { DEMO_PASSWORD } from '@recovery-desk/db/demo-organisation.ts';
import { BOOK_BRANCHES } from '@recovery-desk/db/demo-book-data.ts';
import { generateBook } from '@recovery-desk/db/generate-book.ts';
import { seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
import { allocationAccountsQuerySchema } from '@recovery-desk/domain/command-center/allocation.ts';
import { MAX_POSITIONS_PER_BATCH, type PositionInput } from '@recovery-desk/domain/command-center/ingest.ts';
import { simulateDay, type SimulatedDay } from '@recovery-desk/domain/command-center/simulator.ts';
import { wallClock } from '@recovery-desk/domain/command-center/time.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import { routeOrder } from '@recovery-desk/domain/field/route.ts';
// The server's own code: the ceilings replay exactly the statements the two reads run (the auth hook's principal check,
// then the route's own), captured at the driver.
import type {} from 'fastify';
import { findPrincipal } from '../../apps/server/src/access/access.repository.ts';
import type { AppDeps } from '../../apps/server/src/deps.ts';
import type { UnitContext } from '../../apps/server/src/http/request-context.ts';
import { listAllocationAccounts } from '../../apps/server/src/modules/command-center/services/allocation.ts';
import { readRouteDay } from '../../apps/server/src/modules/command-center/services/route-day.ts';
import {
  benchDatabaseName,
  captureStatements,
  fairRatio,
  measureCeiling,
  percentiles,
  printProbe,
  printRatio,
  repoRoot,
  runLoad,
  signIn,
  startProbe,
  startServer,
  stopProbe,
  stopServer,
  tokenClaims,
  type Captured,
  type Ceiling,
  type Latency,
  type LoadResult,
  type ProbeFigures,
} from './support.ts';

// Benchmark: the command center's two map screens in Chromium (issue 16: "a route replay of a day of about 3,000
// positions that renders in under 1 s; a map allocation screen with 20,000 accounts that pans smoothly").
//
// Seeds a PostgreSQL database: the demo organisation, a generated book whose delinquent accounts (--accounts, 20,000)
// are moved into cc.west's zone (ZN-W: Andheri and Thane branches, unallocated) with their customers' addresses
// geocoded around Mumbai (direct SQL: bench seeding). Starts the real server on it (built web app) and plants, through
// POST /api/cmd-center/positions as fc.andheri, yesterday's day of about --positions fixes: the domain's simulateDay
// over 16 customers near Andheri (stops, receipts, visits as events), its fixes densified to a tracker's rate.
//
// In Chromium (signed in as cc.west, ZN-W, Command Center):
// - route replay: /cmdCenter/animateRouteTaken?userId=&date=, --repeats loads (the first with a cold cache is reported
//   apart): navigation start → the route drawn (the track's polyline and the timeline in the DOM, then the next
//   animation frame), read in the page by a MutationObserver and performance.now(); the route API's time inside it
//   (resource timing); then Play and the frame times (requestAnimationFrame deltas) for --play-seconds.
// - map allocation: /cmdCenter/mapBasedAllocation, navigation → markers drawn, then --pans mouse drags of the map with
//   the frame times during them: median, p95 and the share over 50 ms.
// Beside them, each read through the API (autocannon, --connections, --duration) against the database's own ceiling
// for the same statements (pgbench), with the machine probe (server and database CPU per request, load average).
// Writes bench/results/cmd-center-maps.json. 127.0.0.1 only; bench/README.md.

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '20000' },
    positions: { type: 'string', default: '3000' },
    repeats: { type: 'string', default: '6' },
    pans: { type: 'string', default: '20' },
    'play-seconds': { type: 'string', default: '5' },
    connections: { type: 'string', default: '1' },
    duration: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '2' },
    build: { type: 'boolean', default: false },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    keep: { type: 'boolean', default: false },
  },
});
const targetAccounts = Number(args.accounts);
const targetPositions = Number(args.positions);
const repeats = Math.max(2, Number(args.repeats));
const pans = Number(args.pans);
const playSeconds = Number(args['play-seconds']);
const connections = Number(args.connections);
const duration = Number(args.duration);
const warmup = Number(args.warmup);

const SUPERVISOR = 'cc.west';
const ZONE = 'ZN-W';
const COLLECTOR = 'fc.andheri';
const BRANCHES = ['BR-AND', 'BR-THN'] as const;
/** The fix of a long frame: a pan or a playback frame over this is a visible stutter. */
const LONG_FRAME_MS = 50;
/** The issue's budget for the route replay: navigation to the route drawn. */
const ROUTE_BUDGET_MS = 1000;
/** Where the bench's accounts live: around Andheri and Thane (latitude, longitude), ± this many degrees. */
const CENTRES: Record<(typeof BRANCHES)[number], [number, number]> = {
  'BR-AND': [19.12, 72.86],
  'BR-THN': [19.2, 72.98],
};
const SPREAD_DEG = 0.09;

type Unit = { id: number; path: string };
type Stats = Latency & { n: number; over50Share?: number };

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

function stats(samples: number[]): Stats {
  return { ...percentiles(samples), n: samples.length };
}
function frameStats(deltas: number[]): Stats {
  const over = deltas.filter((d) => d > LONG_FRAME_MS).length;
  return { ...stats(deltas), over50Share: deltas.length ? round((over / deltas.length) * 100, 1) : 0 };
}
const fmt = (s: Stats) => `median ${round(s.p50)} ms, p95 ${round(s.p95)} ms, max ${round(s.max)} ms (n = ${s.n})`;

// ---------------------------------------------------------------------------------------------------------------
// Seeding

async function pool(db: Database): Promise<pg.Pool> {
  return (db as unknown as { $client: pg.Pool }).$client;
}

async function unitsOf(db: Database, codes: string[]): Promise<Map<string, Unit>> {
  const { rows } = await (
    await pool(db)
  ).query<{ unit_code: string; id: number; path: string }>(
    'select unit_code, id, path from units where unit_code = any($1)',
    [codes],
  );
  return new Map(rows.map((row) => [row.unit_code, { id: Number(row.id), path: row.path }]));
}

/**
 * The book: a generated book (demo organisation first), then its delinquent accounts, up to `targetAccounts`, moved
 * into Andheri and Thane (ZN-W), unallocated, their customers' addresses geocoded around the branch; any other
 * delinquent account of ZN-W moved out to Connaught Place (ZN-N), so the zone holds exactly the bench's accounts.
 */
async function seedBook(db: Database): Promise<{ accounts: number; seconds: number }> {
  const t0 = Date.now();
  const businessDate = wallClock(Date.now()).date;
  await seedDemoOrganisation(db, { businessDate, accounts: 0 });
  // 90 % of a generated book is delinquent: a few more than needed
  await generateBook(db, { accounts: Math.ceil(targetAccounts / 0.88), businessDate, concurrency: 2 });
  const units = await unitsOf(db, [...BRANCHES, ZONE, 'BR-CP']);
  const client = await pool(db);
  const and = units.get('BR-AND')!;
  const thn = units.get('BR-THN')!;
  const zone = units.get(ZONE)!;
  const away = units.get('BR-CP')!;
  const hash = (salt: string) => `((hashtext(p.customer_id::text || '${salt}') & 65535) / 65535.0 - 0.5)`;
  // (one connection for the temporary table: the pool's first client may differ, so run it all in one client)
  const one = await client.connect();
  try {
    await one.query('begin');
    await one.query(
      `create temporary table bench_picked on commit drop as
         select id, customer_id, (row_number() over (order by id)) % 2 = 0 as thane from accounts
         where delinquent_flag order by id limit $1`,
      [targetAccounts],
    );
    await one.query(
      `update accounts a set unit_id = case when p.thane then $1::bigint else $2::bigint end,
         unit_path = case when p.thane then $3 else $4 end,
         allocated_user_id = null, allocated_agency_id = null, allocated_at = null
       from bench_picked p where a.id = p.id`,
      [thn.id, and.id, thn.path, and.path],
    );
    await one.query(
      `update accounts set unit_id = $1, unit_path = $2
       where delinquent_flag and unit_path like $3 and id not in (select id from bench_picked)`,
      [away.id, away.path, `${zone.path}%`],
    );
    await one.query(
      `update addresses ad set
         latitude = round((case when p.thane then $1::float8 else $2::float8 end + ${hash('lat')} * 2 * $5::float8)::numeric, 6)::float8,
         longitude = round((case when p.thane then $3::float8 else $4::float8 end + ${hash('lon')} * 2 * $5::float8)::numeric, 6)::float8
       from (select distinct on (customer_id) customer_id, thane from bench_picked order by customer_id, id) p
       where ad.customer_id = p.customer_id and ad.latitude is not null`,
      [CENTRES['BR-THN'][0], CENTRES['BR-AND'][0], CENTRES['BR-THN'][1], CENTRES['BR-AND'][1], SPREAD_DEG],
    );
    await one.query('commit');
  } finally {
    one.release();
  }
  await client.query('vacuum analyze accounts, customers, addresses, users, units, agencies');
  const { rows } = await client.query<{ n: string }>(
    `select count(*) as n from accounts a where a.delinquent_flag and a.unit_path like $1
       and exists (select 1 from addresses ad where ad.customer_id = a.customer_id and ad.latitude is not null)`,
    [`${zone.path}%`],
  );
  return { accounts: Number(rows[0]!.n), seconds: round((Date.now() - t0) / 1000) };
}

/** A day of fc.andheri as the simulator plays it, densified to about `targetPositions` fixes (a tracker's rate). */
async function plantedDay(
  db: Database,
  date: string,
): Promise<{ positions: PositionInput[]; day: SimulatedDay; simulated: number }> {
  const branch = BOOK_BRANCHES.find((b) => b.unitCode === 'BR-AND')!;
  const start = { latitude: branch.localities[0]!.lat, longitude: branch.localities[0]!.lon };
  const { rows } = await (
    await pool(db)
  ).query<{ id: string; account_no: string; latitude: number; longitude: number }>(
    `select distinct on (a.customer_id) a.customer_id as id, a.account_no, ad.latitude, ad.longitude
       from accounts a join addresses ad on ad.customer_id = a.customer_id and ad.level = 'PRIMARY'
       where a.unit_path = (select path from units where unit_code = 'BR-AND') and ad.latitude is not null
         and abs(ad.latitude - $1) < 0.05 and abs(ad.longitude - $2) < 0.05
       order by a.customer_id, a.id limit 16`,
    [start.latitude, start.longitude],
  );
  const customers = rows.map((row) => ({
    id: Number(row.id),
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    accountNo: row.account_no,
  }));
  const order = routeOrder(
    customers.map((c) => ({ id: c.id, priority: 'MEDIUM' as const, latitude: c.latitude, longitude: c.longitude })),
    start,
  );
  const ordered = order.map((id) => customers.find((c) => c.id === id)!);
  const day = simulateDay({ seed: `bench:${date}`, date, start, customers: ordered, idleSpells: 2 });
  const fixes = day.positions;
  // fill the gaps between two good fixes close together (the simulator's 20–60 s becomes a tracker's ~10 s)
  const good = (i: number) =>
    fixes[i]!.accuracyM <= 50 &&
    fixes[i + 1]!.accuracyM <= 50 &&
    Math.abs(fixes[i]!.latitude - fixes[i + 1]!.latitude) + Math.abs(fixes[i]!.longitude - fixes[i + 1]!.longitude) <
      0.01;
  const eligible = fixes.slice(0, -1).filter((_, i) => good(i)).length;
  // (fractional: the extra fixes spread evenly over the gaps, so the day holds about targetPositions)
  const perGap = Math.max(
    0,
    (targetPositions - fixes.length - day.visits.length - day.receipts.length) / Math.max(eligible, 1),
  );
  let owed = 0;
  type Fix = Omit<PositionInput, 'seq'>;
  const out: Fix[] = [];
  fixes.forEach((fix, i) => {
    const base: Fix = {
      fixTime: fix.fixTime,
      latitude: fix.latitude,
      longitude: fix.longitude,
      accuracyM: fix.accuracyM,
      speedKmh: fix.speedKmh,
      battery: fix.battery,
      mock: fix.mock,
    };
    out.push(base);
    if (i === fixes.length - 1 || !good(i)) return;
    const next = fixes[i + 1]!;
    const t0 = Date.parse(fix.fixTime);
    const t1 = Date.parse(next.fixTime);
    owed += perGap;
    const extra = Math.floor(owed);
    owed -= extra;
    for (let k = 1; k <= extra; k += 1) {
      const share = k / (extra + 1);
      out.push({
        ...base,
        fixTime: new Date(Math.round(t0 + (t1 - t0) * share)).toISOString(),
        latitude: Math.round((fix.latitude + (next.latitude - fix.latitude) * share) * 1e6) / 1e6,
        longitude: Math.round((fix.longitude + (next.longitude - fix.longitude) * share) * 1e6) / 1e6,
      });
    }
  });
  const accountOf = new Map(customers.map((c) => [c.id, c.accountNo]));
  for (const visit of day.visits) {
    out.push({
      fixTime: visit.arriveAt,
      latitude: visit.latitude,
      longitude: visit.longitude,
      accuracyM: 10,
      eventType: 'VISIT',
      ref: accountOf.get(Number(visit.customerId)) ?? String(visit.customerId),
    });
  }
  for (const receipt of day.receipts) {
    if (receipt.latitude === null || receipt.longitude === null) continue;
    out.push({
      fixTime: receipt.receivedAt,
      latitude: receipt.latitude,
      longitude: receipt.longitude,
      accuracyM: receipt.accuracyM,
      mock: receipt.mock,
      eventType: 'RECEIPT',
      ref: receipt.id.slice(-60),
    });
  }
  out.sort((a, b) => Date.parse(a.fixTime) - Date.parse(b.fixTime));
  return { positions: out.map((fix, i) => ({ seq: i + 1, ...fix })), day, simulated: fixes.length };
}

async function plant(base: string, unitId: number, positions: PositionInput[]): Promise<number> {
  const access = await signIn(base, COLLECTOR);
  let accepted = 0;
  for (let i = 0; i < positions.length; i += MAX_POSITIONS_PER_BATCH) {
    const reply = await fetch(`${base}/api/cmd-center/positions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${access}`,
        'x-acting-unit': String(unitId),
      },
      body: JSON.stringify({
        deviceId: 'bench-fc-andheri',
        platform: 'ANDROID',
        appVersion: 'bench-1',
        positions: positions.slice(i, i + MAX_POSITIONS_PER_BATCH),
      }),
    });
    const json = (await reply.json()) as { accepted?: number };
    if (reply.status !== 200) throw new Error(`planting the day: ${reply.status} ${JSON.stringify(json)}`);
    accepted += json.accepted ?? 0;
  }
  return accepted;
}

// ---------------------------------------------------------------------------------------------------------------
// In the page: marks and frame sampling (an init script, so it runs before the app's own code)

// (written as page scripts in text: this program has no DOM types)

/**
 * window.__rdBench: `watch(name, selectors)` records the first moment every selector matches (a MutationObserver,
 * before paint) as marks[name], and the next animation frame after it (the frame that paints it) as
 * marks[name + 'Painted']; `frames` the requestAnimationFrame times while `sampling`; `longTasks` meanwhile.
 */
const PAGE_INIT = `(() => {
  const bench = { marks: {}, frames: [], sampling: false, longTasks: [] };
  bench.watch = (name, selectors) => {
    const check = () => {
      if (bench.marks[name] !== undefined) return true;
      if (!selectors.every((selector) => document.querySelector(selector))) return false;
      bench.marks[name] = performance.now();
      requestAnimationFrame(() => { bench.marks[name + 'Painted'] = performance.now(); });
      return true;
    };
    if (check()) return;
    const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
  };
  window.__rdBench = bench;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (bench.sampling) bench.longTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
  } catch {}
})();`;

/** Watches for `selectors` from the document's start (an init script of the page). */
async function watchFor(page: Page, name: string, selectors: string[]): Promise<void> {
  await page.addInitScript({
    content: `document.addEventListener('DOMContentLoaded', () => window.__rdBench.watch(${JSON.stringify(name)}, ${JSON.stringify(selectors)}));`,
  });
}

async function waitForMark(page: Page, name: string): Promise<Record<string, number>> {
  await page.waitForFunction(
    `window.__rdBench && window.__rdBench.marks[${JSON.stringify(name)}] !== undefined`,
    null,
    {
      timeout: 120_000,
    },
  );
  return page.evaluate<Record<string, number>>('window.__rdBench.marks');
}

async function startFrames(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const bench = window.__rdBench;
    bench.frames = [];
    bench.longTasks = [];
    bench.sampling = true;
    const loop = (at) => {
      if (!bench.sampling) return;
      bench.frames.push(at);
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  })()`);
}

/** Stops sampling: the deltas between consecutive frames (ms) and the long tasks' durations. */
async function stopFrames(page: Page): Promise<{ deltas: number[]; longTasks: number[] }> {
  return page.evaluate<{ deltas: number[]; longTasks: number[] }>(`(() => {
    const bench = window.__rdBench;
    bench.sampling = false;
    const deltas = bench.frames.slice(1).map((at, i) => at - bench.frames[i]);
    return { deltas, longTasks: bench.longTasks };
  })()`);
}

type ApiTiming = { start: number; end: number; duration: number; waiting: number; bytes: number } | null;

/** Every request of the page so far (path, start and end from the navigation, ms): where a load's time went. */
async function requestsOf(page: Page): Promise<{ path: string; start: number; end: number }[]> {
  return page.evaluate<{ path: string; start: number; end: number }[]>(`performance.getEntriesByType('resource')
    .map((entry) => ({ path: new URL(entry.name).pathname + new URL(entry.name).search,
      start: Math.round(entry.startTime), end: Math.round(entry.responseEnd) }))`);
}

/** Resource timing of the page's last API call whose path starts with `prefix`. */
async function apiTiming(page: Page, prefix: string): Promise<ApiTiming> {
  return page.evaluate<ApiTiming>(`(() => {
    const entries = performance.getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith(${JSON.stringify(prefix)}));
    const last = entries[entries.length - 1];
    return last ? { start: last.startTime, end: last.responseEnd, duration: last.duration,
      waiting: last.responseStart - last.requestStart, bytes: last.encodedBodySize } : null;
  })()`);
}

/**
 * The CPU time (ms) of the page's renderer main thread (Chromium's ThreadTime metric): unlike wall time, it does not
 * grow while the thread waits for a core, so it is the figure to read on a loaded machine.
 */
async function mainThreadCpu(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const read = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((metric) => metric.name === 'ThreadTime')?.value ?? Number.NaN) * 1000;
  };
  const start = await read();
  return async () => round((await read()) - start);
}

async function signInAsSupervisor(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/^Username/).fill(SUPERVISOR);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/home$/);
  const unit = page.getByLabel(/^Acting Unit/);
  const label = await unit
    .locator('option', { hasText: `(${ZONE})` })
    .first()
    .textContent();
  await unit.selectOption({ label: label ?? '' });
  await page.getByRole('radio', { name: 'Command Center' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/cmdCenter$/);
  await page.close();
}

type RouteLoad = {
  /** the renderer main thread's CPU from the navigation to the route drawn */
  cpuMs: number;
  routeDrawnMs: number;
  routePaintedMs: number;
  api: ApiTiming;
  requests: { path: string; start: number; end: number }[];
};

async function routeReplay(context: BrowserContext, url: string) {
  const loads: RouteLoad[] = [];
  const playDeltas: number[] = [];
  const playLongTasks: number[] = [];
  /** main-thread CPU per frame while playing, one figure per load */
  const playCpuMs: number[] = [];
  let playheadMoved = true;
  for (let r = 0; r < repeats; r += 1) {
    const page = await context.newPage();
    await watchFor(page, 'route', ['path.rd-map-track', '[data-testid="cc-route-timeline"] tr']);
    const cpu = await mainThreadCpu(page);
    await page.goto(url);
    const marks = await waitForMark(page, 'routePainted');
    loads.push({
      cpuMs: await cpu(),
      routeDrawnMs: marks.route!,
      routePaintedMs: marks.routePainted!,
      api: await apiTiming(page, '/api/cmd-center/route'),
      requests: await requestsOf(page),
    });
    // playback: the playhead travels the route on requestAnimationFrame
    const time = page.getByTestId('cc-route-player-time');
    const before = await time.textContent();
    const playCpu = await mainThreadCpu(page);
    await startFrames(page);
    await page.getByTestId('cc-route-player-play').click();
    await page.waitForTimeout(playSeconds * 1000);
    const frames = await stopFrames(page);
    await page.getByTestId('cc-route-player-play').click();
    if ((await time.textContent()) === before) playheadMoved = false;
    playDeltas.push(...frames.deltas);
    playLongTasks.push(...frames.longTasks);
    playCpuMs.push((await playCpu()) / Math.max(frames.deltas.length, 1));
    await page.close();
  }
  // in the app: the screen open without a collector, then the collector chosen (the address changes as the picker
  // changes it; no page load, so the application's start is not in the figure)
  const inApp: { ms: number; cpuMs: number }[] = [];
  const target = new URL(url, 'http://x');
  for (let r = 0; r < repeats; r += 1) {
    const page = await context.newPage();
    await page.goto(target.pathname);
    await page.getByText('Choose a collector to replay the route of the day.').waitFor();
    await page.waitForLoadState('networkidle');
    const cpu = await mainThreadCpu(page);
    await page.evaluate(`(() => {
      const bench = window.__rdBench;
      bench.marks.inAppStart = performance.now();
      bench.watch('inApp', ['path.rd-map-track', '[data-testid="cc-route-timeline"] tr']);
      history.pushState(null, '', ${JSON.stringify(target.pathname + target.search)});
      dispatchEvent(new PopStateEvent('popstate'));
    })()`);
    const marks = await waitForMark(page, 'inAppPainted');
    inApp.push({ ms: round(marks.inAppPainted! - marks.inAppStart!), cpuMs: await cpu() });
    await page.close();
  }
  return { loads, playDeltas, playLongTasks, playheadMoved, playCpuMs, inApp };
}

/** The allocation map's markers: the map kit's clusters and single points. */
const MARKERS =
  '[data-testid="cc-alloc-map-canvas"] .rd-map-cluster, [data-testid="cc-alloc-map-canvas"] path.rd-map-point';

async function mapAllocation(context: BrowserContext) {
  const loads: { cpuMs: number; markersMs: number; markersPaintedMs: number; api: ApiTiming }[] = [];
  let panCpuPerFrameMs = Number.NaN;
  let panDeltas: number[] = [];
  let panLongTasks: number[] = [];
  let markers = 0;
  for (let r = 0; r < repeats; r += 1) {
    const page = await context.newPage();
    await watchFor(page, 'markers', [MARKERS]);
    const cpu = await mainThreadCpu(page);
    await page.goto('/cmdCenter/mapBasedAllocation');
    const marks = await waitForMark(page, 'markersPainted');
    loads.push({
      cpuMs: await cpu(),
      markersMs: marks.markers!,
      markersPaintedMs: marks.markersPainted!,
      api: await apiTiming(page, '/api/cmd-center/allocation/accounts'),
    });
    if (r < repeats - 1) {
      await page.close();
      continue;
    }
    // the pans, on the last load: drags of 240 px, each way in turn (the map comes back), 24 pointer steps each
    const canvas = page.getByTestId('cc-alloc-map-canvas');
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const moves = [
      [240, 0],
      [-240, 0],
      [0, 160],
      [0, -160],
    ] as const;
    const panCpu = await mainThreadCpu(page);
    await startFrames(page);
    for (let n = 0; n < pans; n += 1) {
      const [dx, dy] = moves[n % moves.length]!;
      await page.mouse.move(cx - dx / 2, cy - dy / 2);
      await page.mouse.down();
      await page.mouse.move(cx + dx / 2, cy + dy / 2, { steps: 24 });
      await page.mouse.up();
    }
    // the last pan's redraw (moveend) inside the window
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    const frames = await stopFrames(page);
    panDeltas = frames.deltas;
    panLongTasks = frames.longTasks;
    panCpuPerFrameMs = round((await panCpu()) / Math.max(frames.deltas.length, 1), 2);
    markers = await page.locator(MARKERS).count();
    await page.close();
  }
  return { loads, panDeltas, panLongTasks, markers, panCpuPerFrameMs };
}

// ---------------------------------------------------------------------------------------------------------------
// API vs the database's ceiling

type Window = LoadResult & { probe: ProbeFigures };

async function apiWindow(url: string, access: string, unitId: number, serverPid: number | undefined, dbUrl: string) {
  const headers = { authorization: `Bearer ${access}`, 'x-acting-unit': String(unitId) };
  if (warmup > 0) await runLoad({ url, connections, duration: warmup, headers });
  const probe = await startProbe({ serverPid, databaseUrl: dbUrl });
  const load = await runLoad({ url, connections, duration, headers });
  return { ...load, probe: await stopProbe(probe, load.ok) } as Window;
}

function contextOf(user: { id: number; username: string }, zone: Unit): UnitContext {
  return {
    requestId: 'bench',
    ip: '127.0.0.1',
    app: 'cmdcenter',
    user: { id: user.id, username: user.username, email: '', fullName: '', familyId: 'bench' },
    actingUnit: { id: zone.id, code: ZONE, path: zone.path, hasChildren: true },
  } as UnitContext;
}

/** The statements one read runs: the principal check of the auth hook, then the route's own (caches warmed first). */
async function captureRead(
  db: Database,
  ctx: UnitContext,
  familyId: string,
  read: (deps: AppDeps) => Promise<unknown>,
): Promise<Captured[]> {
  const deps = { db, clock: { now: () => new Date() }, config: {} } as unknown as AppDeps;
  await read(deps);
  const { statements } = await captureStatements(db, async () => {
    const principal = await findPrincipal(db, {
      userId: ctx.user.id,
      familyId,
      now: new Date(),
      unit: { id: ctx.actingUnit.id, authority: { app: 'cmdcenter', code: 'ACTIVE_INACTIVE_SAUTH' } },
    });
    if (!principal?.unit?.hasAuthority) throw new Error('the principal check refuses the bench session');
    await read(deps);
  });
  return statements;
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const results: Record<string, unknown> = {
    benchmark: 'cmd-center-maps',
    database: 'postgres',
    cores: os.cpus().length,
    loadAverageAtStart: os.loadavg(),
    connections,
    durationSeconds: duration,
    repeats,
    pans,
    playSeconds,
  };
  if (args.build) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@recovery-desk/web'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the web build failed');
  }
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is not built: run with --build, or npm run build -w @recovery-desk/web');
  }
  const name = benchDatabaseName('ccmaps');
  const u = new URL(args['database-url']!);
  u.pathname = `/${name}`;
  const dbUrl = u.toString();
  const admin = new pg.Client({ connectionString: args['database-url'] });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  try {
    const handle = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 4 });
    try {
      console.log(`seeding ${targetAccounts} delinquent accounts in ${ZONE} (generated book, moved and geocoded)…`);
      const seeded = await seedBook(handle.db);
      results.seed = seeded;
      console.log(`   ${seeded.accounts} geocoded delinquent accounts in ${ZONE}, ${seeded.seconds} s`);
      const units = await unitsOf(handle.db, ['BR-AND', ZONE]);
      const { rows: people } = await (
        await pool(handle.db)
      ).query<{ id: number; username: string }>('select id, username from users where username = any($1)', [
        [COLLECTOR, SUPERVISOR],
      ]);
      const collector = people.find((p) => p.username === COLLECTOR)!;
      const supervisor = people.find((p) => p.username === SUPERVISOR)!;
      const date = addDays(wallClock(Date.now()).date, -1);
      const day = await plantedDay(handle.db, date);

      const server = await startServer({ DATABASE_URL: dbUrl, POSITIONS_DEVICE_INTERVAL_SECONDS: '0' });
      let routeApi: Window;
      let allocApi: Window;
      let familyId: string;
      const routePath = `/api/cmd-center/route?userId=${collector.id}&date=${date}`;
      const allocPath = '/api/cmd-center/allocation/accounts?status=UNALLOCATED&zoom=12';
      try {
        const accepted = await plant(server.base, units.get('BR-AND')!.id, day.positions);
        const access = await signIn(server.base, SUPERVISOR);
        familyId = tokenClaims(access).familyId;
        const zoneId = units.get(ZONE)!.id;
        const routeReply = (await (
          await fetch(`${server.base}${routePath}`, {
            headers: { authorization: `Bearer ${access}`, 'x-acting-unit': String(zoneId) },
          })
        ).json()) as { fixes: unknown[]; stops: unknown[]; trips: unknown[]; events: unknown[] };
        const allocReply = (await (
          await fetch(`${server.base}${allocPath}`, {
            headers: { authorization: `Bearer ${access}`, 'x-acting-unit': String(zoneId) },
          })
        ).json()) as { total: number; clustered: boolean; clusters: unknown[]; points: unknown[] };
        results.route = {
          date,
          simulatedFixes: day.simulated,
          sent: day.positions.length,
          accepted,
          kept: routeReply.fixes.length,
          stops: routeReply.stops.length,
          trips: routeReply.trips.length,
          events: routeReply.events.length,
        };
        results.allocation = {
          total: allocReply.total,
          clustered: allocReply.clustered,
          clusters: allocReply.clusters.length,
          points: allocReply.points.length,
        };
        console.log(
          `route day ${date} of ${COLLECTOR}: ${day.positions.length} positions sent (${day.simulated} simulated, densified; ${accepted} accepted), ${routeReply.fixes.length} kept, ${routeReply.stops.length} stops, ${routeReply.events.length} events`,
        );
        console.log(
          `allocation map of ${SUPERVISOR}: ${allocReply.total} accounts, ${allocReply.clustered ? `${allocReply.clusters.length} server clusters` : `${allocReply.points.length} points`}`,
        );

        // the screens in Chromium
        const browser = await chromium.launch({
          executablePath: args.chromium,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        });
        try {
          const context = await browser.newContext({
            baseURL: server.base,
            locale: 'en-IN',
            // the page scripts of the bench are evaluated as text, which the app's CSP (script-src 'self') refuses
            bypassCSP: true,
            viewport: { width: 1440, height: 900 },
          });
          await context.addInitScript({ content: PAGE_INIT });
          await signInAsSupervisor(context);
          console.log(`route replay: ${repeats} loads, ${playSeconds} s of playback each…`);
          const replay = await routeReplay(context, `/cmdCenter/animateRouteTaken?userId=${collector.id}&date=${date}`);
          console.log(`map allocation: ${repeats} loads, then ${pans} pans…`);
          const allocation = await mapAllocation(context);
          await context.close();
          const warm = replay.loads.slice(1);
          results.routeScreen = {
            cold: replay.loads[0],
            drawnMs: stats(warm.map((l) => l.routeDrawnMs)),
            cpuMs: stats(warm.map((l) => l.cpuMs)),
            inAppMs: stats(replay.inApp.map((l) => l.ms)),
            inAppCpuMs: stats(replay.inApp.map((l) => l.cpuMs)),
            inApp: replay.inApp,
            playCpuPerFrameMs: stats(replay.playCpuMs),
            paintedMs: stats(warm.map((l) => l.routePaintedMs)),
            apiInPageMs: stats(warm.map((l) => l.api?.duration ?? Number.NaN)),
            apiResponseEndMs: stats(warm.map((l) => l.api?.end ?? Number.NaN)),
            apiBytes: warm[0]?.api?.bytes ?? null,
            playFrames: frameStats(replay.playDeltas),
            playLongTasks: {
              count: replay.playLongTasks.length,
              totalMs: round(replay.playLongTasks.reduce((a, b) => a + b, 0)),
            },
            playheadMoved: replay.playheadMoved,
            loads: replay.loads,
          };
          const warmAlloc = allocation.loads.slice(1);
          results.allocationScreen = {
            cold: allocation.loads[0],
            markersMs: stats(warmAlloc.map((l) => l.markersMs)),
            cpuMs: stats(warmAlloc.map((l) => l.cpuMs)),
            panCpuPerFrameMs: allocation.panCpuPerFrameMs,
            paintedMs: stats(warmAlloc.map((l) => l.markersPaintedMs)),
            apiInPageMs: stats(warmAlloc.map((l) => l.api?.duration ?? Number.NaN)),
            panFrames: frameStats(allocation.panDeltas),
            panLongTasks: {
              count: allocation.panLongTasks.length,
              totalMs: round(allocation.panLongTasks.reduce((a, b) => a + b, 0)),
            },
            markersAfterPans: allocation.markers,
            loads: allocation.loads,
          };
        } finally {
          await browser.close();
        }

        console.log(`API windows: ${connections} connection(s), ${duration} s each (warm-up ${warmup} s)…`);
        routeApi = await apiWindow(`${server.base}${routePath}`, access, zoneId, server.child.pid, dbUrl);
        printProbe('GET /api/cmd-center/route, API', routeApi.probe);
        allocApi = await apiWindow(`${server.base}${allocPath}`, access, zoneId, server.child.pid, dbUrl);
        printProbe('GET /api/cmd-center/allocation/accounts, API', allocApi.probe);
      } finally {
        await stopServer(server.child);
      }

      // the ceilings: the same statements on the database alone, same concurrency
      const ctx = contextOf(supervisor, units.get(ZONE)!);
      const routeSql = await captureRead(handle.db, ctx, familyId, (deps) =>
        readRouteDay(deps, { ctx, query: { userId: collector.id, date } }),
      );
      const allocSql = await captureRead(handle.db, ctx, familyId, (deps) =>
        listAllocationAccounts(deps, {
          ctx,
          query: allocationAccountsQuerySchema.parse({ status: 'UNALLOCATED', zoom: '12' }),
        }),
      );
      const routeCeiling: Ceiling = await measureCeiling({ url: dbUrl }, routeSql, { connections, seconds: duration });
      printProbe(`route read, ceiling (${routeSql.length} statements)`, routeCeiling.probe);
      const allocCeiling: Ceiling = await measureCeiling({ url: dbUrl }, allocSql, { connections, seconds: duration });
      printProbe(`allocation accounts read, ceiling (${allocSql.length} statements)`, allocCeiling.probe);
      results.routeApi = { api: routeApi, ceiling: routeCeiling, ratio: fairRatio(routeApi.rps, routeCeiling.tps) };
      results.allocationApi = {
        api: allocApi,
        ceiling: allocCeiling,
        ratio: fairRatio(allocApi.rps, allocCeiling.tps),
      };
      results.ceilingStatements = {
        route: routeSql.map((s) => s.sql.slice(0, 160)),
        allocation: allocSql.map((s) => s.sql.slice(0, 160)),
      };

      // the report
      const rs = results.routeScreen as Record<string, Stats & Record<string, unknown>> & { cold: RouteLoad };
      const as = results.allocationScreen as Record<string, Stats & Record<string, unknown>> & {
        cold: { markersPaintedMs: number };
      };
      const route = results.route as Record<string, number>;
      const alloc = results.allocation as Record<string, number | boolean>;
      console.log('');
      console.log(
        `══ Route replay: ${COLLECTOR} on ${date}, ${route.sent} positions sent, ${route.kept} kept, ${route.stops} stops, ${route.events} events`,
      );
      console.log(
        `   navigation → route drawn (painted)   ${fmt(rs.paintedMs!)}; cold first load ${round(rs.cold.routePaintedMs)} ms`,
      );
      console.log(
        `   renderer main-thread CPU meanwhile   ${fmt(rs.cpuMs!)} (the figure a loaded machine does not inflate)`,
      );
      console.log(
        `   in the app: collector chosen → drawn ${fmt(rs.inAppMs!)}; main-thread CPU ${fmt(rs.inAppCpuMs!)}`,
      );
      console.log(`   of which the route API in the page   ${fmt(rs.apiInPageMs!)}, ${rs.apiBytes} bytes on the wire`);
      console.log(
        `   budget < ${ROUTE_BUDGET_MS} ms (p95, warm): ${rs.paintedMs!.p95 < ROUTE_BUDGET_MS ? 'met' : 'NOT met'}`,
      );
      console.log(
        `   playback frames                      ${fmt(rs.playFrames!)}; > ${LONG_FRAME_MS} ms: ${rs.playFrames!.over50Share} %; playhead moved: ${String(rs.playheadMoved)}`,
      );
      console.log(`   main-thread CPU per playback frame   ${fmt(rs.playCpuPerFrameMs!)} (one figure per load)`);
      printRatio(
        'GET /api/cmd-center/route, API / ceiling',
        routeApi,
        routeCeiling,
        'principal check, the user-in-subtree check, the day of positions (settings from the cache)',
      );
      console.log(
        `   server CPU per request ${routeApi.probe.server?.cpuMsPerRequest} ms, database CPU per request ${routeApi.probe.database?.cpuMsPerRequest} ms (ceiling: ${routeCeiling.probe.database?.cpuMsPerRequest} ms per transaction)`,
      );
      console.log('');
      console.log(
        `══ Map allocation: ${alloc.total} accounts of ${ZONE} (${alloc.clustered ? `${alloc.clusters} server clusters` : `${alloc.points} points`})`,
      );
      console.log(
        `   navigation → markers drawn (painted) ${fmt(as.paintedMs!)}; cold first load ${round(as.cold.markersPaintedMs)} ms`,
      );
      console.log(`   renderer main-thread CPU meanwhile   ${fmt(as.cpuMs!)}`);
      console.log(`   of which the accounts API in the page ${fmt(as.apiInPageMs!)}`);
      console.log(
        `   pan frames (${pans} drags)            ${fmt(as.panFrames!)}; > ${LONG_FRAME_MS} ms: ${as.panFrames!.over50Share} %; markers after the pans ${String(as.markersAfterPans)}`,
      );
      console.log(`   main-thread CPU per pan frame        ${String(as.panCpuPerFrameMs)} ms`);
      printRatio(
        'GET /api/cmd-center/allocation/accounts, API / ceiling',
        allocApi,
        allocCeiling,
        'principal check, the subtree’s geocoded delinquent accounts (clustered by the server)',
      );
      console.log(
        `   server CPU per request ${allocApi.probe.server?.cpuMsPerRequest} ms, database CPU per request ${allocApi.probe.database?.cpuMsPerRequest} ms (ceiling: ${allocCeiling.probe.database?.cpuMsPerRequest} ms per transaction)`,
      );
      console.log(
        `   load average (1 min): before the bench ${(results.loadAverageAtStart as number[])[0]!.toFixed(2)}, at the end ${(os.loadavg()[0] ?? 0).toFixed(2)} (${os.cpus().length} cores)`,
      );
    } finally {
      await handle.close();
    }
    fs.mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(repoRoot, 'bench/results/cmd-center-maps.json'),
      `${JSON.stringify(results, null, 2)}\n`,
    );
    console.log('written bench/results/cmd-center-maps.json');
  } finally {
    if (!args.keep) {
      const dropper = new pg.Client({ connectionString: args['database-url'] });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    } else console.log(`kept database ${name}`);
  }
}

await main();
