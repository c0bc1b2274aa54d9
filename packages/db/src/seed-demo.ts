import { eq, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { generateBook, type GenerateBookResult } from './generate-book.ts';
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
import { organisation, units, userAuthorities, userUnits, users } from './schema.ts';

export { DEMO_PASSWORD, DEMO_USERS } from './demo-organisation.ts';

/** Accounts in the demo book the server creates on first start (loads in seconds on PGlite). */
export const DEMO_BOOK_ACCOUNTS = 20_000;

export type SeedDemoOptions = {
  /** business date of a new organisation (default: today); an existing organisation keeps its own */
  businessDate?: string;
  /** accounts in the demo book (default DEMO_BOOK_ACCOUNTS; 0 for the organisation alone) */
  accounts?: number;
  /** seed of the book's pseudo-random choices (default 1) */
  seed?: number;
};

/**
 * Creates the demo organisation (units, users, authorities) and its book of accounts (generateBook) on a
 * database that has no users yet, in one transaction: an interrupted first start leaves nothing half-made.
 * Idempotent: a database with users is left alone.
 */
export async function seedDemoOrganisation(
  db: Database,
  options: SeedDemoOptions = {},
): Promise<{ created: boolean; book?: GenerateBookResult }> {
  const businessDate = options.businessDate ?? new Date().toISOString().slice(0, 10);
  await ensureReferenceData(db, { organisationName: DEMO_ORGANISATION_NAME, businessDate });
  if (await hasUsers(db)) return { created: false };

  // Hash outside the transaction: PGlite runs on the main thread, keep transactions short. Every demo user has the
  // same, published password, so one argon2id hash (one salt) serves them all: 1 hash instead of 30 on first start.
  // A user's own password change writes a fresh hash with its own salt.
  const demoPasswordHash = await hashPassword(DEMO_PASSWORD);

  let book: GenerateBookResult | undefined;
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

    for (const demoUser of DEMO_USERS) {
      const [row] = await tx
        .insert(users)
        .values({
          username: demoUser.username,
          email: demoEmail(demoUser.username),
          fullName: demoUser.fullName,
          passwordHash: demoPasswordHash,
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

    const accounts = options.accounts ?? DEMO_BOOK_ACCOUNTS;
    if (accounts > 0) {
      const [org] = await tx.select({ businessDate: organisation.businessDate }).from(organisation).limit(1);
      book = await generateBook(tx, { accounts, businessDate: org?.businessDate ?? businessDate, seed: options.seed });
      await seedCollectionTargets(tx, org?.businessDate ?? businessDate);
    }
  });
  if (!book) return { created: true };
  // Set the visibility map of the new rows (index-only scans of the tray counts) now: PGlite has no autovacuum.
  await db.execute(sql`vacuum analyze accounts`);
  return { created: true, book };
}

/**
 * Monthly collections targets (migration 0022) for every branch and currency of the demo book, for the business date's
 * month and the two before it: about 60 % of the instalments of the branch's delinquent accounts, a round figure, so
 * the dashboard's "collections against target" has a target to set the month's collections against.
 */
async function seedCollectionTargets(tx: Parameters<Parameters<Database['transaction']>[0]>[0], businessDate: string) {
  await tx.execute(sql`insert into collection_targets (unit_id, month, currency, target_minor)
    select a.unit_id, (date_trunc('month', ${businessDate}::date) - make_interval(months => m))::date, a.currency,
      greatest(round(sum(a.emi_amount) * 0.6 / 1000) * 1000, 1000)::bigint * 100
    from accounts a cross join generate_series(0, 2) m
    where a.delinquent_flag
    group by a.unit_id, m, a.currency
    on conflict do nothing`);
}
