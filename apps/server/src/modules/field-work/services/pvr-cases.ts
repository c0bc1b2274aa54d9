import { sql } from 'drizzle-orm';
import {
  PVR_AGENCY_CAPACITY,
  PVR_USER_CAPACITY,
  type CaptureInput,
  type DelegateInput,
  type DelegatesReply,
  type HeatMapQuery,
  type HeatMapReply,
  type OpenPvrInput,
  type PvrCaseDetail,
  type PvrTrayPage,
  type PvrTrayQuery,
  type ReviewInput,
} from '@recovery-desk/domain/field/contracts.ts';
import { haversineKm } from '@recovery-desk/domain/field/route.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import { documents } from '@recovery-desk/db/collections-schema.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withDocumentTransaction } from '../../../documents/document-store.ts';
import { safeFileName, sniffDocumentType } from '../../../documents/document-types.ts';
import { selectRows, isoTimestamp } from '../../../db/sql-rows.ts';
import { withTransaction, type Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { Upload } from '../../../http/multipart-upload.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import {
  countPhotos,
  findAccountForField,
  findPhoto,
  findPropertyOf,
  findPvrCase,
  hasOpenPvrCase,
  heatCells,
  insertPvrCase,
  insertPvrEvent,
  linkPhoto,
  listDelegates,
  listPvrCases,
  readPvrCaseDetail,
  updatePvrCase,
  type PvrCaseState,
} from '../field-work.repository.ts';

// PVR — property visit reports (issue 14). A case is opened for an account with a secured property, delegated to
// field staff or an agency (with their capacity shown), the visit captured (geotag, time, occupancy, condition,
// photos as account documents) and reviewed by a second user, who approves it or sends it back for another visit.
// Every step is one transaction with its history row (pvr_case_events, append-only) and its audit row.

const MAX_PHOTOS = 10;
const OPEN_INDEX = 'pvr_cases_one_open_uq';

function caseNotFound(): AppError {
  return new AppError('NOT_FOUND', 'PVR case not found');
}

function staleCase(): AppError {
  return new AppError('STALE_VERSION', 'This PVR case was changed meanwhile. Reload it and try again.');
}

function isOpenConflict(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === '23505') {
      return (
        candidate.constraint === OPEN_INDEX ||
        (typeof candidate.message === 'string' && candidate.message.includes(OPEN_INDEX))
      );
    }
    if (typeof current !== 'object') break;
  }
  return false;
}

function alreadyOpen(accountNo: string): AppError {
  return new AppError('CASE_ALREADY_OPEN', `Account ${accountNo} already has an open PVR case.`);
}

async function lockedCase(tx: Transaction, ctx: UnitContext, caseId: number, version: number): Promise<PvrCaseState> {
  const found = await findPvrCase(tx, { id: caseId, unitPath: ctx.actingUnit.path, lock: true });
  if (!found) throw caseNotFound();
  if (found.version !== version) throw staleCase();
  return found;
}

function wrongState(found: PvrCaseState, doing: string): AppError {
  return new AppError(
    'WRONG_STAGE',
    `PVR case ${found.caseNo} is ${found.status.toLowerCase().replace('_', ' ')}; it cannot be ${doing} now.`,
  );
}

/** POST /api/pvr/cases — opens a case for an account of the subtree with a secured property. */
export async function openPvrCase(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: OpenPvrInput },
): Promise<PvrCaseDetail> {
  const at = deps.clock.now();
  const caseId = await withTransaction(deps.db, async (tx) => {
    const account = await findAccountForField(tx, { accountNo: input.accountNo, unitPath: ctx.actingUnit.path });
    if (!account) {
      throw new AppError('NOT_FOUND', 'Account not found', {
        fields: [{ field: 'accountNo', message: 'No such account in this unit' }],
      });
    }
    const property = await findPropertyOf(tx, account.id);
    if (!property) {
      throw new AppError('NOT_ELIGIBLE', `Account ${account.accountNo} has no secured property; a PVR needs one.`);
    }
    if (await hasOpenPvrCase(tx, account.id)) throw alreadyOpen(account.accountNo);
    let opened: { id: number; caseNo: string };
    try {
      opened = await tx.transaction((inner) =>
        insertPvrCase(inner, {
          accountId: account.id,
          collateralId: property.id,
          unitPath: account.unitPath,
          propertyAddress: property.address,
          latitude: property.latitude,
          longitude: property.longitude,
          reason: input.reason,
          openedBy: ctx.user.id,
          at,
        }),
      );
    } catch (error) {
      if (isOpenConflict(error)) throw alreadyOpen(account.accountNo);
      throw error;
    }
    await insertPvrEvent(tx, {
      caseId: opened.id,
      action: 'OPEN',
      actorUserId: ctx.user.id,
      remarks: input.reason,
      at,
    });
    await emitAudit(tx, ctx, {
      action: 'field.pvr.open',
      entity: 'pvr_case',
      entityId: opened.id,
      after: { caseNo: opened.caseNo, accountId: account.id, collateralId: property.id, reason: input.reason },
    });
    return opened.id;
  });
  return readPvrCase(deps, { ctx, caseId });
}

