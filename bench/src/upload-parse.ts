import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { MAX_UPLOAD_ROWS, UPLOAD_COLUMNS } from '@recovery-desk/domain/legal/contracts.ts';
import { AppError } from '../../apps/server/src/http/app-error.ts';
import { readSheet } from '../../apps/server/src/uploads/sheet-reader.ts';

// What refusing a large spreadsheet costs (issue: a 300,000-row XLSX took 4.9 s and +470 MB before its 400, and two
// in parallel stalled /healthz for 10 s). Builds a workbook of `--rows` case-initiation rows (exceljs, as a user's
// Excel file would be), then measures the upload reader (src/uploads/sheet-reader.ts) refusing it at the row limit:
// time and memory (RSS and heap growth), and the event loop's longest stall while two such files are read at once.
// `--compare` also measures the former way (exceljs loading the whole workbook). Target: under 1 s and +100 MB.
//   node --expose-gc --import tsx bench/src/upload-parse.ts [--rows 300000] [--compare]

const { values: args } = parseArgs({
  options: { rows: { type: 'string', default: '300000' }, compare: { type: 'boolean', default: false } },
});
const rows = Number(args.rows);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

async function buildWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Upload');
  sheet.addRow([...UPLOAD_COLUMNS.CASE_INITIATION]);
  for (let row = 0; row < rows; row += 1) {
    sheet.addRow([`LN${String(row).padStart(10, '0')}`, 'S138', '250000.00', 'bench']);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function measure(label: string, read: () => Promise<unknown>): Promise<void> {
  gc();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
  const started = process.hrtime.bigint();
  let outcome: string;
  try {
    await read();
    outcome = 'accepted';
  } catch (error) {
    outcome =
      error instanceof AppError ? `${error.httpStatus} ${error.fields?.[0]?.message ?? error.message}` : String(error);
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  clearInterval(sampler);
  const after = process.memoryUsage();
  peakRss = Math.max(peakRss, after.rss);
  const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
  console.log(
    `${label}: ${ms.toFixed(0)} ms, peak RSS +${mb(peakRss - before.rss)} MB, heap +${mb(after.heapUsed - before.heapUsed)} MB → ${outcome}`,
  );
}

console.log(`building a workbook of ${rows} rows…`);
const content = await buildWorkbook();
console.log(`workbook: ${(content.length / (1024 * 1024)).toFixed(2)} MB packed`);

await measure('streaming reader, one file', () => readSheet(content, { maxRows: MAX_UPLOAD_ROWS }));
// The same file with the unpacked-size cap lifted: the row limit alone stops the reading.
await measure('streaming reader, size cap lifted (row limit only)', () =>
  readSheet(content, { maxRows: MAX_UPLOAD_ROWS, maxUncompressedBytes: 2 ** 31 }),
);

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
await measure('streaming reader, two files at once (size cap lifted)', () =>
  Promise.allSettled([
    readSheet(content, { maxRows: MAX_UPLOAD_ROWS, maxUncompressedBytes: 2 ** 31 }),
    readSheet(content, { maxRows: MAX_UPLOAD_ROWS, maxUncompressedBytes: 2 ** 31 }),
  ]).then((results) => {
    const refused = results.find((result) => result.status === 'rejected');
    if (refused) throw (refused as PromiseRejectedResult).reason;
  }),
);
delay.disable();
console.log(`  longest event-loop stall while reading both: ${(delay.max / 1e6).toFixed(0)} ms`);

if (args.compare) {
  await measure('former reader (exceljs loads the whole workbook)', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
    const count = workbook.worksheets[0]!.rowCount - 1;
    if (count > MAX_UPLOAD_ROWS) throw new AppError('VALIDATION', `holds ${count} rows`);
  });
}
