// Collections settings (issue 14): the public surface other modules may import.
export { collectionsSettingsOf, collectionsSettingsRoutes } from './collections-settings.ts';
