import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse, signedInSession } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { AccountViewData, DispositionOption } from '../api/collections-api.ts';
import { accountView, DISPOSITIONS_REPLY, stubApi } from '../test/collections-fixtures.ts';
import { FollowUpForm } from './follow-up-form.tsx';

// 06:00 UTC is 11:30 in Mumbai (inside 08:00–19:00); 15:00 UTC is 20:30 (outside).
const INSIDE = () => new Date('2025-11-03T06:00:00Z');
const OUTSIDE = () => new Date('2025-11-03T15:00:00Z');
const OVERRIDE_LABEL = /Reason for calling outside 08:00–19:00/;

const VIEW = accountView() as unknown as AccountViewData;
const DISPOSITIONS = DISPOSITIONS_REPLY.data as DispositionOption[];

function renderForm(clock: () => Date, onSaved = vi.fn(), view: AccountViewData = VIEW) {
  renderWithProviders(
    <FollowUpForm
      view={view}
      trayKey="telecaller"
      dispositions={DISPOSITIONS}
      businessDate="2025-11-03"
      onSaved={onSaved}
      clock={clock}
    />,
  );
  return onSaved;
}

function choose(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function type(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function save() {
  fireEvent.click(screen.getByRole('button', { name: 'Save follow-up' }));
}

const followUpReply = {
  followUp: { ...accountView().followUps[0], id: 901 },
  ptp: null,
};

describe('FollowUpForm', () => {
  beforeEach(() => {
    sessionStore.set(signedInSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('a PTP disposition makes the action amount and next action date mandatory', async () => {
    const api = stubApi([
      { method: 'POST', match: /\/follow-ups\?tray=telecaller$/, reply: () => jsonResponse(200, followUpReply) },
    ]);
    const onSaved = renderForm(INSIDE);
    choose(/^Contact mode/, 'CALL');
    choose(/^Disposition/, 'PTP');
    expect((screen.getByLabelText(/^Action amount/) as HTMLInputElement).required).toBe(true);
    expect((screen.getByLabelText(/^Next action date/) as HTMLInputElement).required).toBe(true);
    save();
    expect(await screen.findByText('Please fill mandatory fields')).toBeTruthy();
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(api.calls).toHaveLength(0);

    type(/^Action amount/, '15,000');
    type(/^Next action date/, '2025-11-06');
    save();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.body).toEqual({
      contactMode: 'CALL',
      dispositionCode: 'PTP',
      actionAmount: '15000',
      nextActionDate: '2025-11-06',
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(toastStore.get().toasts[0]?.message).toBe('The follow-up has been recorded.');
  });

  it('other dispositions need neither, and a PTP date before the business date is refused', async () => {
    const api = stubApi([{ method: 'POST', match: /\/follow-ups/, reply: () => jsonResponse(200, followUpReply) }]);
    renderForm(INSIDE);
    choose(/^Contact mode/, 'SMS');
    choose(/^Disposition/, 'RNR');
    expect((screen.getByLabelText(/^Action amount/) as HTMLInputElement).required).toBe(false);
    type(/^Next action date/, '2025-11-01');
    save();
    expect(await screen.findByText('Date should be on or after 03/11/2025')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    type(/^Next action date/, '');
    save();
    await waitFor(() => expect(api.calls[0]?.body).toEqual({ contactMode: 'SMS', dispositionCode: 'RNR' }));
  });

  it('asks for the reason only for a call outside 08:00–19:00 of the borrower, and sends it', async () => {
    const api = stubApi([{ method: 'POST', match: /\/follow-ups/, reply: () => jsonResponse(200, followUpReply) }]);
    renderForm(OUTSIDE);
    expect(screen.queryByLabelText(OVERRIDE_LABEL)).toBeNull();
    choose(/^Contact mode/, 'CALL');
    expect(screen.getByLabelText(OVERRIDE_LABEL)).toBeTruthy();
    expect(screen.getByText(/RBI rules on recovery agents forbid calls outside these hours/)).toBeTruthy();
    choose(/^Contact mode/, 'SMS');
    expect(screen.queryByLabelText(OVERRIDE_LABEL)).toBeNull();

    choose(/^Contact mode/, 'CALL');
    choose(/^Disposition/, 'RNR');
    save();
    expect(await screen.findByText('Please fill mandatory fields')).toBeTruthy();
    type(OVERRIDE_LABEL, 'late');
    save();
    expect(await screen.findByText('This field requires a minimum length of 10')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    type(OVERRIDE_LABEL, 'Borrower asked for a call back after work');
    save();
    await waitFor(() =>
      expect(api.calls[0]?.body).toEqual({
        contactMode: 'CALL',
        dispositionCode: 'RNR',
        callingWindowOverride: 'Borrower asked for a call back after work',
      }),
    );
  });

  it('inside the window a call has no override field', () => {
    renderForm(INSIDE);
    choose(/^Contact mode/, 'CALL');
    expect(screen.queryByLabelText(OVERRIDE_LABEL)).toBeNull();
  });

  it('shows the override field when the server (its own clock) asks for it', async () => {
    stubApi([
      {
        method: 'POST',
        match: /\/follow-ups/,
        reply: () =>
          jsonResponse(400, {
            error_code: 'VALIDATION_FAILED',
            detail: 'Invalid input',
            fields: [{ field: 'callingWindowOverride', message: 'a call outside 08:00–19:00 needs a reason' }],
          }),
      },
    ]);
    renderForm(INSIDE);
    choose(/^Contact mode/, 'CALL');
    choose(/^Disposition/, 'RNR');
    save();
    expect(await screen.findByLabelText(OVERRIDE_LABEL)).toBeTruthy();
    expect(screen.getByText('a call outside 08:00–19:00 needs a reason')).toBeTruthy();
  });

  it('says when the PTP went to a supervisor as a deviation', async () => {
    stubApi([
      {
        method: 'POST',
        match: /\/follow-ups/,
        reply: () =>
          jsonResponse(200, {
            ...followUpReply,
            ptp: { ptpId: 3, deviationStatus: 'PENDING', deviationReasons: ['BEYOND_HORIZON'] },
          }),
      },
    ]);
    renderForm(INSIDE);
    choose(/^Contact mode/, 'CALL');
    choose(/^Disposition/, 'PTP');
    type(/^Action amount/, '500');
    type(/^Next action date/, '2025-12-30');
    type(/^Reason for the deviation/, 'Bonus is paid at year end');
    save();
    await waitFor(() =>
      expect(toastStore.get().toasts[0]?.message).toBe(
        'PTP is outside policy and has been sent for supervisor approval',
      ),
    );
  });

  it('WN (wrong number) needs the contact that was wrong', async () => {
    const api = stubApi([{ method: 'POST', match: /\/follow-ups/, reply: () => jsonResponse(200, followUpReply) }]);
    renderForm(INSIDE);
    choose(/^Contact mode/, 'CALL');
    choose(/^Disposition/, 'WN');
    save();
    expect(await screen.findByText('Please fill mandatory fields')).toBeTruthy();
    choose(/^Contact\s*\*?$/, '21');
    save();
    await waitFor(() => expect(api.calls[0]?.body).toMatchObject({ dispositionCode: 'WN', contactId: 21 }));
  });

  it('refuses a promise above the total due before it is sent, naming the total due', async () => {
    const api = stubApi([{ method: 'POST', match: /\/follow-ups/, reply: () => jsonResponse(200, followUpReply) }]);
    renderForm(INSIDE);
    choose(/^Contact mode/, 'CALL');
    choose(/^Disposition/, 'PTP');
    type(/^Action amount/, '999999999');
    type(/^Next action date/, '2025-11-06');
    save();
    expect(await screen.findByText('A promise cannot be more than the total due amount ₹29,000.00.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    // The total due itself is a promise within policy.
    type(/^Action amount/, '29000');
    save();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.body).toMatchObject({ actionAmount: '29000' });
    expect(api.calls[0]?.body).not.toHaveProperty('deviationReason');
  });

  it('asks for the deviation reason when the promise lies beyond the policy horizon, and sends it', async () => {
    const api = stubApi([{ method: 'POST', match: /\/follow-ups/, reply: () => jsonResponse(200, followUpReply) }]);
    renderForm(INSIDE);
    choose(/^Contact mode/, 'CALL');
    choose(/^Disposition/, 'PTP');
    type(/^Action amount/, '15000');
    type(/^Next action date/, '2025-11-18');
    expect(screen.queryByLabelText(/^Reason for the deviation/)).toBeNull();
    // Seven months ahead: beyond the 15 days of bucket 31–60.
    type(/^Next action date/, '2026-06-03');
    expect(screen.getByTestId('ptp-deviation').textContent).toContain('at most 15 days ahead');
    expect(screen.getByTestId('ptp-deviation').textContent).toContain('Outside the policy: Beyond the allowed horizon');
    expect((screen.getByLabelText(/^Reason for the deviation/) as HTMLTextAreaElement).required).toBe(true);
    save();
    expect(await screen.findByText('Please fill mandatory fields')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    type(/^Reason for the deviation/, 'Harvest money comes in June');
    save();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.body).toMatchObject({
      actionAmount: '15000',
      nextActionDate: '2026-06-03',
      deviationReason: 'Harvest money comes in June',
    });
  });

  it('takes cents in a USD amount, and no more decimals than the currency has', async () => {
    const base = accountView();
    const usd = {
      ...base,
      account: { ...base.account, currency: 'USD', totalDueAmount: '5927.59', emiAmount: '500.00' },
    };
    const api = stubApi([{ method: 'POST', match: /\/follow-ups/, reply: () => jsonResponse(200, followUpReply) }]);
    renderForm(INSIDE, vi.fn(), usd as unknown as AccountViewData);
    choose(/^Contact mode/, 'CALL');
    choose(/^Disposition/, 'PTP');
    expect(screen.getByText('Amount in USD, up to 2 decimals.')).toBeTruthy();
    type(/^Action amount/, '1250.755');
    expect((screen.getByLabelText(/^Action amount/) as HTMLInputElement).value).toBe('1250.75');
    type(/^Next action date/, '2025-11-06');
    save();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.body).toMatchObject({ actionAmount: '1250.75' });
  });
});
