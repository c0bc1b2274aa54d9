import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../lib/session-store.ts';
import { toastStore } from '../../lib/toast-store.ts';
import { jsonResponse, signedInSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { AllocationRulesSection } from './allocation-rules.tsx';

type Call = { method: string; url: string; body: unknown };

function stubFetch(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url: String(input),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

const rule = (overrides: Record<string, unknown> = {}) => ({
  id: 3,
  unitId: 7,
  unitCode: 'BR-AND',
  priority: 1,
  product: 'PERSONAL',
  bucket: 'B1',
  pinCodePrefix: '400',
  userId: 21,
  collectorName: 'Tara Thane',
  collectorUsername: 'tc.thane',
  collectorOk: true,
  capacity: 40,
  held: 12,
  isActive: true,
  version: 2,
  updatedAt: '2026-03-30T10:00:00.000Z',
  updatedBy: 'Admin West',
  ...overrides,
});

const form = {
  units: [
    { id: 5, unitCode: 'RG-MUM', name: 'Mumbai region', path: '/1/5/' },
    { id: 7, unitCode: 'BR-AND', name: 'Andheri branch', path: '/1/5/7/' },
  ],
  collectors: [
    { id: 21, name: 'Tara Thane', username: 'tc.thane', unitCode: 'BR-AND', unitPath: '/1/5/7/' },
    { id: 22, name: 'Farid Field', username: 'fc.andheri', unitCode: 'BR-AND', unitPath: '/1/5/7/' },
    { id: 23, name: 'Gita Region', username: 'tc.region', unitCode: 'RG-MUM', unitPath: '/1/5/' },
  ],
};

const page = (rows: unknown[]) => ({ rows, total: rows.length, page: 1, pageSize: 10 });

describe('Allocation rules on the Day Start screen', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStore.set(signedInSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('lists the rules, flags a collector who no longer serves a rule, and disables and deletes a rule', async () => {
    const calls = stubFetch((call) => {
      if (call.method === 'PUT') return jsonResponse(200, rule({ isActive: false, version: 3 }));
      if (call.method === 'DELETE') return jsonResponse(200, { id: 3 });
      if (call.url.startsWith('/api/collections/allocation-rules')) {
        return jsonResponse(200, page([rule(), rule({ id: 4, priority: 2, collectorOk: false, product: null })]));
      }
      return jsonResponse(404, { error_code: 'NOT_FOUND', detail: call.url });
    });
    renderWithProviders(<AllocationRulesSection />);
    const table = await screen.findByTestId('allocation-rules-table');
    const broken = within(table).getByText('Inactive or left the unit').closest('tr')!;
    expect(within(broken).getByText('Any')).toBeTruthy();
    expect(within(table).getAllByText('12 of 40')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Disable rule 3' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe('/api/collections/allocation-rules/3');
    expect(put.body).toMatchObject({ isActive: false, version: 2, userId: 21, unitId: 7, capacity: 40 });

    fireEvent.click(screen.getByRole('button', { name: 'Delete rule 3' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')!.url).toBe('/api/collections/allocation-rules/3?version=2');
  });

  it('creates a rule on the form kit: collectors follow the unit, and the server’s field errors show at the field', async () => {
    let refused = false;
    const calls = stubFetch((call) => {
      if (call.url === '/api/collections/allocation-rules/form') return jsonResponse(200, form);
      if (call.method === 'POST' && !refused) {
        refused = true;
        return jsonResponse(400, {
          error_code: 'VALIDATION',
          detail: 'capacity: must be more than 0',
          fields: [{ field: 'userId', message: 'Farid Field does not collect in RG-MUM' }],
        });
      }
      if (call.method === 'POST') return jsonResponse(201, rule({ id: 9 }));
      if (call.url.startsWith('/api/collections/allocation-rules')) return jsonResponse(200, page([]));
      return jsonResponse(404, { error_code: 'NOT_FOUND', detail: call.url });
    });
    renderWithProviders(<AllocationRulesSection />);
    expect(await screen.findByText('No allocation rule yet: day start allocates nothing.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New rule' }));
    const ruleForm = await screen.findByTestId('allocation-rule-form');
    // required fields first
    fireEvent.click(within(ruleForm).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(within(ruleForm).getAllByText('This field is required').length).toBeGreaterThan(0));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await waitFor(() => expect(within(ruleForm).getAllByRole('option', { name: /RG-MUM/ }).length).toBe(1));
    fireEvent.change(within(ruleForm).getByLabelText(/^Unit/), { target: { value: '5' } });
    // a region rule offers only the region's collector
    const collector = within(ruleForm).getByLabelText(/^Collector/);
    expect(within(collector).queryByRole('option', { name: /Farid/ })).toBeNull();
    fireEvent.change(within(ruleForm).getByLabelText(/^Unit/), { target: { value: '7' } });
    expect(within(collector).getByRole('option', { name: /Farid/ })).toBeTruthy();
    fireEvent.change(collector, { target: { value: '22' } });
    fireEvent.change(within(ruleForm).getByLabelText(/^Priority/), { target: { value: '2' } });
    fireEvent.change(within(ruleForm).getByLabelText(/^Product/), { target: { value: 'AUTO' } });
    fireEvent.change(within(ruleForm).getByLabelText(/^PIN code prefix/), { target: { value: '4000' } });
    fireEvent.change(within(ruleForm).getByLabelText(/^Capacity/), { target: { value: '60' } });
    fireEvent.click(within(ruleForm).getByRole('button', { name: 'Save rule' }));
    expect(await within(ruleForm).findByText('Farid Field does not collect in RG-MUM')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({
      unitId: 7,
      priority: 2,
      product: 'AUTO',
      pinCodePrefix: '4000',
      userId: 22,
      capacity: 60,
      isActive: true,
    });
    fireEvent.click(within(ruleForm).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(screen.queryByTestId('allocation-rule-form')).toBeNull());
  });
});
