import { pdfFaces, textRuns, type FontWeight } from './fonts.ts';

// A pdfkit document with the embedded fonts registered (src/pdf/fonts.ts), text measured and drawn run by run on a
// baseline, and the bytes collected when it ends. Coordinates are pdfkit's: points from the top-left corner.
// pdfkit is loaded on the first document, not when the server starts.

type PdfKitClass = new (options?: PDFKit.PDFDocumentOptions) => PDFKit.PDFDocument;
let pdfkit: Promise<{ default: PdfKitClass }> | undefined;

export type PdfInfo = { title: string; subject?: string; author?: string; creator: string; createdAt: Date };

export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly finished: Promise<void>;

  /** A new A4 document (pdfkit loaded on first use). */
  static async open(info: PdfInfo, options: { bufferPages?: boolean } = {}): Promise<PdfWriter> {
    pdfkit ??= import('pdfkit');
    return new PdfWriter((await pdfkit).default, info, options);
  }

  private constructor(PDFDocument: PdfKitClass, info: PdfInfo, options: { bufferPages?: boolean }) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: 0,
      // no default font: pdfkit would otherwise load Helvetica
      font: '',
      bufferPages: options.bufferPages ?? false,
      info: {
        Title: info.title,
        ...(info.subject !== undefined ? { Subject: info.subject } : {}),
        ...(info.author !== undefined ? { Author: info.author } : {}),
        Creator: info.creator,
        Producer: 'Recovery Desk (pdfkit)',
        CreationDate: info.createdAt,
        ModDate: info.createdAt,
      },
    });
    // pdfkit takes a parsed fontkit font as well as bytes (its types say bytes only); each document embeds its own
    // subset of the glyphs it used.
    for (const weight of ['regular', 'bold'] as const) {
      for (const face of pdfFaces(weight)) {
        this.doc.registerFont(face.name, face.font as unknown as PDFKit.Mixins.PDFFontSource);
      }
    }
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.finished = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve());
      this.doc.on('error', reject);
    });
  }

  /** The width of a line of text in points. */
  width(text: string, weight: FontWeight, size: number): number {
    let width = 0;
    for (const run of textRuns(text, weight))
      width += this.doc.font(run.face.name).fontSize(size).widthOfString(run.text);
    return width;
  }

  /** One line of text (no wrapping) with its baseline at y. */
  line(text: string, x: number, y: number, style: { weight: FontWeight; size: number; color: string }): void {
    let left = x;
    for (const run of textRuns(text, style.weight)) {
      this.doc.font(run.face.name).fontSize(style.size).fillColor(style.color);
      this.doc.text(run.text, left, y, { lineBreak: false, baseline: 'alphabetic' });
      left += this.doc.widthOfString(run.text);
    }
  }

  async end(): Promise<Uint8Array> {
    this.doc.end();
    await this.finished;
    return new Uint8Array(Buffer.concat(this.chunks));
  }
}

/**
 * Lines of at most `width` points: words wrapped, a word longer than the line broken between characters (grapheme
 * clusters, so a Devanagari letter keeps its matras). A line's width is the sum of its words' and spaces' widths:
 * each word is measured once.
 */
export function wrapText(text: string, measure: (text: string) => number, width: number): string[] {
  const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const space = measure(' ');
  const lines: string[] = [];
  for (const rawLine of text.split('\n')) {
    const words = rawLine.split(/ +/).filter((word) => word !== '');
    let line = '';
    let lineWidth = 0;
    for (const word of words) {
      const wordWidth = measure(word);
      const candidate = line === '' ? wordWidth : lineWidth + space + wordWidth;
      if (candidate <= width) {
        line = line === '' ? word : `${line} ${word}`;
        lineWidth = candidate;
        continue;
      }
      if (line !== '') lines.push(line);
      line = word;
      lineWidth = wordWidth;
      if (wordWidth <= width) continue;
      let rest = [...graphemes.segment(word)].map((part) => part.segment);
      while (measure(rest.join('')) > width) {
        // The longest prefix that fits (at least one character), grown from the start.
        let cut = 1;
        while (cut < rest.length && measure(rest.slice(0, cut + 1).join('')) <= width) cut += 1;
        lines.push(rest.slice(0, cut).join(''));
        rest = rest.slice(cut);
      }
      line = rest.join('');
      lineWidth = measure(line);
    }
    lines.push(line);
  }
  return lines;
}
