import { findStage } from '@recovery-desk/domain/workflow/definition.ts';
import {
  INVENTORY_CAPTURE_STAGE,
  INVENTORY_KIND,
  INVENTORY_PHOTO_CODE,
  inventoryMissing,
  type InventoryInput,
  type InventoryReply,
} from '@recovery-desk/domain/secured-assets/inventory.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction, type Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, authorityMissing, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { actorAuthorities, loadDefinition, requireAppAuthority, type EffectRun } from '../../workflow/index.ts';
import { findInventory, listInventoryPhotos, saveInventory } from '../inventory.repository.ts';
import { REPO_APP } from '../secured-assets-constants.ts';
import { securedCaseInScope } from './secured-case.ts';

// The asset detail and inventory of a repossession or SARFAESI case (the assetInventory widget): saved whole while the
// case is at Asset Detail Capture, by a holder of that stage's authority in the acting unit's subtree, audited in its
// transaction; read by any repoapp authority; read-only once the case has left the stage. Submitting the stage is
// refused until it is complete (the requireInventory effect): the record, and for a vehicle at least one photo.

/** GET /api/secured-assets/cases/:caseId/inventory */
export async function getInventory(
  deps: AppDeps,
  { ctx, caseId }: { ctx: UnitContext; caseId: number },
): Promise<InventoryReply> {
  const record = await securedCaseInScope(deps.db, ctx, caseId);
  const authorities = await actorAuthorities(deps.db, ctx, REPO_APP);
  requireAppAuthority({ app: REPO_APP }, authorities);
  const definition = await loadDefinition(deps.db, record.definitionCode, record.definitionVersion);
  const capture = findStage(definition, INVENTORY_CAPTURE_STAGE);
  const kind = INVENTORY_KIND[record.definitionCode]!;
  const photoCode = INVENTORY_PHOTO_CODE[record.definitionCode]!;
  const inventory = await findInventory(deps.db, caseId);
  const photos = await listInventoryPhotos(deps.db, caseId, photoCode);
  return {
    caseId,
    definitionCode: record.definitionCode,
    stage: record.stage,
    kind,
    editable:
      !record.isClosed &&
      record.stage === INVENTORY_CAPTURE_STAGE &&
      capture !== undefined &&
      authorities.includes(capture.authority),
    photoCode,
    inventory,
    photos,
    missing: inventoryMissing(kind, inventory, photos.length),
  };
}

/** PUT /api/secured-assets/cases/:caseId/inventory: the capture stage's authority, at that stage, audited. */
export async function putInventory(
  deps: AppDeps,
  { ctx, caseId, input }: { ctx: UnitContext; caseId: number; input: InventoryInput },
): Promise<InventoryReply> {
  await withTransaction(deps.db, (tx) => saveInventoryInTx(tx, deps, { ctx, caseId, input }));
  return getInventory(deps, { ctx, caseId });
}

/** putInventory in the caller's transaction (the demo seed captures its inventories this way). */
export async function saveInventoryInTx(
  tx: Transaction,
  deps: AppDeps,
  { ctx, caseId, input }: { ctx: UnitContext; caseId: number; input: InventoryInput },
): Promise<void> {
  const record = await securedCaseInScope(tx, ctx, caseId);
  const definition = await loadDefinition(tx, record.definitionCode, record.definitionVersion);
  const capture = findStage(definition, INVENTORY_CAPTURE_STAGE);
  if (!capture) throw new AppError('NOT_FOUND', 'Case not found');
  const authorities = await actorAuthorities(tx, ctx, REPO_APP);
  if (!authorities.includes(capture.authority)) {
    throw authorityMissing(capture.authority, REPO_APP, 'You cannot change the inventory of this case.');
  }
  if (record.isClosed || record.stage !== INVENTORY_CAPTURE_STAGE) {
    throw new AppError(
      'WRONG_STAGE',
      `The inventory of case ${record.caseNo} can be changed only at Asset Detail Capture; it is at ${record.stage}.`,
    );
  }
  const kind = INVENTORY_KIND[record.definitionCode]!;
  if (kind === 'VEHICLE') {
    if (!input.vehicle) throw validationError('vehicle', 'the vehicle details are required');
    if (input.property) throw validationError('property', 'a repossessed vehicle has no property details');
  } else {
    if (!input.property) throw validationError('property', 'the property details are required');
    if (input.vehicle) throw validationError('vehicle', 'a SARFAESI property has no vehicle details');
  }
  const before = await findInventory(tx, caseId);
  await saveInventory(tx, { caseId, kind, input, userId: ctx.user.id, at: deps.clock.now() });
  await emitAudit(tx, ctx, {
    action: 'secured_assets.inventory_save',
    entity: 'case',
    entityId: caseId,
    before: before
      ? { caseNo: record.caseNo, inventory: { ...before, updatedAt: undefined } }
      : { caseNo: record.caseNo },
    after: { caseNo: record.caseNo, inventory: { kind, ...input } },
  });
}

/** The requireInventory effect: Asset Detail Capture is submitted only with a complete inventory (400 naming it). */
export async function requireInventory(run: EffectRun): Promise<void> {
  const kind = INVENTORY_KIND[run.definition.code];
  const photoCode = INVENTORY_PHOTO_CODE[run.definition.code];
  if (!kind || !photoCode)
    throw new Error(`requireInventory has no asset kind for the ${run.definition.code} workflow`);
  const inventory = await findInventory(run.tx, run.caseId);
  const photos = await listInventoryPhotos(run.tx, run.caseId, photoCode);
  const [missing] = inventoryMissing(kind, inventory, photos.length);
  if (missing === 'inventory') {
    throw validationError(
      'inventory',
      `capture the ${kind === 'VEHICLE' ? 'vehicle' : 'property'} details on the Inventory tab before submitting case ${run.caseNo}`,
    );
  }
  if (missing === 'photos') {
    throw validationError('photos', `add at least one photo of the vehicle (PNG or JPEG) to case ${run.caseNo}`);
  }
}
