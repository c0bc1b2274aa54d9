import type { CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import {
  stageWidgets,
  type StageDefinition,
  type WorkflowDefinition,
} from '@recovery-desk/domain/workflow/definition.ts';
import type { ComponentType } from 'react';

export {
  hasWorkflowScreens,
  isServedElsewhere,
  loadStageWidgets,
  registerStageWidgetLoader,
  registerWorkflowScreens,
} from './screen-offers.ts';

// The workflow screens know no module by name. A feature registers (at start, app/workflow-features.ts, through the
// light screen-offers.ts, so that the start does not load the definitions):
// - the workflow definitions whose stage trays and case screens it offers (their dictionaries exist);
// - its stage widgets, by the names definitions give them: a stage lists `widgets: ['bounceCheque', …]`, and the
//   tray and the case screen render what the case's (or tray's) stage names, in the slots each widget fills.

export type CaseWidgetProps = {
  view: CaseView;
  definition: WorkflowDefinition;
  /** the caller may act on the case (open, and the stage's authority) */
  canAct: boolean;
  /** reload the case (after the widget changed it) */
  onReload: () => void;
};

export type TrayWidgetProps = {
  definition: WorkflowDefinition;
  stage: StageDefinition;
  /** the cases selected on the current page (the tray offers selection while a tray widget is shown) */
  selected: ReadonlySet<number>;
  /** clear the selection and reload the page */
  onDone: () => void;
  /** toast source */
  from: string;
};

export type StageWidget = {
  /** the name definitions give it in a stage's `widgets` */
  name: string;
  /** a tab of the case screen, after Case; its key in the address is the widget's name */
  caseTab?: { labelKey: string; Component: ComponentType<CaseWidgetProps> };
  /** a control beside the case's action buttons */
  caseAction?: ComponentType<CaseWidgetProps>;
  /** a bar above the stage tray's Pending Approval rows, acting on the selected cases */
  trayAction?: ComponentType<TrayWidgetProps>;
};

/** What a tray panel is given: the tray's stage and where its accounts open. */
export type TrayPanelProps = {
  definition: WorkflowDefinition;
  stage: StageDefinition;
  /** the tray's list route name (its details open in the `<list>_tabView` browser tab) */
  listRouteName: string;
  /** the stage's screen of an account without a case (`…/account/{accountid}`); null when the stage has none */
  accountPath: ((accountId: number) => string) | null;
};

/**
 * A section a feature adds to a stage tray, above its cases (e.g. the repossession initiate stage's accounts to
 * initiate). Registered by the definition's code, not by a stage's `widgets`: it is about the stage's work, not
 * its cases.
 */
export type TrayPanel = {
  name: string;
  definitionCode: string;
  /** the stage whose tray shows it; the definition's initial stage when absent */
  stageCode?: string;
  Component: ComponentType<TrayPanelProps>;
};

const trayPanels = new Map<string, TrayPanel>();
/** Registers a tray panel under its name and definition (again is harmless; another one under them is a bug). */
export function registerTrayPanel(panel: TrayPanel): void {
  const key = `${panel.definitionCode}/${panel.name}`;
  const known = trayPanels.get(key);
  if (known && known !== panel) throw new Error(`tray panel ${key} is registered twice`);
  trayPanels.set(key, panel);
}

/** The panels registered for the tray of this stage of the definition, in registration order. */
export function trayPanelsOf(definition: WorkflowDefinition, stage: StageDefinition): TrayPanel[] {
  return [...trayPanels.values()].filter(
    (panel) => panel.definitionCode === definition.code && (panel.stageCode ?? definition.initialStage) === stage.code,
  );
}

const widgets = new Map<string, StageWidget>();
/** Registers a widget under its name (registering the same widget again is harmless; another one is a bug). */
export function registerStageWidget(widget: StageWidget): void {
  const known = widgets.get(widget.name);
  if (known && known !== widget) throw new Error(`stage widget ${widget.name} is registered twice`);
  widgets.set(widget.name, widget);
}

export function findStageWidget(name: string): StageWidget | undefined {
  return widgets.get(name);
}

/** The registered widgets a stage names, in its order (a name nobody registered is skipped). */
export function widgetsOf(stage: StageDefinition | undefined): { name: string; widget: StageWidget }[] {
  return stageWidgets(stage).flatMap((name) => {
    const widget = widgets.get(name);
    return widget ? [{ name, widget }] : [];
  });
}
