import { describe, expect, it } from 'vitest';
import { TRAYS } from '@recovery-desk/domain/collections/trays.ts';
import { invalidTextPath } from '../../http/invalid-text.ts';
import { safeFileName, sniffDocumentType } from '../../documents/document-types.ts';
import { DEFAULT_SORT, SORT_KEY_TYPES } from './tray-sorts.ts';

describe('tray sorts', () => {
  it('know the key type of every sortable column of every tray, and default to one of them', () => {
    for (const tray of TRAYS) {
      const sortable = tray.columns.filter((column) => column.sortable).map((column) => column.key);
      expect(Object.keys(SORT_KEY_TYPES[tray.rowKind]).sort(), tray.key).toEqual(
        expect.arrayContaining(sortable.sort()),
      );
      expect(sortable, tray.key).toContain(DEFAULT_SORT[tray.rowKind].sort);
    }
  });
});

describe('document types', () => {
  it('recognise PDF, PNG and JPEG by their first bytes only', () => {
    expect(sniffDocumentType(Buffer.from('%PDF-1.4 ...'))).toEqual({ mimeType: 'application/pdf', extension: 'pdf' });
    expect(sniffDocumentType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))?.mimeType).toBe(
      'image/png',
    );
    expect(sniffDocumentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.mimeType).toBe('image/jpeg');
    expect(sniffDocumentType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffDocumentType(Buffer.from('%PD'))).toBeNull();
  });

  it('make file names safe for a Content-Disposition header', () => {
    expect(safeFileName('../../etc/passwd', 'x')).toBe('passwd');
    expect(safeFileName('C:\\Users\\a\\receipt "final".pdf', 'x')).toBe('receipt _final_.pdf');
    expect(safeFileName('रसीद.pdf', 'document.pdf')).toBe('____.pdf');
    expect(safeFileName('...', 'document.pdf')).toBe('document.pdf');
  });
});

describe('text the database cannot store in request data', () => {
  const nul = 'must not contain NUL characters';
  const surrogate = 'must be valid Unicode text';
  it('is found with the path of the field that holds it', () => {
    expect(invalidTextPath({ a: 'ok', b: ['x', { c: 'bad\u0000' }] }, '')).toEqual({ path: 'b.1.c', message: nul });
    expect(invalidTextPath({ q: '\u0000' }, '')).toEqual({ path: 'q', message: nul });
    expect(invalidTextPath({ name: 'a\ud800' }, '')).toEqual({ path: 'name', message: surrogate });
    expect(invalidTextPath({ name: '\udc00b' }, 'userkey')).toEqual({ path: 'userkey.name', message: surrogate });
    expect(invalidTextPath({ a: { '\ud800': 1 } }, '')).toEqual({ path: 'a', message: `field names ${surrogate}` });
  });
  it('lets every storable string through, surrogate pairs included', () => {
    expect(invalidTextPath({ a: 1, b: null, c: ['fine', 'emoji \ud83d\ude00', 'रसीद'] }, '')).toBeNull();
  });
});
