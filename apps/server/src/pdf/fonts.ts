import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

// The fonts every generated PDF embeds: Noto Sans for Latin text and Noto Sans Devanagari for Hindi, from the
// @fontsource packages (SIL Open Font License), read from node_modules by a resolved path, once per process.
// Each weight is a chain of faces: the Latin subset, the Latin Extended subset (₹, ā, ś…), the Devanagari face.
// A text is cut into runs, each set in the first face of the chain that has its characters (Devanagari letters always
// in the Devanagari face, so a word keeps its conjuncts and matras together for shaping); pdfkit shapes each run with
// fontkit and embeds only the glyphs used.

export type FontWeight = 'regular' | 'bold';

export type PdfFace = {
  /** the name the face is registered under in a pdfkit document */
  readonly name: string;
  readonly bytes: Buffer;
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
      const bytes = readFileSync(require.resolve(file));
      const font = fontkit.create(bytes);
      return { name, bytes, devanagari, has: (codePoint: number) => font.hasGlyphForCodePoint(codePoint) };
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
