import { asc, eq, sql } from 'drizzle-orm';
import { assetInventories, assetInventoryItems } from '@recovery-desk/db/secured-assets-schema.ts';
import type {
  AssetInventory,
  InventoryInput,
  InventoryPhoto,
  PropertyDetails,
  VehicleDetails,
} from '@recovery-desk/domain/secured-assets/inventory.ts';
import { selectRows } from '../../db/sql-rows.ts';
import type { Executor } from '../../db/transaction.ts';

// A case's asset detail (asset_inventories), its inventory lines (asset_inventory_items) and its photos (the case's
// image documents under the stage's photo code).

export async function findInventory(db: Executor, caseId: number): Promise<AssetInventory | null> {
  const [row] = await db.select().from(assetInventories).where(eq(assetInventories.caseId, caseId));
  if (!row) return null;
  const items = await db
    .select({
      item: assetInventoryItems.item,
      quantity: assetInventoryItems.quantity,
      condition: assetInventoryItems.condition,
    })
    .from(assetInventoryItems)
    .where(eq(assetInventoryItems.caseId, caseId))
    .orderBy(asc(assetInventoryItems.lineNo));
  const vehicle: VehicleDetails | null =
    row.kind === 'VEHICLE' && row.registrationNo !== null
      ? {
          registrationNo: row.registrationNo,
          makeModel: row.makeModel ?? '',
          chassisNo: row.chassisNo ?? '',
          engineNo: row.engineNo ?? '',
          odometerKm: row.odometerKm ?? 0,
          fuelLevel: row.fuelLevel as VehicleDetails['fuelLevel'],
          keysHandedOver: row.keysHandedOver ?? false,
          condition: row.vehicleCondition as VehicleDetails['condition'],
        }
      : null;
  const property: PropertyDetails | null =
    row.kind === 'PROPERTY' && row.address !== null
      ? {
          address: row.address,
          areaHundredths: Number(row.areaHundredths ?? 0),
          areaUnit: row.areaUnit as PropertyDetails['areaUnit'],
          surveyNo: row.surveyNo ?? '',
          boundaries: row.boundaries ?? '',
          titleDeedRef: row.titleDeedRef ?? '',
          occupancy: row.occupancy as PropertyDetails['occupancy'],
        }
      : null;
  return {
    kind: row.kind as AssetInventory['kind'],
    vehicle,
    property,
    items: items.map((line) => ({
      ...line,
      condition: line.condition as AssetInventory['items'][number]['condition'],
    })),
    remarks: row.remarks,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Writes the case's inventory whole (the row upserted, its lines replaced). */
export async function saveInventory(
  db: Executor,
  values: { caseId: number; kind: 'VEHICLE' | 'PROPERTY'; input: InventoryInput; userId: number; at: Date },
): Promise<void> {
  const { vehicle, property, items, remarks } = values.input;
  const columns = {
    kind: values.kind,
    registrationNo: vehicle?.registrationNo ?? null,
    makeModel: vehicle?.makeModel ?? null,
    chassisNo: vehicle?.chassisNo ?? null,
    engineNo: vehicle?.engineNo ?? null,
    odometerKm: vehicle?.odometerKm ?? null,
    fuelLevel: vehicle?.fuelLevel ?? null,
    keysHandedOver: vehicle?.keysHandedOver ?? null,
    vehicleCondition: vehicle?.condition ?? null,
    address: property?.address ?? null,
    areaHundredths: property?.areaHundredths ?? null,
    areaUnit: property?.areaUnit ?? null,
    surveyNo: property?.surveyNo ?? null,
    boundaries: property?.boundaries ?? null,
    titleDeedRef: property?.titleDeedRef ?? null,
    occupancy: property?.occupancy ?? null,
    remarks,
    updatedByUserId: values.userId,
    updatedAt: values.at,
  };
  await db
    .insert(assetInventories)
    .values({ caseId: values.caseId, ...columns, createdAt: values.at })
    .onConflictDoUpdate({ target: assetInventories.caseId, set: columns });
  await db.delete(assetInventoryItems).where(eq(assetInventoryItems.caseId, values.caseId));
  if (items.length > 0) {
    await db
      .insert(assetInventoryItems)
      .values(items.map((line, index) => ({ caseId: values.caseId, lineNo: index + 1, ...line })));
  }
}

/** The case's photos: its PNG and JPEG documents under the photo code, oldest first. */
export async function listInventoryPhotos(db: Executor, caseId: number, code: string): Promise<InventoryPhoto[]> {
  const rows = await selectRows<InventoryPhoto>(
    db,
    sql`select id as "documentId", file_name as "fileName", mime_type as "mimeType", size_bytes as "sizeBytes"
        from case_documents
        where case_id = ${caseId} and code = ${code} and mime_type in ('image/png', 'image/jpeg')
        order by id`,
  );
  // int8 ids come back as strings from PostgreSQL
  return rows.map((row) => ({ ...row, documentId: Number(row.documentId), sizeBytes: Number(row.sizeBytes) }));
}
