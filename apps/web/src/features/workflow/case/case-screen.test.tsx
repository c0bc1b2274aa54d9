import type { CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import { LEGAL_S138_CASE } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse, signedInSession } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { caseView, definitionRoute, pdfResponse, stubApi, type CaseSetup } from '../test/workflow-fixtures.ts';
import { HttpError } from '../../../lib/http-client.ts';
import { registerCaseStarter, type CaseStarter } from '../screen-offers.ts';
import { CaseOfAccountScreen, CaseScreen } from './case-screen.tsx';

const LEGAL_AUTHORITIES = [
  'LEGAL_INIT_SAUTH',
  'LEGAL_FILE_APP_SAUTH',
  'LEGAL_NOTICE_SAUTH',
  'LEGAL_CASE_FILE_SAUTH',
  'COURT_CASE_UPDT_SUATH',
];

function serveCase(setup: CaseSetup | (() => CaseView), extra: Parameters<typeof stubApi>[0] = []) {
  const reply = typeof setup === 'function' ? setup : () => caseView(setup);
  return stubApi([
    { match: /\/api\/workflow\/cases\/41$/, reply: () => jsonResponse(200, reply()) },
    definitionRoute(),
    ...extra,
  ]);
}

function renderCase() {
  return renderWithProviders(<CaseScreen caseId="41" title="Legal case" />, {
    path: '/legal/case',
    url: '/legal/case',
  });
}

