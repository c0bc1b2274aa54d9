import { describe, expect, it } from 'vitest';
import { InProcessBus, type ClusterBus } from './bus.ts';
import { InvalidatedMap } from './invalidated-map.ts';

describe('InvalidatedMap', () => {
  it('serves a value until its time is up, counted from when its read began', () => {
    let now = 1_000;
    const map = new InvalidatedMap<string, number>({ enabled: true, ttlMs: 100, maxEntries: 10, now: () => now });
    map.set('a', 1, map.generation, 950);
    now = 1_049;
    expect(map.get('a')).toBe(1);
    now = 1_050;
    expect(map.get('a')).toBeUndefined();
    expect(map.size).toBe(0);
  });

  it('keeps nothing read before an invalidation, and runs what was registered beside it', () => {
    const map = new InvalidatedMap<string, string>({ enabled: true, maxEntries: 10 });
    let cleared = 0;
    map.onInvalidate(() => (cleared += 1));
    const before = map.generation;
    map.invalidate();
    map.set('a', 'stale', before);
    expect(map.get('a')).toBeUndefined();
    map.set('a', 'fresh', map.generation);
    expect(map.get('a')).toBe('fresh');
    expect(cleared).toBe(1);
  });

  it('drops the oldest entry when full', () => {
    const map = new InvalidatedMap<number, number>({ enabled: true, maxEntries: 2 });
    for (const key of [1, 2, 3]) map.set(key, key, map.generation);
    expect([map.get(1), map.get(2), map.get(3)]).toEqual([undefined, 2, 3]);
  });

  it('empties on a notice it accepts, and serves nothing while the bus is not listening', async () => {
    const bus = new InProcessBus();
    const map = new InvalidatedMap<string, number>({ enabled: true, maxEntries: 10 });
    map.connect(bus, 'things_changed', (payload) => payload !== 'mine');
    map.set('a', 1, map.generation);
    await bus.publish('things_changed', 'mine');
    expect(map.get('a')).toBe(1);
    await bus.publish('things_changed', 'theirs');
    expect(map.get('a')).toBeUndefined();

    let live = true;
    const flaky: ClusterBus = {
      instanceId: 'flaky',
      get live() {
        return live;
      },
      start: async () => {},
      publish: async () => {},
      subscribe: () => () => {},
      close: async () => {},
    };
    const other = new InvalidatedMap<string, number>({ enabled: true, maxEntries: 10 });
    other.connect(flaky, 'things_changed');
    other.set('a', 1, other.generation);
    live = false;
    expect(other.usable).toBe(false);
    expect(other.get('a')).toBeUndefined();
    live = true;
    expect(other.get('a')).toBe(1);
  });

  it('keeps nothing when off', () => {
    const map = new InvalidatedMap<string, number>({ enabled: false, maxEntries: 10 });
    map.set('a', 1, map.generation);
    expect(map.get('a')).toBeUndefined();
  });
});
