import { PDFDocument, PageSizes, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

// Renders a legal notice to PDF with pdf-lib and the standard Helvetica fonts: A4, margins, a letterhead with the
// lender's name and branch, the title in bold, wrapped paragraphs (a line break inside a paragraph is kept), a page
// break when the text overflows, and "Page n of m" on every page. The standard fonts encode WinAnsi only, so any
// other character is replaced (₹ → "Rs.", accents dropped when WinAnsi lacks the letter, else "?").

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

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN_X = 64;
const MARGIN_TOP = 56;
const MARGIN_BOTTOM = 72;
const FOOTER_Y = 36;
const BODY_SIZE = 11;
const BODY_LEADING = 15;
const PARAGRAPH_GAP = 8;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const INK = rgb(0.1, 0.1, 0.1);

const REPLACEMENTS: Record<string, string> = {
  '\n': '\n',
  '\r': '',
  '₹': 'Rs.',
  '\t': ' ',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u200b': '',
};

/** The text with every character the font cannot encode replaced. */
export function toWinAnsi(text: string, font: PDFFont): string {
  const encodable = (value: string) => {
    try {
      font.widthOfTextAtSize(value, 1);
      return true;
    } catch {
      return false;
    }
  };
  let out = '';
  for (const char of text) {
    const replaced = REPLACEMENTS[char];
    if (replaced !== undefined) out += replaced;
    else if (encodable(char)) out += char;
    else {
      const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += plain !== '' && plain !== char && encodable(plain) ? plain : '?';
    }
  }
  return out;
}

/** Lines of at most `width` points: words wrapped, a word longer than the line broken by characters. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const rawLine of text.split('\n')) {
    const words = rawLine.split(/ +/).filter((word) => word !== '');
    let line = '';
    for (const word of words) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line !== '') lines.push(line);
      line = '';
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        // The longest prefix that fits (at least one character), grown from the start: linear in the line length.
        let cut = 1;
        while (cut < rest.length && font.widthOfTextAtSize(rest.slice(0, cut + 1), size) <= width) cut += 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

class PageWriter {
  private page: PDFPage;
  private y: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(PageSizes.A4);
    this.y = PAGE_HEIGHT - MARGIN_TOP;
  }

  private ensureRoom(height: number): void {
    if (this.y - height >= MARGIN_BOTTOM) return;
    this.page = this.doc.addPage(PageSizes.A4);
    this.y = PAGE_HEIGHT - MARGIN_TOP;
  }

  centred(text: string, font: PDFFont, size: number, leading: number): void {
    for (const line of wrapText(toWinAnsi(text, font), font, size, TEXT_WIDTH)) {
      this.ensureRoom(leading);
      this.y -= leading;
      const width = font.widthOfTextAtSize(line, size);
      this.page.drawText(line, { x: (PAGE_WIDTH - width) / 2, y: this.y, size, font, color: INK });
    }
  }

  rule(gapAbove: number, gapBelow: number): void {
    this.y -= gapAbove;
    this.page.drawLine({
      start: { x: MARGIN_X, y: this.y },
      end: { x: PAGE_WIDTH - MARGIN_X, y: this.y },
      thickness: 0.8,
      color: INK,
    });
    this.y -= gapBelow;
  }

  paragraph(text: string): void {
    for (const line of wrapText(toWinAnsi(text, this.regular), this.regular, BODY_SIZE, TEXT_WIDTH)) {
      this.ensureRoom(BODY_LEADING);
      this.y -= BODY_LEADING;
      if (line !== '') {
        this.page.drawText(line, { x: MARGIN_X, y: this.y, size: BODY_SIZE, font: this.regular, color: INK });
      }
    }
    this.y -= PARAGRAPH_GAP;
  }

  letterhead(lenderName: string, branchName: string): void {
    this.centred(lenderName, this.bold, 16, 20);
    if (branchName.trim() !== '') this.centred(branchName, this.regular, 10, 14);
    this.rule(8, 18);
  }

  title(text: string): void {
    this.centred(text, this.bold, 12, 16);
    this.y -= 14;
  }
}

/** One notice as a PDF document. */
export async function renderNoticePdf(layout: NoticeLayout): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const writer = new PageWriter(doc, regular, bold);
  writer.letterhead(layout.lenderName, layout.branchName);
  writer.title(layout.title);
  for (const paragraph of layout.paragraphs) writer.paragraph(paragraph);
  numberPages(doc, regular, layout.pageLabel ?? englishPageLabel);
  setMetadata(doc, {
    title: toWinAnsi(layout.title, regular),
    subject: toWinAnsi(layout.subject, regular),
    author: toWinAnsi(layout.lenderName, regular),
    createdAt: layout.createdAt,
  });
  return doc.save();
}

function numberPages(doc: PDFDocument, font: PDFFont, pageLabel: (page: number, pages: number) => string): void {
  const pages = doc.getPages();
  pages.forEach((page, index) => {
    const label = toWinAnsi(pageLabel(index + 1, pages.length), font);
    const width = font.widthOfTextAtSize(label, 9);
    page.drawText(label, { x: (PAGE_WIDTH - width) / 2, y: FOOTER_Y, size: 9, font, color: INK });
  });
}

function setMetadata(doc: PDFDocument, meta: { title: string; subject: string; author: string; createdAt: Date }) {
  doc.setTitle(meta.title);
  doc.setSubject(meta.subject);
  doc.setAuthor(meta.author);
  doc.setCreator('Recovery Desk');
  doc.setProducer('Recovery Desk (pdf-lib)');
  doc.setCreationDate(meta.createdAt);
  doc.setModificationDate(meta.createdAt);
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
