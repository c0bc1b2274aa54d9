import { findTray, type TrayDefinition } from '@recovery-desk/domain/collections/trays.ts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/i18n.ts';
import { translateWithParams } from '../../lib/i18n/dynamic-key.ts';
import {
  defaultTrayState,
  pageMove,
  parseTrayState,
  serializeTrayState,
  shownRange,
  trayApiQuery,
  trayExportQuery,
  validateFilters,
  type FilterDraft,
  type TrayState,
  filtersOf,
  draftOf,
} from './tray-state.ts';

function tray(key: string): TrayDefinition {
  const found = findTray(key);
  if (!found) throw new Error(key);
  return found;
}

const escalations = tray('escalcases');
const telecaller = tray('telecaller');

const DRAFT: FilterDraft = {
  dpdFrom: '',
  dpdTo: '',
  overdueFrom: '',
  overdueTo: '',
  overdueCurrency: 'INR',
  products: [],
  q: '',
};

function english(draft: Partial<FilterDraft>): Record<string, string> {
  const t = i18n.getFixedT('en');
  const errors = validateFilters({ ...DRAFT, ...draft });
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, translateWithParams(t, message.key, message.params)]),
  );
}

describe('tray state ⇄ URL', () => {
  it('round-trips every part of the state through the search params', () => {
    const state: TrayState = {
      view: 'my', // escalated cases open in Team View, so My View is the non-default to carry
      searchView: 'historicEscalation',
      dpdFrom: 31,
      dpdTo: 60,
      overdueFrom: '1000',
      overdueTo: '250000.50',
      overdueCurrency: 'USD',
      products: ['AUTO', 'HOME'],
      q: 'Kulkarni',
      sort: 'raisedOn',
      order: 'desc',
      pageSize: 50,
      cursor: 'WyJyYWlzZWRPbiIsImRlc2MiLCIyMDI1LTEwLTAxIiw0Ml0',
      direction: 'next',
      from: 51,
    };
    const params = serializeTrayState(state, escalations);
    expect(Object.fromEntries(params)).toEqual({
      view: 'my',
      searchView: 'historicEscalation',
      dpdFrom: '31',
      dpdTo: '60',
      overdueFrom: '1000',
      overdueTo: '250000.50',
      overdueCurrency: 'USD',
      products: 'AUTO,HOME',
      q: 'Kulkarni',
      sort: 'raisedOn',
      order: 'desc',
      pageSize: '50',
      direction: 'next',
      cursor: state.cursor,
      from: '51',
    });
    expect(parseTrayState(new URLSearchParams(params.toString()), escalations)).toEqual(state);
  });

  it('leaves defaults out of the address and reads an empty address as the defaults', () => {
    expect(serializeTrayState(defaultTrayState(escalations), escalations).toString()).toBe('');
    expect(parseTrayState(new URLSearchParams(), escalations)).toEqual(defaultTrayState(escalations));
    expect(defaultTrayState(escalations).searchView).toBe('currentEscalation');
    expect(defaultTrayState(telecaller).searchView).toBeNull();
  });

  it('opens supervisor trays in Team View and keeps an explicit My View in the address', () => {
    const manualalloc = findTray('manualalloc')!;
    const telecaller = findTray('telecaller')!;
    expect(parseTrayState(new URLSearchParams(''), manualalloc).view).toBe('team');
    expect(parseTrayState(new URLSearchParams(''), telecaller).view).toBe('my');
    const mine = { ...parseTrayState(new URLSearchParams(''), manualalloc), view: 'my' as const };
    expect(serializeTrayState(mine, manualalloc).get('view')).toBe('my');
    expect(parseTrayState(serializeTrayState(mine, manualalloc), manualalloc).view).toBe('my');
  });

  it('forgives bad values: each falls back to its default', () => {
    const state = parseTrayState(
      new URLSearchParams(
        'view=all&searchView=nope&dpdFrom=abc&dpdTo=-5&overdueFrom=1e5&products=AUTO,BOGUS,AUTO&sort=product&order=up&pageSize=7&direction=sideways&from=0',
      ),
      escalations,
    );
    // A product list the server would refuse (BOGUS) is dropped whole, like every other refused value.
    expect(state).toEqual(defaultTrayState(escalations));
    expect(parseTrayState(new URLSearchParams('products=AUTO,AUTO'), escalations).products).toEqual(['AUTO']);
  });

  it('drops a value the server schema refuses across keys (DPD to below DPD from) and an over-long search', () => {
    const state = parseTrayState(new URLSearchParams(`dpdFrom=90&dpdTo=30&q=${'x'.repeat(61)}`), telecaller);
    expect(state).toMatchObject({ dpdFrom: 90, dpdTo: null, q: '' });
  });

  it('starts at the first page when a next/prev position has no cursor', () => {
    const state = parseTrayState(new URLSearchParams('direction=next&from=26'), telecaller);
    expect(state.direction).toBe('first');
    expect(state.from).toBe(1);
  });

  it('builds the API query the contract expects (cursor only when paging next/prev, no display position)', () => {
    const state = parseTrayState(new URLSearchParams('dpdFrom=31&dpdTo=60&products=AUTO&direction=last'), telecaller);
    const query = Object.fromEntries(trayApiQuery(state));
    expect(query).toEqual({
      view: 'my',
      dpdFrom: '31',
      dpdTo: '60',
      products: 'AUTO',
      pageSize: '25',
      direction: 'last',
    });
    const exported = Object.fromEntries(trayExportQuery({ ...state, direction: 'next', cursor: 'abc' }));
    expect(exported).toEqual({ view: 'my', dpdFrom: '31', dpdTo: '60', products: 'AUTO' });
  });
});

