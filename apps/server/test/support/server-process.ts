import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import pg from 'pg';
import { REPO_ROOT } from '../../src/config.ts';

// The real server process, as `npm start` runs it (`node --import tsx apps/server/src/main.ts`), for the tests that
// need one: start and stop (process.test.ts), several instances (cluster/cluster.ts), a crash mid-upload
// (support/upload-crash.ts). One place spawns it, reads its address from its log, and waits for its exit.

export type ServerProcess = { child: ChildProcessWithoutNullStreams; stdout: () => string; stderr: () => string };

/** Spawns the server with the test's environment plus `env`; its output is collected for the assertions. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, stdout: () => stdout, stderr: () => stderr };
}

/** The address the server logs once it listens ("running at http://…"); fails if it exits or does not start in time. */
export async function serverUrl(server: ServerProcess, timeoutMs = 290_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = /running at (http:\/\/[^\s]+)/.exec(server.stdout());
    if (match?.[1]) return match[1];
    if (server.child.exitCode !== null) throw new Error(`server exited early: ${server.stderr()}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${server.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Resolves when the process has ended (at once if it already has), with its exit code and how long it took. */
export function serverExit(server: ServerProcess): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    return Promise.resolve({ code: server.child.exitCode, ms: 0 });
  }
  return new Promise((resolve) => server.child.once('exit', (code) => resolve({ code, ms: Date.now() - started })));
}

/** Runs one statement on the PostgreSQL server of `baseUrl` (e.g. CREATE DATABASE) on a connection of its own. */
export async function adminQuery(baseUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
