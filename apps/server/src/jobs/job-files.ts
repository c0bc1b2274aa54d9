import { Readable, Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { safeFileName } from '../documents/document-types.ts';
import { selectRows } from '../db/sql-rows.ts';
import type { Database } from '@recovery-desk/db/client.ts';
import type { Executor } from '../db/transaction.ts';

// A job's large result file (a report export of a million rows), streamed into `job_file_chunks` as the job writes it
// and streamed back on download, never held whole in memory (packages/db/src/jobs-schema.ts). Small files (tray
// exports, error reports, notices) stay in `jobs.result_file`.

/** Bytes per chunk row: large enough that a 40 MB file is 40 inserts, small enough to be a passing allocation. */
export const JOB_FILE_CHUNK_BYTES = 1 << 20;

/** A result file already stored in chunks by the attempt that returns it (see JobFileWriter). */
export type StoredJobFileRef = { fileName: string; contentType: string; stored: { size: number } };

/**
 * Writes a job attempt's result file into `job_file_chunks`, a chunk at a time, on the executor it is given (the
 * transaction that reads the job's rows, so the chunks commit with it or not at all). `write` only buffers; call
 * `flushIfFull` between batches and `finish` at the end.
 */
export class JobFileWriter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private seq = 0;
  private size = 0;

  constructor(
    private readonly tx: Executor,
    private readonly job: { id: number; attempt: number },
    private readonly chunkBytes = JOB_FILE_CHUNK_BYTES,
  ) {}

  /** Removes what earlier attempts of the job left (a crash after their commit): call once before writing. */
  async begin(): Promise<void> {
    await this.tx.execute(sql`delete from job_file_chunks where job_id = ${this.job.id}`);
  }

  write(data: string | Uint8Array): void {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
    if (bytes.length === 0) return;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
  }

  /** Takes a buffer the caller hands over and never touches again (no copy: the COPY export's bytes). */
  writeOwned(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
  }

  /** A writable stream into this writer (exceljs's streaming workbook writes its ZIP here). */
  stream(): Writable {
    return new Writable({
      write: (chunk: Buffer, _encoding, callback) => {
        this.write(chunk);
        callback();
      },
    });
  }

  /** Stores full chunks of what was written so far. */
  async flushIfFull(): Promise<void> {
    while (this.pendingBytes >= this.chunkBytes) {
      // one pending buffer of a chunk or more (a big write): stored as it is, no copy
      const all = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes);
      const chunk = all.subarray(0, this.chunkBytes);
      const rest = all.subarray(this.chunkBytes);
      this.pending = rest.length > 0 ? [Buffer.from(rest)] : [];
      this.pendingBytes = rest.length;
      await this.insert(chunk);
    }
  }

  /** Stores the rest; returns the file's size in bytes. */
  async finish(): Promise<number> {
    await this.flushIfFull();
    if (this.pendingBytes > 0) await this.insert(Buffer.concat(this.pending, this.pendingBytes));
    this.pending = [];
    this.pendingBytes = 0;
    return this.size;
  }

  private async insert(chunk: Buffer): Promise<void> {
    await this.tx.execute(
      sql`insert into job_file_chunks (job_id, attempt, seq, bytes)
        values (${this.job.id}, ${this.job.attempt}, ${this.seq}, ${chunk})`,
    );
    this.seq += 1;
    this.size += chunk.length;
  }
}

/** A job's result file as found for a download: in the row (`body`) or in chunks of the completing attempt. */
export type JobFileLocation = {
  fileName: string;
  contentType: string;
  body: Uint8Array | null;
  chunks: { jobId: number; attempt: number; size: number } | null;
};

/** The file's bytes for a reply: the row's bytes, or a stream reading the chunks one at a time. */
export function jobFileContent(db: Database, file: JobFileLocation): Buffer | Readable {
  if (file.body) return Buffer.from(file.body);
  const { jobId, attempt } = file.chunks!;
  return Readable.from(
    (async function* chunks() {
      for (let seq = 0; ; seq += 1) {
        const [row] = await selectRows<{ bytes: Uint8Array }>(
          db,
          sql`select bytes from job_file_chunks where job_id = ${jobId} and attempt = ${attempt} and seq = ${seq}`,
        );
        if (!row) return;
        yield Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
      }
    })(),
    { objectMode: false },
  );
}

/** Answers a download with a job's file (streamed from its chunks when it has them). */
export function sendJobFile(reply: FastifyReply, db: Database, file: JobFileLocation, fallbackName = 'file') {
  if (file.chunks) reply.header('content-length', file.chunks.size);
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${safeFileName(file.fileName, fallbackName)}"`)
    .send(jobFileContent(db, file));
}

/** The whole file (small files only: an upload's error report). */
export async function readWholeJobFile(db: Database, file: JobFileLocation): Promise<Buffer> {
  const content = jobFileContent(db, file);
  if (Buffer.isBuffer(content)) return content;
  const parts: Buffer[] = [];
  for await (const part of content) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** SQL columns locating a job's file (alias `j` for jobs). */
export const JOB_FILE_COLUMNS = sql`j.id as "jobId", j.attempts as "attempt", j.result_file_size as "size",
  j.result_file as body`;

/** A row of JOB_FILE_COLUMNS with its name and type as a JobFileLocation (null when there are no bytes). */
export function jobFileLocation(row: {
  fileName: string | null;
  contentType: string | null;
  jobId: number | string;
  attempt: number;
  size: number | string | null;
  body: Uint8Array | null;
}): JobFileLocation | null {
  if (!row.fileName) return null;
  const contentType = row.contentType ?? 'application/octet-stream';
  if (row.body) return { fileName: row.fileName, contentType, body: row.body, chunks: null };
  if (row.size === null) return null;
  return {
    fileName: row.fileName,
    contentType,
    body: null,
    chunks: { jobId: Number(row.jobId), attempt: row.attempt, size: Number(row.size) },
  };
}
