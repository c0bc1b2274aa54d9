// Query keys of the staff list tools; each key is the prefix of the narrower ones.
export const listsKeys = {
  all: () => ['lists'] as const,
  savedViews: (listKey: string) => [...listsKeys.all(), 'views', listKey] as const,
  search: (unit: number | null, query: string) => [...listsKeys.all(), 'search', unit, query] as const,
  menuCounts: () => [...listsKeys.all(), 'menuCounts'] as const,
  menuCountsOf: (unit: number | null) => [...listsKeys.menuCounts(), unit] as const,
  collectionsDashboard: (unit: number | null) => [...listsKeys.all(), 'collectionsDashboard', unit] as const,
};
