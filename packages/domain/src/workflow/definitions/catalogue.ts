import type { WorkflowDefinition } from '../definition.ts';
import { LEGAL_DEFINITION } from './legal.ts';
import { REPOSSESSION_DEFINITION } from './repossession.ts';
import { SARFAESI_DEFINITION } from './sarfaesi.ts';

// The built-in definitions: the newest built-in version of each code, as this code base defines it. Each carries
// an explicit `version` (its built-in version, bumped with every change of its content; built-in.lock.json and
// catalogue.test.ts hold that rule). At start the server publishes a built-in version its database lacks and makes
// it ACTIVE (packages/db/src/reference-data.ts); a case is evaluated against the stored (code, version) it pinned.
export const BUILT_IN_DEFINITIONS: readonly WorkflowDefinition[] = [
  LEGAL_DEFINITION,
  REPOSSESSION_DEFINITION,
  SARFAESI_DEFINITION,
];

export function findBuiltInDefinition(code: string): WorkflowDefinition | undefined {
  return BUILT_IN_DEFINITIONS.find((definition) => definition.code === code);
}

/**
 * Canonical JSON of a value: object keys sorted at every level, no whitespace, `undefined` members left out (as
 * JSON.stringify does). Two definitions with the same content give the same text, whatever order their keys were
 * written in; the lock file records the SHA-256 of this text.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}
