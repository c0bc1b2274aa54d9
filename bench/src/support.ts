import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { DEMO_PASSWORD } from '@recovery-desk/db/demo-organisation.ts';
import { sealUserkey } from '@recovery-desk/domain/userkey.ts';

// What the benchmarks that drive the real server share: a free loopback port, the server process started and
// awaited until ready, stopped by its PID, and a demo user's access token.

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts `npm start`'s server on 127.0.0.1 (demo mode) and waits for /readyz: at most `readyWithinMs`. */
export async function startServer(
  env: Record<string, string>,
  options: { stdout?: 'ignore' | 'pipe'; readyWithinMs?: number } = {},
): Promise<{ child: ChildProcess; base: string; ms: number }> {
  const started = Date.now();
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_MODE: 'true' },
    stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const readyWithinMs = options.readyWithinMs ?? 180_000;
  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { child, base, ms: Date.now() - started };
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`server did not become ready within ${readyWithinMs / 1000} s`);
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** Signs a demo user in through the spec's `/token/` call and answers the access token. */
export async function signIn(base: string, username: string): Promise<string> {
  const config = (await (await fetch(`${base}/api/public-config`)).json()) as { userkeyKey: string };
  const userkey = await sealUserkey({ username, password: DEMO_PASSWORD }, config.userkeyKey);
  const reply = (await (
    await fetch(`${base}/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userkey }),
    })
  ).json()) as { access?: string; detail?: string };
  if (!reply.access) throw new Error(`sign-in of ${username} failed: ${reply.detail}`);
  return reply.access;
}
