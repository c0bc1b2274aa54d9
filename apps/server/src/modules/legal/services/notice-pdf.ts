import { PDFDocument } from 'pdf-lib';
import { PdfWriter, wrapText } from '../../../pdf/pdfkit-writer.ts';
import type { FontWeight } from '../../../pdf/fonts.ts';

// Renders a legal notice to PDF with pdfkit and the embedded Noto Sans / Noto Sans Devanagari fonts
// (src/pdf/fonts.ts): A4, margins, a letterhead with the lender's name and branch, the title in bold, wrapped
// paragraphs (a line break inside a paragraph is kept), a page break when the text overflows, and "Page n of m" on
// every page. Latin, ₹ and Devanagari print as written; a character none of the fonts has prints "?".

export type NoticeLayout = {
  lenderName: string;
  branchName: string;
  title: string;
  paragraphs: readonly string[];
  /** document metadata */
  subject: string;
  createdAt: Date;
  /** the footer of every page, in the notice's language ('Page 1 of 2') */
  pageLabel?: (page: number, pages: number) => string;
};

const englishPageLabel = (page: number, pages: number) => `Page ${page} of ${pages}`;

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN_X = 64;
const MARGIN_TOP = 56;
const MARGIN_BOTTOM = 72;
const FOOTER_BASELINE = PAGE_HEIGHT - 36;
const BODY_SIZE = 11;
const BODY_LEADING = 15;
const PARAGRAPH_GAP = 8;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const INK = '#1a1a1a';

class PageWriter {
  /** the baseline of the last line written, in points from the top of the page */
  private y = MARGIN_TOP;

  constructor(private readonly pdf: PdfWriter) {}

  private ensureRoom(height: number): void {
    if (this.y + height <= PAGE_HEIGHT - MARGIN_BOTTOM) return;
    this.pdf.doc.addPage({ size: 'A4', margin: 0 });
    this.y = MARGIN_TOP;
  }

  private lines(text: string, weight: FontWeight, size: number): string[] {
    return wrapText(text, (line) => this.pdf.width(line, weight, size), TEXT_WIDTH);
  }

  centred(text: string, weight: FontWeight, size: number, leading: number): void {
    for (const line of this.lines(text, weight, size)) {
      this.ensureRoom(leading);
      this.y += leading;
      const width = this.pdf.width(line, weight, size);
      this.pdf.line(line, (PAGE_WIDTH - width) / 2, this.y, { weight, size, color: INK });
    }
  }

  rule(gapAbove: number, gapBelow: number): void {
    this.y += gapAbove;
    this.pdf.doc
      .moveTo(MARGIN_X, this.y)
      .lineTo(PAGE_WIDTH - MARGIN_X, this.y)
      .lineWidth(0.8)
      .strokeColor(INK)
      .stroke();
    this.y += gapBelow;
  }

  paragraph(text: string): void {
    for (const line of this.lines(text, 'regular', BODY_SIZE)) {
      this.ensureRoom(BODY_LEADING);
      this.y += BODY_LEADING;
      if (line !== '') this.pdf.line(line, MARGIN_X, this.y, { weight: 'regular', size: BODY_SIZE, color: INK });
    }
    this.y += PARAGRAPH_GAP;
  }

  letterhead(lenderName: string, branchName: string): void {
    this.centred(lenderName, 'bold', 16, 20);
    if (branchName.trim() !== '') this.centred(branchName, 'regular', 10, 14);
    this.rule(8, 18);
  }

  title(text: string): void {
    this.centred(text, 'bold', 12, 16);
    this.y += 14;
  }

  numberPages(pageLabel: (page: number, pages: number) => string): void {
    const { start, count } = this.pdf.doc.bufferedPageRange();
    for (let index = 0; index < count; index += 1) {
      this.pdf.doc.switchToPage(start + index);
      const label = pageLabel(index + 1, count);
      const width = this.pdf.width(label, 'regular', 9);
      this.pdf.line(label, (PAGE_WIDTH - width) / 2, FOOTER_BASELINE, { weight: 'regular', size: 9, color: INK });
    }
  }
}

/** One notice as a PDF document. */
export async function renderNoticePdf(layout: NoticeLayout): Promise<Uint8Array> {
  const pdf = await PdfWriter.open(
    {
      title: layout.title,
      subject: layout.subject,
      author: layout.lenderName,
      creator: 'Recovery Desk',
      createdAt: layout.createdAt,
    },
    { bufferPages: true },
  );
  const writer = new PageWriter(pdf);
  writer.letterhead(layout.lenderName, layout.branchName);
  writer.title(layout.title);
  for (const paragraph of layout.paragraphs) writer.paragraph(paragraph);
  writer.numberPages(layout.pageLabel ?? englishPageLabel);
  return pdf.end();
}

/** Several PDFs as one, their pages in order. */
export async function mergePdfs(parts: readonly Uint8Array[], meta: { title: string; createdAt: Date }) {
  const merged = await PDFDocument.create();
  for (const part of parts) {
    const source = await PDFDocument.load(part);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  merged.setTitle(meta.title);
  merged.setCreator('Recovery Desk');
  merged.setProducer('Recovery Desk (pdf-lib)');
  merged.setCreationDate(meta.createdAt);
  merged.setModificationDate(meta.createdAt);
  return merged.save();
}