/** POST /api/pvr/cases/:caseId/delegate — gives the visit to field staff or an agency of the subtree. */
export async function delegatePvrCase(
  deps: AppDeps,
  { ctx, caseId, input }: { ctx: UnitContext; caseId: number; input: DelegateInput },
): Promise<PvrCaseDetail> {
  const businessDate = await requireBusinessDate(deps.db);
  if (input.dueDate < businessDate)
    throw validationError('dueDate', `must be the business date (${businessDate}) or later`);
  if (input.dueDate > addDays(businessDate, 90)) throw validationError('dueDate', 'must be within 90 days');
  const at = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    const found = await lockedCase(tx, ctx, caseId, input.version);
    if (!['INITIATED', 'DELEGATED', 'SENT_BACK'].includes(found.status)) throw wrongState(found, 'delegated');
    const delegates = await listDelegates(tx, ctx.actingUnit.path);
    const known =
      input.assigneeKind === 'USER'
        ? delegates.users.some((user) => user.id === input.assigneeId)
        : delegates.agencies.some((agency) => agency.id === input.assigneeId);
    if (!known) throw validationError('assigneeId', 'must be field staff or an agency of this unit');
    const set =
      input.assigneeKind === 'USER'
        ? sql`assignee_user_id = ${input.assigneeId}, assignee_agency_id = null`
        : sql`assignee_user_id = null, assignee_agency_id = ${input.assigneeId}`;
    const status = found.status === 'SENT_BACK' ? 'SENT_BACK' : 'DELEGATED';
    const updated = await updatePvrCase(tx, {
      id: caseId,
      version: input.version,
      from: [found.status],
      set: sql`${set}, status = ${status}, due_date = ${input.dueDate}, delegated_by = ${ctx.user.id}, delegated_at = ${at}`,
    });
    if (!updated) throw staleCase();
    await insertPvrEvent(tx, {
      caseId,
      action: 'DELEGATE',
      actorUserId: ctx.user.id,
      remarks: `${input.assigneeKind} ${input.assigneeId}, due ${input.dueDate}`,
      at,
    });
    await emitAudit(tx, ctx, {
      action: 'field.pvr.delegate',
      entity: 'pvr_case',
      entityId: caseId,
      before: { status: found.status, assigneeUserId: found.assigneeUserId, assigneeAgencyId: found.assigneeAgencyId },
      after: { status, assigneeKind: input.assigneeKind, assigneeId: input.assigneeId, dueDate: input.dueDate },
    });
  });
  return readPvrCase(deps, { ctx, caseId });
}

function mayCapture(found: PvrCaseState, ctx: UnitContext): boolean {
  // Field staff capture their own visits; an agency's report is entered by any officer of the subtree.
  return found.assigneeUserId === ctx.user.id || (found.assigneeUserId === null && found.assigneeAgencyId !== null);
}

