import { documents } from '@recovery-desk/db/collections-schema.ts';
import { sql } from 'drizzle-orm';
import {
  AGENCY_FIELDS,
  agencyUnusableReason,
  type AgenciesReply,
  type AgencyInput,
  type AgencyKind,
} from '@recovery-desk/domain/secured-assets/agencies.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withDocumentTransaction } from '../../../documents/document-store.ts';
import { safeFileName, sniffDocumentType } from '../../../documents/document-types.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { Upload } from '../../../http/multipart-upload.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { actorAuthorities, requireAppAuthority, type EffectRun } from '../../workflow/index.ts';
import {
  insertAgency,
  listAgenciesFor,
  setAgencyLetter,
  unitsInSubtree,
  updateAgency,
  type AgencyRow,
} from '../agencies.repository.ts';
import { REPO_APP } from '../secured-assets-constants.ts';

// The agencies register (Repossession Settings → Agencies, REPO_SETTINGS_SAUTH to change, audited) and the check of
// a stage that names an agency: a registered agency that is inactive or past its empanelment, or a repossession agency
// without its authorisation letter on file, is refused. The letter is uploaded on the register (REPO_SETTINGS_SAUTH,
// audited) and read by any repoapp user of the unit.

const usableOn = (agency: AgencyRow, businessDate: string) => agencyUnusableReason(agency, businessDate) === null;

/** GET /api/secured-assets/agencies — the agencies serving the acting unit (or units below it); `usable` only. */
export async function getAgencies(
  deps: AppDeps,
  { ctx, kind, usable }: { ctx: UnitContext; kind?: AgencyKind; usable?: boolean },
): Promise<AgenciesReply> {
  requireAppAuthority({ app: REPO_APP }, await actorAuthorities(deps.db, ctx, REPO_APP));
  const businessDate = await requireBusinessDate(deps.db);
  const rows = (await listAgenciesFor(deps.db, ctx.actingUnit.path, kind)).map((agency) => {
    const unusableReason = agencyUnusableReason(agency, businessDate);
    return { ...agency, usable: unusableReason === null, unusableReason };
  });
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
  const reason = agencyUnusableReason(agency, run.businessDate);
  const why =
    reason === 'INACTIVE'
      ? 'it is deactivated'
      : reason === 'LAPSED'
        ? `its empanelment lapsed on ${shown}`
        : 'its authorisation letter is not on file (upload it in Repossession Settings → Agencies)';
  throw new AppError(
    'ACTION_NOT_ALLOWED',
    `${agency.name} cannot be allocated on case ${run.caseNo}: ${why}. Choose an active agency from the register.`,
  );
}

async function agencyInScope(db: Parameters<typeof listAgenciesFor>[0], ctx: UnitContext, agencyId: number) {
  const agency = (await listAgenciesFor(db, ctx.actingUnit.path)).find((candidate) => candidate.id === agencyId);
  if (!agency) throw new AppError('NOT_FOUND', 'Agency not found');
  return agency;
}

/**
 * POST /api/secured-assets/agencies/:agencyId/letter (multipart: file, PDF/JPEG/PNG ≤ 5 MB) — files the lender's
 * authorisation letter to the agency as its current one (a document without an account; an earlier letter stays in
 * the document store, named in the audit row). REPO_SETTINGS_SAUTH, one transaction, audited.
 */
export async function uploadAgencyLetter(
  deps: AppDeps,
  { ctx, agencyId, readUpload }: { ctx: UnitContext; agencyId: number; readUpload: () => Promise<Upload> },
): Promise<AgenciesReply> {
  const agency = await agencyInScope(deps.db, ctx, agencyId);
  const upload = await readUpload();
  if (!upload.file || upload.file.content.length === 0) throw validationError('file', 'This field is required');
  const type = sniffDocumentType(upload.file.content);
  if (!type) throw validationError('file', 'must be a PDF, PNG or JPEG file');
  const content = upload.file.content;
  const fileName = safeFileName(upload.file.fileName, `authorisation-letter.${type.extension}`);
  const at = deps.clock.now();
  await withDocumentTransaction(deps.db, async (tx) => {
    await agencyInScope(tx, ctx, agencyId);
    const [seq] = await selectRows<{ id: number | string }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('documents', 'id')) as id`,
    );
    const documentId = Number(seq!.id);
    const stored = await deps.documents.put(tx, {
      owner: `agencies/${agencyId}`,
      documentId,
      mimeType: type.mimeType,
      content,
    });
    await tx.insert(documents).values({
      id: documentId,
      accountId: null,
      fileName,
      documentName: `Authorisation letter: ${agency.name}`,
      category: 'AGENCY_LETTER',
      remark: null,
      mimeType: type.mimeType,
      ...stored,
      uploadedByUserId: ctx.user.id,
      createdAt: at,
    });
    await setAgencyLetter(tx, agencyId, documentId, at);
    await emitAudit(tx, ctx, {
      action: 'secured_assets.agency_letter',
      entity: 'agency',
      entityId: agencyId,
      before: { letterDocumentId: agency.letter?.documentId ?? null },
      after: { letterDocumentId: documentId, fileName, mimeType: type.mimeType, sizeBytes: content.length },
    });
  });
  return getAgencies(deps, { ctx });
}

/** GET /api/secured-assets/agencies/:agencyId/letter — the agency's current authorisation letter (any repoapp user). */
export async function readAgencyLetter(
  deps: AppDeps,
  { ctx, agencyId }: { ctx: UnitContext; agencyId: number },
): Promise<{ fileName: string; mimeType: string; content: Buffer }> {
  requireAppAuthority({ app: REPO_APP }, await actorAuthorities(deps.db, ctx, REPO_APP));
  const agency = await agencyInScope(deps.db, ctx, agencyId);
  if (!agency.letter) throw new AppError('NOT_FOUND', `${agency.name} has no authorisation letter on file`);
  const [document] = await selectRows<{
    fileName: string;
    mimeType: string;
    storage: string;
    content: Uint8Array | null;
    storagePath: string | null;
    sha256: string | null;
  }>(
    deps.db,
    sql`select file_name as "fileName", mime_type as "mimeType", storage, content, storage_path as "storagePath",
          sha256
        from documents where id = ${agency.letter.documentId}`,
  );
  const content = await deps.documents.read(document!, `document ${agency.letter.documentId}`);
  return { fileName: document!.fileName, mimeType: document!.mimeType, content };
}
