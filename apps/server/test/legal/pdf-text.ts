import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text a PDF shows, as a viewer extracts it: PDF.js reads every page's text through the fonts' ToUnicode maps
 * and glyph positions (so a word set with gaps would come out split, "S ahyadri"), one line of the page a line here.
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), disableFontFace: true, verbosity: 0 }).promise;
  try {
    const lines: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        }
      }
      if (line !== '') lines.push(line);
    }
    return lines.join('\n');
  } finally {
    await document.destroy();
  }
}

/** The fonts a PDF's pages use: base name (subset prefix removed) and the kind of font file embedded, if any. */
export async function pdfFonts(pdf: Uint8Array): Promise<{ name: string; file: string | null }[]> {
  const document = await PDFDocument.load(pdf);
  const fonts: { name: string; file: string | null }[] = [];
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('Font')) continue;
    const subtype = object.get(PDFName.of('Subtype'));
    if (subtype === PDFName.of('Type0')) continue; // its descendant CID font is listed itself
    const baseName = object.lookup(PDFName.of('BaseFont'), PDFName).decodeText();
    const descriptor = object.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
    const file = ['FontFile', 'FontFile2', 'FontFile3'].find((key) => descriptor?.has(PDFName.of(key))) ?? null;
    fonts.push({ name: baseName.replace(/^[A-Z]{6}\+/, ''), file });
  }
  return fonts.sort((a, b) => a.name.localeCompare(b.name));
}
