import type { z } from 'zod';
import type { noticeInputSchema } from '@recovery-desk/domain/legal/contracts.ts';
import { MESSAGES } from '@recovery-desk/domain/validation.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
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
      const legalCase = await findLegalCase(tx, { caseId, unitPath: ctx.actingUnit.path, forUpdate: true });
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
      const { documentId, pdf } = await createNoticeDocument(tx, deps, ctx, { caseId, noticeDate });
      const eventId = await insertStillCaseEvent(tx, {
        legalCase,
        action: 'NOTICE_GENERATED',
        actorUserId: ctx.user.id,
        actingUnitId: ctx.actingUnit.id,
        businessDate,
        remarks: `Legal notice dated ${formatNoticeDate(noticeDate)}`,
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
