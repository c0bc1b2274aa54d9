import { describe, expect, it } from 'vitest';
import { InProcessBus } from '../../cluster/bus.ts';
import { TrayCountCache } from './tray-count-cache.ts';

describe('TrayCountCache', () => {
  function clock(start = 1_000) {
    let now = start;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  }

  it('serves a count from the cache until it expires, then recounts', async () => {
    const time = clock();
    const cache = new TrayCountCache(15_000, 100, time.now);
    let computed = 0;
    const compute = async () => ++computed * 10;
    expect(await cache.count('my:telecaller', compute)).toBe(10);
    expect(await cache.count('my:telecaller', compute)).toBe(10);
    time.advance(14_999);
    expect(await cache.count('my:telecaller', compute)).toBe(10);
    time.advance(1);
    expect(await cache.count('my:telecaller', compute)).toBe(20);
    expect(computed).toBe(2);
  });

  it('keeps selections apart', async () => {
    const cache = new TrayCountCache(15_000);
    expect(await cache.count('a', async () => 1)).toBe(1);
    expect(await cache.count('b', async () => 2)).toBe(2);
    expect(await cache.count('a', async () => 99)).toBe(1);
  });

  it('forgets everything on invalidate', async () => {
    const cache = new TrayCountCache(15_000);
    await cache.count('a', async () => 1);
    cache.invalidate();
    expect(cache.size).toBe(0);
    expect(await cache.count('a', async () => 2)).toBe(2);
  });

  it('does not store a count computed while a change was made', async () => {
    const cache = new TrayCountCache(15_000);
    const stale = cache.count('a', async () => {
      cache.invalidate();
      return 1;
    });
    expect(await stale).toBe(1);
    expect(cache.size).toBe(0);
    expect(await cache.count('a', async () => 2)).toBe(2);
  });

  it('always recounts when disabled (TTL 0)', async () => {
    const cache = new TrayCountCache(0);
    let computed = 0;
    await cache.count('a', async () => ++computed);
    await cache.count('a', async () => ++computed);
    expect(computed).toBe(2);
    expect(cache.enabled).toBe(false);
  });

  it('drops the oldest entry when full', async () => {
    const cache = new TrayCountCache(15_000, 2);
    await cache.count('a', async () => 1);
    await cache.count('b', async () => 2);
    await cache.count('c', async () => 3);
    expect(cache.size).toBe(2);
    expect(await cache.count('a', async () => 10)).toBe(10);
    expect(await cache.count('c', async () => 30)).toBe(3);
  });

  it('runs one count for requests that miss on the same selection together', async () => {
    const cache = new TrayCountCache(15_000);
    let computed = 0;
    let finish: (count: number) => void = () => {};
    const compute = () => {
      computed += 1;
      return new Promise<number>((resolve) => (finish = resolve));
    };
    const waiting = [cache.count('a', compute), cache.count('a', compute), cache.count('a', compute)];
    const other = cache.count('b', async () => 7);
    finish(42);
    expect(await Promise.all(waiting)).toEqual([42, 42, 42]);
    expect(await other).toBe(7);
    expect(computed).toBe(1);
    expect(await cache.count('a', compute)).toBe(42);
    expect(computed).toBe(1);
  });

  it('does not let a request after a change join a count started before it', async () => {
    const cache = new TrayCountCache(15_000);
    let finishOld: (count: number) => void = () => {};
    const before = cache.count('a', () => new Promise<number>((resolve) => (finishOld = resolve)));
    cache.invalidate();
    const after = cache.count('a', async () => 2);
    finishOld(1);
    expect(await before).toBe(1);
    expect(await after).toBe(2);
    expect(await cache.count('a', async () => 99)).toBe(2);
  });

  it('shares a failed count with its waiters and tries again on the next request', async () => {
    const cache = new TrayCountCache(15_000);
    let fail: (error: Error) => void = () => {};
    const compute = () => new Promise<number>((_resolve, reject) => (fail = reject));
    const first = cache.count('a', compute);
    const second = cache.count('a', compute);
    fail(new Error('statement timeout'));
    await expect(first).rejects.toThrow('statement timeout');
    await expect(second).rejects.toThrow('statement timeout');
    expect(await cache.count('a', async () => 5)).toBe(5);
  });

  it("clears on another instance's notice, not on its own, and counts afresh while the bus is not live", async () => {
    const bus = new InProcessBus();
    const other = new TrayCountCache(15_000);
    const cache = new TrayCountCache(15_000);
    other.connect(new InProcessBusView(bus));
    cache.connect(bus);
    await cache.count('a', async () => 1);
    await cache.announce(); // its own notice: what it stored stands (it cleared itself before announcing)
    expect(await cache.count('a', async () => 2)).toBe(1);
    await other.announce(); // another instance's change
    expect(await cache.count('a', async () => 3)).toBe(3);

    const down = new InProcessBus();
    Object.defineProperty(down, 'live', { value: false });
    const offline = new TrayCountCache(15_000);
    offline.connect(down);
    expect(await offline.count('a', async () => 1)).toBe(1);
    expect(await offline.count('a', async () => 2)).toBe(2);
  });
});

/** Another instance on the same bus: its own id, the same channel. */
class InProcessBusView extends InProcessBus {
  constructor(private readonly shared: InProcessBus) {
    super();
  }
  override publish(channel: string, payload: string): Promise<void> {
    return this.shared.publish(channel, payload);
  }
  override subscribe(channel: string, handler: (payload: string | null) => void): () => void {
    return this.shared.subscribe(channel, handler);
  }
}
