import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { translator } from '@recovery-desk/i18n/translator.ts';
import { pdfFonts, pdfText } from '../../../test/legal/pdf-text.ts';
import { textRuns } from '../../pdf/fonts.ts';
import { PdfWriter, wrapText } from '../../pdf/pdfkit-writer.ts';
import {
  bounceReasonOption,
  bounceReasonWords,
  formatNoticeAmount,
  formatNoticeDate,
  productLabel,
} from './services/notice-format.ts';
import { mergePdfs, renderNoticePdf } from './services/notice-pdf.ts';
import { parseCsv } from '../../uploads/sheet-reader.ts';

// The pure parts of the legal module: how notices print values, the PDF layout, and the CSV reader of uploads.

describe('notice values', () => {
  it('prints INR in lakh/crore grouping as "Rs.", other currencies in thousands, always two decimals', () => {
    expect(formatNoticeAmount('250000.00', 'INR')).toBe('Rs. 2,50,000.00');
    expect(formatNoticeAmount('12345678.5', 'INR')).toBe('Rs. 1,23,45,678.50');
    expect(formatNoticeAmount('1000', 'INR')).toBe('Rs. 1,000.00');
    expect(formatNoticeAmount('999', 'INR')).toBe('Rs. 999.00');
    expect(formatNoticeAmount('0.5', 'INR')).toBe('Rs. 0.50');
    expect(formatNoticeAmount('007500', 'INR')).toBe('Rs. 7,500.00');
    expect(formatNoticeAmount('1234567.89', 'USD')).toBe('USD 1,234,567.89');
    expect(formatNoticeAmount('not a number', 'INR')).toBe('not a number');
  });

  it('prints dates as DD-MM-YYYY, products and bounce reasons as words', () => {
    expect(formatNoticeDate('2026-03-09')).toBe('09-03-2026');
    expect(formatNoticeDate('soon')).toBe('soon');
    expect(productLabel('TWO_WHEELER')).toBe('Two-Wheeler');
    expect(bounceReasonWords('FUNDS_INSUFFICIENT')).toBe('Funds insufficient');
    expect(bounceReasonWords('UNKNOWN_CODE')).toBe('UNKNOWN_CODE');
  });

  it('matches a cheque’s bounce reason text to the case’s option, else OTHER', () => {
    expect(bounceReasonOption('Insufficient funds')).toBe('FUNDS_INSUFFICIENT');
    expect(bounceReasonOption('FUNDS_INSUFFICIENT')).toBe('FUNDS_INSUFFICIENT');
    expect(bounceReasonOption('exceeds arrangement')).toBe('EXCEEDS_ARRANGEMENT');
    expect(bounceReasonOption('Account Closed')).toBe('ACCOUNT_CLOSED');
    expect(bounceReasonOption('Payment stopped by drawer')).toBe('PAYMENT_STOPPED');
    expect(bounceReasonOption('Drawer signature differs')).toBe('SIGNATURE_MISMATCH');
    expect(bounceReasonOption('Refer to drawer')).toBe('OTHER');
    expect(bounceReasonOption(null)).toBe('OTHER');
  });
});

