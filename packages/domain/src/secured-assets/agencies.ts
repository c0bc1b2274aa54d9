import { z } from 'zod';
import { idParam } from '../numeric-params.ts';
import { isIsoDate } from '../workflow/dates.ts';

// The agencies register of repossession and SARFAESI (issue 15): agencies by kind with their empanelment, the units
// they serve and whether they are active. A stage that names an agency (below) is refused when the named agency is
// registered but inactive or past its empanelment on the business date (the requireValidAgency effect).

export const AGENCY_KINDS = ['REPOSSESSION', 'VALUATION', 'AUCTION', 'DM_FILING'] as const;
export type AgencyKind = (typeof AGENCY_KINDS)[number];

/** The stage fields that name an agency, by workflow and stage: the field and the kind of agency it names. */
export const AGENCY_FIELDS: Readonly<Record<string, Readonly<Record<string, { field: string; kind: AgencyKind }>>>> = {
  REPOSSESSION: {
    KitGeneration: { field: 'repoAgencyName', kind: 'REPOSSESSION' },
    ValuationAgcAllocation: { field: 'valuationAgency', kind: 'VALUATION' },
    FprAllocation: { field: 'fprAgency', kind: 'VALUATION' },
    AllocateActionAgc: { field: 'auctionAgency', kind: 'AUCTION' },
  },
  SARFAESI: {
    AgencyAllocation: { field: 'dmAdvocateName', kind: 'DM_FILING' },
    ValAgencyAllocation: { field: 'valuerName', kind: 'VALUATION' },
    FprAllocation: { field: 'fprAgency', kind: 'VALUATION' },
  },
};

const isoDate = z.string().refine(isIsoDate, 'must be a date (YYYY-MM-DD)');

export const agencyInputSchema = z
  .object({
    kind: z.enum(AGENCY_KINDS),
    name: z.string().trim().min(1, 'is required').max(160),
    registrationNo: z.string().trim().min(1, 'is required').max(60),
    validUntil: isoDate,
    contact: z.string().trim().min(1, 'is required').max(200),
    unitIds: z.array(z.number().int().positive()).min(1, 'name at least one unit').max(200),
    active: z.boolean().default(true),
  })
  .strict();
export type AgencyInput = z.infer<typeof agencyInputSchema>;

export const agencySchema = z.object({
  id: z.number(),
  kind: z.string(),
  name: z.string(),
  registrationNo: z.string(),
  validUntil: z.string(),
  contact: z.string(),
  unitIds: z.array(z.number()),
  active: z.boolean(),
  /** active and valid on the business date */
  usable: z.boolean(),
});
export type Agency = z.infer<typeof agencySchema>;
export const agenciesReplySchema = z.object({ businessDate: z.string(), agencies: z.array(agencySchema) });
export type AgenciesReply = z.infer<typeof agenciesReplySchema>;
export const agencyIdParams = z.object({ agencyId: idParam });
export const agenciesQuerySchema = z
  .object({ kind: z.enum(AGENCY_KINDS).optional(), usable: z.enum(['true', 'false']).optional() })
  .strict();
