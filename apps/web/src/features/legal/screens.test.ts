import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import { describe, expect, it } from 'vitest';
import { legalDashboardScreen, legalScreens } from './screens.ts';

describe('legal screens', () => {
  it('registers the legal app routes it builds, each a catalogue route of the legal app', () => {
    const names = Object.keys(legalScreens()).sort();
    expect(names).toEqual(
      ['downloadLegal', 'legalAgainstFI', 'legalPool', 'legalPoolDetail', 'legalSettings', 'uploadLegal'].sort(),
    );
    for (const name of names) expect(findRouteByName(name)?.app, name).toBe('legalapp');
  });

  it('loads every screen component lazily', async () => {
    const loaders = [legalDashboardScreen, ...Object.values(legalScreens())];
    const modules = await Promise.all(loaders.map((load) => load()));
    for (const module of modules) expect(module.Component).toBeTypeOf('function');
  });
});