describe('filter validation messages', () => {
  it('accepts an empty form and a consistent one', () => {
    expect(english({})).toEqual({});
    expect(english({ dpdFrom: '31', dpdTo: '60', overdueFrom: '100', overdueTo: '100' })).toEqual({});
  });

  it('names the field whose range is reversed', () => {
    expect(english({ dpdFrom: '61', dpdTo: '30' })).toEqual({ dpdTo: 'DPD to must be at least DPD from' });
    expect(english({ overdueFrom: '5000', overdueTo: '100' })).toEqual({
      overdueTo: 'Overdue to must be at least overdue from',
    });
  });

  it('keeps the currency of the overdue bounds only with a bound, and INR out of the address', () => {
    expect(filtersOf({ ...DRAFT, overdueCurrency: 'USD' }).overdueCurrency).toBeNull();
    expect(filtersOf({ ...DRAFT, overdueFrom: '10.5', overdueCurrency: 'USD' }).overdueCurrency).toBe('USD');
    expect(filtersOf({ ...DRAFT, overdueTo: '10', overdueCurrency: 'INR' }).overdueCurrency).toBeNull();
    expect(draftOf({ ...filtersOf(DRAFT), overdueFrom: '5', overdueCurrency: 'USD' }).overdueCurrency).toBe('USD');
    expect(draftOf(filtersOf(DRAFT)).overdueCurrency).toBe('INR');
  });

  it('uses the spec messages for digits and length', () => {
    expect(english({ dpdFrom: '3a' })).toEqual({ dpdFrom: 'Only numbers are allowed' });
    expect(english({ overdueTo: '12.345' })).toEqual({ overdueTo: 'Only numbers are allowed' });
    expect(english({ dpdTo: '100001' })).toEqual({ dpdTo: 'DPD can be at most 100000' });
    expect(english({ q: 'x'.repeat(61) })).toEqual({ q: 'This field requires a maximum length of 60' });
  });
});

describe('keyset positions', () => {
  const base = { ...defaultTrayState(telecaller), pageSize: 25 as const };

  it('counts the first page from 1 and moves next by the rows shown', () => {
    const range = shownRange(base, { rowCount: 25, count: 60, hasPrev: false, hasNext: true });
    expect(range).toEqual({ from: 1, to: 25, page: 1 });
    const next = pageMove(base, 'next', { rowCount: 25, count: 60, nextCursor: 'n1', prevCursor: null, shownFrom: 1 });
    expect(next).toMatchObject({ direction: 'next', cursor: 'n1', from: 26 });
    expect(shownRange(next, { rowCount: 25, count: 60, hasPrev: true, hasNext: true })).toEqual({
      from: 26,
      to: 50,
      page: 2,
    });
  });

  it('shows the last page as the final rows, and Prev from there as the rows before them', () => {
    const last = pageMove(base, 'last', { rowCount: 25, count: 60, nextCursor: 'n', prevCursor: null, shownFrom: 1 });
    expect(last).toMatchObject({ direction: 'last', cursor: null, from: 36 });
    // The server's last page is the final `pageSize` rows: 36–60.
    const lastRange = shownRange(last, { rowCount: 25, count: 60, hasPrev: true, hasNext: false });
    expect(lastRange).toEqual({ from: 36, to: 60, page: 3 });
    const prev = pageMove(last, 'prev', { rowCount: 25, count: 60, nextCursor: null, prevCursor: 'p', shownFrom: 36 });
    expect(prev).toMatchObject({ direction: 'prev', cursor: 'p', from: 11 });
    expect(shownRange(prev, { rowCount: 25, count: 60, hasPrev: true, hasNext: true })).toEqual({
      from: 11,
      to: 35,
      page: 2,
    });
    // Reaching the start again (no previous cursor) is row 1, whatever the address says.
    expect(shownRange(prev, { rowCount: 10, count: 60, hasPrev: false, hasNext: true }).from).toBe(1);
  });

  it('shows nothing for an empty tray', () => {
    expect(shownRange(base, { rowCount: 0, count: 0, hasPrev: false, hasNext: false })).toEqual({
      from: 0,
      to: 0,
      page: 1,
    });
  });
});
