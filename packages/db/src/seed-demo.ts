import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import {
  DEMO_ORGANISATION_NAME,
  DEMO_PASSWORD,
  DEMO_UNITS,
  DEMO_USERS,
  PERSONA_AUTHORITIES,
  demoEmail,
} from './demo-organisation.ts';
import { hashPassword } from './password-hash.ts';
import { ensureReferenceData, hasUsers } from './reference-data.ts';
import { units, userAuthorities, userUnits, users } from './schema.ts';

export { DEMO_PASSWORD, DEMO_USERS } from './demo-organisation.ts';

/**
 * Creates the demo organisation (units, users, authorities) on a database that has no users yet.
 * Idempotent: a database with users is left alone.
 */
export async function seedDemoOrganisation(
  db: Database,
  options: { businessDate?: string } = {},
): Promise<{ created: boolean }> {
  const businessDate = options.businessDate ?? new Date().toISOString().slice(0, 10);
  await ensureReferenceData(db, { organisationName: DEMO_ORGANISATION_NAME, businessDate });
  if (await hasUsers(db)) return { created: false };

  // Hash outside the transaction: PGlite runs on the main thread, keep transactions short.
  const passwordHashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));

  await db.transaction(async (tx) => {
    const unitIds = new Map<string, { id: number; path: string }>();
    for (const unit of DEMO_UNITS) {
      const parent = unit.parent ? unitIds.get(unit.parent) : undefined;
      if (unit.parent && !parent) throw new Error(`Demo unit ${unit.code} is listed before its parent ${unit.parent}`);
      const [row] = await tx
        .insert(units)
        .values({ unitCode: unit.code, name: unit.name, level: unit.level, parentId: parent?.id ?? null, path: '' })
        .returning({ id: units.id });
      if (!row) throw new Error('unit insert returned nothing');
      const path = `${parent?.path ?? '/'}${row.id}/`;
      await tx.update(units).set({ path }).where(eq(units.id, row.id));
      unitIds.set(unit.code, { id: row.id, path });
    }

    for (const [index, demoUser] of DEMO_USERS.entries()) {
      const [row] = await tx
        .insert(users)
        .values({
          username: demoUser.username,
          email: demoEmail(demoUser.username),
          fullName: demoUser.fullName,
          passwordHash: passwordHashes[index]!,
          otpRequired: demoUser.otpRequired ?? false,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('user insert returned nothing');
      const authoritySets = PERSONA_AUTHORITIES[demoUser.persona] ?? {};
      for (const unitCode of demoUser.units) {
        const unit = unitIds.get(unitCode);
        if (!unit) throw new Error(`Demo user ${demoUser.username} names unknown unit ${unitCode}`);
        await tx.insert(userUnits).values({ userId: row.id, unitId: unit.id });
        const grants = Object.entries(authoritySets).flatMap(([appCode, entries]) =>
          (entries ?? []).map((entry) => ({
            userId: row.id,
            unitId: unit.id,
            appCode,
            systemAuth: entry.system_auth,
            tabs: entry.tabs,
          })),
        );
        if (grants.length > 0) await tx.insert(userAuthorities).values(grants);
      }
    }
  });
  return { created: true };
}
