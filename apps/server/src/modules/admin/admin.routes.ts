import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditAnchorOf, verifyAuditChain } from '../../audit/audit-chain.ts';
import type { AppDeps } from '../../deps.ts';

const security = [{ bearer: [] }];
const tags = ['admin'];
/** "Execute schedule processes": the administrators' authority (spec §2.3, /collapp/scheduleproc). */
const administrator = { app: 'collapp', authority: 'SCHED_PRO_COLL_SAUTH' } as const;

const problemSchema = z.object({
  kind: z.enum(['row_hash', 'chain_link', 'checkpoint_signature', 'checkpoint_mismatch', 'checkpoint_missing']),
  id: z.number(),
  detail: z.string(),
});
const verificationSchema = z.object({
  ok: z.boolean(),
  rows: z.number(),
  headId: z.number().nullable(),
  checkpoints: z.number(),
  anchoredCheckpoints: z.number().nullable(),
  lastCheckpointAt: z.string().nullable(),
  rowsAfterLastCheckpoint: z.number(),
  problems: z.array(problemSchema),
});

/** Administration: the audit trail's verification. */
export function adminRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/audit/verify',
      {
        config: { auth: administrator },
        schema: {
          tags,
          summary:
            'Walks the whole audit chain and its signed checkpoints (table and anchor file): edited, re-hashed and deleted rows and a cut tail are listed as problems',
          security,
          response: { 200: verificationSchema },
        },
      },
      () => verifyAuditChain(auditAnchorOf(deps.db, deps.config)),
    );
  };
}
