import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';

// The fonts every generated PDF embeds: Noto Sans for Latin text and Noto Sans Devanagari for Hindi, from the
// @fontsource packages (SIL Open Font License), read from node_modules by a resolved path, once per process.
// Each weight is a chain of faces: the Latin subset, the Latin Extended subset (₹, ā, ś…), the Devanagari face.
// A text is cut into runs, each set in the first face of the chain that has its characters (Devanagari letters always
// in the Devanagari face, so a word keeps its conjuncts and matras together for shaping); pdfkit shapes each run with
// fontkit and embeds only the glyphs used. The WOFF files are unpacked to plain OpenType once, on loading: fontkit
// would otherwise inflate them again in JavaScript for every document.

export type FontWeight = 'regular' | 'bold';

export type PdfFace = {
  /** the name the face is registered under in a pdfkit document */
  readonly name: string;
  /** the parsed font, shared by every document: its tables and glyphs are read once */
  readonly font: fontkit.Font;
  readonly has: (codePoint: number) => boolean;
  readonly devanagari: boolean;
};

export type TextRun = { readonly face: PdfFace; readonly text: string };

const FILES: Record<FontWeight, readonly { name: string; file: string; devanagari: boolean }[]> = {
  regular: [
    { name: 'NotoSans', file: '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff', devanagari: false },
    { name: 'NotoSansExt', file: '@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff', devanagari: false },
    {
      name: 'NotoSansDevanagari',
      file: '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff',
      devanagari: true,
    },
  ],
  bold: [
    { name: 'NotoSans-Bold', file: '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff', devanagari: false },
    {
      name: 'NotoSansExt-Bold',
      file: '@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff',
      devanagari: false,
    },
    {
      name: 'NotoSansDevanagari-Bold',
      file: '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff',
      devanagari: true,
    },
  ],
};

const require = createRequire(import.meta.url);
const loaded = new Map<FontWeight, readonly PdfFace[]>();

/** The faces of a weight, Latin first, loaded on first use. */
export function pdfFaces(weight: FontWeight): readonly PdfFace[] {
  let faces = loaded.get(weight);
  if (!faces) {
    faces = FILES[weight].map(({ name, file, devanagari }) => {
      const font = fontkit.create(woffToSfnt(readFileSync(require.resolve(file))));
      return { name, font, devanagari, has: (codePoint: number) => font.hasGlyphForCodePoint(codePoint) };
    });
    loaded.set(weight, faces);
  }
  return faces;
}

const isDevanagari = (cp: number) =>
  (cp >= 0x0900 && cp <= 0x097f) || (cp >= 0xa8e0 && cp <= 0xa8ff) || (cp >= 0x1cd0 && cp <= 0x1cff);
/** Characters that belong to the run they stand in: spaces, joiners, combining marks. */
const isNeutral = (char: string) => /^[\s\u200c\u200d\p{M}]$/u.test(char);

const REPLACEMENTS: Record<string, string> = { '\r': '', '\t': ' ', '\u00a0': ' ', '\u2009': ' ', '\u200b': '' };

/**
 * The text cut into runs of one face each. A character no face has is printed "?" (after trying it without its
 * accents); line breaks are the caller's to split on.
 */
export function textRuns(text: string, weight: FontWeight): TextRun[] {
  const faces = pdfFaces(weight);
  const latin = faces[0]!;
  const devanagari = faces.find((face) => face.devanagari) ?? latin;
  const runs: { face: PdfFace; text: string }[] = [];
  const push = (face: PdfFace, char: string) => {
    const last = runs.at(-1);
    if (last && last.face === face) last.text += char;
    else runs.push({ face, text: char });
  };
  const faceOf = (char: string) => {
    const cp = char.codePointAt(0)!;
    if (isDevanagari(cp)) return devanagari;
    return faces.find((face) => face.has(cp));
  };
  for (const raw of text) {
    const char = REPLACEMENTS[raw] ?? raw;
    if (char === '') continue;
    const current = runs.at(-1)?.face;
    if (current && isNeutral(char) && current.has(char.codePointAt(0)!)) {
      push(current, char);
      continue;
    }
    const face = faceOf(char);
    if (face) {
      push(face, char);
      continue;
    }
    const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
    const plainFaces = plain === '' ? [] : [...plain].map(faceOf);
    if (plain !== char && plainFaces.length > 0 && plainFaces.every((f) => f !== undefined)) {
      [...plain].forEach((part, index) => push(plainFaces[index]!, part));
    } else push(latin, '?');
  }
  return runs;
}

/** A WOFF 1.0 font as the OpenType (sfnt) font it wraps: every table inflated, the table directory rebuilt. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(raw) : raw,
    };
  });
  const pad = (length: number) => (length + 3) & ~3;
  let offset = 12 + 16 * numTables;
  const size = tables.reduce((total, table) => total + pad(table.data.length), offset);
  const sfnt = Buffer.alloc(size);
  const entrySelector = Math.floor(Math.log2(numTables));
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(16 * 2 ** entrySelector, 6);
  sfnt.writeUInt16BE(entrySelector, 8);
  sfnt.writeUInt16BE(16 * numTables - 16 * 2 ** entrySelector, 10);
  tables.forEach((table, index) => {
    const record = 12 + 16 * index;
    sfnt.writeUInt32BE(table.tag, record);
    sfnt.writeUInt32BE(table.checksum, record + 4);
    sfnt.writeUInt32BE(offset, record + 8);
    sfnt.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(sfnt, offset);
    offset += pad(table.data.length);
  });
  return sfnt;
}
