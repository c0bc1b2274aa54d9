// The TanStack Query keys of the legal app, built in one place: screens read with them and mutations invalidate
// with their prefixes (a key is always the prefix of the narrower ones below it).

type Unit = number | null;

export const legalKeys = {
  /** everything of the legal app (after initiating or declining, the pool, dashboard and lists all change) */
  all: () => ['legal'] as const,
  pool: () => ['legal', 'pool'] as const,
  poolPage: (actingUnit: Unit, query: string) => ['legal', 'pool', actingUnit, query] as const,
  poolAccount: (accountId: string | undefined) => ['legal', 'pool', 'account', accountId] as const,
  againstFi: () => ['legal', 'against-fi'] as const,
  againstFiPage: (actingUnit: Unit, query: string) => ['legal', 'against-fi', actingUnit, query] as const,
  documents: (actingUnit: Unit, query: string) => ['legal', 'documents', actingUnit, query] as const,
  uploads: () => ['legal', 'uploads'] as const,
  uploadsPage: (actingUnit: Unit, query: string) => ['legal', 'uploads', actingUnit, query] as const,
  settings: () => ['legal', 'settings'] as const,
  settingsOf: (actingUnit: Unit) => ['legal', 'settings', actingUnit] as const,
  dashboard: (actingUnit: Unit) => ['legal', 'dashboard', actingUnit] as const,
};
