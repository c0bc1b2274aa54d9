import { z } from 'zod';
import { defineJob } from '../jobs/job-kind.ts';
import { auditAnchorOf, checkpointDue, writeAuditCheckpoint } from './audit-chain.ts';

/** How often the head of the audit chain is anchored (when it moved): the most a cut tail can go unnoticed. */
export const AUDIT_CHECKPOINT_EVERY_MS = 60_000;

/**
 * Anchors the audit chain: a signed checkpoint of its head and row count, in `audit_checkpoints` and the anchor file
 * under DATA_DIR. Scheduled every minute when the chain has moved since the last checkpoint.
 */
export const auditCheckpointJob = defineJob({
  kind: 'audit.checkpoint',
  payload: z.object({}),
  needs: 'system',
  maxAttempts: 3,
  schedule: {
    everyMs: AUDIT_CHECKPOINT_EVERY_MS,
    due: (deps) => checkpointDue(deps.db, deps.clock.now(), AUDIT_CHECKPOINT_EVERY_MS),
  },
  run: async ({ deps }) => {
    const checkpoint = await writeAuditCheckpoint(auditAnchorOf(deps.db, deps.config), deps.clock.now());
    return {
      summary: checkpoint ? { headId: checkpoint.headId, rows: checkpoint.rowCount } : { unchanged: true },
    };
  },
});
