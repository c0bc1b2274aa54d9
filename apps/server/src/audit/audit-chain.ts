import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '@recovery-desk/db/client.ts';
import { auditKeyOf, type Config } from '../config.ts';
import { selectRows } from '../db/sql-rows.ts';
import { withTransaction } from '../db/transaction.ts';

// Tamper evidence of the audit trail (docs/architecture.md, "Data integrity").
// - The chain (database triggers): every row's hash is sha256(prev_hash | row), in id order.
// - Checkpoints (here): the head row (id, hash) and the number of rows up to it, signed with HMAC-SHA256 under a key
//   the database does not hold, each chained to the one before, in the append-only `audit_checkpoints` and as a line
//   of DATA_DIR/audit-checkpoints.jsonl. Someone who can write the database can recompute the chain after an edit or
//   a deletion, but not sign a checkpoint: a re-hashed row, a deleted row and a cut tail up to the newest checkpoint
//   no longer match a signed checkpoint.

const CHECKPOINT_LOCK = 727_275;
export const ANCHOR_FILE_NAME = 'audit-checkpoints.jsonl';

export type AuditAnchor = { db: Database; key: string; anchorFile: string | null };

/** The checkpoint settings of a configuration: the key, and the anchor file when DATA_DIR exists. */
export function auditAnchorOf(db: Database, config: Pick<Config, 'auditKey' | 'jwtSecret' | 'dataDir'>): AuditAnchor {
  const anchorFile = fs.existsSync(config.dataDir) ? path.join(config.dataDir, ANCHOR_FILE_NAME) : null;
  return { db, key: auditKeyOf(config), anchorFile };
}

export type Checkpoint = {
  id: number;
  at: string;
  headId: number;
  headHash: string;
  rowCount: number;
  prevSignature: string | null;
  signature: string;
};

function signatureOf(key: string, c: Omit<Checkpoint, 'id' | 'signature'>): string {
  return createHmac('sha256', key)
    .update(`${c.at}|${c.headId}|${c.headHash}|${c.rowCount}|${c.prevSignature ?? ''}`, 'utf8')
    .digest('hex');
}

