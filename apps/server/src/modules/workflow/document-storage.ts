import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '@recovery-desk/db/client.ts';
import { withTransaction, type Transaction } from '../../db/transaction.ts';

// Where the bytes of case documents live: in case_documents.content (default), or as files under CASE_DOCUMENT_DIR
// (storage FOLDER; the row keeps the path relative to the folder). A file is written before the row commits; when
// the transaction fails, withCaseTransaction removes the files it wrote, so no row points at a missing file and
// no file outlives a rolled-back row.

const writtenFiles = new WeakMap<Transaction, string[]>();

/** Writes a new document file (never overwrites) and remembers it for the transaction's rollback. */
export async function writeDocumentFile(
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

/** The bytes of a stored file; the path must resolve inside the folder. */
export async function readDocumentFile(folder: string, relativePath: string): Promise<Buffer> {
  return fs.readFile(resolveInside(folder, relativePath));
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
export async function withCaseTransaction<T>(db: Database, fn: (tx: Transaction) => Promise<T>): Promise<T> {
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
