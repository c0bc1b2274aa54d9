// The apps a user can pick on /home. The list is data: the server seeds it, the profile reply
// names the apps a user holds in each unit, and the web app selector renders from it.
export const APP_CODES = ['collapp', 'legalapp', 'repoapp', 'cmdcenter'] as const;
export type AppCode = (typeof APP_CODES)[number];

export type AppDefinition = {
  code: AppCode;
  /** translation key of the app's name */
  labelKey: string;
  /** where the app lands after it is picked */
  homePath: string;
  sortOrder: number;
};

export const APPS: readonly AppDefinition[] = [
  { code: 'collapp', labelKey: 'CollectionsApp', homePath: '/collapp', sortOrder: 1 },
  { code: 'legalapp', labelKey: 'LegalApp', homePath: '/legal', sortOrder: 2 },
  { code: 'repoapp', labelKey: 'RepossessionApp', homePath: '/Reposition', sortOrder: 3 },
  { code: 'cmdcenter', labelKey: 'CommandCenterApp', homePath: '/cmdCenter', sortOrder: 4 },
];

export function isAppCode(value: string): value is AppCode {
  return (APP_CODES as readonly string[]).includes(value);
}

export function findApp(code: string): AppDefinition | undefined {
  return APPS.find((app) => app.code === code);
}
