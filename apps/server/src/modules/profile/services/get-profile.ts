import type { AuthorityEntry, ProfileReply, ProfileUnit } from '@recovery-desk/domain/profile.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { SignedInContext } from '../../../http/request-context.ts';
import { findProfile } from '../profile.repository.ts';

/**
 * GET /collapp/getUserProfileNew/{app} and /collapp/getuserprofile: the session data of spec §3 — business
 * date, the apps the user holds in any unit (in the apps' order), the units with their authority entries
 * per app, and the user's details.
 */
export async function getProfile(deps: AppDeps, { ctx }: { ctx: SignedInContext }): Promise<ProfileReply> {
  const profile = await findProfile(deps.db, ctx.user.id);
  if (!profile) {
    throw new AppError('SERVICE_UNAVAILABLE', 'The organisation is not set up yet (no business date).');
  }
  const { units: unitRows, authorities: authorityRows, apps: appRows } = profile;

  const appData = new Map<number, Record<string, AuthorityEntry[]>>(unitRows.map((unit) => [unit.id, {}]));
  const heldApps = new Set<string>();
  for (const row of authorityRows) {
    const byApp = appData.get(row.unitId);
    if (!byApp) continue; // an authority in a unit the user no longer acts in
    (byApp[row.appCode] ??= []).push({ system_auth: row.systemAuth, tabs: row.tabs });
    heldApps.add(row.appCode);
  }

  const profileUnits: ProfileUnit[] = unitRows.map((unit) => ({
    id: unit.id,
    unit_code: unit.unitCode,
    name: unit.name,
    level: unit.level,
    app_data: appData.get(unit.id) ?? {},
  }));

  return {
    data: [
      {
        business_date: profile.businessDate,
        available_app: appRows
          .filter((app) => heldApps.has(app.code))
          .map((app) => ({ code: app.code, label_key: app.labelKey, home_path: app.homePath })),
        units: profileUnits,
        user_details: {
          id: ctx.user.id,
          username: ctx.user.username,
          full_name: ctx.user.fullName,
          email: ctx.user.email,
          is_demo_outbox_reader: deps.config.demoMode,
        },
        error_code: '0',
      },
    ],
  };
}
