import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { createInflateRaw } from 'node:zlib';
import { SaxesParser } from 'saxes';
import { AppError, validationError } from '../http/app-error.ts';

// The one reader of uploaded spreadsheets (every bulk upload path reads its file here): XLSX (a ZIP, recognised by
// 'PK\x03\x04') or CSV (UTF-8 text, RFC 4180), never judged by the file name. The result is the header (the first
// non-blank row) and the non-blank data rows as text cells, each with its row number in the file.
//
// The file is read as a stream and the limits apply while it is read, not after:
// - the row limit stops the reading at the first row past it (a 300,000-row workbook is refused after its first
//   rows, not parsed whole);
// - a workbook's uncompressed size is capped: the sizes its ZIP directory declares are summed before anything is
//   inflated, and the bytes actually inflated are counted while inflating (a lying directory stops there too);
// - a cell may hold at most 32,767 characters (Excel's own limit); a run of text longer than that is refused while it
//   is inflated, before it is held in memory;
// - XML is inflated and parsed chunk by chunk (zlib works off the main thread), CSV rows in slices with a yield to
//   the event loop between them, so other requests (and /healthz) are answered while a large file is read.
// The workbook's parts are read in the order the reader needs them (the ZIP directory gives random access): the first
// worksheet first (stopping at the row limit), then only the shared strings its rows use.

export type SheetRow = { number: number; cells: string[] };
export type Sheet = { format: 'xlsx' | 'csv'; header: SheetRow | undefined; rows: SheetRow[] };

export type SheetLimits = {
  /** data rows (non-blank rows under the header) accepted; one more refuses the file */
  maxRows: number;
  /** characters of one cell (default 32,767, Excel's limit) */
  maxCellChars?: number;
  /** bytes a workbook may inflate to, all its parts together (default 50 MB) */
  maxUncompressedBytes?: number;
};

export const MAX_CELL_CHARS = 32_767;
export const MAX_UNCOMPRESSED_BYTES = 50 * 1024 * 1024;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
/** CSV rows parsed between two yields to the event loop */
const CSV_SLICE_ROWS = 500;

function unsupported(): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload an Excel workbook (.xlsx) or a CSV file (UTF-8).');
}

const unreadable = () => validationError('file', 'is not a readable Excel workbook');
const tooManyRows = (max: number) =>
  validationError('file', `holds more than ${max} rows; upload at most ${max} at a time`);
const cellTooLong = (max: number, row?: number) =>
  validationError('file', `${row === undefined ? 'has' : `row ${row} has`} a cell longer than ${max} characters`);
const tooLarge = (max: number) =>
  validationError(
    'file',
    `unpacks to more than ${Math.round(max / (1024 * 1024))} MB; upload a smaller workbook (one sheet of plain rows)`,
  );

type Limits = Required<SheetLimits>;

/** Reads an uploaded spreadsheet under the limits; a file past one is a 400 naming the problem on the field `file`. */
export async function readSheet(content: Buffer, limits: SheetLimits): Promise<Sheet> {
  const all: Limits = {
    maxRows: limits.maxRows,
    maxCellChars: limits.maxCellChars ?? MAX_CELL_CHARS,
    maxUncompressedBytes: limits.maxUncompressedBytes ?? MAX_UNCOMPRESSED_BYTES,
  };
  if (ZIP_SIGNATURE.every((byte, index) => content[index] === byte)) return readXlsx(content, all);
  if (content.includes(0)) throw unsupported();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    throw unsupported();
  }
  return readCsv(text.replace(/^\uFEFF/, ''), all);
}

/** Splits the rows into header and data rows, refusing past the row limit (`rows` may still be arriving). */
class RowCollector {
  header: SheetRow | undefined;
  readonly rows: SheetRow[] = [];
  constructor(private readonly maxRows: number) {}

  add(row: SheetRow): void {
    if (!this.header) {
      this.header = row;
      return;
    }
    if (this.rows.length >= this.maxRows) throw tooManyRows(this.maxRows);
    this.rows.push(row);
  }
}

// ---- CSV ----

async function readCsv(text: string, limits: Limits): Promise<Sheet> {
  const collector = new RowCollector(limits.maxRows);
  let slice = 0;
  for (const row of csvRows(text, limits.maxCellChars)) {
    if (row.cells.some((cell) => cell !== '')) collector.add(row);
    slice += 1;
    if (slice >= CSV_SLICE_ROWS) {
      slice = 0;
      await yieldToEventLoop();
    }
  }
  return { format: 'csv', header: collector.header, rows: collector.rows };
}

