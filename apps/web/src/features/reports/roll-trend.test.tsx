import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../lib/session-store.ts';
import { jsonResponse, signedInSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { RollTrendChart } from './roll-trend.tsx';

describe('Roll rates month by month', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStore.set(signedInSession()));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('draws the monthly roll-forward and roll-back rates for the report’s unit and product', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(String(input));
        return jsonResponse(200, {
          months: [
            { month: '2026-02', accounts: 40, rolledForward: 10, rolledBack: 4, rollForwardBp: 2500, rollBackBp: 1000 },
            { month: '2026-03', accounts: 0, rolledForward: 0, rolledBack: 0, rollForwardBp: null, rollBackBp: null },
          ],
        });
      }),
    );
    renderWithProviders(<RollTrendChart unitId={9} product="HOME" />);
    expect(await screen.findByRole('img', { name: 'Roll rates month by month' })).toBeTruthy();
    expect(urls).toEqual(['/api/collections/reports/rollRates/trend?unitId=9&product=HOME']);
    expect(screen.getByTestId('roll-trend-chart').textContent).toContain('25 %');
  });
});
