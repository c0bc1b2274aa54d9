import type { CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import {
  stageWidgets,
  type StageDefinition,
  type WorkflowDefinition,
} from '@recovery-desk/domain/workflow/definition.ts';
import type { ComponentType } from 'react';

// The workflow screens know no module by name. A feature registers (at start, app/workflow-features.ts):
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

const widgets = new Map<string, StageWidget>();
const widgetLoaders: (() => Promise<void>)[] = [];
let widgetsLoaded: Promise<void> | null = null;

/**
 * A feature's widgets are registered by a module loaded with the workflow screens (not at start: the login page does
 * not download them). `load` imports that module, which calls registerStageWidget.
 */
export function registerStageWidgetLoader(load: () => Promise<void>): void {
  widgetLoaders.push(load);
  widgetsLoaded = null;
}

/** Loads every feature's widgets once; the stage tray and the case screen are loaded with it. */
export function loadStageWidgets(): Promise<void> {
  widgetsLoaded ??= Promise.all(widgetLoaders.map((load) => load())).then(() => undefined);
  return widgetsLoaded;
}
const screenCodes = new Set<string>();
const listsServedElsewhere = new Set<string>();

/** Registers a widget under its name (registering the same widget again is harmless; another one is a bug). */
export function registerStageWidget(widget: StageWidget): void {
  const known = widgets.get(widget.name);
  if (known && known !== widget) throw new Error(`stage widget ${widget.name} is registered twice`);
  widgets.set(widget.name, widget);
}

/**
 * Offers the stage trays and case screens of a workflow definition, except the list routes `servedElsewhere`: a
 * stage names them, but the registering feature has its own screen for them (e.g. the Legal Eligible Pool).
 */
export function registerWorkflowScreens(
  definitionCode: string,
  options: { servedElsewhere?: readonly string[] } = {},
): void {
  screenCodes.add(definitionCode);
  for (const routeName of options.servedElsewhere ?? []) listsServedElsewhere.add(routeName);
}

export function isServedElsewhere(listRouteName: string): boolean {
  return listsServedElsewhere.has(listRouteName);
}

export function hasWorkflowScreens(definitionCode: string): boolean {
  return screenCodes.has(definitionCode);
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
