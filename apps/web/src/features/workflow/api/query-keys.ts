// The TanStack Query keys of the workflow engine's screens, built in one place: screens read with them and
// mutations invalidate with their prefixes (a key is always the prefix of the narrower ones below it).

type Unit = number | null;

export const workflowKeys = {
  all: () => ['workflow'] as const,
  /** every stage tray page (after a case action, any tray may have changed) */
  trays: () => ['workflow', 'tray'] as const,
  trayPage: (definitionCode: string, stageCode: string, actingUnit: Unit, query: string) =>
    ['workflow', 'tray', definitionCode, stageCode, actingUnit, query] as const,
  case: (caseId: number | string, actingUnit: Unit) => ['workflow', 'case', String(caseId), actingUnit] as const,
  /** a published definition version never changes */
  definition: (code: string, version: number) => ['workflow', 'definition', code, version] as const,
  accountCase: (accountId: string | undefined, actingUnit: Unit) =>
    ['workflow', 'accountCase', accountId, actingUnit] as const,
};
