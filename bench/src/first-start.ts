import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

// Benchmark: the first `npm start` on a fresh data folder. Times the web build (unless --skip-build) and then the
// server from spawn to the first 200 of GET /readyz, with the start-up phases the server logs (database open and
// migrations, demo organisation, demo legal cases, demo day start, listen). Prints the machine's load average and
// cores beside the numbers, because on a shared machine the load decides most of the time. Writes
// bench/results/first-start.json.

const { values: args } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    port: { type: 'string', default: '0' },
    /** keep the data folder afterwards */
    keep: { type: 'boolean', default: false },
  },
});

const repoRoot = path.resolve(import.meta.dirname, '../..');

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) of a process, or of this process's waited-for children, from /proc (Linux). */
function cpuSeconds(pid: number | 'self-children'): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid === 'self-children' ? 'self' : pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state is field 3; utime 14, stime 15, cutime 16, cstime 17 (1-based, so index n - 3).
    const [user, system] = pid === 'self-children' ? [fields[13], fields[14]] : [fields[11], fields[12]];
    return (Number(user) + Number(system)) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

function load(): string {
  const [one, five, fifteen] = os.loadavg().map((value) => value.toFixed(2));
  return `load average ${one} / ${five} / ${fifteen} (1/5/15 min) on ${os.availableParallelism()} cores`;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForReady(url: string, child: { exitCode: number | null }, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} was not ready within ${deadlineMs / 1000} s`);
}

async function main(): Promise<void> {
  console.log(`Before: ${load()}`);
  const results: Record<string, unknown> = { loadBefore: os.loadavg(), cores: os.availableParallelism() };

  if (!args['skip-build']) {
    const started = performance.now();
    const childCpuBefore = cpuSeconds('self-children');
    const build = spawnSync('npm', ['run', 'build', '-w', '@recovery-desk/web'], { cwd: repoRoot, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('the web build failed');
    results.buildMs = Math.round(performance.now() - started);
    const childCpuAfter = cpuSeconds('self-children');
    results.buildCpuSeconds =
      childCpuBefore === null || childCpuAfter === null ? null : Number((childCpuAfter - childCpuBefore).toFixed(1));
    console.log(
      `Web build: ${((results.buildMs as number) / 1000).toFixed(1)} s (CPU ${results.buildCpuSeconds ?? '?'} s, all threads)`,
    );
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recovery-desk-first-start-'));
  const port = Number(args.port) || (await freePort());
  const phases: Record<string, number> = {};
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      try {
        const entry = JSON.parse(line) as { phase?: string; ms?: number };
        if (entry.phase && typeof entry.ms === 'number') phases[entry.phase] = entry.ms;
      } catch {
        // not a log line
      }
    }
  });
  try {
    await waitForReady(`http://127.0.0.1:${port}/readyz`, child, 600_000);
    const startMs = Math.round(performance.now() - started);
    results.startToReadyMs = startMs;
    results.phasesMs = phases;
    results.serverCpuSeconds = child.pid === undefined ? null : cpuSeconds(child.pid);
    console.log(
      `Server, fresh data folder, spawn to /readyz: ${(startMs / 1000).toFixed(1)} s (CPU ${
        results.serverCpuSeconds ?? '?'
      } s: about what it takes on an idle machine)`,
    );
    const total = phases.total ?? startMs;
    console.log(`  loading the code (tsx): ${((startMs - total) / 1000).toFixed(1)} s`);
    for (const [name, ms] of Object.entries(phases)) console.log(`  ${name.padEnd(22)} ${(ms / 1000).toFixed(1)} s`);
    if (typeof results.buildMs === 'number') {
      console.log(`First npm start (build + server): ${((results.buildMs + startMs) / 1000).toFixed(1)} s`);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    if (!args.keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`After: ${load()}`);
  results.loadAfter = os.loadavg();
  fs.mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(repoRoot, 'bench/results/first-start.json'), `${JSON.stringify(results, null, 2)}\n`);
}

await main();
