import { trayQuerySchema } from '@recovery-desk/domain/collections/contracts.ts';
import { documentsQuerySchema } from '@recovery-desk/domain/legal/contracts.ts';
import { stageTrayQuerySchema } from '@recovery-desk/domain/workflow/contracts.ts';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiQueryOf, parseUrlState, serializeUrlState, useUrlState, type UrlStateDefinition } from './url-state.ts';

type Stage = {
  view: 'my' | 'team';
  tab: string;
  q: string;
  dpdFrom: number | null;
  dpdTo: number | null;
  products: string[];
  overdueOnly: boolean;
  sort: string | null;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

const STAGE: UrlStateDefinition<Stage> = {
  schema: stageTrayQuerySchema,
  defaults: {
    view: 'team',
    tab: 'rejected',
    q: '',
    dpdFrom: null,
    dpdTo: null,
    products: [],
    overdueOnly: false,
    sort: null,
    order: 'asc',
    page: 1,
    pageSize: 25,
  },
  fixed: { searchView: 'initiatelegal' },
  companions: { order: 'sort' },
  constrain: (state) => (state.sort === 'dpd' || state.sort === null ? state : { ...state, sort: null }),
};

describe('URL state from the server query schema', () => {
  it("an empty address is the screen's defaults (not the schema's), and defaults stay out of the address", () => {
    const state = parseUrlState(STAGE, new URLSearchParams());
    expect(state).toEqual(STAGE.defaults);
    expect(serializeUrlState(STAGE, state).toString()).toBe('searchView=initiatelegal');
  });

  it('a value the server would refuse falls back to its default instead of failing', () => {
    const state = parseUrlState(
      STAGE,
      new URLSearchParams(
        'view=all&tab=closed&dpdFrom=-1&dpdTo=abc&products=AUTO,BOAT&overdueOnly=maybe&page=0&pageSize=7&order=up&q=' +
          'x'.repeat(61),
      ),
    );
    expect(state).toEqual(STAGE.defaults);
  });

  it('applies the rules across keys of the schema (DPD to below DPD from is dropped) and the screen rules', () => {
    const state = parseUrlState(STAGE, new URLSearchParams('dpdFrom=90&dpdTo=30&sort=status&order=desc'));
    expect(state).toMatchObject({ dpdFrom: 90, dpdTo: null, sort: null });
  });

  it('round-trips a state through the address, with the schema types (numbers, lists, booleans)', () => {
    const state: Stage = {
      view: 'my',
      tab: 'approved',
      q: 'Kulkarni',
      dpdFrom: 31,
      dpdTo: 60,
      products: ['AUTO', 'PERSONAL'],
      overdueOnly: true,
      sort: 'dpd',
      order: 'asc',
      page: 3,
      pageSize: 50,
    };
    const params = serializeUrlState(STAGE, state);
    // The order of a sort travels with it, even at its default.
    expect(params.get('order')).toBe('asc');
    expect(params.get('products')).toBe('AUTO,PERSONAL');
    expect(parseUrlState(STAGE, new URLSearchParams(params.toString()))).toEqual(state);
  });

  it('builds an API query the server schema accepts, without client-only keys', () => {
    const definition: UrlStateDefinition<{ view: 'my' | 'team'; dpdFrom: number | null; from: number }> = {
      schema: trayQuerySchema,
      defaults: { view: 'my', dpdFrom: null, from: 1 },
      clientKeys: { from: z.coerce.number().int().min(1) },
    };
    const state = parseUrlState(definition, new URLSearchParams('dpdFrom=5&from=26'));
    expect(state).toEqual({ view: 'my', dpdFrom: 5, from: 26 });
    const query = apiQueryOf(definition, state);
    expect(Object.fromEntries(query)).toEqual({ view: 'my', dpdFrom: '5' });
    expect(trayQuerySchema.safeParse(Object.fromEntries(query)).success).toBe(true);
    expect(serializeUrlState(definition, state).toString()).toBe('dpdFrom=5&from=26');
  });

  it('reads dates and free text by the schema (documents list)', () => {
    const definition: UrlStateDefinition<{ q: string; from: string; page: number }> = {
      schema: documentsQuerySchema,
      defaults: { q: '', from: '', page: 1 },
    };
    expect(parseUrlState(definition, new URLSearchParams('q=LGL&from=2026-02-30&page=2'))).toEqual({
      q: 'LGL',
      from: '',
      page: 2,
    });
    expect(parseUrlState(definition, new URLSearchParams('from=2026-02-28')).from).toBe('2026-02-28');
  });

  it('useUrlState reads the address and writes each change as a new address', () => {
    let location = '';
    function Spy() {
      location = useLocation().search;
      return null;
    }
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/list?page=2&dpdFrom=bad']}>
        {children}
        <Spy />
      </MemoryRouter>
    );
    const { result } = renderHook(() => useUrlState(STAGE), { wrapper });
    expect(result.current[0]).toMatchObject({ page: 2, dpdFrom: null });
    act(() => result.current[1]({ ...result.current[0], page: 1, dpdFrom: 30 }));
    expect(result.current[0]).toMatchObject({ page: 1, dpdFrom: 30 });
    expect(location).toBe('?searchView=initiatelegal&dpdFrom=30');
  });
});
