import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';

// WEB_CONCURRENCY > 1: this process supervises N server processes that share one listening port (node:cluster; the
// supervisor accepts connections and hands them round-robin to the workers). Each worker is a whole instance of
// docs/architecture.md "Several instances": its own pool, caches and bus, its own job worker; nothing is shared in
// memory, so N workers behave as N instances behind a load balancer.
//
// The supervisor does the one-off work before any worker starts (main.ts: migrations, the demo seed or the reference
// data), then starts the workers with the same secrets, and:
// - reports the address once every worker listens;
// - replaces a worker that dies after it listened, at most `maxRestarts` times a minute (more means something is
//   wrong with every worker, and the whole server stops with the reason);
// - stops every worker on SIGINT/SIGTERM (each drains its requests and closes its pool), and exits once all are gone;
// - stops all and exits 1 if a worker dies before it listens (a start-up failure would only repeat).

export type SupervisorOptions = {
  workers: number;
  /** variables every worker gets on top of this process's environment (the secrets the supervisor resolved) */
  env: Record<string, string>;
  log: FastifyBaseLogger;
  /** called once, when every worker listens */
  onListening: (port: number) => void;
  maxRestarts?: number;
  /** how long a stop may take before the workers are killed */
  stopWithinMs?: number;
};

/** Marks a worker started by the supervisor (main.ts reads it: a worker serves, and leaves the one-off work). */
export const WORKER_ENV = 'RD_CLUSTER_WORKER';

export function isClusterWorker(): boolean {
  return cluster.isWorker && process.env[WORKER_ENV] === '1';
}

export function superviseWorkers(options: SupervisorOptions): void {
  const { log } = options;
  const maxRestarts = options.maxRestarts ?? 5;
  const listening = new Set<number>();
  const restarts: number[] = [];
  let reported = false;
  let stopping = false;

  const fork = () => cluster.fork({ ...options.env, [WORKER_ENV]: '1' });

  const stopAll = (exitCode: number, reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info(
      { event: 'cluster.stopping', reason },
      `stopping ${Object.keys(cluster.workers ?? {}).length} server processes: ${reason}`,
    );
    const watchdog = setTimeout(() => {
      for (const worker of liveWorkers()) worker.process.kill('SIGKILL');
      console.error(`The server processes did not stop within ${(options.stopWithinMs ?? 25_000) / 1000} s; killed.`);
      process.exit(1);
    }, options.stopWithinMs ?? 25_000);
    watchdog.unref();
    const done = () => {
      if (liveWorkers().length === 0) process.exit(exitCode);
    };
    cluster.on('exit', done);
    for (const worker of liveWorkers()) worker.process.kill('SIGTERM');
    done();
  };

  cluster.on('listening', (worker: Worker, address) => {
    listening.add(worker.id);
    log.info(
      { event: 'cluster.worker_listening', worker: worker.id, pid: worker.process.pid },
      'server process listening',
    );
    if (!reported && listening.size >= options.workers) {
      reported = true;
      options.onListening(address.port);
    }
  });

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    const hadListened = listening.delete(worker.id);
    if (stopping) return;
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    if (!hadListened) {
      stopAll(1, `a server process ended before it listened (${how})`);
      console.error(`Could not start: a server process ended before it listened (${how}); see its log above.`);
      return;
    }
    const now = Date.now();
    while (restarts.length > 0 && now - restarts[0]! > 60_000) restarts.shift();
    if (restarts.length >= maxRestarts) {
      stopAll(1, `${restarts.length + 1} server processes died within a minute`);
      return;
    }
    restarts.push(now);
    log.error(
      { event: 'cluster.worker_died', worker: worker.id, pid: worker.process.pid, code, signal },
      `a server process died (${how}); starting another`,
    );
    fork();
  });

  process.on('SIGINT', () => stopAll(0, 'SIGINT'));
  process.on('SIGTERM', () => stopAll(0, 'SIGTERM'));

  for (let index = 0; index < options.workers; index += 1) fork();
}

function liveWorkers(): Worker[] {
  return Object.values(cluster.workers ?? {}).filter(
    (worker): worker is Worker => worker !== undefined && !worker.isDead(),
  );
}
