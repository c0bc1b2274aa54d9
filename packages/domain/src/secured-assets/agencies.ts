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
  /** the lender's authorisation letter on file (null: none uploaded yet) */
  letter: z.object({ documentId: z.number(), fileName: z.string(), uploadedAt: z.string() }).nullable(),
  /**
   * active and valid on the business date, and for a repossession agency its authorisation letter on file (its agents
   * must carry it: RBI's recovery agent guidelines; design domain.md §2.2, §2.8)
   */
  usable: z.boolean(),
  /** why it is not usable (null when it is) */
  unusableReason: z.enum(['INACTIVE', 'LAPSED', 'NO_LETTER']).nullable(),
});
export type Agency = z.infer<typeof agencySchema>;
export const agenciesReplySchema = z.object({ businessDate: z.string(), agencies: z.array(agencySchema) });
export type AgenciesReply = z.infer<typeof agenciesReplySchema>;
export const agencyIdParams = z.object({ agencyId: idParam });

/** What an authorisation letter may be (the document store sniffs the bytes and keeps each file to 5 MB). */
export const AGENCY_LETTER_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** The agency kinds whose agencies are usable only with their authorisation letter on file. */
export const LETTER_REQUIRED_KINDS: readonly AgencyKind[] = ['REPOSSESSION'];

/** Why an agency of the register cannot be named on a case on the business date, or null when it can. */
export function agencyUnusableReason(
  agency: { kind: string; active: boolean; validUntil: string; letter: unknown },
  businessDate: string,
): 'INACTIVE' | 'LAPSED' | 'NO_LETTER' | null {
  if (!agency.active) return 'INACTIVE';
  if (agency.validUntil < businessDate) return 'LAPSED';
  if ((LETTER_REQUIRED_KINDS as readonly string[]).includes(agency.kind) && !agency.letter) return 'NO_LETTER';
  return null;
}
export const agenciesQuerySchema = z
  .object({ kind: z.enum(AGENCY_KINDS).optional(), usable: z.enum(['true', 'false']).optional() })
  .strict();
