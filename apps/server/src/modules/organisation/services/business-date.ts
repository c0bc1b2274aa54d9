import type { Executor } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import { findOrganisation } from '../organisation.repository.ts';

/** The organisation's business date: every collections rule reads it, never the wall clock. */
export async function requireBusinessDate(db: Executor): Promise<string> {
  const organisation = await findOrganisation(db);
  if (!organisation) {
    throw new AppError('SERVICE_UNAVAILABLE', 'The organisation is not set up yet (no business date).');
  }
  return organisation.businessDate;
}
