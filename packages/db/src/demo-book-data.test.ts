import { describe, expect, it } from 'vitest';
import { DISPOSITIONS } from '@recovery-desk/domain/collections/dispositions.ts';
import { PRODUCTS } from '@recovery-desk/domain/products.ts';
import { INDIA_BOUNDS, PIN_CODE } from './book-sql.ts';
import {
  BOOK_AGENCIES,
  BOOK_BRANCHES,
  FIRST_NAMES,
  HOLD_REASONS,
  LAST_NAMES,
  NAME_REGIONS,
  NATIVE_TOWNS,
  PRODUCT_DETAILS,
  REMARKS,
  SUPPRESSION_REASONS,
} from './demo-book-data.ts';
import { DEMO_UNITS, DEMO_USERS } from './demo-organisation.ts';

const unit = (code: string) => DEMO_UNITS.find((u) => u.code === code);
const ancestors = (code: string): string[] => {
  const parent = unit(code)?.parent;
  return parent ? [parent, ...ancestors(parent)] : [];
};
const demoUser = (username: string) => DEMO_USERS.find((u) => u.username === username);

describe('demo book reference data', () => {
  it('places the book in every demo branch, each under its zone', () => {
    const branchCodes = DEMO_UNITS.filter((u) => u.level === 'BRANCH').map((u) => u.code);
    expect(BOOK_BRANCHES.map((b) => b.unitCode).sort()).toEqual([...branchCodes].sort());
    for (const branch of BOOK_BRANCHES) {
      expect(ancestors(branch.unitCode), branch.unitCode).toContain(branch.zoneCode);
      expect(branch.weight).toBeGreaterThan(0);
      expect(branch.accountCode).toMatch(/^[A-Z]{3}$/);
      expect(branch.localities.length).toBeGreaterThanOrEqual(5);
    }
    expect(new Set(BOOK_BRANCHES.map((b) => b.accountCode)).size).toBe(BOOK_BRANCHES.length);
  });

  it('gives work only to demo users who may act there', () => {
    for (const branch of BOOK_BRANCHES) {
      const scope = [branch.unitCode, ...ancestors(branch.unitCode)];
      for (const username of [...branch.telecallers, branch.fieldCollector].filter((u): u is string => !!u)) {
        // allocated staff belong to the branch itself
        expect(demoUser(username)?.units, `${username} in ${branch.unitCode}`).toContain(branch.unitCode);
      }
      for (const username of branch.telecallers) {
        expect(['telecaller', 'telecallerReadOnly']).toContain(demoUser(username)?.persona);
      }
      if (branch.fieldCollector) expect(demoUser(branch.fieldCollector)?.persona).toBe('fieldCollector');
      expect(demoUser(branch.caller), branch.caller).toBeDefined();
      expect(demoUser(branch.supervisor), branch.supervisor).toBeDefined();
      if (branch.ptpReviewer) {
        // the reviewer's units include the branch or one of its ancestors, and the persona reviews deviations
        const reviewer = demoUser(branch.ptpReviewer)!;
        expect(
          reviewer.units.some((u) => scope.includes(u)),
          branch.ptpReviewer,
        ).toBe(true);
        expect(['collectionsApprover', 'unitManager']).toContain(reviewer.persona);
      }
    }
    // the telecaller persona of the brief: tc.andheri works the Andheri book
    expect(BOOK_BRANCHES.find((b) => b.unitCode === 'BR-AND')?.telecallers[0]).toBe('tc.andheri');
  });

  it('has real-looking places: six-digit PINs and coordinates inside India', () => {
    const places = [...BOOK_BRANCHES.flatMap((b) => b.localities), ...Object.values(NATIVE_TOWNS).flat()];
    for (const place of places) {
      expect(place.pin, place.name).toMatch(PIN_CODE);
      expect(place.lat).toBeGreaterThan(INDIA_BOUNDS.minLat);
      expect(place.lat).toBeLessThan(INDIA_BOUNDS.maxLat);
      expect(place.lon).toBeGreaterThan(INDIA_BOUNDS.minLon);
      expect(place.lon).toBeLessThan(INDIA_BOUNDS.maxLon);
    }
    // Mumbai PINs start with 40, Delhi with 11, Bengaluru 56, Chennai 60, Kolkata 70
    const firstPin = (code: string) => BOOK_BRANCHES.find((b) => b.unitCode === code)!.localities[0]!.pin;
    expect(firstPin('BR-AND')).toMatch(/^40/);
    expect(firstPin('BR-CP')).toMatch(/^11/);
    expect(firstPin('BR-BLR')).toMatch(/^56/);
    expect(firstPin('BR-CHN')).toMatch(/^60/);
    expect(firstPin('BR-KOL')).toMatch(/^70/);
    for (const zone of ['ZN-N', 'ZN-S', 'ZN-W', 'ZN-E'] as const) expect(NATIVE_TOWNS[zone].length).toBeGreaterThan(2);
  });

  it('covers every product, disposition remark, name region and zone agency', () => {
    expect(Object.keys(PRODUCT_DETAILS).sort()).toEqual([...PRODUCTS].sort());
    for (const disposition of DISPOSITIONS) {
      expect(REMARKS[disposition.code]?.length, disposition.code).toBeGreaterThan(0);
    }
    for (const region of NAME_REGIONS) {
      expect(FIRST_NAMES[region].length).toBeGreaterThan(10);
      expect(LAST_NAMES[region].length).toBeGreaterThan(10);
      for (const name of [...FIRST_NAMES[region], ...LAST_NAMES[region]]) expect(name).toMatch(/^[A-Z][a-z]+$/);
    }
    const zones = new Set(BOOK_BRANCHES.map((b) => b.zoneCode));
    for (const zone of zones) expect(BOOK_AGENCIES.filter((a) => a.zoneCode === zone).length).toBeGreaterThan(1);
    expect(new Set(BOOK_AGENCIES.map((a) => a.code)).size).toBe(BOOK_AGENCIES.length);
  });

  it('uses the allocation hold and suppression reasons of the domain reference (§5.3)', () => {
    expect(HOLD_REASONS).toEqual(
      expect.arrayContaining(['Complaint pending', 'Dispute', 'Legal sub-judice', 'Deceased', 'Fraud investigation']),
    );
    expect(SUPPRESSION_REASONS).toContain('Do not call requested');
  });
});
