import type { AuthorityEntry, TabPermission } from './profile.ts';

// The profile's access rules without its zod schemas (profile.ts re-exports them): the web's route guard and session
// store run them at start, and must not download zod for them.

/**
 * Spec §6: the permitted tabs of an authority, preferring editable entries for each tab name
 * when the same tab appears more than once.
 */
export function permittedTabs(entries: readonly AuthorityEntry[], systemAuth: string): TabPermission[] {
  const byName = new Map<string, TabPermission>();
  for (const entry of entries) {
    if (entry.system_auth !== systemAuth) continue;
    for (const tab of entry.tabs) {
      const seen = byName.get(tab.name);
      if (!seen || (!seen.editable && tab.editable)) byName.set(tab.name, { name: tab.name, editable: tab.editable });
    }
  }
  return [...byName.values()];
}

export function authoritiesOf(entries: readonly AuthorityEntry[]): string[] {
  return [...new Set(entries.map((entry) => entry.system_auth))];
}
