import { describe, expect, it } from 'vitest';
import { InProcessBus } from '../cluster/bus.ts';
import type { PrincipalRecord } from './access.repository.ts';
import { ACCESS_CHANGED, PrincipalCache, type PrincipalKey } from './principal-cache.ts';

const KEY: PrincipalKey = { userId: 7, familyId: 'f-1', unitId: 3, app: 'collapp', authority: 'TELECALLER_SAUTH' };
const GRANTED: PrincipalRecord = {
  id: 7,
  username: 'tc.one',
  email: 'tc.one@lender.test',
  fullName: 'T C One',
  isActive: true,
  familyOpen: true,
  unit: { id: 3, code: 'BR-1', path: '/1/3/', hasAuthority: true, hasChildren: false },
};
const granted = (principal: PrincipalRecord | undefined) => principal?.unit?.hasAuthority === true;

function reader(answer: PrincipalRecord | undefined) {
  const calls = { count: 0 };
  return {
    calls,
    read: async () => {
      calls.count += 1;
      return answer;
    },
  };
}

describe('PrincipalCache', () => {
  it('answers a granted check from memory until its time is up', async () => {
    let now = 1_000;
    const cache = new PrincipalCache(5_000, () => now);
    const { calls, read } = reader(GRANTED);
    expect(await cache.principal(KEY, read, granted)).toEqual(GRANTED);
    expect(await cache.principal(KEY, read, granted)).toEqual(GRANTED);
    expect(calls.count).toBe(1);
    now += 5_000;
    await cache.principal(KEY, read, granted);
    expect(calls.count).toBe(2);
  });

  it('keys by user, session family, unit, app and authority', async () => {
    const cache = new PrincipalCache(5_000, () => 0);
    const { calls, read } = reader(GRANTED);
    await cache.principal(KEY, read, granted);
    await cache.principal({ ...KEY, familyId: 'f-2' }, read, granted);
    await cache.principal({ ...KEY, unitId: 4 }, read, granted);
    await cache.principal({ ...KEY, authority: 'ALLOCATION_HOLD_SAUTH' }, read, granted);
    await cache.principal({ ...KEY, unitId: null, app: '', authority: '' }, read, granted);
    expect(calls.count).toBe(5);
    expect(cache.size).toBe(5);
  });

  it('never keeps a refusal or a missing user', async () => {
    const cache = new PrincipalCache(5_000, () => 0);
    const refused = reader({ ...GRANTED, unit: { ...GRANTED.unit!, hasAuthority: false } });
    await cache.principal(KEY, refused.read, granted);
    await cache.principal(KEY, refused.read, granted);
    expect(refused.calls.count).toBe(2);
    const missing = reader(undefined);
    await cache.principal(KEY, missing.read, granted);
    await cache.principal(KEY, missing.read, granted);
    expect(missing.calls.count).toBe(2);
  });

  it('forgets everything on a change announced on the bus, and keeps nothing read while a change was in flight', async () => {
    const bus = new InProcessBus();
    const cache = new PrincipalCache(60_000, () => 0);
    cache.connect(bus);
    const { calls, read } = reader(GRANTED);
    await cache.principal(KEY, read, granted);
    await bus.publish(ACCESS_CHANGED, '');
    await cache.principal(KEY, read, granted);
    expect(calls.count).toBe(2);

    // a read that started before an invalidation is answered, not kept
    let release: (value: PrincipalRecord) => void = () => {};
    const slow = cache.principal(KEY, () => new Promise<PrincipalRecord>((resolve) => (release = resolve)), granted);
    cache.invalidate();
    release(GRANTED);
    expect(await slow).toEqual(GRANTED);
    await cache.principal(KEY, read, granted);
    expect(calls.count).toBe(3);
  });

  it('reads every time when off (0 s) or while the bus is not listening', async () => {
    const off = new PrincipalCache(0, () => 0);
    const first = reader(GRANTED);
    await off.principal(KEY, first.read, granted);
    await off.principal(KEY, first.read, granted);
    expect(first.calls.count).toBe(2);

    const deaf = { ...new InProcessBus(), live: false, subscribe: () => () => {} } as unknown as InProcessBus;
    const cache = new PrincipalCache(60_000, () => 0);
    cache.connect(deaf);
    const second = reader(GRANTED);
    await cache.principal(KEY, second.read, granted);
    await cache.principal(KEY, second.read, granted);
    expect(second.calls.count).toBe(2);
  });
});
