import { and, eq } from 'drizzle-orm';
import { userAuthorities } from '@recovery-desk/db/schema.ts';
import type { AuthorityEntry } from '@recovery-desk/domain/profile.ts';
import type { Executor } from '../db/transaction.ts';

/** The user's authority entries (with their tabs) in one unit for one app. */
export async function listAuthorityEntries(
  db: Executor,
  input: { userId: number; unitId: number; app: string },
): Promise<AuthorityEntry[]> {
  const rows = await db
    .select({ systemAuth: userAuthorities.systemAuth, tabs: userAuthorities.tabs })
    .from(userAuthorities)
    .where(
      and(
        eq(userAuthorities.userId, input.userId),
        eq(userAuthorities.unitId, input.unitId),
        eq(userAuthorities.appCode, input.app),
      ),
    );
  return rows.map((row) => ({ system_auth: row.systemAuth, tabs: row.tabs }));
}