/** RFC 4180: fields separated by commas, quoted fields may hold commas, quotes (doubled) and line breaks. */
function* csvRows(text: string, maxCellChars = Number.POSITIVE_INFINITY): Generator<SheetRow> {
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowStart = 1;
  const endField = () => {
    const value = field.trim();
    if (value.length > maxCellChars) throw cellTooLong(maxCellChars, rowStart);
    cells.push(value);
    field = '';
  };
  const endRow = (): SheetRow => {
    endField();
    const row = { number: rowStart, cells };
    cells = [];
    return row;
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (char === ',') {
      endField();
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      yield endRow();
      line += 1;
      rowStart = line;
    } else field += char;
  }
  if (field !== '' || cells.length > 0) yield endRow();
}

/** The non-blank rows of a CSV text (no limits; the upload path reads through `readSheet`). */
export function parseCsv(text: string): SheetRow[] {
  return [...csvRows(text)].filter((row) => row.cells.some((cell) => cell !== ''));
}

// ---- XLSX: the ZIP directory ----

type ZipEntry = { name: string; method: number; compressedSize: number; size: number; localOffset: number };

function zipEntries(content: Buffer, limits: Limits): Map<string, ZipEntry> {
  // The end of central directory record: 22 bytes plus a comment of at most 65,535.
  let end = -1;
  for (let at = content.length - 22; at >= Math.max(0, content.length - 22 - 65_535); at -= 1) {
    if (content.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const count = content.readUInt16LE(end + 10);
  let at = content.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  let declared = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > content.length || content.readUInt32LE(at) !== 0x02014b50) throw unreadable();
    const nameLength = content.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      method: content.readUInt16LE(at + 10),
      compressedSize: content.readUInt32LE(at + 20),
      size: content.readUInt32LE(at + 24),
      localOffset: content.readUInt32LE(at + 42),
      name: content.toString('utf8', at + 46, at + 46 + nameLength),
    };
    // ZIP64 markers (0xFFFFFFFF) mean sizes over 4 GB: far past the cap.
    declared += entry.size;
    if (declared > limits.maxUncompressedBytes) throw tooLarge(limits.maxUncompressedBytes);
    entries.set(entry.name.replace(/^\//, ''), entry);
    at += 46 + nameLength + content.readUInt16LE(at + 30) + content.readUInt16LE(at + 32);
  }
  return entries;
}

/** Counts inflated bytes against the workbook's budget (shared by all its parts). */
type Budget = { left: number; max: number };

/** The text of a ZIP entry, chunk by chunk (inflated as a stream); stop reading by returning from the loop. */
async function* entryText(content: Buffer, entry: ZipEntry, budget: Budget): AsyncGenerator<string> {
  const at = entry.localOffset;
  if (at + 30 > content.length || content.readUInt32LE(at) !== 0x04034b50) throw unreadable();
  const start = at + 30 + content.readUInt16LE(at + 26) + content.readUInt16LE(at + 28);
  const data = content.subarray(start, start + entry.compressedSize);
  if (data.length < entry.compressedSize) throw unreadable();
  const decoder = new StringDecoder('utf8');
  let source: AsyncIterable<Buffer>;
  if (entry.method === 8) {
    const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
    Readable.from([data]).pipe(inflater);
    source = inflater;
  } else if (entry.method === 0) {
    source = (async function* () {
      for (let offset = 0; offset < data.length; offset += 64 * 1024) {
        yield data.subarray(offset, offset + 64 * 1024);
        await yieldToEventLoop();
      }
    })();
  } else throw unreadable();
  try {
    for await (const chunk of source) {
      budget.left -= chunk.length;
      if (budget.left < 0) throw tooLarge(budget.max);
      yield decoder.write(chunk);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
  yield decoder.end();
}

/**
 * Parses a part's XML as it is inflated. `onOpen`/`onClose`/`onText` see local names (without a prefix); `done()`
 * returning true stops the reading (the rest is never inflated). A run of more than `maxCellChars` characters without
 * markup is refused as it arrives (at most 6 bytes of XML per character, for entities), before saxes buffers it.
 */
async function parseXml(
  chunks: AsyncGenerator<string>,
  limits: Limits,
  handlers: {
    onOpen?: (name: string, attributes: Record<string, string>) => void;
    onClose?: (name: string) => void;
    onText?: (text: string) => void;
    done?: () => boolean;
  },
): Promise<void> {
  const parser = new SaxesParser();
  let failure: unknown = null;
  const guard = (fn: () => void) => {
    if (failure !== null) return;
    try {
      fn();
    } catch (error) {
      failure = error;
    }
  };
  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  parser.on('opentag', (tag) =>
    guard(() => handlers.onOpen?.(local(tag.name), tag.attributes as Record<string, string>)),
  );
  parser.on('closetag', (tag) => guard(() => handlers.onClose?.(local(tag.name))));
  parser.on('text', (text) => guard(() => handlers.onText?.(text)));
  parser.on('cdata', (text) => guard(() => handlers.onText?.(text)));
  parser.on('error', (error) => {
    if (failure === null) failure = error;
  });
  const maxRun = limits.maxCellChars * 6 + 1024;
  let run = 0;
  try {
    for await (const chunk of chunks) {
      const firstMarkup = chunk.indexOf('<');
      if (firstMarkup < 0) run += chunk.length;
      else {
        if (run + firstMarkup > maxRun) throw cellTooLong(limits.maxCellChars);
        run = chunk.length - chunk.lastIndexOf('<') - 1;
      }
      if (run > maxRun) throw cellTooLong(limits.maxCellChars);
      parser.write(chunk);
      if (failure !== null) break;
      if (handlers.done?.()) return;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
  if (failure !== null) {
    if (failure instanceof AppError) throw failure;
    throw unreadable();
  }
  try {
    parser.close();
  } catch {
    throw unreadable();
  }
}

async function readPart(
  content: Buffer,
  entries: Map<string, ZipEntry>,
  name: string,
  budget: Budget,
  limits: Limits,
  handlers: Parameters<typeof parseXml>[2],
): Promise<boolean> {
  const entry = entries.get(name);
  if (!entry) return false;
  await parseXml(entryText(content, entry, budget), limits, handlers);
  return true;
}

// ---- XLSX: the parts ----

/** Built-in number formats that show a date (ECMA-376 18.8.30). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

function isDateFormatCode(code: string): boolean {
  // Without quoted text, escaped characters and colours/conditions in brackets, a date format has y, m, d, h or s.
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '');
  return /[ymdhs]/i.test(bare);
}

/** The first worksheet's part name, from the workbook and its relationships. */
async function firstSheetPart(
  content: Buffer,
  entries: Map<string, ZipEntry>,
  budget: Budget,
  limits: Limits,
): Promise<{ part: string; date1904: boolean }> {
  let relationId: string | undefined;
  let date1904 = false;
  const found = await readPart(content, entries, 'xl/workbook.xml', budget, limits, {
    onOpen: (name, attributes) => {
      if (name === 'workbookPr') date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
      if (name === 'sheet' && relationId === undefined) {
        relationId = Object.entries(attributes).find(([key]) => key === 'r:id' || key.endsWith(':id'))?.[1];
      }
    },
    done: () => relationId !== undefined,
  });
  if (!found) throw unreadable();
  if (relationId === undefined) throw validationError('file', 'has no worksheet');
  let target: string | undefined;
  await readPart(content, entries, 'xl/_rels/workbook.xml.rels', budget, limits, {
    onOpen: (name, attributes) => {
      if (name === 'Relationship' && attributes.Id === relationId) target = attributes.Target;
    },
    done: () => target !== undefined,
  });
  if (!target) throw unreadable();
  const part = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
  if (!entries.has(part)) throw validationError('file', 'has no worksheet');
  return { part, date1904 };
}

/** For each cell style (xf) index: does it show a date? */
async function dateStyles(
  content: Buffer,
  entries: Map<string, ZipEntry>,
  budget: Budget,
  limits: Limits,
): Promise<boolean[]> {
  const customDates = new Set<number>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  await readPart(content, entries, 'xl/styles.xml', budget, limits, {
    onOpen: (name, attributes) => {
      if (name === 'numFmt' && isDateFormatCode(attributes.formatCode ?? '')) {
        customDates.add(Number(attributes.numFmtId));
      }
      if (name === 'cellXfs') inCellXfs = true;
      if (name === 'xf' && inCellXfs) {
        const id = Number(attributes.numFmtId ?? 0);
        styles.push(DATE_FORMAT_IDS.has(id) || customDates.has(id));
      }
    },
    onClose: (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return styles;
}

/** A cell as read from the sheet: text, or an index into the shared strings. */
type RawCell = string | { shared: number };
type RawRow = { number: number; cells: RawCell[] };

function columnIndex(reference: string | undefined): number | undefined {
  const letters = /^([A-Z]+)/i.exec(reference ?? '')?.[1];
  if (!letters) return undefined;
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

function excelDate(serial: number, date1904: boolean): string {
  const days = serial + (date1904 ? 24_107 : 0) - 25_569;
  const date = new Date(Math.round(days * 86_400_000));
  return Number.isNaN(date.getTime()) ? String(serial) : date.toISOString().slice(0, 10);
}

async function readXlsx(content: Buffer, limits: Limits): Promise<Sheet> {
  const entries = zipEntries(content, limits);
  const budget: Budget = { left: limits.maxUncompressedBytes, max: limits.maxUncompressedBytes };
  const { part, date1904 } = await firstSheetPart(content, entries, budget, limits);
  const isDate = await dateStyles(content, entries, budget, limits);

  // The worksheet, up to the row limit: header + maxRows data rows; one more non-blank row refuses the file.
  const rows: RawRow[] = [];
  let row: RawRow | null = null;
  let nextRowNumber = 1;
  let cell: { column: number; type: string; style: number; text: string; inValue: boolean } | null = null;
  let inPhonetic = false;
  const endCell = () => {
    if (!row || !cell) return;
    const { type, text } = cell;
    let value: RawCell;
    if (type === 's') value = text.trim() === '' ? '' : { shared: Number(text) };
    else if (type === 'b') value = text === '1' ? 'true' : text === '0' ? 'false' : text;
    else if (type === 'e') value = '';
    else if (type === 'str' || type === 'inlineStr') value = text;
    else if (text !== '' && isDate[cell.style] && Number.isFinite(Number(text)))
      value = excelDate(Number(text), date1904);
    else value = text === '' ? '' : String(Number(text));
    if (typeof value === 'string' && value.length > limits.maxCellChars)
      throw cellTooLong(limits.maxCellChars, row.number);
    while (row.cells.length < cell.column) row.cells.push('');
    row.cells[cell.column] = value;
  };
  const sheetRead = await readPart(content, entries, part, budget, limits, {
    onOpen: (name, attributes) => {
      if (name === 'row') {
        const number = Number(attributes.r ?? nextRowNumber);
        row = { number, cells: [] };
        nextRowNumber = number + 1;
      } else if (name === 'c' && row) {
        cell = {
          column: columnIndex(attributes.r) ?? row.cells.length,
          type: attributes.t ?? 'n',
          style: Number(attributes.s ?? 0),
          text: '',
          inValue: false,
        };
      } else if (cell && (name === 'v' || (name === 't' && cell.type === 'inlineStr' && !inPhonetic))) {
        cell.inValue = true;
      } else if (name === 'rPh') inPhonetic = true;
    },
    onText: (text) => {
      if (cell?.inValue) cell.text += text;
    },
    onClose: (name) => {
      if (name === 'v' || name === 't') {
        if (cell) cell.inValue = false;
      } else if (name === 'rPh') inPhonetic = false;
      else if (name === 'c') {
        endCell();
        cell = null;
      } else if (name === 'row' && row) {
        const kept = row as RawRow;
        row = null;
        if (kept.cells.some((value) => value !== '')) {
          // header + maxRows data rows
          if (rows.length > limits.maxRows) throw tooManyRows(limits.maxRows);
          rows.push(kept);
        }
      }
    },
  });
  if (!sheetRead) throw validationError('file', 'has no worksheet');

  const strings = await sharedStrings(content, entries, budget, limits, rows);
  const collector = new RowCollector(limits.maxRows);
  for (const raw of rows) {
    const cells = raw.cells.map((value) =>
      (typeof value === 'string' ? value : (strings.get(value.shared) ?? '')).trim(),
    );
    if (cells.some((value) => value !== '')) collector.add({ number: raw.number, cells });
  }
  return { format: 'xlsx', header: collector.header, rows: collector.rows };
}

/** The shared strings the rows use (and no others), read up to the highest index needed. */
async function sharedStrings(
  content: Buffer,
  entries: Map<string, ZipEntry>,
  budget: Budget,
  limits: Limits,
  rows: RawRow[],
): Promise<Map<number, string>> {
  const needed = new Set<number>();
  for (const row of rows) for (const value of row.cells) if (typeof value !== 'string') needed.add(value.shared);
  const strings = new Map<number, string>();
  if (needed.size === 0) return strings;
  const last = Math.max(...needed);
  let index = -1;
  let current: string | null = null;
  let inText = false;
  let inPhonetic = false;
  await readPart(content, entries, 'xl/sharedStrings.xml', budget, limits, {
    onOpen: (name) => {
      if (name === 'si') {
        index += 1;
        current = needed.has(index) ? '' : null;
      } else if (name === 't' && !inPhonetic) inText = true;
      else if (name === 'rPh') inPhonetic = true;
    },
    onText: (text) => {
      if (current === null || !inText) return;
      current += text;
      if (current.length > limits.maxCellChars) throw cellTooLong(limits.maxCellChars);
    },
    onClose: (name) => {
      if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si') {
        if (current !== null) strings.set(index, current);
        current = null;
      }
    },
    done: () => index > last,
  });
  return strings;
}
