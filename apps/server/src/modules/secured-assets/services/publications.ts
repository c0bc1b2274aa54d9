import { findStage } from '@recovery-desk/domain/workflow/definition.ts';
import {
  PUBLICATION_STAGES,
  SCAN_MIME_TYPES,
  publicationFields,
  publicationPurposeOf,
  publicationRequired,
  publicationsMissing,
  type PublicationInput,
  type PublicationPurpose,
  type PublicationsReply,
} from '@recovery-desk/domain/secured-assets/publications.ts';
import { sql } from 'drizzle-orm';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction, type Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, authorityMissing, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { actorAuthorities, loadDefinition, requireAppAuthority, type EffectRun } from '../../workflow/index.ts';
import {
  deletePublication,
  findCaseDocument,
  insertPublication,
  listPublications,
} from '../publications.repository.ts';
import { REPO_APP } from '../secured-assets-constants.ts';
import { securedCaseInScope } from './secured-case.ts';

// The newspaper publications of a SARFAESI case (the publications widget): added and removed at the stage of their
// purpose (NewspaperPublication, PossessionDtlCapture, PublicationUpload) by a holder of that stage's authority in the
// acting unit's subtree, audited in the same transaction; read by any repoapp authority. Each change rewrites the
// stage's newspapers field and publication date from the record (the paper names joined, the earliest date), as a
// yard-in writes yardName; the stage's submit is refused until the rule is met (the requirePublications effect).

/** GET /api/secured-assets/cases/:caseId/publications */
export async function getPublications(
  deps: AppDeps,
  { ctx, caseId }: { ctx: UnitContext; caseId: number },
): Promise<PublicationsReply> {
  const record = await securedCaseInScope(deps.db, ctx, caseId);
  const authorities = await actorAuthorities(deps.db, ctx, REPO_APP);
  requireAppAuthority({ app: REPO_APP }, authorities);
  const definition = await loadDefinition(deps.db, record.definitionCode, record.definitionVersion);
  const purpose = record.isClosed ? null : publicationPurposeOf(record.stage);
  const stage = findStage(definition, record.stage);
  const publications = await listPublications(deps.db, caseId);
  return {
    caseId,
    stage: record.stage,
    purpose,
    editable: purpose !== null && stage !== undefined && authorities.includes(stage.authority),
    scanCode: purpose ? PUBLICATION_STAGES[purpose].scanCode : null,
    publications,
    missing:
      purpose && publicationRequired(purpose, record.fields)
        ? publicationsMissing(publications.filter((paper) => paper.purpose === purpose))
        : [],
  };
}

/** The case at the stage of the purpose, and the caller holding that stage's authority (else 403 / 409). */
async function changeableCase(tx: Transaction, ctx: UnitContext, caseId: number, purpose: PublicationPurpose | null) {
  const record = await securedCaseInScope(tx, ctx, caseId);
  const definition = await loadDefinition(tx, record.definitionCode, record.definitionVersion);
  const stage = findStage(definition, record.stage);
  const authorities = await actorAuthorities(tx, ctx, REPO_APP);
  if (!stage || !authorities.includes(stage.authority)) {
    throw authorityMissing(
      stage?.authority ?? record.stage,
      REPO_APP,
      'You cannot change the publications of this case.',
    );
  }
  const current = record.isClosed ? null : publicationPurposeOf(record.stage);
  if (current === null || (purpose !== null && current !== purpose)) {
    throw new AppError(
      'WRONG_STAGE',
      `Case ${record.caseNo} is at ${record.stage}: its publications can be changed only at the stage of their notice.`,
    );
  }
  return { record, purpose: current };
}

/** Writes the stage's newspapers and publication date from the purpose's papers (removes them with none). */
async function fillStageFields(tx: Transaction, caseId: number, purpose: PublicationPurpose): Promise<void> {
  const { dateField, namesField } = PUBLICATION_STAGES[purpose];
  const filled = publicationFields((await listPublications(tx, caseId)).filter((paper) => paper.purpose === purpose));
  await tx.execute(
    filled
      ? sql`update cases set fields = fields || jsonb_build_object(${dateField}::text, ${filled.date}::text, ${namesField}::text, ${filled.names}::text)
          where id = ${caseId}`
      : sql`update cases set fields = fields - ${dateField}::text - ${namesField}::text where id = ${caseId}`,
  );
}

