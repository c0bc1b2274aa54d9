import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '@recovery-desk/db/client.ts';
import { withTransaction, type Transaction } from '../db/transaction.ts';
import { AppError } from '../http/app-error.ts';

// The one document store: account documents and case documents keep their bytes in their row (storage DB, the
// default), or as files under DOCUMENT_DIR (storage FOLDER; the row keeps the path relative to the folder). Every
// stored document carries the SHA-256 of its bytes, checked on every read. A file is written before its row
// commits; when the transaction fails, withDocumentTransaction removes the files it wrote, so no row points at a
// missing file and no file outlives a rolled-back row.

const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' };

/** Where a document's bytes went: the columns every document table stores. */
export type StoredBytes = {
  storage: 'DB' | 'FOLDER';
  content: Uint8Array | null;
  storagePath: string | null;
  sha256: string;
  sizeBytes: number;
};

/** The stored columns read back, to fetch the bytes. */
export type StoredDocument = {
  storage: string;
  content: Uint8Array | null;
  storagePath: string | null;
  sha256: string | null;
};

const writtenFiles = new WeakMap<Transaction, string[]>();

export class DocumentStore {
  /** @param folder DOCUMENT_DIR, or null to keep bytes in the database */
  constructor(private readonly folder: string | null) {}

  /**
   * Stores the bytes of a new document inside the caller's transaction (open it with withDocumentTransaction when a
   * folder is configured). `owner` groups the files (e.g. `cases/12`, `accounts/7`); `documentId` names it.
   */
  async put(
    tx: Transaction,
    input: { owner: string; documentId: number; mimeType: string; content: Uint8Array },
  ): Promise<StoredBytes> {
    const sha256 = createHash('sha256').update(input.content).digest('hex');
    const sizeBytes = input.content.length;
    if (!this.folder) return { storage: 'DB', content: input.content, storagePath: null, sha256, sizeBytes };
    const extension = EXTENSIONS[input.mimeType] ?? 'bin';
    const storagePath = `${input.owner}/${input.documentId}-${sha256.slice(0, 16)}.${extension}`;
    await writeDocumentFile(tx, this.folder, storagePath, input.content);
    return { storage: 'FOLDER', content: null, storagePath, sha256, sizeBytes };
  }

  /** The bytes of a stored document; bytes that no longer match their SHA-256 are never served. */
  async read(document: StoredDocument, what: string): Promise<Buffer> {
    let content: Buffer;
    if (document.storage === 'FOLDER') {
      if (!this.folder || !document.storagePath) {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'This document is kept in the document folder, which is not configured (DOCUMENT_DIR).',
        );
      }
      content = await fs.readFile(resolveInside(this.folder, document.storagePath));
    } else {
      if (!document.content) throw new Error(`${what} has no content`);
      content = Buffer.from(document.content);
    }
    if (document.sha256 && createHash('sha256').update(content).digest('hex') !== document.sha256) {
      throw new Error(`${what} does not match its SHA-256`);
    }
    return content;
  }
}

/** Writes a new document file (never overwrites) and remembers it for the transaction's rollback. */
async function writeDocumentFile(
  tx: Transaction,
  folder: string,
  relativePath: string,
  content: Uint8Array,
): Promise<void> {
  const target = resolveInside(folder, relativePath);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, content, { flag: 'wx', mode: 0o640 });
  const list = writtenFiles.get(tx) ?? [];
  list.push(target);
  writtenFiles.set(tx, list);
}

function resolveInside(folder: string, relativePath: string): string {
  const root = path.resolve(folder);
  const target = path.resolve(root, relativePath);
  if (path.isAbsolute(relativePath) || !target.startsWith(`${root}${path.sep}`)) {
    throw new Error(`document path ${JSON.stringify(relativePath)} leaves the document folder`);
  }
  return target;
}

/**
 * withTransaction for work that may store document files: if the transaction fails (or its commit does), the files
 * written inside it are removed. Callers that add documents inside their own transaction should open it here.
 */
export async function withDocumentTransaction<T>(db: Database, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  let current: Transaction | undefined;
  try {
    return await withTransaction(db, (tx) => {
      current = tx;
      return fn(tx);
    });
  } catch (error) {
    const files = current ? (writtenFiles.get(current) ?? []) : [];
    await Promise.all(files.map((file) => fs.rm(file, { force: true })));
    throw error;
  }
}
