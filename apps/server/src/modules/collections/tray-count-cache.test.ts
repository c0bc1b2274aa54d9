import { describe, expect, it } from 'vitest';
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
});
