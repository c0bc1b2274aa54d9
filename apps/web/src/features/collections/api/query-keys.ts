import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';

// The TanStack Query keys of the collections app, built in one place: screens read with them and mutations
// invalidate with their prefixes (a key is always the prefix of the narrower ones below it).

type Unit = number | null;

export const collectionsKeys = {
  /** everything of the collections app (after a change to accounts, PTPs, escalations or requests) */
  all: () => ['collections'] as const,
  /** every page and count of every tray */
  trays: () => ['collections', 'tray'] as const,
  /** one tray's pages and counts in the acting unit */
  tray: (trayKey: TrayKey, actingUnit: Unit) => ['collections', 'tray', trayKey, actingUnit] as const,
  /** one page (or count) of a tray: the API query string names it */
  trayPage: (trayKey: TrayKey, actingUnit: Unit, query: string) =>
    ['collections', 'tray', trayKey, actingUnit, query] as const,
  /** an account opened from a tray (its tabs depend on the tray's authority) */
  account: (trayKey: TrayKey, accountId: string, actingUnit: Unit) =>
    ['collections', 'account', trayKey, accountId, actingUnit] as const,
  /** the users and agencies a tray's accounts can be allocated to */
  assignees: (trayKey: TrayKey, accountIds: readonly number[], actingUnit: Unit) =>
    ['collections', 'assignees', trayKey, [...accountIds].sort((a, b) => a - b).join(','), actingUnit] as const,
  dispositions: () => ['collections', 'dispositions'] as const,
};
