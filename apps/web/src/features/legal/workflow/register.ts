import { registerStageWidgetLoader, registerWorkflowScreens } from '../../workflow/screen-offers.ts';

// What the legal feature adds to the workflow screens: the LEGAL stage trays and case screens (their dictionary is
// lib/i18n/locales/legal-definition-*.ts), and the widgets the LEGAL definition's stages name (register-widgets.ts,
// loaded with the workflow screens).

export function registerLegalWorkflow(): void {
  // The Legal Eligible Pool is the legal feature's own screen (pool/pool-page.tsx).
  registerWorkflowScreens('LEGAL', { servedElsewhere: ['legalPool'] });
  registerStageWidgetLoader(() => import('./register-widgets.ts').then((m) => m.registerLegalWidgets()));
}
