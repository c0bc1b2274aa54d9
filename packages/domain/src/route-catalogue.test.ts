import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_AUTHORITY_CODES } from './authorities.ts';
import { ROUTE_CATALOGUE, bodyIdFromPath, matchRoute, tabViewName } from './route-catalogue.ts';

// Holds the route catalogue against the specification's own text (spec §2), read from ../shared.
const specPath = path.resolve(import.meta.dirname, '../../../../shared/spec/product-spec.md');
const spec = fs.readFileSync(specPath, 'utf8');
const section2 = spec.slice(spec.indexOf('## 2. Screens and routes'), spec.indexOf('## 3. Entities'));
const CODE = /[A-Za-z_]+_S(?:AUTH|UATH)/;

const normalise = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');
const byPath = new Map(ROUTE_CATALOGUE.map((route) => [route.path, route]));

type SpecRoute = { path: string; authority: string | null | undefined };

function specRoutes(): SpecRoute[] {
  const found: SpecRoute[] = [];
  for (const line of section2.split('\n')) {
    if (/Each stage has a list route|path under|Under `/.test(line)) continue;
    for (const clause of line.split(/;|\.\s/)) {
      const tokens = [
        ...clause.matchAll(new RegExp(`\`(/[^\`]*|\\.\\.\\.[^\`]*)\`|\\((?:both )?(${CODE.source})[;)]`, 'g')),
      ];
      const paths: string[] = [];
      let first: string | undefined;
      for (const token of tokens) {
        if (token[1]) {
          const raw = token[1].startsWith('...') ? `${first}${token[1].slice(3)}` : token[1];
          first ??= raw;
          paths.push(normalise(raw));
        } else if (token[2]) {
          for (const p of paths.splice(0)) found.push({ path: p, authority: token[2] });
        }
      }
      const isOpen = /\((no permission|none)\)|no authority/.test(clause);
      for (const p of paths) found.push({ path: p, authority: isOpen ? null : undefined });
    }
  }
  return found;
}

function stageRoutes(): SpecRoute[] {
  const found: SpecRoute[] = [];
  for (const line of section2.split('\n')) {
    const prefix = line.startsWith('- RepoInitiate') ? '/Repo' : line.startsWith('- SarfInitiate') ? '/Sarf' : null;
    if (!prefix) continue;
    for (const match of line.matchAll(/([A-Za-z&]+) \(([^)]*)\)/g)) {
      const [, name, inside] = match;
      const code = inside!.match(CODE)?.[0];
      const isEmptyList = inside!.includes('list has an empty permission');
      const detail =
        name === 'RepoInitiate' || name === 'SarfInitiate'
          ? '/account/:accountid'
          : '/caseid/:caseid/account/:accountid';
      found.push({ path: `${prefix}/${name}`, authority: isEmptyList ? null : code });
      found.push({ path: `${prefix}/${name}${detail}`, authority: code });
    }
  }
  const cmd = section2.split('\n').find((line) => line.includes('all needing ACTIVE_INACTIVE_SAUTH'));
  for (const name of cmd!.split(':')[1]!.split(',')) {
    found.push({ path: `/cmdCenter/${name.replace(/\(.*\)|\./g, '').trim()}`, authority: 'ACTIVE_INACTIVE_SAUTH' });
  }
  return found;
}

describe('route catalogue', () => {
  it('has every route path the specification names, with its authority', () => {
    const expected = [...specRoutes(), ...stageRoutes()];
    expect(expected.length).toBeGreaterThan(200);
    for (const { path: routePath, authority } of expected) {
      const entry = byPath.get(routePath);
      expect(entry, `catalogue lacks ${routePath}`).toBeDefined();
      if (authority !== undefined) expect(entry!.authority, routePath).toBe(authority);
    }
  });

  it('knows every authority code of the specification and uses each one', () => {
    const inSpec = new Set(section2.match(new RegExp(CODE.source, 'g')));
    expect(new Set(ALL_AUTHORITY_CODES)).toEqual(inSpec);
    const used = new Set(ROUTE_CATALOGUE.map((route) => route.authority).filter(Boolean));
    expect(used).toEqual(inSpec);
  });

  it('has unique paths and unique names', () => {
    expect(new Set(ROUTE_CATALOGUE.map((r) => r.path)).size).toBe(ROUTE_CATALOGUE.length);
    expect(new Set(ROUTE_CATALOGUE.map((r) => r.name)).size).toBe(ROUTE_CATALOGUE.length);
  });

  it('links every detail route to an existing list route', () => {
    const names = new Set(ROUTE_CATALOGUE.map((r) => r.name));
    for (const route of ROUTE_CATALOGUE.filter((r) => r.kind === 'detail' && r.listName)) {
      expect(names.has(route.listName!), route.path).toBe(true);
    }
  });

  it('matches concrete paths case-sensitively, as the spec spells them', () => {
    expect(matchRoute('/collapp/telecaller/account/42')?.name).toBe('telecallerDetail');
    expect(matchRoute('/legalRejectReview/caseid/7/account/9')?.authority).toBe('LEGAL_REJECT_TRAY_SAUTH');
    expect(matchRoute('/LegalRejectReview/caseid/7/account/9')?.authority).toBe('LEGAL_REJECT_TRAY_SAUTH');
    expect(matchRoute('/Sarf/Publication&Upload')?.authority).toBe('SARF_PUB_UPLOAD_SAUTH');
    expect(matchRoute('/Sarf/BatchGen')?.authority).toBeNull();
    expect(matchRoute('/Sarf/BatchGen/caseid/1/account/2')?.authority).toBe('AUC_BATCH_GEN_SAUTH');
    expect(matchRoute('/legal')?.name).toBe('legalDashboard');
    expect(matchRoute('/Legal')?.name).toBe('legalRoot');
    expect(matchRoute('/nowhere')).toBeUndefined();
  });

  it('derives body ids and tab names as spec §2.1 says', () => {
    expect(bodyIdFromPath('/collapp/telecaller')).toBe('collapp-telecaller');
    expect(bodyIdFromPath('/')).toBe('root');
    expect(tabViewName('telecaller')).toBe('telecaller_tabView');
  });
});