/** POST …/publications: the purpose's stage authority, at that stage; the date and the scan checked; audited. */
export async function addPublication(
  deps: AppDeps,
  { ctx, caseId, input }: { ctx: UnitContext; caseId: number; input: PublicationInput },
): Promise<PublicationsReply> {
  await withTransaction(deps.db, (tx) => addPublicationInTx(tx, deps, { ctx, caseId, input }));
  return getPublications(deps, { ctx, caseId });
}

/** addPublication in the caller's transaction (the demo seed records its papers this way). */
export async function addPublicationInTx(
  tx: Transaction,
  deps: AppDeps,
  { ctx, caseId, input }: { ctx: UnitContext; caseId: number; input: PublicationInput },
): Promise<number> {
  const { record, purpose } = await changeableCase(tx, ctx, caseId, input.purpose);
  const { scanCode, noticeDateField } = PUBLICATION_STAGES[purpose];
  const businessDate = await requireBusinessDate(tx);
  if (input.publishedOn > businessDate) throw validationError('publishedOn', 'must not be after the business date');
  const noticeDate = record.fields[noticeDateField];
  if (typeof noticeDate === 'string' && input.publishedOn < noticeDate) {
    throw validationError('publishedOn', `must not be before the notice it publishes (${noticeDate})`);
  }
  const scan = await findCaseDocument(tx, caseId, input.scanDocumentId);
  if (!scan || scan.code !== scanCode) {
    throw validationError('scanDocumentId', `must be a scan uploaded to this case under ${scanCode}`);
  }
  if (!(SCAN_MIME_TYPES as readonly string[]).includes(scan.mimeType)) {
    throw validationError('scanDocumentId', 'must be a PDF, JPEG or PNG');
  }
  const id = await insertPublication(tx, { caseId, input, userId: ctx.user.id, at: deps.clock.now() });
  await fillStageFields(tx, caseId, purpose);
  await emitAudit(tx, ctx, {
    action: 'secured_assets.publication_add',
    entity: 'case',
    entityId: caseId,
    after: { caseNo: record.caseNo, publicationId: id, ...input },
  });
  return id;
}

/** DELETE …/publications/:publicationId: as adding; a paper of another purpose or case is not found. */
export async function removePublication(
  deps: AppDeps,
  { ctx, caseId, publicationId }: { ctx: UnitContext; caseId: number; publicationId: number },
): Promise<PublicationsReply> {
  await withTransaction(deps.db, async (tx) => {
    const { record, purpose } = await changeableCase(tx, ctx, caseId, null);
    const paper = (await listPublications(tx, caseId)).find(
      (candidate) => candidate.id === publicationId && candidate.purpose === purpose,
    );
    if (!paper) throw new AppError('NOT_FOUND', 'Publication not found');
    await deletePublication(tx, caseId, publicationId);
    await fillStageFields(tx, caseId, purpose);
    await emitAudit(tx, ctx, {
      action: 'secured_assets.publication_remove',
      entity: 'case',
      entityId: caseId,
      before: { caseNo: record.caseNo, publicationId, ...paper },
    });
  });
  return getPublications(deps, { ctx, caseId });
}

/**
 * The requirePublications effect: the stage is submitted only when its notice is published in two papers, one in
 * English and one in the vernacular, each with its scan (400 naming `publications`), and the stage's newspapers and
 * date are the record's (400 naming the field). The demand notice is published only when it was not served.
 */
export async function requirePublications(run: EffectRun): Promise<void> {
  const purpose = publicationPurposeOf(run.from.stage);
  if (!purpose) throw new Error(`requirePublications has no purpose at ${run.from.stage}`);
  const fields = run.next.fields;
  if (!publicationRequired(purpose, fields)) return;
  const papers = (await listPublications(run.tx, run.caseId)).filter((paper) => paper.purpose === purpose);
  const missing = publicationsMissing(papers);
  if (missing.length > 0) {
    throw validationError(
      'publications',
      `record the notice's publication in two newspapers, one in English and one in the vernacular, each with its scan, on the Publications tab before submitting case ${run.caseNo}`,
    );
  }
  const filled = publicationFields(papers)!;
  const { dateField, namesField } = PUBLICATION_STAGES[purpose];
  if (fields[dateField] !== filled.date) {
    throw validationError(`fields.${dateField}`, `must be the earliest publication date (${filled.date})`);
  }
  if (fields[namesField] !== filled.names) {
    throw validationError(`fields.${namesField}`, `must be the newspapers of the publications (${filled.names})`);
  }
}
