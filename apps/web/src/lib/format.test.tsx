import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateInput, maskDate } from '../components/form/date-input.tsx';
import { AccountView } from '../features/collections/account/account-view.tsx';
import { accountView, DISPOSITIONS_REPLY, stubApi } from '../features/collections/test/collections-fixtures.ts';
import { formatAmount, formatBusinessDate, formatDateTime, numberFormat } from './format.ts';
import { changeLanguage } from './i18n/i18n.ts';
import { clearSession, sessionStore } from './session-store.ts';
import { jsonResponse, signedInSession } from '../test/fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';
import { parseDate } from '@recovery-desk/i18n/format.ts';

// Dates, numbers and amounts follow the interface language, one form per language, on every screen.
const LANGUAGES = ['en', 'hi', 'ar', 'de'] as const;
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;

describe('the formatting module', () => {
  it('writes one date form per language, never ISO, and reads it back', () => {
    expect(LANGUAGES.map((language) => formatBusinessDate('2026-11-25', language))).toEqual([
      '25/11/2026',
      '25/11/2026',
      '25/11/2026',
      '25.11.2026',
    ]);
    for (const language of LANGUAGES) {
      expect(parseDate(formatBusinessDate('2026-11-06', language), language)).toBe('2026-11-06');
      expect(formatDateTime('2026-11-25T08:35:00Z', language)).not.toMatch(ISO_DATE);
      expect(formatDateTime('2026-11-25T08:35:00Z', language)).toContain('14:05');
    }
    expect(parseDate('31/02/2026', 'en')).toBeNull();
    expect(parseDate('6.10.2026', 'de')).toBe('2026-10-06');
  });

  it('writes amounts and numbers in the language (German 5.830,00 $, not $5,830.00)', () => {
    expect(formatAmount('5830', 'USD', 'de')).toBe('5.830,00\u00a0$');
    expect(formatAmount('5830', 'USD', 'en')).toBe('$5,830.00');
    expect(formatAmount('583000.5', 'INR', 'en')).toBe('₹5,83,000.50');
    expect(formatAmount('583000.5', 'INR', 'de')).toBe('583.000,50\u00a0₹');
    expect(numberFormat('de').format(1234567)).toBe('1.234.567');
    expect(numberFormat('hi').format(1234567)).toBe('12,34,567');
  });
});

describe('the date input of the form kit', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  function Harness({ initial }: { initial: string }) {
    const [value, setValue] = useState(initial);
    return (
      <>
        <DateInput label="Next action date" value={value} onChange={setValue} />
        <output data-testid="value">{value}</output>
      </>
    );
  }

  it('masks typed digits in the language form', () => {
    expect(maskDate('25112026', 'de')).toBe('25.11.2026');
    expect(maskDate('2511', 'en')).toBe('25/11/');
    expect(maskDate('6/1/2026', 'en')).toBe('6/1/2026');
  });

  it.each([
    ['en', '16/11/2026', 'DD/MM/YYYY'],
    ['de', '16.11.2026', 'TT.MM.JJJJ'],
    ['ar', '16/11/2026', 'DD/MM/YYYY'],
  ] as const)('in %s shows %s with the hint %s, and reads typed dates as ISO', async (language, shown, hint) => {
    await changeLanguage(language);
    renderWithProviders(<Harness initial="2026-11-16" />);
    const input = screen.getByLabelText('Next action date') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.value).toBe(shown);
    expect(input.placeholder).toBe(hint);
    fireEvent.change(input, { target: { value: '01122026' } });
    expect(screen.getByTestId('value').textContent).toBe('2026-12-01');
    fireEvent.change(input, { target: { value: '' } });
    expect(screen.getByTestId('value').textContent).toBe('');
  });

  it('has a calendar that picks a date', async () => {
    renderWithProviders(<Harness initial="2026-11-16" />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose a date from the calendar' }));
    // the calendar's popover loads on the first press (components/on-demand-popover.tsx)
    const grid = await screen.findByRole('grid', {}, { timeout: 10_000 });
    expect(within(grid).getByRole('button', { name: '16/11/2026' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(grid).getByRole('button', { name: '20/11/2026' }));
    expect(screen.getByTestId('value').textContent).toBe('2026-11-20');
    expect((screen.getByLabelText('Next action date') as HTMLInputElement).value).toBe('20/11/2026');
  });
});

describe('the account screen in each language', () => {
  beforeEach(() => {
    sessionStore.set(signedInSession());
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    clearSession();
    await changeLanguage('en');
  });

  it.each(LANGUAGES)('shows no ISO date and no number in another language’s form (%s)', async (language) => {
    await changeLanguage(language);
    stubApi([
      { match: /\/api\/collections\/accounts\/501\?tray=telecaller$/, reply: () => jsonResponse(200, accountView()) },
      { match: /\/api\/collections\/dispositions$/, reply: () => jsonResponse(200, DISPOSITIONS_REPLY) },
    ]);
    const { container } = renderWithProviders(
      <AccountView trayKey="telecaller" accountId="501" title="Telecaller Account" />,
      { path: '/collapp/telecaller/account/:accountid', url: '/collapp/telecaller/account/501' },
    );
    const header = await screen.findByTestId('account-header');
    // Each tab's panel in turn (Account, Address, Contact, Follow-up), its text gathered.
    let text = '';
    for (const index of [0, 2, 3, 7]) {
      fireEvent.click(screen.getAllByRole('tab')[index]!);
      await screen.findByRole('tabpanel');
      text += container.textContent ?? '';
    }
    expect(text).not.toMatch(ISO_DATE);
    expect(header.textContent).toContain(formatAmount('29000', 'INR', language));
    if (language === 'de') expect(text).not.toMatch(/₹\d{1,3}(,\d{2,3})*\.\d{2}/);
    else expect(text).not.toMatch(/\d{1,3}(\.\d{3})+,\d{2}/);
    // Codes of the data read as value labels, not as RESIDENCE / SELF / PRIMARY.
    expect(text).not.toMatch(/\b(RESIDENCE|PRIMARY|SELF)\b/);
  });
});
