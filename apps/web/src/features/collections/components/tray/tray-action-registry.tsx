import type { TrayAction, TrayDefinition } from '@recovery-desk/domain/collections/trays.ts';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { TrayState } from '../../../../components/tray/tray-state.ts';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';
import type { TrayRow } from '../../api/collections-api.ts';

// The action registry of the collections trays: each action a tray definition names (trays.ts `actions`)
// registers here, by that name, what it shows and what it opens. The tray screen renders the actions its
// definition lists, in that order; a new action is one registration, not a new branch in the screen.

/** What an action can use: the tray, its address state, the signed-in user and the screen's dialog slot. */
export type TrayActionContext = {
  tray: TrayDefinition;
  state: TrayState;
  t: TFunction;
  userId: number | null;
  /** shows a dialog in the tray screen (one at a time) */
  open: (dialog: ReactNode) => void;
  close: () => void;
  /** after a successful change: a success toast, the selection cleared, the dialog closed, the trays reloaded */
  finish: (message: string) => void;
};

/** An action on the selected rows of the page (a button in the bulk bar; it asks for a selection first). */
export type BulkTrayActionEntry = {
  kind: 'bulk';
  labelKey: DictionaryKey;
  /** the warning when nothing is selected */
  selectFirstKey: DictionaryKey;
  dialog: (accountIds: number[], context: TrayActionContext) => ReactNode;
};

/** An action on one row (its buttons in the Actions column), or nothing for a row it does not apply to. */
export type RowTrayActionEntry = {
  kind: 'row';
  render: (item: TrayRow, context: TrayActionContext) => ReactNode;
};

export type TrayActionEntry = BulkTrayActionEntry | RowTrayActionEntry;

const registry = new Map<TrayAction, TrayActionEntry>();

/** Registers what a tray action shows and opens (once per name). */
export function registerTrayAction(name: TrayAction, entry: TrayActionEntry): void {
  if (registry.has(name)) throw new Error(`Tray action ${name} is registered twice`);
  registry.set(name, entry);
}

/** The registered entry of an action; a tray naming an unregistered action is a programming error. */
export function trayActionEntry(name: TrayAction): TrayActionEntry {
  const entry = registry.get(name);
  if (!entry) throw new Error(`Tray action ${name} has no registration`);
  return entry;
}

/** The actions of a tray by kind, in the order its definition lists them. */
export function trayActionsOf(tray: TrayDefinition): {
  bulk: [TrayAction, BulkTrayActionEntry][];
  row: [TrayAction, RowTrayActionEntry][];
} {
  const bulk: [TrayAction, BulkTrayActionEntry][] = [];
  const row: [TrayAction, RowTrayActionEntry][] = [];
  for (const name of tray.actions) {
    const entry = trayActionEntry(name);
    if (entry.kind === 'bulk') bulk.push([name, entry]);
    else row.push([name, entry]);
  }
  return { bulk, row };
}