describe('notice PDF', () => {
  it('sets Latin in Noto Sans and Devanagari in Noto Sans Devanagari, run by run, "?" for what no face has', () => {
    const runs = (text: string) => textRuns(text, 'regular').map((run) => [run.face.name, run.text]);
    expect(runs('Sahyadri, S V Road')).toEqual([['NotoSans', 'Sahyadri, S V Road']]);
    expect(runs('Rohan (रोहन क्षत्रिय), ₹ 500')).toEqual([
      ['NotoSans', 'Rohan ('],
      ['NotoSansDevanagari', 'रोहन क्षत्रिय'],
      ['NotoSans', '), '],
      ['NotoSansExt', '₹ '],
      ['NotoSans', '500'],
    ]);
    expect(runs('Rāma Zoë Ωmega')).toEqual([
      ['NotoSans', 'R'],
      ['NotoSansExt', 'ā'],
      ['NotoSans', 'ma Zoë ?mega'],
    ]);
    expect(runs('line one\tend\r')).toEqual([['NotoSans', 'line one end']]);
    expect(textRuns('नगर', 'bold')[0]!.face.name).toBe('NotoSansDevanagari-Bold');
  });

  it('wraps within the width, breaking a word longer than a line between characters', async () => {
    const writer = await PdfWriter.open({ title: 'wrap', creator: 'test', createdAt: new Date() });
    const measure = (text: string) => writer.width(text, 'regular', 11);
    const lines = wrapText(`short words here ${'X'.repeat(120)} tail\nnext line`, measure, 200);
    expect(lines.every((line) => measure(line) <= 200)).toBe(true);
    expect(lines[0]).toBe('short words here');
    expect(lines.join('')).toContain('X'.repeat(20));
    expect(lines.at(-1)).toBe('next line');
    expect(lines.join(' ').replace(/X+ ?/g, 'X')).toContain('short words here X');
    // A Devanagari word is broken between its letters with their matras and conjuncts, never inside one.
    const hindi = wrapText('क्षत्रिय'.repeat(20), measure, 60);
    expect(hindi.length).toBeGreaterThan(1);
    expect(hindi.join('')).toBe('क्षत्रिय'.repeat(20));
    expect(hindi.every((line) => !/^[\u093e-\u094d]/u.test(line))).toBe(true);
  });

  it('breaks long text over A4 pages, each numbered "Page n of m"', async () => {
    const paragraphs = Array.from(
      { length: 30 },
      (_, i) => `Paragraph ${i + 1}. ${'Lorem ipsum dolor sit amet. '.repeat(8)}`,
    );
    const pdf = await renderNoticePdf({
      lenderName: 'Test Lender Ltd',
      branchName: 'Andheri Branch',
      title: 'Legal notice for recovery of dues',
      paragraphs,
      subject: 'Test',
      createdAt: new Date('2026-03-31T06:00:00Z'),
    });
    const document = await PDFDocument.load(pdf);
    const pages = document.getPageCount();
    expect(pages).toBeGreaterThan(1);
    const [width, height] = [document.getPage(0).getWidth(), document.getPage(0).getHeight()];
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    const text = await pdfText(pdf);
    for (let page = 1; page <= pages; page += 1) expect(text).toContain(`Page ${page} of ${pages}`);
    expect(text.split('\n').slice(0, 3)).toEqual([
      'Test Lender Ltd',
      'Andheri Branch',
      'Legal notice for recovery of dues',
    ]);
    expect(text).toContain('Paragraph 30.');
    expect(document.getTitle()).toBe('Legal notice for recovery of dues');

    const merged = await PDFDocument.load(await mergePdfs([pdf, pdf], { title: 'Both', createdAt: new Date() }));
    expect(merged.getPageCount()).toBe(2 * pages);
  });

  it('embeds its fonts, so Latin words come out whole and Devanagari prints in its own face', async () => {
    const pdf = await renderNoticePdf({
      lenderName: 'Sahyadri Finance Ltd',
      branchName: 'S V Road Branch, Andheri (West)',
      title: 'Legal notice / कानूनी नोटिस',
      paragraphs: [
        'To: Rohan Deshmukh (रोहन देशमुख), Flat 4, Sahyadri Apartments, S V Road, Andheri West, Mumbai',
        'आप पर बकाया राशि ₹ 1,62,750.75 है। Amount due: Rs. 1,62,750.75',
      ],
      subject: 'Legal notice LGL/1',
      createdAt: new Date('2026-09-16T06:00:00Z'),
    });
    const text = (await pdfText(pdf)).replace(/\n/g, ' ');
    for (const words of [
      'Sahyadri Finance Ltd',
      'S V Road Branch',
      'Sahyadri Apartments, S V Road',
      'Rohan Deshmukh',
    ]) {
      expect(text).toContain(words);
    }
    for (const hindi of ['रोहन', 'देशमुख', 'कानूनी', 'नोटिस'.slice(0, 2), 'राशि'.slice(0, 2), '₹']) {
      expect(text).toContain(hindi);
    }
    expect(text).not.toMatch(/S ahyadri|S a hyadri|R ohan/);
    const fonts = await pdfFonts(pdf);
    expect(fonts.map((font) => font.name)).toEqual(
      expect.arrayContaining(['NotoSans-Bold', 'NotoSans-Regular', 'NotoSansDevanagari-Regular']),
    );
    expect(fonts.every((font) => font.file === 'FontFile2')).toBe(true);
    expect(fonts.some((font) => /Helvetica|Times|Courier/.test(font.name))).toBe(false);
    // Only the glyphs used are embedded.
    expect(pdf.length).toBeLessThan(60_000);
  });

  it('numbers pages with the footer of the notice language from the dictionaries', async () => {
    const words = translator('de');
    const pdf = await renderNoticePdf({
      lenderName: 'Test Lender Ltd',
      branchName: '',
      title: 'Mitteilung',
      paragraphs: ['Text'],
      subject: words.t('NoticeSubject', { caseNo: 'LGL/1', accountNo: 'LN1' }),
      createdAt: new Date('2026-03-31T06:00:00Z'),
      pageLabel: (page, pages) => words.t('NoticePageOf', { page, pages }),
    });
    expect(await pdfText(pdf)).toContain('Seite 1 von 1');
    expect((await PDFDocument.load(pdf)).getSubject()).toBe('Rechtliche Mitteilung LGL/1, Kreditkonto LN1');
  });
});

describe('upload CSV reader', () => {
  it('reads RFC 4180 fields and keeps each row’s line number, skipping blank rows', () => {
    const rows = parseCsv('a,b,c\r\n"x, y","say ""hi""",3\r\n\r\n"multi\nline",, last \nend');
    expect(rows).toEqual([
      { number: 1, cells: ['a', 'b', 'c'] },
      { number: 2, cells: ['x, y', 'say "hi"', '3'] },
      { number: 4, cells: ['multi\nline', '', 'last'] },
      { number: 6, cells: ['end'] },
    ]);
  });
});
