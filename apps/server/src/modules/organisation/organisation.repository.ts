import { eq } from 'drizzle-orm';
import { organisation } from '@recovery-desk/db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

export type OrganisationSettings = { businessDate: string; otpForLogin: string };

/** The single organisation row (business date, OTP-for-login setting), or undefined before it is created. */
export async function findOrganisation(db: Executor): Promise<OrganisationSettings | undefined> {
  const [row] = await db
    .select({ businessDate: organisation.businessDate, otpForLogin: organisation.otpForLogin })
    .from(organisation)
    .where(eq(organisation.id, 1));
  return row;
}
