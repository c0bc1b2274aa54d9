import type { WorkflowDefinition } from '../definition.ts';
import { LEGAL_DEFINITION } from './legal.ts';
import { REPOSSESSION_DEFINITION } from './repossession.ts';
import { SARFAESI_DEFINITION } from './sarfaesi.ts';

// The built-in definitions (version 1 of each). The server seeds them and stores later versions; a case is
// evaluated against the (code, version) it pinned.
export const BUILT_IN_DEFINITIONS: readonly WorkflowDefinition[] = [
  LEGAL_DEFINITION,
  REPOSSESSION_DEFINITION,
  SARFAESI_DEFINITION,
];

export function findBuiltInDefinition(code: string, version: number): WorkflowDefinition | undefined {
  return BUILT_IN_DEFINITIONS.find((definition) => definition.code === code && definition.version === version);
}
