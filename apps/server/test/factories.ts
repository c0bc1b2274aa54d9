import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AppCode } from '@recovery-desk/domain/apps.ts';
import type { UnitLevel } from '@recovery-desk/domain/units.ts';
import type { Database } from '@recovery-desk/db/client.ts';
import { hashPassword } from '@recovery-desk/db/password-hash.ts';
import { ensureReferenceData } from '@recovery-desk/db/reference-data.ts';
import { organisation, units, userAuthorities, userUnits, users } from '@recovery-desk/db/schema.ts';

// Each test mints its own units and users here; nothing depends on seed data or on another test.

let sequence = 0;
/** A name no other test uses (unique across files and database kinds). */
export function uniqueName(prefix: string): string {
  sequence += 1;
  return `${prefix}${sequence}${randomBytes(3).toString('hex')}`;
}

export const BUSINESS_DATE = '2026-03-31';
export const DEFAULT_PASSWORD = 'Correct-Horse-Battery-9';

/** The organisation row and the app list (reference data every installation has). */
export async function ensureOrganisation(db: Database): Promise<void> {
  await ensureReferenceData(db, { organisationName: 'Test Lender Ltd', businessDate: BUSINESS_DATE });
}

export async function setOtpForLogin(db: Database, value: 'YES' | 'NO'): Promise<void> {
  await db.update(organisation).set({ otpForLogin: value }).where(eq(organisation.id, 1));
}

export type TestUnit = { id: number; code: string; name: string; level: UnitLevel; path: string };

export async function createUnit(
  db: Database,
  options: { parent?: TestUnit; level?: UnitLevel; code?: string; name?: string } = {},
): Promise<TestUnit> {
  const code = options.code ?? uniqueName('U-').toUpperCase();
  const name = options.name ?? `Unit ${code}`;
  const level = options.level ?? (options.parent ? 'BRANCH' : 'HO');
  const [row] = await db
    .insert(units)
    .values({ unitCode: code, name, level, parentId: options.parent?.id ?? null, path: '' })
    .returning({ id: units.id });
  if (!row) throw new Error('unit insert failed');
  const path = `${options.parent?.path ?? '/'}${row.id}/`;
  await db.update(units).set({ path }).where(eq(units.id, row.id));
  return { id: row.id, code, name, level, path };
}

export type Grant = { system_auth: string; tabs?: { name: string; editable: boolean }[] };
export type Membership = { unit: TestUnit; grants?: Partial<Record<AppCode, Grant[]>> };

export type TestUser = { id: number; username: string; email: string; fullName: string; password: string };

const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export async function createUser(
  db: Database,
  options: {
    username?: string;
    email?: string;
    fullName?: string;
    password?: string;
    otpRequired?: boolean;
    isActive?: boolean;
    units?: Membership[];
  } = {},
): Promise<TestUser> {
  const username = options.username ?? uniqueName('user.');
  const email = options.email ?? `${username.toLowerCase()}@lender.test`;
  const password = options.password ?? DEFAULT_PASSWORD;
  const fullName = options.fullName ?? `Test ${username}`;
  const [row] = await db
    .insert(users)
    .values({
      username,
      email,
      fullName,
      passwordHash: await cachedHash(password),
      otpRequired: options.otpRequired ?? false,
      isActive: options.isActive ?? true,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert failed');
  for (const membership of options.units ?? []) {
    await db.insert(userUnits).values({ userId: row.id, unitId: membership.unit.id });
    for (const [appCode, grants] of Object.entries(membership.grants ?? {})) {
      for (const grant of grants ?? []) {
        await db.insert(userAuthorities).values({
          userId: row.id,
          unitId: membership.unit.id,
          appCode,
          systemAuth: grant.system_auth,
          tabs: grant.tabs ?? [],
        });
      }
    }
  }
  return { id: row.id, username, email, fullName, password };
}

export async function setUserActive(db: Database, userId: number, isActive: boolean): Promise<void> {
  await db.update(users).set({ isActive }).where(eq(users.id, userId));
}

export async function readUser(db: Database, userId: number) {
  const [row] = await db
    .select({ failedCount: users.failedCount, lockedUntil: users.lockedUntil, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row;
}

/** Raw rows of a SQL query, the same on PGlite and node-postgres. */
export async function queryRows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
