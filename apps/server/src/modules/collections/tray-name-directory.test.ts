import { describe, expect, it } from 'vitest';
import { InProcessBus } from '../../cluster/bus.ts';
import { NAMES_CHANGED, TrayNameDirectory } from './tray-name-directory.ts';

describe('TrayNameDirectory', () => {
  it('keeps the names it is given, by kind and id', () => {
    const directory = new TrayNameDirectory();
    directory.remember('user', 1, 'Asha Rao', directory.generation);
    directory.remember('agency', 1, 'Swift Recoveries', directory.generation);
    expect(directory.name('user', 1)).toBe('Asha Rao');
    expect(directory.name('agency', 1)).toBe('Swift Recoveries');
    expect(directory.name('unit', 1)).toBeUndefined();
  });

  it('forgets every name when a rename is announced, and keeps no name read before it', async () => {
    const bus = new InProcessBus();
    const directory = new TrayNameDirectory();
    directory.connect(bus);
    const before = directory.generation;
    directory.remember('user', 1, 'Asha Rao', before);
    await bus.publish(NAMES_CHANGED, '');
    expect(directory.name('user', 1)).toBeUndefined();
    directory.remember('user', 1, 'Asha Rao', before);
    expect(directory.name('user', 1)).toBeUndefined();
    directory.remember('user', 1, 'Asha Rao Kulkarni', directory.generation);
    expect(directory.name('user', 1)).toBe('Asha Rao Kulkarni');
  });

  it('holds at most its limit, dropping the oldest', () => {
    const directory = new TrayNameDirectory(true, 2);
    for (const id of [1, 2, 3]) directory.remember('unit', id, `BR-${id}`, directory.generation);
    expect(directory.name('unit', 1)).toBeUndefined();
    expect(directory.name('unit', 3)).toBe('BR-3');
    expect(directory.size).toBe(2);
  });

  it('holds nothing when off', () => {
    const directory = new TrayNameDirectory(false);
    directory.remember('user', 1, 'Asha Rao', directory.generation);
    expect(directory.name('user', 1)).toBeUndefined();
  });
});
