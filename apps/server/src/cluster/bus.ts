import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '@recovery-desk/db/client.ts';

// The change bus between server instances (docs/architecture.md, "Several instances"): an instance that changed
// something a cache holds publishes on a channel, and every instance (itself included) hears it and drops what it
// cached. On PostgreSQL it is LISTEN/NOTIFY: one dedicated connection per instance LISTENs and reconnects when lost;
// a notice sent inside a transaction (`pg_notify`, see shared-caches.ts) is delivered at commit, and never for a
// rolled-back change. On PGlite (one process) the same SQL works through PGlite's own `listen`.

/**
 * Receives a channel's payload, or null when notices may have been missed (the listening connection was lost and
 * is back): then drop everything the channel covers.
 */
export type BusHandler = (payload: string | null) => void;

export type ClusterBus = {
  /** this instance's id: a payload it publishes carries it, so its own notices can be told apart */
  readonly instanceId: string;
  /** true while notices are being received; a cache must not serve stored values while it is false */
  readonly live: boolean;
  publish(channel: string, payload: string): Promise<void>;
  /** returns the unsubscribe */
  subscribe(channel: string, handler: BusHandler): () => void;
  start(): Promise<void>;
  close(): Promise<void>;
};

const CHANNEL_NAME = /^[a-z][a-z0-9_]{0,62}$/;

function checkChannel(channel: string): string {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`bad bus channel name: ${channel}`);
  return channel;
}

class Subscriptions {
  private readonly handlers = new Map<string, Set<BusHandler>>();

  /** returns true when this is the channel's first handler */
  add(channel: string, handler: BusHandler): boolean {
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    return first;
  }

  /** returns true when the channel has no handler left */
  remove(channel: string, handler: BusHandler): boolean {
    const set = this.handlers.get(channel);
    if (!set) return false;
    set.delete(handler);
    if (set.size > 0) return false;
    this.handlers.delete(channel);
    return true;
  }

  get channels(): string[] {
    return [...this.handlers.keys()];
  }

  deliver(channel: string, payload: string | null, log: FastifyBaseLogger | undefined): void {
    for (const handler of this.handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        log?.error({ err: error, channel }, 'a bus handler failed');
      }
    }
  }

  deliverGap(log: FastifyBaseLogger | undefined): void {
    for (const channel of this.channels) this.deliver(channel, null, log);
  }
}

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 15_000;

/** LISTEN/NOTIFY on PostgreSQL, with a dedicated listening connection that reconnects. */
export class PostgresBus implements ClusterBus {
  readonly instanceId = randomUUID();
  private readonly subscriptions = new Subscriptions();
  private client: pg.Client | null = null;
  private closed = false;
  /** the LISTEN and UNLISTEN commands sent on the connection, one after another */
  private commands: Promise<unknown> = Promise.resolve();
  private retryMs = RECONNECT_FIRST_MS;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log?: FastifyBaseLogger,
  ) {}

  get live(): boolean {
    return this.client !== null;
  }

  async start(): Promise<void> {
    await this.connect();
  }

  async publish(channel: string, payload: string): Promise<void> {
    await this.pool.query('select pg_notify($1, $2)', [checkChannel(channel), payload]);
  }

  subscribe(channel: string, handler: BusHandler): () => void {
    checkChannel(channel);
    if (this.subscriptions.add(channel, handler)) this.listen(channel, 'LISTEN');
    return () => {
      if (this.subscriptions.remove(channel, handler)) this.listen(channel, 'UNLISTEN');
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private listen(channel: string, command: 'LISTEN' | 'UNLISTEN'): void {
    const client = this.client;
    // Without a connection, the next one LISTENs to every subscribed channel. One command at a time on the
    // connection: pg refuses to queue a query behind a running one (deprecated, removed in pg 9).
    if (!client) return;
    this.commands = this.commands
      .then(() => client.query(`${command} ${channel}`))
      .catch((error: unknown) => this.lost(client, error));
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.pool.options);
    client.on('notification', (message) => {
      if (this.client === client) this.subscriptions.deliver(message.channel, message.payload ?? '', this.log);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('the listening connection ended')));
    try {
      await client.connect();
      for (const channel of this.subscriptions.channels) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = RECONNECT_FIRST_MS;
    // Whatever was published while no connection listened is unknown: every cache starts afresh.
    this.subscriptions.deliverGap(this.log);
  }

  private lost(client: pg.Client, error: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners();
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.log?.warn({ err: error }, 'the change bus lost its listening connection; reconnecting');
    this.subscriptions.deliverGap(this.log);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().then(
        () => this.log?.info('the change bus is listening again'),
        (error: unknown) => {
          this.log?.warn({ err: error }, 'the change bus could not reconnect; retrying');
          this.scheduleReconnect();
        },
      );
    }, wait);
    this.retryTimer.unref();
  }
}

/** The same SQL on PGlite: its own `listen` receives what `pg_notify` sends (one process, one connection). */
export class PgliteBus implements ClusterBus {
  readonly instanceId = randomUUID();
  readonly live = true;
  private readonly subscriptions = new Subscriptions();
  private readonly unlisten = new Map<string, Promise<() => Promise<void>>>();

  constructor(
    private readonly client: PGlite,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    await Promise.all(this.unlisten.values());
  }

  async publish(channel: string, payload: string): Promise<void> {
    await this.client.query('select pg_notify($1, $2)', [checkChannel(channel), payload]);
  }

  subscribe(channel: string, handler: BusHandler): () => void {
    checkChannel(channel);
    if (this.subscriptions.add(channel, handler)) {
      const listening = this.client.listen(channel, (payload) =>
        this.subscriptions.deliver(channel, payload, this.log),
      );
      listening.catch((error: unknown) => this.log?.error({ err: error, channel }, 'could not listen'));
      this.unlisten.set(channel, listening);
    }
    return () => {
      if (!this.subscriptions.remove(channel, handler)) return;
      const listening = this.unlisten.get(channel);
      this.unlisten.delete(channel);
      void listening?.then((stop) => stop()).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    const listening = [...this.unlisten.values()];
    this.unlisten.clear();
    await Promise.all(listening.map((promise) => promise.then((stop) => stop()).catch(() => undefined)));
  }
}

/** One process, no database: for work that runs before the app (demo seeding) or a driver the bus does not know. */
export class InProcessBus implements ClusterBus {
  readonly instanceId = randomUUID();
  readonly live = true;
  private readonly emitter = new EventEmitter();

  async start(): Promise<void> {}

  async publish(channel: string, payload: string): Promise<void> {
    this.emitter.emit(checkChannel(channel), payload);
  }

  subscribe(channel: string, handler: BusHandler): () => void {
    this.emitter.on(checkChannel(channel), handler);
    return () => this.emitter.off(channel, handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** The bus for this database: LISTEN/NOTIFY on PostgreSQL, PGlite's listen on PGlite. */
export function createClusterBus(db: Database, log?: FastifyBaseLogger): ClusterBus {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return new PostgresBus(client, log);
  if (client && typeof (client as PGlite).listen === 'function') return new PgliteBus(client as PGlite, log);
  return new InProcessBus();
}
