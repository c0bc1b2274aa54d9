import { z } from 'zod';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { noticeInputSchema } from '@recovery-desk/domain/legal/contracts.ts';
import { MESSAGES } from '@recovery-desk/domain/validation.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { Executor } from '../../../db/transaction.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { defineJob } from '../../../jobs/job-kind.ts';
import { jobUnitContext, queueFileJob } from '../../exports/index.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { withDocumentTransaction } from '../../../documents/document-store.ts';
import { findLegalCase, insertStillCaseEvent } from '../cases.repository.ts';
import { createNoticeDocument } from './notice-document.ts';
import { formatNoticeDate } from './notice-format.ts';
import { mergePdfs } from './notice-pdf.ts';

export type NoticeInput = z.infer<typeof noticeInputSchema>;
export type NoticeFile = { fileName: string; pdf: Uint8Array };

export const NOTICE_STAGE = 'NOTICE';

/**
 * POST /api/legal/notices — the legal notice of each case (in scope, open, at Send Legal Notice), stored on the case
 * with a NOTICE_GENERATED history entry and an audit row, all in one transaction; the reply is one PDF holding every
 * notice in the order asked.
 */
/** The case in scope and at Send Legal Notice, or the refusal (404 out of scope, 409 at another stage or closed). */
async function noticeCase(tx: Executor, ctx: UnitContext, caseId: number, forUpdate: boolean) {
  const legalCase = await findLegalCase(tx, { caseId, unitPath: ctx.actingUnit.path, forUpdate });
  if (!legalCase) {
    throw new AppError('NOT_FOUND', `Case ${caseId} not found`, { extra: { caseId } });
  }
  if (legalCase.isClosed || legalCase.stage !== NOTICE_STAGE) {
    throw new AppError(
      'WRONG_STAGE',
      `Case ${legalCase.caseNo} is not at Send Legal Notice (it is ${legalCase.isClosed ? 'closed' : `at ${legalCase.stage}`}).`,
      { extra: { caseNo: legalCase.caseNo, stage: legalCase.stage } },
    );
  }
  return legalCase;
}

/** Bulk notice generation (more than NOTICE_SYNC_MAX_CASES cases) runs as a job; its result is the one PDF. */
export const noticesJob = defineJob({
  kind: 'legal.notices',
  payload: noticeInputSchema,
  needs: 'user',
  run: async ({ deps, ctx, payload, progress }) => {
    const cases = new Set(payload.caseIds).size;
    await progress(0, cases);
    const file = await generateNotices(deps, { ctx: jobUnitContext(ctx), input: payload });
    await progress(cases, cases);
    return {
      summary: { cases, fileName: file.fileName },
      file: { fileName: file.fileName, contentType: 'application/pdf', body: Buffer.from(file.pdf) },
    };
  },
});

/**
 * POST /api/legal/notices — up to NOTICE_SYNC_MAX_CASES cases: the PDF at once (generateNotices); more: the request
 * checks every case (scope, stage, notice date; the same 4xx as generation) and queues the notices job (202).
 */
export async function requestNotices(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: NoticeInput },
): Promise<{ file: NoticeFile } | { job: Job }> {
  const caseIds = [...new Set(input.caseIds)];
  if (caseIds.length <= deps.config.noticeSyncMaxCases) return { file: await generateNotices(deps, { ctx, input }) };
  const businessDate = await requireBusinessDate(deps.db);
  if ((input.noticeDate ?? businessDate) > businessDate) {
    throw validationError('noticeDate', MESSAGES.dateOnOrBefore(businessDate));
  }
  for (const caseId of caseIds) await noticeCase(deps.db, ctx, caseId, false);
  return { job: await queueFileJob(deps, ctx, noticesJob, input) };
}

export async function generateNotices(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: NoticeInput },
): Promise<NoticeFile> {
  const caseIds = [...new Set(input.caseIds)];
  const { businessDate, parts, caseNos } = await withDocumentTransaction(deps.db, async (tx) => {
    const businessDate = await requireBusinessDate(tx);
    const noticeDate = input.noticeDate ?? businessDate;
    if (noticeDate > businessDate) throw validationError('noticeDate', MESSAGES.dateOnOrBefore(businessDate));
    const parts: Uint8Array[] = [];
    const caseNos: string[] = [];
    for (const caseId of caseIds) {
      const legalCase = await noticeCase(tx, ctx, caseId, true);
      const { documentId, pdf } = await createNoticeDocument(tx, deps, ctx, { caseId, noticeDate });
      const eventId = await insertStillCaseEvent(tx, {
        legalCase,
        action: 'NOTICE_GENERATED',
        actorUserId: ctx.user.id,
        actingUnitId: ctx.actingUnit.id,
        businessDate,
        remarks: `Legal notice dated ${formatNoticeDate(noticeDate)}`,
        createdAt: deps.clock.now(),
      });
      await emitAudit(tx, ctx, {
        action: 'legal.notice_generate',
        entity: 'case',
        entityId: caseId,
        after: { caseNo: legalCase.caseNo, documentId, eventId, noticeDate, sizeBytes: pdf.length },
      });
      parts.push(pdf);
      caseNos.push(legalCase.caseNo);
    }
    return { businessDate, parts, caseNos };
  });
  const pdf = await mergePdfs(parts, { title: `Legal notices ${businessDate}`, createdAt: deps.clock.now() });
  // One notice is named after its case (LGL/2026/000123 → legal-notice-LGL-2026-000123.pdf); several after the day.
  const fileName =
    caseNos.length === 1
      ? `legal-notice-${caseNos[0]!.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`
      : `legal-notices-${businessDate}.pdf`;
  return { fileName, pdf };
}
