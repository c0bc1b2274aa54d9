import type { Executor } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { listAuthorityEntries } from '../../../access/authority-entries.repository.ts';
import { LEGAL_APP } from '../legal-constants.ts';

/** The legal app authorities the caller holds in the acting unit. */
export async function legalAuthorities(db: Executor, ctx: UnitContext): Promise<Set<string>> {
  const entries = await listAuthorityEntries(db, { userId: ctx.user.id, unitId: ctx.actingUnit.id, app: LEGAL_APP });
  return new Set(entries.map((entry) => entry.system_auth));
}

/** Routes open to anyone of the legal app (the dashboard): the caller holds some legalapp authority here. */
export async function requireSomeLegalAuthority(db: Executor, ctx: UnitContext): Promise<Set<string>> {
  const authorities = await legalAuthorities(db, ctx);
  if (authorities.size === 0) {
    throw new AppError('AUTHORITY_MISSING', `You hold no ${LEGAL_APP} authority in this unit.`);
  }
  return authorities;
}
