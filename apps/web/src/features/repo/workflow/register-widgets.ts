import { registerStageWidget, registerTrayPanel, type StageWidget, type TrayPanel } from '../../workflow/widgets.ts';
import { REPO_WORKFLOW_CODES } from '@recovery-desk/domain/repo/contracts.ts';
import { AccountsToInitiatePanel } from './accounts-to-initiate.tsx';

// The widgets the REPOSSESSION and SARFAESI definitions' stages name: every module of ./widgets/ exports its
// `stageWidget`, so a new widget is one new file there. Loaded with the workflow screens (register.ts), not at start.
// The initiate stage's tray of each lists the accounts to initiate (a tray panel, by definition code).

const WIDGET_MODULES = import.meta.glob<StageWidget>(['./widgets/*.tsx', '!./widgets/*.test.tsx'], {
  eager: true,
  import: 'stageWidget',
});

const TRAY_PANELS: TrayPanel[] = REPO_WORKFLOW_CODES.map((definitionCode) => ({
  name: 'accountsToInitiate',
  definitionCode,
  Component: AccountsToInitiatePanel,
}));

export function registerRepoWidgets(): void {
  for (const widget of Object.values(WIDGET_MODULES)) registerStageWidget(widget);
  for (const panel of TRAY_PANELS) registerTrayPanel(panel);
}
