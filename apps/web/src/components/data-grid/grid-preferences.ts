import { useCallback } from 'react';
import { createStore, useStore } from '../../lib/external-store.ts';
import { useSession } from '../../lib/session-store.ts';

// What a user chooses about the grids, remembered in this browser per user: the row density (one for every list)
// and the hidden columns of each list.

export type GridDensity = 'comfortable' | 'compact';
export const GRID_DENSITIES: readonly GridDensity[] = ['comfortable', 'compact'];

const PREFIX = 'recovery-desk.grid';

export function densityStorageKey(userId: number | string): string {
  return `${PREFIX}.density.${userId}`;
}

export function columnsStorageKey(userId: number | string, listKey: string): string {
  return `${PREFIX}.columns.${userId}.${listKey}`;
}

// Bumped on every write so every grid re-reads (two grids of one screen, the toolbar and the table).
const version = createStore(0);

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or denied: the choice lasts until the page is left.
  }
  version.set((n) => n + 1);
}

export function readDensity(userId: number | string): GridDensity {
  const stored = read(densityStorageKey(userId));
  return stored === 'compact' ? 'compact' : 'comfortable';
}

export function readHiddenColumns(userId: number | string, listKey: string): string[] {
  const stored = read(columnsStorageKey(userId, listKey));
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function useUserKey(): string {
  const id = useSession((session) => session.userDetails?.id ?? null);
  return id === null ? 'anonymous' : String(id);
}

/** The signed-in user's row density and its setter. */
export function useGridDensity(): [GridDensity, (next: GridDensity) => void] {
  const user = useUserKey();
  useStore(version);
  const density = readDensity(user);
  const setDensity = useCallback(
    (next: GridDensity) => write(densityStorageKey(user), next === 'comfortable' ? null : next),
    [user],
  );
  return [density, setDensity];
}

/** The columns the user hid in one list (none without a list key) and their setter. */
export function useHiddenColumns(listKey: string | undefined): [string[], (next: string[]) => void] {
  const user = useUserKey();
  useStore(version);
  const hidden = listKey ? readHiddenColumns(user, listKey) : [];
  const setHidden = useCallback(
    (next: string[]) => {
      if (!listKey) return;
      write(columnsStorageKey(user, listKey), next.length === 0 ? null : JSON.stringify([...new Set(next)]));
    },
    [user, listKey],
  );
  return [hidden, setHidden];
}