describe('CaseScreen', () => {
  beforeEach(() => {
    sessionStore.set(signedInSession({ activeApp: 'legalapp', systemAuthorities: LEGAL_AUTHORITIES }));
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('shows the case header, the account summary and the legal case tabs', async () => {
    const api = serveCase({ stage: 'FILING_APPROVAL', fields: { caseType: 'S138' }, isOnHold: true });
    renderCase();
    const header = await screen.findByTestId('case-header');
    expect(within(header).getByRole('heading', { name: 'Case LG-2026-00041 · Legal Filing Approval' })).toBeTruthy();
    expect(within(header).getByTestId('case-status').textContent).toBe('Recommended');
    const summary = within(header).getByTestId('account-summary');
    for (const text of [
      'AUTO00000541',
      'Ramesh Kulkarni',
      'Auto',
      '120',
      '181–365',
      'NPA',
      '₹2,62,500.50',
      '₹8,12,345.00',
    ]) {
      expect(within(summary).getByText(text)).toBeTruthy();
    }
    expect(within(summary).getByText('Andheri Branch (BR-AND)')).toBeTruthy();
    expect(within(header).getByTestId('on-hold')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Case',
      'Bounce Cheque Details',
      'Document Checklist',
      'Case History',
    ]);
    expect(api.calls.map((call) => call.url)).toEqual(['/api/workflow/cases/41', '/api/workflow/definitions/LEGAL/1']);
  });

  it('a closed case says so and offers no actions or uploads', async () => {
    serveCase({ stage: 'COURT_UPDATE_APPROVAL', status: 'Closed', fields: { caseType: 'S138' } });
    renderCase();
    expect((await screen.findByTestId('case-closed')).textContent).toBe(
      'This case is closed (Closed). It accepts no further action.',
    );
    expect(screen.queryByTestId('case-actions')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Document Checklist' }));
    expect(await screen.findByTestId('checklist')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Upload/ })).toBeNull();
  });

  it('Initiate Legal detail: finds the open case of the account, or says there is none', async () => {
    const api = serveCase({ stage: 'INITIATE', status: 'Initiated', fields: { caseType: 'S138' } }, [
      {
        match: /\/api\/workflow\/LEGAL\/accounts\/541\/open-case$/,
        reply: () =>
          jsonResponse(200, { caseId: 41, caseNo: 'LG-2026-00041', stage: 'INITIATE', definitionVersion: 1 }),
      },
      {
        match: /\/api\/workflow\/LEGAL\/accounts\/542\/open-case$/,
        reply: () => jsonResponse(404, { error_code: 'NOT_FOUND', detail: 'No open case' }),
      },
    ]);
    const { unmount } = renderWithProviders(
      <CaseOfAccountScreen definitionCode="LEGAL" accountId="541" title="Initiate Legal Account" />,
    );
    expect(await screen.findByTestId('case-header')).toBeTruthy();
    expect(api.calls[0]!.url).toBe('/api/workflow/LEGAL/accounts/541/open-case');
    unmount();
    renderWithProviders(<CaseOfAccountScreen definitionCode="LEGAL" accountId="542" title="Initiate Legal Account" />);
    expect(await screen.findByText(/This account has no open legal case/)).toBeTruthy();
  });

  it('an initiate screen of a workflow that starts on the account offers Initiate, then opens the new case', async () => {
    let open = false;
    serveCase({ stage: 'INITIATE', status: 'Initiated', fields: { caseType: 'S138' } }, [
      {
        match: /\/api\/workflow\/TESTFLOW\/accounts\/543\/open-case$/,
        reply: () =>
          open
            ? jsonResponse(200, { caseId: 41, caseNo: 'REP/2026/000041', stage: 'INITIATE', definitionVersion: 1 })
            : jsonResponse(404, { error_code: 'NOT_FOUND', detail: 'No open case' }),
      },
    ]);
    const start = vi
      .fn<CaseStarter>()
      .mockRejectedValueOnce(
        new HttpError(403, { error_code: 'AUTHORITY_MISSING', detail: 'You need the Repossession Initiate screen' }),
      )
      .mockImplementationOnce(async () => {
        open = true;
        return { caseId: 41, caseNo: 'REP/2026/000041' };
      });
    registerCaseStarter('TESTFLOW', start);
    renderWithProviders(
      <CaseOfAccountScreen definitionCode="TESTFLOW" accountId="543" title="Repossession Initiate" />,
    );
    expect(await screen.findByText(/has no open case of this workflow/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start a case' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(start).toHaveBeenCalledWith('543');
    fireEvent.click(screen.getByRole('button', { name: 'Start a case' }));
    expect(await screen.findByTestId('case-header')).toBeTruthy();
    expect(start).toHaveBeenCalledTimes(2);
    expect(toastStore.get().toasts.map((toast) => toast.message)).toContain('Case REP/2026/000041 initiated.');
  });

  it('a case outside the acting unit answers 404 and the screen says so', async () => {
    stubApi([{ match: /\/api\/workflow\/cases\/41$/, reply: () => jsonResponse(404, { error_code: 'NOT_FOUND' }) }]);
    renderCase();
    expect(await screen.findByText(/not in the scope of your acting unit/)).toBeTruthy();
  });

  it('saves the stage form: only changed values, with the version, after the engine checks pass', async () => {
    const view = caseView({ stage: 'INITIATE', status: 'Initiated', fields: { caseType: 'S138' }, version: 5 });
    const api = serveCase(
      () => view,
      [
        {
          method: 'POST',
          match: /\/api\/workflow\/cases\/41\/fields$/,
          reply: () =>
            jsonResponse(200, {
              ...view,
              case: { ...view.case, version: 6, fields: { ...view.case.fields, chequeNumber: '123456' } },
            }),
        },
      ],
    );
    renderCase();
    const form = await screen.findByTestId('case-form');
    expect(within(form).getByRole('heading', { name: 'Initiate Legal: details' })).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Cheque number/), { target: { value: '123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This field requires a minimum length of 6')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText(/Cheque number/), { target: { value: '123456' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({
      version: 5,
      fields: { chequeNumber: '123456' },
    });
    await waitFor(() =>
      expect(toastStore.get().toasts.map((toast) => toast.message)).toContain('The case details have been saved.'),
    );
    expect(((await screen.findByLabelText(/Cheque number/)) as HTMLInputElement).value).toBe('123456');
  });

  it('shows the server’s field messages under the fields', async () => {
    serveCase({ stage: 'INITIATE', status: 'Initiated', fields: { caseType: 'DRT' } }, [
      {
        method: 'POST',
        match: /\/fields$/,
        reply: () =>
          jsonResponse(400, {
            error_code: 'VALIDATION',
            detail: 'fields.claimAmount: Amount should be at least 2000000',
            fields: [{ field: 'fields.claimAmount', message: 'Amount should be at least 2000000' }],
          }),
      },
    ]);
    renderCase();
    const form = await screen.findByTestId('case-form');
    fireEvent.change(within(form).getByLabelText(/Claim amount/), { target: { value: '2500000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Amount should be at least 2000000')).toBeTruthy();
    expect(within(form).getByTestId('case-form-error').textContent).toBe('Correct the marked fields, then try again.');
  });

  it('is read-only for a user without the stage authority', async () => {
    sessionStore.set(signedInSession({ activeApp: 'legalapp', systemAuthorities: ['LEGAL_FILE_APP_SAUTH'] }));
    serveCase({ stage: 'INITIATE', status: 'Initiated', fields: { caseType: 'CIVIL_SUIT' }, authorities: [] });
    renderCase();
    const form = await screen.findByTestId('case-form');
    expect(within(form).getByTestId('form-read-only')).toBeTruthy();
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
    expect((within(form).getByLabelText(/Case type/) as HTMLSelectElement).disabled).toBe(true);
    const actions = screen.getByTestId('case-actions');
    expect(within(actions).getAllByText('You need access to Initiate Legal for this step.')).toHaveLength(2);
    const recommend = within(actions).getByRole('button', { name: 'Recommend for filing' }) as HTMLButtonElement;
    expect(recommend.disabled).toBe(true);
    expect(document.getElementById(recommend.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'You need access to Initiate Legal for this step.',
    );
  });

  it('shows the stage dates: the date, days left or overdue, missing base fields and the rule source', async () => {
    serveCase({
      stage: 'CASE_FILING',
      status: 'Approved',
      fields: { ...LEGAL_S138_CASE, noticeServedDate: '2025-12-01' },
    });
    renderCase();
    const rules = await screen.findByTestId('date-rules');
    const due = within(rules).getByTestId('date-rule-S142_COMPLAINT_DUE');
    expect(within(due).getByText('Complaint due (§142(1)(b) NI Act)')).toBeTruthy();
    expect(within(due).getByTestId('date-rule-state').textContent).toBe('Overdue by 35 days');
    expect(within(due).getByText(/^Source: NI Act §142\(1\)\(b\)/)).toBeTruthy();
    const earliest = within(rules).getByTestId('date-rule-S138_COMPLAINT_EARLIEST');
    expect(within(earliest).getByTestId('date-rule-state').textContent).toBe('Allowed now');
  });

  it('names the empty fields a date counts from', async () => {
    serveCase({ stage: 'NOTICE', status: 'Approved', fields: { caseType: 'S138' } });
    renderCase();
    const rule = await screen.findByTestId('date-rule-S138_NOTICE_DUE');
    expect(within(rule).getByText('Counted from Return memo received on, which is not filled in yet.')).toBeTruthy();
    expect(within(rule).getByTestId('date-rule-state').textContent).toBe('Waiting for dates');
  });

  it('at the notice stage generates the notice PDF and reloads the case', async () => {
    const api = serveCase({ stage: 'NOTICE', status: 'Approved', fields: { caseType: 'CIVIL_SUIT' } }, [
      { method: 'POST', match: /\/api\/legal\/notices$/, reply: () => pdfResponse('notice-41.pdf') },
    ]);
    const createObjectURL = vi.fn(() => 'blob:notice');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderCase();
    fireEvent.click(await screen.findByTestId('generate-notice'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({ caseIds: [41] });
    await waitFor(() => expect(api.calls.filter((call) => call.url === '/api/workflow/cases/41')).toHaveLength(2));
  });

  it('Bounce Cheque Details: the sections that apply, values formatted, — where nothing is recorded', async () => {
    const { noticeServedDate: _served, ...fields } = LEGAL_S138_CASE;
    serveCase({ stage: 'CASE_FILING', status: 'Approved', fields });
    renderCase();
    fireEvent.click(await screen.findByRole('tab', { name: 'Bounce Cheque Details' }));
    const details = await screen.findByTestId('bounce-cheque');
    const cheque = within(details).getByTestId('bounce-section-ChequeSection');
    expect(within(cheque).getByRole('heading', { name: 'Cheque' })).toBeTruthy();
    expect(within(cheque).getByText('123456')).toBeTruthy();
    expect(within(cheque).getByText('₹2,50,000.00')).toBeTruthy();
    expect(within(cheque).getByText('02/01/2026')).toBeTruthy();
    expect(within(details).queryByTestId('bounce-section-MandateSection')).toBeNull();
    const dishonour = within(details).getByTestId('bounce-section-DishonourSection');
    expect(within(dishonour).getByText('Funds insufficient')).toBeTruthy();
    const complaint = within(details).getByTestId('bounce-section-ComplaintSection');
    expect(within(complaint).getAllByText('—').length).toBeGreaterThan(0);
  });
});
