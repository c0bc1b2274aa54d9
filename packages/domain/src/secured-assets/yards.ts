import { z } from 'zod';
import { idParam } from '../numeric-params.ts';
import { isIsoDate } from '../workflow/dates.ts';

// The yards of repossessed assets (issue 15): the register (Repossession Settings, REPO_SETTINGS_SAUTH), each case's
// stays (yard-in with its date and condition, yard-out with its date and reason) and the yard inventory (assets in
// each yard now, days held) the repossession dashboard shows.

export const ASSET_CONDITIONS = ['GOOD', 'AVERAGE', 'POOR', 'SCRAP'] as const;
export const YARD_OUT_REASONS = ['SALE', 'RELEASE', 'TRANSFER'] as const;

const isoDate = z.string().refine(isIsoDate, 'must be a date (YYYY-MM-DD)');
const id = z.number().int().positive();

export const yardInputSchema = z
  .object({
    name: z.string().trim().min(1, 'is required').max(120),
    address: z.string().trim().min(1, 'is required').max(500),
    capacity: z.number().int('must be a whole number').min(1, 'must be at least 1').max(100_000),
    unitId: id,
    active: z.boolean().default(true),
  })
  .strict();
export type YardInput = z.infer<typeof yardInputSchema>;

export const yardSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  capacity: z.number(),
  unitId: z.number(),
  unitName: z.string(),
  active: z.boolean(),
});
export type Yard = z.infer<typeof yardSchema>;
export const yardsReplySchema = z.object({ yards: z.array(yardSchema) });
export type YardsReply = z.infer<typeof yardsReplySchema>;
export const yardIdParams = z.object({ yardId: idParam });

export const yardInInputSchema = z
  .object({ yardId: id, inDate: isoDate, condition: z.enum(ASSET_CONDITIONS) })
  .strict();
export type YardInInput = z.infer<typeof yardInInputSchema>;
export const yardOutInputSchema = z.object({ outDate: isoDate, reason: z.enum(YARD_OUT_REASONS) }).strict();
export type YardOutInput = z.infer<typeof yardOutInputSchema>;

export const yardStaySchema = z.object({
  id: z.number(),
  yardId: z.number(),
  yardName: z.string(),
  inDate: z.string(),
  condition: z.string(),
  outDate: z.string().nullable(),
  outReason: z.string().nullable(),
});
export type YardStay = z.infer<typeof yardStaySchema>;
export const caseYardReplySchema = z.object({
  caseId: z.number(),
  /** the open stay, if the asset is in a yard now */
  current: yardStaySchema.nullable(),
  stays: z.array(yardStaySchema),
});
export type CaseYardReply = z.infer<typeof caseYardReplySchema>;

export const yardInventorySchema = z.object({
  businessDate: z.string(),
  yards: z.array(
    z.object({
      yardId: z.number(),
      name: z.string(),
      capacity: z.number(),
      /** assets of the acting unit's subtree in the yard now */
      assets: z.number(),
      /** days the longest-held of them has been there (0 when none) */
      maxDaysHeld: z.number(),
      /** of them, held over 30 days */
      over30Days: z.number(),
      /** the stages those cases are at now, with counts (for the stage tray links) */
      stages: z.array(z.object({ definitionCode: z.string(), stage: z.string(), count: z.number() })),
    }),
  ),
});
export type YardInventory = z.infer<typeof yardInventorySchema>;
