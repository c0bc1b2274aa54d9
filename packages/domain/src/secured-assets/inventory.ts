import { z } from 'zod';

// The asset detail and inventory of a repossession or SARFAESI case (issue 15), captured at Asset Detail Capture by
// the `assetInventory` stage widget: a repossessed vehicle (registration, make and model, chassis, engine, odometer,
// fuel, keys, condition) or a SARFAESI property (address, area with its unit, survey / plot number, boundaries, title
// deed, occupancy), the inventory lines found with it (item, quantity, condition), and for a vehicle its photos (image
// documents of the case under the stage's photo checklist code). The stage's submit is refused until it is complete
// (the requireInventory effect); it is read-only once the case has left the stage.

/** The stage where the inventory is captured (both workflows name it so). */
export const INVENTORY_CAPTURE_STAGE = 'AssetDtlCapture';

/** What each workflow's asset is. */
export const INVENTORY_KIND: Readonly<Record<string, 'VEHICLE' | 'PROPERTY'>> = {
  REPOSSESSION: 'VEHICLE',
  SARFAESI: 'PROPERTY',
};

/** The checklist code of the asset's photos on each workflow's capture stage. */
export const INVENTORY_PHOTO_CODE: Readonly<Record<string, string>> = {
  REPOSSESSION: 'repossessionPhotos',
  SARFAESI: 'propertyPhotos',
};

/** The image types a photo may be (the document store sniffs the bytes; PDFs are not photos). */
export const PHOTO_MIME_TYPES = ['image/png', 'image/jpeg'] as const;

export const FUEL_LEVELS = ['EMPTY', 'QUARTER', 'HALF', 'THREE_QUARTERS', 'FULL'] as const;
export const ITEM_CONDITIONS = ['GOOD', 'AVERAGE', 'POOR', 'DAMAGED'] as const;
export const AREA_UNITS = ['SQ_FT', 'SQ_M', 'ACRE', 'HECTARE'] as const;
export const PROPERTY_OCCUPANCIES = ['VACANT', 'OWNER_OCCUPIED', 'TENANTED', 'LOCKED'] as const;

const required = (max: number) => z.string().trim().min(1, 'is required').max(max);
const optional = (max: number) => z.string().trim().max(max).nullable().default(null);

export const inventoryItemSchema = z
  .object({
    item: required(120),
    quantity: z.number().int('must be a whole number').min(1, 'must be at least 1').max(10_000),
    condition: z.enum(ITEM_CONDITIONS),
  })
  .strict();
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const vehicleDetailsSchema = z
  .object({
    registrationNo: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(20)
      .regex(/^[A-Z0-9-]+$/, 'must be capital letters, digits and dashes'),
    makeModel: required(120),
    chassisNo: required(30),
    engineNo: required(30),
    odometerKm: z.number().int('must be whole kilometres').min(0, 'must not be negative').max(10_000_000),
    fuelLevel: z.enum(FUEL_LEVELS),
    keysHandedOver: z.boolean(),
    condition: z.enum(ITEM_CONDITIONS),
  })
  .strict();
export type VehicleDetails = z.infer<typeof vehicleDetailsSchema>;

export const propertyDetailsSchema = z
  .object({
    address: required(500),
    /** the area in hundredths of the unit (integer, e.g. 120050 = 1,200.50 sq ft) */
    areaHundredths: z.number().int('must be a number with at most two decimals').min(1, 'must be more than zero'),
    areaUnit: z.enum(AREA_UNITS),
    surveyNo: required(60),
    boundaries: required(500),
    titleDeedRef: required(60),
    occupancy: z.enum(PROPERTY_OCCUPANCIES),
  })
  .strict();
export type PropertyDetails = z.infer<typeof propertyDetailsSchema>;

export const inventoryInputSchema = z
  .object({
    vehicle: vehicleDetailsSchema.nullable().default(null),
    property: propertyDetailsSchema.nullable().default(null),
    items: z.array(inventoryItemSchema).max(100).default([]),
    remarks: optional(1000),
  })
  .strict();
export type InventoryInput = z.infer<typeof inventoryInputSchema>;

export const inventoryPhotoSchema = z.object({
  documentId: z.number(),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number(),
});
export type InventoryPhoto = z.infer<typeof inventoryPhotoSchema>;

export const assetInventorySchema = z.object({
  kind: z.enum(['VEHICLE', 'PROPERTY']),
  vehicle: vehicleDetailsSchema.nullable(),
  property: propertyDetailsSchema.nullable(),
  items: z.array(inventoryItemSchema),
  remarks: z.string().nullable(),
  updatedAt: z.string(),
});
export type AssetInventory = z.infer<typeof assetInventorySchema>;

export const inventoryReplySchema = z.object({
  caseId: z.number(),
  definitionCode: z.string(),
  stage: z.string(),
  kind: z.enum(['VEHICLE', 'PROPERTY']),
  /** the caller may change it (the case is at Asset Detail Capture, with that stage's authority) */
  editable: z.boolean(),
  /** the checklist code photos are uploaded under */
  photoCode: z.string(),
  inventory: assetInventorySchema.nullable(),
  photos: z.array(inventoryPhotoSchema),
  /** what is still missing before the stage may be submitted (field names), empty when complete */
  missing: z.array(z.enum(['inventory', 'photos'])),
});
export type InventoryReply = z.infer<typeof inventoryReplySchema>;

/** What a case's inventory still lacks: the record itself, and for a vehicle at least one photo. */
export function inventoryMissing(
  kind: 'VEHICLE' | 'PROPERTY',
  inventory: Pick<AssetInventory, 'vehicle' | 'property'> | null,
  photoCount: number,
): InventoryReply['missing'] {
  const missing: InventoryReply['missing'] = [];
  const complete =
    inventory !== null && (kind === 'VEHICLE' ? inventory.vehicle !== null : inventory.property !== null);
  if (!complete) missing.push('inventory');
  if (kind === 'VEHICLE' && photoCount === 0) missing.push('photos');
  return missing;
}

/** The inventory as one line of text for the letters that print it ("Spare wheel × 1 (good); …"). */
export function inventoryText(inventory: Pick<AssetInventory, 'items' | 'remarks'>): string {
  const lines = inventory.items.map((line) => `${line.item} × ${line.quantity} (${line.condition.toLowerCase()})`);
  if (inventory.remarks) lines.push(inventory.remarks);
  return lines.length > 0 ? lines.join('; ') : 'none';
}

/** An area in hundredths as its decimal text ("1200.50"). */
export function areaText(hundredths: number): string {
  return `${Math.trunc(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}
