import { z } from 'zod';
import { idParam } from '../numeric-params.ts';
import { isIsoDate } from '../workflow/dates.ts';

// The newspaper publications of a SARFAESI case (issue 15; design domain.md §2.4): Rule 3 (a demand notice that could
// not be served), Rule 8(2) (the possession notice) and Rules 8(6)/9(1) (the sale notice) publish the notice in two
// leading newspapers, one of them in the vernacular. The `publications` stage widget records each paper (name,
// language, edition, date, its scan: a case document under the stage's cuttings code) on the stage of its purpose; the
// stage's newspapers text field and publication date follow the record (the paper names joined, the earliest date), so
// the documents that print them keep working; the submit is refused until the rule is met (requirePublications).

export const PUBLICATION_PURPOSES = ['DEMAND_NOTICE', 'POSSESSION_NOTICE', 'SALE_NOTICE'] as const;
export type PublicationPurpose = (typeof PUBLICATION_PURPOSES)[number];
export const PUBLICATION_LANGUAGES = ['ENGLISH', 'VERNACULAR'] as const;
export type PublicationLanguage = (typeof PUBLICATION_LANGUAGES)[number];
/** What a scan may be (the document store sniffs the bytes and keeps each file to 5 MB). */
export const SCAN_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/** Per purpose: its SARFAESI stage, the stage's fields the record fills, its scans' checklist code, the notice date. */
export const PUBLICATION_STAGES: Readonly<
  Record<
    PublicationPurpose,
    { stage: string; dateField: string; namesField: string; scanCode: string; noticeDateField: string }
  >
> = {
  DEMAND_NOTICE: {
    stage: 'NewspaperPublication',
    dateField: 'demandNoticePublishedDate',
    namesField: 'demandNoticeNewspapers',
    scanCode: 'demandNoticePublication',
    noticeDateField: 'demandNoticeDate',
  },
  POSSESSION_NOTICE: {
    stage: 'PossessionDtlCapture',
    dateField: 'possessionPublicationDate',
    namesField: 'possessionNewspapers',
    scanCode: 'possessionPublication',
    noticeDateField: 'possessionDate',
  },
  SALE_NOTICE: {
    stage: 'PublicationUpload',
    dateField: 'salePublicationDate',
    namesField: 'saleNewspapers',
    scanCode: 'salePublication',
    noticeDateField: 'saleNoticeDate',
  },
};

/** Whether the rule binds the purpose: a demand notice is published only when it was not served (Rule 3). */
export function publicationRequired(purpose: PublicationPurpose, fields: Readonly<Record<string, unknown>>): boolean {
  return purpose !== 'DEMAND_NOTICE' || ['REFUSED', 'UNSERVED'].includes(String(fields.serviceStatus));
}

/** The purpose whose publications a stage records, if any. */
export function publicationPurposeOf(stage: string): PublicationPurpose | null {
  return PUBLICATION_PURPOSES.find((purpose) => PUBLICATION_STAGES[purpose].stage === stage) ?? null;
}

const isoDate = z.string().refine(isIsoDate, 'must be a date (YYYY-MM-DD)');
const required = (max: number) => z.string().trim().min(1, 'is required').max(max);

export const publicationInputSchema = z
  .object({
    purpose: z.enum(PUBLICATION_PURPOSES),
    newspaper: required(120),
    language: z.enum(PUBLICATION_LANGUAGES),
    /** the vernacular language's name (Marathi, Hindi, …); required for a VERNACULAR paper, null for ENGLISH */
    vernacularLanguage: z.string().trim().max(60).nullable().default(null),
    edition: required(120),
    publishedOn: isoDate,
    /** the scan: a PDF/JPEG/PNG document of this case under the purpose's scan code */
    scanDocumentId: z.number().int().positive(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.language === 'VERNACULAR' && !input.vernacularLanguage) {
      ctx.addIssue({ code: 'custom', path: ['vernacularLanguage'], message: 'is required for a vernacular paper' });
    }
    if (input.language === 'ENGLISH' && input.vernacularLanguage) {
      ctx.addIssue({ code: 'custom', path: ['vernacularLanguage'], message: 'must be empty for an English paper' });
    }
  });
export type PublicationInput = z.infer<typeof publicationInputSchema>;

export const publicationSchema = z.object({
  id: z.number(),
  purpose: z.enum(PUBLICATION_PURPOSES),
  newspaper: z.string(),
  language: z.enum(PUBLICATION_LANGUAGES),
  vernacularLanguage: z.string().nullable(),
  edition: z.string(),
  publishedOn: z.string(),
  scan: z.object({ documentId: z.number(), fileName: z.string(), mimeType: z.string(), sizeBytes: z.number() }),
});
export type Publication = z.infer<typeof publicationSchema>;

export const PUBLICATION_MISSING = ['twoPapers', 'english', 'vernacular'] as const;
export type PublicationMissing = (typeof PUBLICATION_MISSING)[number];

export const publicationsReplySchema = z.object({
  caseId: z.number(),
  stage: z.string(),
  /** the purpose of the case's current stage (what may be added now), else null */
  purpose: z.enum(PUBLICATION_PURPOSES).nullable(),
  /** the caller may add and remove (the case is at the purpose's stage, with that stage's authority) */
  editable: z.boolean(),
  /** the checklist code the scans of the current purpose are uploaded under */
  scanCode: z.string().nullable(),
  publications: z.array(publicationSchema),
  /** what the current purpose still lacks before the stage may be submitted, empty when complete */
  missing: z.array(z.enum(PUBLICATION_MISSING)),
});
export type PublicationsReply = z.infer<typeof publicationsReplySchema>;

export const publicationIdParams = z.object({
  caseId: idParam,
  publicationId: idParam,
});

/**
 * What a purpose's publications lack under Rules 3, 8(2) and 8(6): two papers, one in English and one in the
 * vernacular (every recorded paper carries its scan: the record refuses one without).
 */
export function publicationsMissing(papers: readonly Pick<Publication, 'language'>[]): PublicationMissing[] {
  const missing: PublicationMissing[] = [];
  if (papers.length < 2) missing.push('twoPapers');
  if (!papers.some((paper) => paper.language === 'ENGLISH')) missing.push('english');
  if (!papers.some((paper) => paper.language === 'VERNACULAR')) missing.push('vernacular');
  return missing;
}

/** The stage's fields the record fills: the earliest date and the paper names joined (null with no papers). */
export function publicationFields(
  papers: readonly Pick<Publication, 'newspaper' | 'publishedOn'>[],
): { date: string; names: string } | null {
  if (papers.length === 0) return null;
  const date = papers.map((paper) => paper.publishedOn).sort()[0]!;
  const names = papers.map((paper) => paper.newspaper).join(', ');
  return { date, names };
}
