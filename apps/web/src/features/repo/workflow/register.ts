import {
  registerAccountLink,
  registerCaseStarter,
  registerStageWidgetLoader,
  registerWorkflowScreens,
} from '../../workflow/screen-offers.ts';

// What the repossession and SARFAESI apps add to the workflow screens: the stage trays and case screens of the
// REPOSSESSION and SARFAESI definitions (their dictionaries are repo-definition-* and sarfaesi-definition-*, the
// `repo` dictionary part). Every stage list route of the catalogue is served by the generic tray, every detail route
// (the initiate screens' `/account/{accountid}` included) by the generic case screen, with the widgets their stages
// name (./widgets/, loaded with the workflow screens by registerStageWidgetLoader, not at start).

export const REPO_WORKFLOW_CODES = ['REPOSSESSION', 'SARFAESI'] as const;

export function registerRepoWorkflows(): void {
  registerStageWidgetLoader(() => import('./register-widgets.ts').then((m) => m.registerRepoWidgets()));
  for (const code of REPO_WORKFLOW_CODES) {
    registerWorkflowScreens(code);
    // the case screens link to the borrower's loan accounts and exposure (Link_Lan_AccDtl_SAUTH)
    registerAccountLink(code, { routeName: 'linkLanVueAccount', labelKey: 'LinkedAccountsOpen' });
    // an account with no open case offers Initiate on its initiate screen
    // (the API module is loaded when it is used: registration runs at start, on the login page too)
    registerCaseStarter(code, async (accountId) => (await import('../api/repo-api.ts')).startRepoCase(code, accountId));
  }
}