function signatureHolds(key: string, c: Checkpoint): boolean {
  const expected = Buffer.from(signatureOf(key, c), 'hex');
  const given = Buffer.from(c.signature, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

type CheckpointRow = {
  id: number;
  at: Date | string;
  head_id: number;
  head_hash: string;
  row_count: number;
  prev_signature: string | null;
  signature: string;
};

function toCheckpoint(row: CheckpointRow): Checkpoint {
  return {
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    headId: Number(row.head_id),
    headHash: row.head_hash,
    rowCount: Number(row.row_count),
    prevSignature: row.prev_signature,
    signature: row.signature,
  };
}

/** The head of the chain and the number of rows up to it; null while the trail is empty. */
async function chainHead(db: Database | Parameters<Parameters<Database['transaction']>[0]>[0]) {
  // Ids are drawn under the chain lock, so every row below the newest committed one has committed too.
  const [head] = await selectRows<{ id: number; hash: string; n: number }>(
    db,
    sql`select h.id, h.hash, (select count(*) from audit_log x where x.id <= h.id)::bigint as n
      from (select id, hash from audit_log order by id desc limit 1) h`,
  );
  return head ? { id: Number(head.id), hash: head.hash, count: Number(head.n) } : null;
}

async function lastCheckpoint(db: Database | Parameters<Parameters<Database['transaction']>[0]>[0]) {
  const [row] = await selectRows<CheckpointRow>(db, sql`select * from audit_checkpoints order by id desc limit 1`);
  return row ? toCheckpoint(row) : null;
}

/** True when the chain has moved since the newest checkpoint and that one is at least `minAgeMs` old. */
export async function checkpointDue(db: Database, now: Date, minAgeMs: number): Promise<boolean> {
  const [head, last] = await Promise.all([chainHead(db), lastCheckpoint(db)]);
  if (!head) return false;
  if (!last) return true;
  return last.headId !== head.id && now.getTime() - new Date(last.at).getTime() >= minAgeMs;
}

/**
 * Writes a checkpoint of the chain's head (none when the trail is empty or unchanged since the last one), then appends
 * it to the anchor file. Returns the checkpoint written.
 */
export async function writeAuditCheckpoint(anchor: AuditAnchor, now: Date): Promise<Checkpoint | null> {
  const checkpoint = await withTransaction(anchor.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHECKPOINT_LOCK})`);
    const head = await chainHead(tx);
    const last = await lastCheckpoint(tx);
    if (!head || (last && last.headId === head.id && last.headHash === head.hash)) return null;
    const fields = {
      at: now.toISOString(),
      headId: head.id,
      headHash: head.hash,
      rowCount: head.count,
      prevSignature: last?.signature ?? null,
    };
    const signature = signatureOf(anchor.key, fields);
    const [row] = await selectRows<CheckpointRow>(
      tx,
      sql`insert into audit_checkpoints (at, head_id, head_hash, row_count, prev_signature, signature)
        values (${fields.at}::timestamptz, ${fields.headId}, ${fields.headHash}, ${fields.rowCount},
          ${fields.prevSignature}, ${signature})
        returning *`,
    );
    return toCheckpoint(row!);
  });
  if (checkpoint && anchor.anchorFile) {
    fs.appendFileSync(anchor.anchorFile, `${JSON.stringify(checkpoint)}\n`, { mode: 0o600 });
  }
  return checkpoint;
}

export type AuditProblem = {
  kind:
    | 'row_hash' // a row's content does not give its hash: the row was edited
    | 'chain_link' // a row does not chain to the row before it: a row was deleted (or inserted) in between
    | 'checkpoint_signature' // a checkpoint is not signed with the key, or the checkpoints' own chain is broken
    | 'checkpoint_mismatch' // the chain no longer has a checkpoint's head hash or row count: re-hashed, cut or deleted
    | 'checkpoint_missing'; // the anchor file has a checkpoint the table lost
  /** the audit row or checkpoint concerned */
  id: number;
  detail: string;
};

export type AuditVerification = {
  ok: boolean;
  rows: number;
  headId: number | null;
  checkpoints: number;
  /** checkpoints read from the anchor file; null when there is no file */
  anchoredCheckpoints: number | null;
  lastCheckpointAt: string | null;
  /** rows written after the newest checkpoint (not yet anchored) */
  rowsAfterLastCheckpoint: number;
  problems: AuditProblem[];
};

const MAX_PROBLEMS = 100;

function readAnchorFile(file: string | null): Checkpoint[] | null {
  if (!file || !fs.existsSync(file)) return null;
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Checkpoint);
}

/** Walks the whole chain and every checkpoint (table and anchor file); lists what does not hold. */
export async function verifyAuditChain(anchor: AuditAnchor): Promise<AuditVerification> {
  const { db, key } = anchor;
  const problems: AuditProblem[] = [];

  const badRows = await selectRows<{ id: number; hash_ok: boolean; link_ok: boolean }>(
    db,
    sql`select id, hash_ok, link_ok from (
        select a.id,
          audit_row_hash(a.prev_hash, a) is not distinct from a.hash as hash_ok,
          a.prev_hash is not distinct from lag(a.hash) over (order by a.id) as link_ok
        from audit_log a) walked
      where not hash_ok or not link_ok
      order by id limit ${MAX_PROBLEMS}`,
  );
  for (const row of badRows) {
    if (!row.hash_ok) problems.push({ kind: 'row_hash', id: Number(row.id), detail: 'the row does not give its hash' });
    if (!row.link_ok)
      problems.push({ kind: 'chain_link', id: Number(row.id), detail: 'the row does not chain to the row before it' });
  }

  const checked = await selectRows<CheckpointRow & { actual_hash: string | null; actual_count: number | null }>(
    db,
    sql`with numbered as (select id, hash, row_number() over (order by id) as n from audit_log)
      select c.*, numbered.hash as actual_hash, numbered.n as actual_count
      from audit_checkpoints c left join numbered on numbered.id = c.head_id
      order by c.id`,
  );
  let previous: Checkpoint | null = null;
  const tableSignatures = new Set<string>();
  for (const row of checked) {
    const checkpoint = toCheckpoint(row);
    tableSignatures.add(checkpoint.signature);
    if (!signatureHolds(key, checkpoint) || checkpoint.prevSignature !== (previous?.signature ?? null)) {
      problems.push({ kind: 'checkpoint_signature', id: checkpoint.id, detail: 'not signed with the audit key' });
    } else if (row.actual_hash === null) {
      problems.push({
        kind: 'checkpoint_mismatch',
        id: checkpoint.id,
        detail: `row ${checkpoint.headId}, the head at this checkpoint, is missing`,
      });
    } else if (row.actual_hash !== checkpoint.headHash || Number(row.actual_count) !== checkpoint.rowCount) {
      problems.push({
        kind: 'checkpoint_mismatch',
        id: checkpoint.id,
        detail: `up to row ${checkpoint.headId} the chain has ${Number(row.actual_count)} rows and another hash (signed: ${checkpoint.rowCount} rows)`,
      });
    }
    previous = checkpoint;
  }

  const anchored = readAnchorFile(anchor.anchorFile);
  for (const line of anchored ?? []) {
    if (!signatureHolds(key, line)) {
      problems.push({ kind: 'checkpoint_signature', id: line.id, detail: 'an anchor file line is not signed' });
    } else if (!tableSignatures.has(line.signature)) {
      problems.push({
        kind: 'checkpoint_missing',
        id: line.id,
        detail: `checkpoint ${line.id} (row ${line.headId}) is in the anchor file but not in the database`,
      });
    }
  }

  const head = await chainHead(db);
  const last = previous;
  return {
    ok: problems.length === 0,
    rows: head?.count ?? 0,
    headId: head?.id ?? null,
    checkpoints: checked.length,
    anchoredCheckpoints: anchored?.length ?? null,
    lastCheckpointAt: last?.at ?? null,
    rowsAfterLastCheckpoint: Math.max(0, (head?.count ?? 0) - (last?.rowCount ?? 0)),
    problems: problems.slice(0, MAX_PROBLEMS),
  };
}
