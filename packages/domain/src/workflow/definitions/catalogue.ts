import type { WorkflowDefinition } from '../definition.ts';
import { buildLegalDefinition, LEGAL_DEFINITION, type LegalTimelines } from './legal.ts';
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

/**
 * A built-in as start publishes it: the definition, and — for a workflow whose numbers an installation configures —
 * the same built-in version rebuilt under the installation's stored settings (today only the legal timelines), so
 * an upgrade keeps an administrator's timelines.
 */
export type BuiltInWorkflow = {
  definition: WorkflowDefinition;
  withLegalTimelines?: (timelines: LegalTimelines) => WorkflowDefinition;
};

export const BUILT_IN_WORKFLOWS: readonly BuiltInWorkflow[] = BUILT_IN_DEFINITIONS.map((definition) =>
  definition === LEGAL_DEFINITION
    ? { definition, withLegalTimelines: (timelines) => buildLegalDefinition(timelines) }
    : { definition },
);

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
