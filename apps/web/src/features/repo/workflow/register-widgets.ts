import { registerStageWidget, type StageWidget } from '../../workflow/widgets.ts';

// The widgets the REPOSSESSION and SARFAESI definitions' stages name: every module of ./widgets/ exports its
// `stageWidget`, so a new widget is one new file there. Loaded with the workflow screens (register.ts), not at start.

const WIDGET_MODULES = import.meta.glob<StageWidget>('./widgets/*.tsx', { eager: true, import: 'stageWidget' });

export function registerRepoWidgets(): void {
  for (const widget of Object.values(WIDGET_MODULES)) registerStageWidget(widget);
}
