import type { CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse, signedInSession } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { caseView, definitionRoute, stubApi, type Route } from '../test/workflow-fixtures.ts';
import { CaseScreen } from './case-screen.tsx';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderCase() {
  return renderWithProviders(
    <>
      <CaseScreen caseId="41" title="Legal case" />
      <LocationProbe />
    </>,
    { path: '/legal/case', url: '/legal/case' },
  );
}

function serve(view: () => CaseView, extra: Route[] = []) {
  return stubApi([
    { match: /\/api\/workflow\/cases\/41$/, reply: () => jsonResponse(200, view()) },
    definitionRoute(),
    ...extra,
  ]);
}

function toasts() {
  return toastStore.get().toasts.map((toast) => ({ title: toast.title, message: toast.message }));
}

const FILING_APPROVAL = () =>
  caseView({
    stage: 'FILING_APPROVAL',
    fields: { caseType: 'S138', claimAmount: '250000.00' },
    documents: ['loanAgreement', 'statementOfAccount'],
    version: 3,
  });

describe('case actions and the action dialog', () => {
  beforeEach(() => {
    sessionStore.set(
      signedInSession({ activeApp: 'legalapp', systemAuthorities: ['LEGAL_INIT_SAUTH', 'LEGAL_FILE_APP_SAUTH'] }),
    );
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('a checker cannot decide their own step: the actions say why', async () => {
    serve(() => caseView({ stage: 'FILING_APPROVAL', fields: { caseType: 'S138' }, makerUserId: 7 }));
    renderCase();
    const actions = await screen.findByTestId('case-actions');
    const approve = within(actions).getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    expect(within(actions).getByTestId('action-reason-approve').textContent).toBe(
      'You made this step; another user must decide it.',
    );
  });

  it('Reject: the dialog asks for its own fields and remarks, then sends them with version and expected stage', async () => {
    const view = FILING_APPROVAL();
    const api = serve(
      () => view,
      [
        {
          method: 'POST',
          match: /\/api\/workflow\/cases\/41\/actions$/,
          reply: () =>
            jsonResponse(
              200,
              caseView({
                stage: 'REJECT_TRAY',
                status: 'Rejected',
                fields: { ...view.case.fields, rejectionReason: 'TIME_BARRED' },
                version: 4,
              }),
            ),
        },
      ],
    );
    renderCase();
    const actions = await screen.findByTestId('case-actions');
    // The engine judges the saved case without the dialog's reason; the dialog collects it, so Reject is offered.
    expect(within(actions).getByTestId('action-reason-reject').textContent).toBe('Fill in: Rejection reason.');
    fireEvent.click(within(actions).getByRole('button', { name: 'Reject' }));

    const dialog = await screen.findByTestId('action-dialog');
    const reason = within(dialog).getByLabelText(/Rejection reason/) as HTMLSelectElement;
    expect(reason.options[0]!.textContent).toBe('Select Rejection reason');
    expect((within(dialog).getByLabelText(/Remarks/) as HTMLTextAreaElement).required).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(2);
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(reason, { target: { value: 'TIME_BARRED' } });
    fireEvent.change(within(dialog).getByLabelText(/Remarks/), { target: { value: 'Notice period lapsed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByTestId('action-dialog')).toBeNull());
    expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({
      action: 'reject',
      version: 3,
      expectedStage: 'FILING_APPROVAL',
      remarks: 'Notice period lapsed',
      fields: { rejectionReason: 'TIME_BARRED' },
    });
    expect(toasts()).toContainEqual({
      title: 'Saved',
      message: 'Reject: the case is now at Reject Tray with status Rejected.',
    });
    // The screen shows the case's new state from the reply.
    expect(await screen.findByRole('heading', { name: 'Case LG-2026-00041 · Reject Tray' })).toBeTruthy();
    expect(screen.getByTestId('case-status').textContent).toBe('Rejected');
  });

  it('409 STALE_VERSION: a toast asks to look again and the case is reloaded', async () => {
    const api = serve(FILING_APPROVAL, [
      {
        method: 'POST',
        match: /\/actions$/,
        reply: () => jsonResponse(409, { error_code: 'STALE_VERSION', detail: 'The case changed' }),
      },
    ]);
    renderCase();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByTestId('action-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByTestId('action-dialog')).toBeNull());
    expect(toasts()).toContainEqual({
      title: 'Case reloaded',
      message: 'This case changed since you opened it. It has been reloaded; check it and try again.',
    });
    await waitFor(() => expect(api.calls.filter((call) => call.url === '/api/workflow/cases/41')).toHaveLength(2));
  });

  it('409 WRONG_STAGE is handled the same way', async () => {
    const api = serve(FILING_APPROVAL, [
      {
        method: 'POST',
        match: /\/actions$/,
        reply: () => jsonResponse(409, { error_code: 'WRONG_STAGE', detail: 'moved', stage: 'APPROVED_CASES' }),
      },
    ]);
    renderCase();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    fireEvent.click(within(await screen.findByTestId('action-dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toasts().map((toast) => toast.title)).toContain('Case reloaded'));
    expect(toasts().map((toast) => toast.message)).toContain(
      'This case has moved to another stage. Reload it to see where it is now.',
    );
    await waitFor(() => expect(api.calls.filter((call) => call.url === '/api/workflow/cases/41')).toHaveLength(2));
  });

  it('400: the server’s field messages land on the dialog’s fields', async () => {
    serve(FILING_APPROVAL, [
      {
        method: 'POST',
        match: /\/actions$/,
        reply: () =>
          jsonResponse(400, {
            error_code: 'VALIDATION',
            detail: 'fields.rejectionReason: Select a value from the list',
            fields: [{ field: 'fields.rejectionReason', message: 'Select a value from the list' }],
          }),
      },
    ]);
    renderCase();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByTestId('action-dialog');
    fireEvent.change(within(dialog).getByLabelText(/Rejection reason/), { target: { value: 'OTHER' } });
    fireEvent.change(within(dialog).getByLabelText(/Remarks/), { target: { value: 'See note' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Select a value from the list')).toBeTruthy();
    expect(within(dialog).getByTestId('action-error').textContent).toBe('Correct the marked fields, then try again.');
  });

  it('before an action, everything it needs is named at once: required fields and required documents', async () => {
    const api = serve(() => caseView({ stage: 'INITIATE', status: 'Initiated', fields: { caseType: 'CIVIL_SUIT' } }));
    renderCase();
    const form = await screen.findByTestId('case-form');
    fireEvent.click(screen.getByRole('button', { name: 'Recommend for filing' }));
    // The claim amount AND the documents a civil suit needs, in one message, before anything is sent.
    const title = 'Before "Recommend for filing" can be done';
    const message = 'Fill in: Claim amount · Upload: Loan agreement, Statement of account';
    await waitFor(() => expect(toasts()).toContainEqual({ title, message }));
    expect(within(form).getAllByText('This field is required')).toHaveLength(1);
    expect(within(form).getByRole('alert').textContent).toBe(`${title}: ${message}`);
    expect(screen.queryByTestId('action-dialog')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?tab=checklist'));
    const item = await screen.findByTestId('checklist-item-loanAgreement');
    expect(within(item).getByTestId('document-mandatory').textContent).toBe('Uploading Fileis Mandatory');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('an action sends the form’s changed values with it', async () => {
    const view = caseView({
      stage: 'INITIATE',
      status: 'Initiated',
      fields: { caseType: 'CIVIL_SUIT' },
      documents: ['loanAgreement', 'statementOfAccount'],
      version: 8,
    });
    const api = serve(
      () => view,
      [
        {
          method: 'POST',
          match: /\/actions$/,
          reply: () => jsonResponse(200, caseView({ stage: 'FILING_APPROVAL', fields: view.case.fields, version: 9 })),
        },
      ],
    );
    renderCase();
    const form = await screen.findByTestId('case-form');
    fireEvent.change(within(form).getByLabelText(/Claim amount/), { target: { value: '300000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recommend for filing' }));
    const dialog = await screen.findByTestId('action-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recommend for filing' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({
      action: 'recommend',
      version: 8,
      expectedStage: 'INITIATE',
      fields: { claimAmount: '300000' },
    });
  });

  it('DOCUMENT_MISSING from the server names the documents and opens the checklist', async () => {
    serve(FILING_APPROVAL, [
      {
        method: 'POST',
        match: /\/actions$/,
        reply: () =>
          jsonResponse(400, {
            error_code: 'DOCUMENT_MISSING',
            detail: 'Upload these documents to the case first: statementOfAccount, returnMemo.',
            fields: [
              { field: 'documents.statementOfAccount', message: 'please upload file first' },
              { field: 'documents.returnMemo', message: 'please upload file first' },
            ],
            documents: 'statementOfAccount, returnMemo',
          }),
      },
    ]);
    renderCase();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    fireEvent.click(within(await screen.findByTestId('action-dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: 'Uploading Fileis Mandatory',
        message: 'Upload: Statement of account, Return memo.',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?tab=checklist'));
    const item = await screen.findByTestId('checklist-item-returnMemo');
    expect(within(item).getByTestId('document-mandatory').textContent).toBe('Uploading Fileis Mandatory');
  });
});
