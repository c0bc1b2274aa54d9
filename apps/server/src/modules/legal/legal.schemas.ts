import { z } from 'zod';
import { trayPageSchema } from '@recovery-desk/domain/collections/contracts.ts';
import {
  fiMatterRowSchema,
  legalDocumentRowSchema,
  pagedReplySchema,
  poolQuerySchema,
  poolRowSchema,
  UPLOAD_KINDS,
  uploadRowSchema,
} from '@recovery-desk/domain/legal/contracts.ts';
import { idParam } from '@recovery-desk/domain/numeric-params.ts';

// Route-level schemas of the legal API beyond the shared contracts (packages/domain/src/legal/contracts.ts).

const id = idParam;

/** The pool's query: the collections tray query, Team View unless My View is asked for. */
export const poolListQuerySchema = poolQuerySchema.safeExtend({ view: z.enum(['my', 'team']).default('team') });
export const poolPageSchema = trayPageSchema(poolRowSchema);

export const matterParamsSchema = z.object({ id });
export const uploadParamsSchema = z.object({ id });
export const templateQuerySchema = z.object({ kind: z.enum(UPLOAD_KINDS) });

export const fiPageSchema = pagedReplySchema(fiMatterRowSchema);
export const uploadPageSchema = pagedReplySchema(uploadRowSchema);
export const documentPageSchema = pagedReplySchema(legalDocumentRowSchema);
