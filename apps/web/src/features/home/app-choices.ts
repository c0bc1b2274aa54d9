import { APPS, type AppDefinition } from '@recovery-desk/domain/apps.ts';
import type { ProfileUnit } from '@recovery-desk/domain/profile.ts';

/** The apps a unit gives the user, in the product's app order (spec §1: apps are chosen per unit). */
export function appsOfUnit(unit: ProfileUnit | null | undefined): AppDefinition[] {
  if (!unit) return [];
  return APPS.filter((app) => Object.prototype.hasOwnProperty.call(unit.app_data, app.code));
}