/** POST /api/pvr/cases/:caseId/photos — a photo of the property (PNG or JPEG) stored as a document of the account. */
export async function addPvrPhoto(
  deps: AppDeps,
  { ctx, caseId, readUpload }: { ctx: UnitContext; caseId: number; readUpload: () => Promise<Upload> },
): Promise<PvrCaseDetail> {
  const found = await findPvrCase(deps.db, { id: caseId, unitPath: ctx.actingUnit.path });
  if (!found) throw caseNotFound();
  if (!['DELEGATED', 'SENT_BACK'].includes(found.status)) throw wrongState(found, 'given photos');
  if (!mayCapture(found, ctx))
    throw new AppError('NOT_ELIGIBLE', 'Only the officer the visit is delegated to records it.');
  const upload = await readUpload();
  if (!upload.file || upload.file.content.length === 0) throw validationError('file', 'This field is required');
  const type = sniffDocumentType(upload.file.content);
  if (!type || type.mimeType === 'application/pdf') throw validationError('file', 'must be a PNG or JPEG photo');
  const fileName = safeFileName(upload.file.fileName, `photo.${type.extension}`);
  const content = upload.file.content;
  const at = deps.clock.now();
  await withDocumentTransaction(deps.db, async (tx) => {
    await lockedCase(tx, ctx, caseId, found.version);
    if ((await countPhotos(tx, caseId)) >= MAX_PHOTOS)
      throw validationError('file', `at most ${MAX_PHOTOS} photos a case`);
    const [seq] = await selectRows<{ id: number | string }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('documents', 'id')) as id`,
    );
    const documentId = Number(seq!.id);
    const stored = await deps.documents.put(tx, {
      owner: `accounts/${found.accountId}`,
      documentId,
      mimeType: type.mimeType,
      content,
    });
    await tx.insert(documents).values({
      id: documentId,
      accountId: found.accountId,
      fileName,
      documentName: `PVR ${found.caseNo} photo`,
      category: 'PVR_PHOTO',
      remark: null,
      mimeType: type.mimeType,
      ...stored,
      uploadedByUserId: ctx.user.id,
      createdAt: at,
    });
    await linkPhoto(tx, { caseId, documentId, at });
    await emitAudit(tx, ctx, {
      action: 'field.pvr.photo',
      entity: 'pvr_case',
      entityId: caseId,
      after: { documentId, fileName, mimeType: type.mimeType, sizeBytes: content.length },
    });
  });
  return readPvrCase(deps, { ctx, caseId });
}

/** POST /api/pvr/cases/:caseId/visit — the visit: geotag, time, occupancy, condition, remarks (photos first). */
export async function capturePvrVisit(
  deps: AppDeps,
  { ctx, caseId, input }: { ctx: UnitContext; caseId: number; input: CaptureInput },
): Promise<PvrCaseDetail> {
  const at = deps.clock.now();
  const visitedAt = new Date(input.visitedAt);
  if (visitedAt.getTime() > at.getTime() + 5 * 60_000) throw validationError('visitedAt', 'cannot be in the future');
  await withTransaction(deps.db, async (tx) => {
    const found = await lockedCase(tx, ctx, caseId, input.version);
    if (!['DELEGATED', 'SENT_BACK'].includes(found.status)) throw wrongState(found, 'captured');
    if (!mayCapture(found, ctx))
      throw new AppError('NOT_ELIGIBLE', 'Only the officer the visit is delegated to records it.');
    if ((await countPhotos(tx, caseId)) === 0)
      throw validationError('photos', 'add at least one photo of the property');
    const updated = await updatePvrCase(tx, {
      id: caseId,
      version: input.version,
      from: [found.status],
      set: sql`status = 'CAPTURED', visited_at = ${visitedAt}, visit_latitude = ${input.latitude},
        visit_longitude = ${input.longitude}, occupancy = ${input.occupancy}, condition = ${input.condition},
        person_met = ${input.personMet || null}, visit_remarks = ${input.remarks}, captured_by = ${ctx.user.id},
        captured_at = ${at}, reviewed_by = null, reviewed_at = null, review_remarks = null`,
    });
    if (!updated) throw staleCase();
    await insertPvrEvent(tx, { caseId, action: 'CAPTURE', actorUserId: ctx.user.id, remarks: input.remarks, at });
    await emitAudit(tx, ctx, {
      action: 'field.pvr.capture',
      entity: 'pvr_case',
      entityId: caseId,
      before: { status: found.status },
      after: {
        status: 'CAPTURED',
        visitedAt: visitedAt.toISOString(),
        latitude: input.latitude,
        longitude: input.longitude,
        occupancy: input.occupancy,
        condition: input.condition,
      },
    });
  });
  return readPvrCase(deps, { ctx, caseId });
}

/** POST /api/pvr/cases/:caseId/review — a second user approves the report or sends it back for another visit. */
export async function reviewPvrCase(
  deps: AppDeps,
  { ctx, caseId, input }: { ctx: UnitContext; caseId: number; input: ReviewInput },
): Promise<PvrCaseDetail> {
  const at = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    const found = await lockedCase(tx, ctx, caseId, input.version);
    if (found.status !== 'CAPTURED') throw wrongState(found, 'reviewed');
    if (found.capturedBy === ctx.user.id || found.assigneeUserId === ctx.user.id) {
      throw new AppError('MAKER_CANNOT_CHECK', 'You cannot review a property visit you made yourself.');
    }
    const status = input.decision === 'approve' ? 'APPROVED' : 'SENT_BACK';
    const updated = await updatePvrCase(tx, {
      id: caseId,
      version: input.version,
      from: ['CAPTURED'],
      set: sql`status = ${status}, reviewed_by = ${ctx.user.id}, reviewed_at = ${at}, review_remarks = ${input.remarks || null}`,
    });
    if (!updated) throw staleCase();
    await insertPvrEvent(tx, {
      caseId,
      action: input.decision === 'approve' ? 'APPROVE' : 'SEND_BACK',
      actorUserId: ctx.user.id,
      remarks: input.remarks || null,
      at,
    });
    await emitAudit(tx, ctx, {
      action: input.decision === 'approve' ? 'field.pvr.approve' : 'field.pvr.send_back',
      entity: 'pvr_case',
      entityId: caseId,
      before: { status: found.status },
      after: { status, remarks: input.remarks ?? null },
    });
  });
  return readPvrCase(deps, { ctx, caseId });
}

// ------------------------------------------------------------------------------------------------ reads

export async function listPvrTray(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: PvrTrayQuery },
): Promise<PvrTrayPage> {
  const page = await listPvrCases(deps.db, { unitPath: ctx.actingUnit.path, status: input.status, page: input.page });
  return { ...page, page: input.page };
}

/** A case of the subtree with its visit, review, photos, history and what the caller may do. */
export async function readPvrCase(
  deps: AppDeps,
  { ctx, caseId, accountId }: { ctx: UnitContext; caseId: number; accountId?: number },
): Promise<PvrCaseDetail> {
  const detail = await readPvrCaseDetail(deps.db, { id: caseId, unitPath: ctx.actingUnit.path });
  if (!detail || (accountId !== undefined && detail.base.accountId !== accountId)) throw caseNotFound();
  const { row, base } = detail;
  const visitLatitude = row.visitLatitude === null ? null : Number(row.visitLatitude);
  const visitLongitude = row.visitLongitude === null ? null : Number(row.visitLongitude);
  const visit =
    row.visitedAt && visitLatitude !== null && visitLongitude !== null
      ? {
          visitedAt: isoTimestamp(row.visitedAt as Date | string),
          latitude: visitLatitude,
          longitude: visitLongitude,
          distanceM:
            base.latitude !== null && base.longitude !== null
              ? Math.round(
                  haversineKm(
                    { latitude: base.latitude, longitude: base.longitude },
                    { latitude: visitLatitude, longitude: visitLongitude },
                  ) * 1000,
                )
              : null,
          occupancy: row.occupancy as 'VACANT',
          condition: row.condition as 'GOOD',
          personMet: (row.personMet as string | null) ?? null,
          remarks: String(row.visitRemarks ?? ''),
          capturedBy: String(row.capturedBy ?? ''),
        }
      : null;
  const assigneeUserId = row.assigneeUserId === null ? null : Number(row.assigneeUserId);
  const capturedById = row.capturedById === null ? null : Number(row.capturedById);
  const assigneeKind = (row.assigneeKind as 'USER' | 'AGENCY' | null) ?? null;
  const open = ['DELEGATED', 'SENT_BACK'].includes(base.status);
  return {
    ...base,
    reason: String(row.reason),
    collateral: String(row.collateral),
    collateralValue: (row.collateralValue as string | null) ?? null,
    currency: String(row.currency),
    openedBy: String(row.openedBy),
    assigneeKind,
    visit,
    review: row.reviewedBy
      ? {
          reviewedBy: String(row.reviewedBy),
          reviewedAt: isoTimestamp(row.reviewedAt as Date | string),
          remarks: (row.reviewRemarks as string | null) ?? null,
        }
      : null,
    photos: detail.photos,
    events: detail.events,
    can: {
      delegate: ['INITIATED', 'DELEGATED', 'SENT_BACK'].includes(base.status),
      capture: open && (assigneeUserId === ctx.user.id || assigneeKind === 'AGENCY'),
      review: base.status === 'CAPTURED' && capturedById !== ctx.user.id && assigneeUserId !== ctx.user.id,
    },
  };
}

export async function readPvrPhoto(
  deps: AppDeps,
  { ctx, caseId, documentId }: { ctx: UnitContext; caseId: number; documentId: number },
) {
  const found = await findPvrCase(deps.db, { id: caseId, unitPath: ctx.actingUnit.path });
  if (!found) throw caseNotFound();
  const photo = await findPhoto(deps.db, { caseId, documentId });
  if (!photo) throw new AppError('NOT_FOUND', 'Photo not found');
  const content = await deps.documents.read(photo, `document ${documentId}`);
  return { fileName: photo.fileName, mimeType: photo.mimeType, content };
}

export async function readDelegates(deps: AppDeps, { ctx }: { ctx: UnitContext }): Promise<DelegatesReply> {
  const delegates = await listDelegates(deps.db, ctx.actingUnit.path);
  return {
    users: delegates.users.map((user) => ({ ...user, capacity: PVR_USER_CAPACITY })),
    agencies: delegates.agencies.map((agency) => ({ ...agency, capacity: PVR_AGENCY_CAPACITY })),
  };
}

export async function readHeatMap(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: HeatMapQuery },
): Promise<HeatMapReply> {
  const businessDate = await requireBusinessDate(deps.db);
  const to = input.to ?? businessDate;
  const from = input.from ?? addDays(to, -30);
  if (from > to) throw validationError('from', 'must be on or before to');
  const result = await heatCells(deps.db, {
    unitPath: ctx.actingUnit.path,
    layer: input.layer,
    from,
    to,
    cellDeg: Number(input.cell) / 100,
  });
  return {
    layer: input.layer,
    cells: result.cells,
    total: result.cells.reduce((sum, cell) => sum + cell.count, 0),
    unplaced: result.unplaced,
  };
}
