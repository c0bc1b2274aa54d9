import { screen, within } from '@testing-library/react';
import { REPOSSESSION_DEFINITION } from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerScreens } from '../../../lib/screen-registry.ts';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CaseHeader } from '../../workflow/case/case-header.tsx';
import { caseView } from '../../workflow/test/workflow-fixtures.ts';
import { repoSession } from '../test/repo-fixtures.ts';

// The repossession and SARFAESI case screens link to Linked Account Details of the case's account, for users who hold
// its authority (registerAccountLink in register.ts, at start: test/setup.ts registers the features).

function repoCase() {
  const view = caseView({ stage: 'APPROVED_CASES' });
  return { ...view, case: { ...view.case, definitionCode: 'REPOSSESSION' } };
}

describe('the case header’s account links', () => {
  beforeEach(() => registerScreens(['linkLanVueAccount']));
  afterEach(() => clearSession());

  it('links to the borrower’s linked accounts for a holder of Link_Lan_AccDtl_SAUTH', () => {
    sessionStore.set(repoSession({ systemAuthorities: ['Link_Lan_AccDtl_SAUTH', 'REPO_NOTICE_CAP_SAUTH'] }));
    renderWithProviders(<CaseHeader view={repoCase()} definition={REPOSSESSION_DEFINITION} />);
    const link = within(screen.getByTestId('account-links')).getByRole('link', {
      name: "The borrower's linked accounts and exposure",
    });
    expect(link.getAttribute('href')).toBe('/Repo/linkLanVueAccount/account/541');
  });

  it('shows no link without the authority', () => {
    sessionStore.set(repoSession({ systemAuthorities: ['REPO_NOTICE_CAP_SAUTH'] }));
    renderWithProviders(<CaseHeader view={repoCase()} definition={REPOSSESSION_DEFINITION} />);
    expect(screen.queryByTestId('account-links')).toBeNull();
  });

  it('shows none on a legal case', () => {
    sessionStore.set(repoSession({ systemAuthorities: ['Link_Lan_AccDtl_SAUTH'] }));
    renderWithProviders(<CaseHeader view={caseView({ stage: 'APPROVED_CASES' })} definition={undefined} />);
    expect(screen.queryByTestId('account-links')).toBeNull();
  });
});
