import {
  AGENCY_FIELDS,
  type AgenciesReply,
  type AgencyInput,
  type AgencyKind,
} from '@recovery-desk/domain/secured-assets/agencies.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { actorAuthorities, requireAppAuthority, type EffectRun } from '../../workflow/index.ts';
import { insertAgency, listAgenciesFor, unitsInSubtree, updateAgency, type AgencyRow } from '../agencies.repository.ts';
import { REPO_APP } from '../secured-assets-constants.ts';

// The agencies register (Repossession Settings → Agencies, REPO_SETTINGS_SAUTH to change, audited) and the check of
// a stage that names an agency: a registered agency that is inactive or past its empanelment is refused.

const usableOn = (agency: AgencyRow, businessDate: string) => agency.active && agency.validUntil >= businessDate;

/** GET /api/secured-assets/agencies — the agencies serving the acting unit (or units below it); `usable` only. */
export async function getAgencies(
  deps: AppDeps,
  { ctx, kind, usable }: { ctx: UnitContext; kind?: AgencyKind; usable?: boolean },
): Promise<AgenciesReply> {
  requireAppAuthority({ app: REPO_APP }, await actorAuthorities(deps.db, ctx, REPO_APP));
  const businessDate = await requireBusinessDate(deps.db);
  const rows = (await listAgenciesFor(deps.db, ctx.actingUnit.path, kind)).map((agency) => ({
    ...agency,
    usable: usableOn(agency, businessDate),
  }));
  return { businessDate, agencies: usable ? rows.filter((agency) => agency.usable) : rows };
}

/** POST /api/secured-assets/agencies and PUT …/agencies/:agencyId (deactivating is `active: false`). */
export async function saveAgency(
  deps: AppDeps,
  { ctx, agencyId, input }: { ctx: UnitContext; agencyId: number | null; input: AgencyInput },
): Promise<AgenciesReply> {
  await withTransaction(deps.db, async (tx) => {
    const inScope = await unitsInSubtree(tx, ctx.actingUnit.path, input.unitIds);
    const outside = input.unitIds.findIndex((id) => !inScope.has(id));
    if (outside >= 0) {
      const field = `unitIds.${outside}`;
      const message = 'must be the acting unit or a unit below it';
      throw new AppError('VALIDATION', `${field}: ${message}`, { fields: [{ field, message }] });
    }
    const at = deps.clock.now();
    if (agencyId === null) {
      const id = await insertAgency(tx, input, at);
      await emitAudit(tx, ctx, {
        action: 'secured_assets.agency_create',
        entity: 'agency',
        entityId: id,
        after: input,
      });
      return;
    }
    const before = (await listAgenciesFor(tx, ctx.actingUnit.path)).find((agency) => agency.id === agencyId);
    if (!before) throw new AppError('NOT_FOUND', 'Agency not found');
    await updateAgency(tx, agencyId, input, at);
    await emitAudit(tx, ctx, {
      action: 'secured_assets.agency_update',
      entity: 'agency',
      entityId: agencyId,
      before,
      after: input,
    });
  });
  return getAgencies(deps, { ctx });
}

/**
 * The requireValidAgency effect (submit of a stage that names an agency): when the named agency is in the register,
 * one of that name must be active and empanelled on the business date. A name the register does not hold passes (the
 * register is being built up; the agency picker offers the usable ones).
 */
export async function requireValidAgency(run: EffectRun): Promise<void> {
  const named = AGENCY_FIELDS[run.definition.code]?.[run.from.stage];
  if (!named) return;
  const value = run.next.fields[named.field];
  if (typeof value !== 'string' || value.trim() === '') return;
  const wanted = value.trim().toLowerCase();
  const matches = (await listAgenciesFor(run.tx, run.ctx.actingUnit.path, named.kind)).filter(
    (agency) => agency.name.trim().toLowerCase() === wanted,
  );
  if (matches.length === 0 || matches.some((agency) => usableOn(agency, run.businessDate))) return;
  const agency = matches[0]!;
  const shown = agency.validUntil.split('-').reverse().join('-');
  const why = agency.active ? `its empanelment lapsed on ${shown}` : 'it is deactivated';
  throw new AppError(
    'ACTION_NOT_ALLOWED',
    `${agency.name} cannot be allocated on case ${run.caseNo}: ${why}. Choose an active agency from the register.`,
  );
}
