import type { DownloadPage, DownloadQuery } from '@recovery-desk/domain/collections/uploads.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { findDownloadFile, listDownloads } from '../uploads.repository.ts';

// File Download (/collapp/download, FILE_DOWNLOAD_COLL_SAUTH): every file a background job of the acting unit's
// subtree produced (tray and stage exports, reports, notices generated as jobs, upload error reports), who made it,
// when, and until when it downloads again (DOWNLOAD_RETENTION_DAYS after it was made). Scoped like the Upload
// Dashboard: the subtree's jobs, and at a root unit also the system jobs.

const DAY_MS = 24 * 60 * 60 * 1000;

function scope(ctx: UnitContext) {
  return { unitPath: ctx.actingUnit.path, includeSystem: /^\/\d+\/$/.test(ctx.actingUnit.path) };
}

/** GET /api/collections/downloads */
export async function listDownloadPage(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: DownloadQuery },
): Promise<DownloadPage> {
  const retentionDays = deps.config.downloadRetentionDays;
  const now = deps.clock.now();
  const oldest = new Date(now.getTime() - retentionDays * DAY_MS);
  const { rows, count } = await listDownloads(deps.db, {
    ...scope(ctx),
    notBefore: query.expired === 'include' ? null : oldest,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    data: rows.map((row) => {
      const expiresAt = new Date(new Date(row.generatedAt).getTime() + retentionDays * DAY_MS);
      return { ...row, expiresAt: expiresAt.toISOString(), expired: expiresAt <= now };
    }),
    count,
    page: query.page,
    pageSize: query.pageSize,
    retentionDays,
  };
}

/** GET /api/collections/downloads/:id/file — the file again, while it has not expired (else 404). */
export async function getDownloadFile(deps: AppDeps, { ctx, jobId }: { ctx: UnitContext; jobId: number }) {
  const oldest = new Date(deps.clock.now().getTime() - deps.config.downloadRetentionDays * DAY_MS);
  const file = await findDownloadFile(deps.db, { jobId, ...scope(ctx), notBefore: oldest });
  if (!file)
    throw new AppError('NOT_FOUND', 'This file is not available: it was not found in your units or has expired.');
  return file;
}
