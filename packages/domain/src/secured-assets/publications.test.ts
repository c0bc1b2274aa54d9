import { describe, expect, it } from 'vitest';
import {
  publicationFields,
  publicationInputSchema,
  publicationPurposeOf,
  publicationRequired,
  publicationsMissing,
} from './publications.ts';

// Rules 3, 8(2) and 8(6): a notice is published in two newspapers, one in English and one in the vernacular; the
// stage's fields are the earliest date and the papers' names.

describe('the publication rule', () => {
  it('asks for two papers, one English and one vernacular', () => {
    expect(publicationsMissing([])).toEqual(['twoPapers', 'english', 'vernacular']);
    expect(publicationsMissing([{ language: 'ENGLISH' }])).toEqual(['twoPapers', 'vernacular']);
    expect(publicationsMissing([{ language: 'ENGLISH' }, { language: 'ENGLISH' }])).toEqual(['vernacular']);
    expect(publicationsMissing([{ language: 'VERNACULAR' }, { language: 'VERNACULAR' }])).toEqual(['english']);
    expect(publicationsMissing([{ language: 'VERNACULAR' }, { language: 'ENGLISH' }])).toEqual([]);
  });

  it('fills the stage fields with the earliest date and the names joined', () => {
    expect(publicationFields([])).toBeNull();
    expect(
      publicationFields([
        { newspaper: 'Times of India', publishedOn: '2026-04-13' },
        { newspaper: 'Lokmat', publishedOn: '2026-04-12' },
      ]),
    ).toEqual({ date: '2026-04-12', names: 'Times of India, Lokmat' });
  });

  it('knows the purpose of each publication stage', () => {
    expect(publicationPurposeOf('NewspaperPublication')).toBe('DEMAND_NOTICE');
    expect(publicationPurposeOf('PossessionDtlCapture')).toBe('POSSESSION_NOTICE');
    expect(publicationPurposeOf('PublicationUpload')).toBe('SALE_NOTICE');
    expect(publicationPurposeOf('AssetDtlCapture')).toBeNull();
  });

  it('binds a demand notice only when it was not served (Rule 3)', () => {
    expect(publicationRequired('DEMAND_NOTICE', { serviceStatus: 'SERVED' })).toBe(false);
    expect(publicationRequired('DEMAND_NOTICE', { serviceStatus: 'UNSERVED' })).toBe(true);
    expect(publicationRequired('DEMAND_NOTICE', { serviceStatus: 'REFUSED' })).toBe(true);
    expect(publicationRequired('POSSESSION_NOTICE', {})).toBe(true);
    expect(publicationRequired('SALE_NOTICE', {})).toBe(true);
  });

  it('needs the vernacular language of a vernacular paper only', () => {
    const base = {
      purpose: 'SALE_NOTICE',
      newspaper: 'Loksatta',
      edition: 'Pune',
      publishedOn: '2026-07-15',
      scanDocumentId: 3,
    };
    const missing = publicationInputSchema.safeParse({ ...base, language: 'VERNACULAR' });
    expect(missing.success ? [] : missing.error.issues.map((issue) => issue.path.join('.'))).toEqual([
      'vernacularLanguage',
    ]);
    expect(
      publicationInputSchema.safeParse({ ...base, language: 'VERNACULAR', vernacularLanguage: 'Marathi' }).success,
    ).toBe(true);
    expect(
      publicationInputSchema.safeParse({ ...base, language: 'ENGLISH', vernacularLanguage: 'Marathi' }).success,
    ).toBe(false);
    expect(publicationInputSchema.safeParse({ ...base, language: 'ENGLISH', publishedOn: '2026-02-30' }).success).toBe(
      false,
    );
  });
});
