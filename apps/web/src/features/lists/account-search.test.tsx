import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../lib/session-store.ts';
import { jsonResponse, signedInSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { AccountSearch } from './account-search.tsx';

// The header's account search loads its search on first focus and keeps what was typed and the focus
// (docs/architecture.md, "Page weight").
function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe('the account search', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('takes over from the light box with the typed text and the focus, searches and opens a hit', async () => {
    sessionStore.set(signedInSession());
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      expect(String(input)).toContain('/api/search/accounts');
      return jsonResponse(200, {
        openTray: 'telecaller',
        hits: [
          {
            accountId: 42,
            accountNo: 'CCAND0000000042',
            customerName: 'Ravi Kumar',
            maskedPan: null,
            product: 'AUTO',
            dpd: 31,
            unitName: 'Andheri Branch',
            matchedBy: 'accountNo',
          },
        ],
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <>
        <AccountSearch />
        <Where />
      </>,
      { path: '*', url: '/collapp' },
    );
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search accounts' });
    await user.click(box);
    await user.keyboard('CCAND42');
    const hit = await screen.findByRole('option', { name: /^Open account CCAND0000000042 of Ravi Kumar/ });
    const searchBox = screen.getByRole('searchbox', { name: 'Search accounts' });
    expect(searchBox).toHaveProperty('value', 'CCAND42');
    expect(document.activeElement).toBe(searchBox);
    await user.click(hit);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toMatch(/\/account\/42$/));
  });
});
