import { PDFDocument, PageSizes, StandardFonts, rgb } from 'pdf-lib';

// One-page PDFs standing in for the paper of the demo legal cases (loan agreement, return memo, filed complaint…):
// a heading, a few lines of particulars and a "demo copy" footer, in the standard Helvetica font (WinAnsi text
// only: amounts are written "Rs.", never with the rupee sign).

const [WIDTH, HEIGHT] = PageSizes.A4;
const MARGIN = 64;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.45, 0.45, 0.45);

export type DemoPdfContent = {
  /** the lender's name at the top */
  issuer: string;
  title: string;
  /** particulars, one per line ("Account no: …") */
  lines: readonly string[];
  createdAt: Date;
};

export const DEMO_PDF_FOOTER = 'Demo copy made by Recovery Desk for demonstration. Not a real document.';

/** A valid one-page PDF of the content. */
export async function renderDemoPdf(content: DemoPdfContent): Promise<Uint8Array> {
  // One font and no automatic metadata keep a document at about a millisecond: the seed makes a few hundred.
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage(PageSizes.A4);
  let y = HEIGHT - MARGIN;
  page.drawText(content.issuer, { x: MARGIN, y, size: 11, font, color: MUTED });
  y -= 34;
  page.drawText(content.title, { x: MARGIN, y, size: 15, font, color: INK, maxWidth: WIDTH - 2 * MARGIN });
  y -= 14;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: WIDTH - MARGIN, y }, thickness: 0.8, color: INK });
  y -= 26;
  for (const line of content.lines) {
    page.drawText(line, { x: MARGIN, y, size: 11, font, color: INK, maxWidth: WIDTH - 2 * MARGIN });
    y -= 18;
  }
  page.drawText(DEMO_PDF_FOOTER, { x: MARGIN, y: 40, size: 8, font, color: MUTED });
  doc.setTitle(content.title);
  doc.setAuthor(content.issuer);
  doc.setCreator('Recovery Desk demo seed');
  doc.setProducer('Recovery Desk (pdf-lib)');
  doc.setCreationDate(content.createdAt);
  doc.setModificationDate(content.createdAt);
  return doc.save({ useObjectStreams: false, objectsPerTick: Infinity });
}
