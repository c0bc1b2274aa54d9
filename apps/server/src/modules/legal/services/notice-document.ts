import {
  DEFAULT_NOTICE_TEMPLATES,
  renderNotice,
  type NoticeValues,
} from '@recovery-desk/domain/legal/notice-templates.ts';
import type { Language } from '@recovery-desk/i18n/language-codes.ts';
import { translator } from '@recovery-desk/i18n/translator.ts';
import { valueLabel } from '@recovery-desk/i18n/value-labels.ts';
import type { Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { safeFileName } from '../../../documents/document-types.ts';
import { addGeneratedDocument } from '../../workflow/index.ts';
import { findNoticeFacts, type NoticeFacts } from '../notice.repository.ts';
import { findNoticeTemplate } from '../settings.repository.ts';
import { bounceReasonWords, formatNoticeAmount, formatNoticeDate, productLabel } from './notice-format.ts';
import { renderNoticePdf } from './notice-pdf.ts';
import { loadLegalSettings } from './settings.ts';

// The legal notice of a case: its case type's template (Legal Settings) filled with the case, account, borrower and
// lender values, rendered to PDF and stored on the case as its generated notice copy (checklist code noticeCopy).

export const NOTICE_DOCUMENT_CODE = 'noticeCopy';

/**
 * The language of a notice's fixed words (page footer, document subject). A notice is addressed to the borrower and
 * its body is the lender's template (Legal Settings), written in English; the user's interface language does not
 * change it, so a court document never mixes languages. The standard PDF fonts print WinAnsi only (no Devanagari or
 * Arabic letters), so a template language other than English or German would also need an embedded font.
 */
export const NOTICE_LANGUAGE: Language = 'en';

const text = (value: unknown): string | undefined =>
  value === undefined || value === null || String(value).trim() === '' ? undefined : String(value);

function addressLines(address: NoticeFacts['address']): string | undefined {
  if (!address) return undefined;
  const lines = [address.line1, address.line2, address.line3, address.landmark].filter(
    (line): line is string => typeof line === 'string' && line.trim() !== '',
  );
  lines.push(`${address.city}, ${address.state} - ${address.pinCode}`);
  return lines.join('\n');
}

/** The template values of a case (absent ones stay undefined: the notice shows a blank for them). */
export function noticeValues(facts: NoticeFacts, input: { noticeDate: string; paymentDays: number }): NoticeValues {
  const fields = facts.fields;
  const amount = (value: unknown) => {
    const raw = text(value);
    return raw === undefined ? undefined : formatNoticeAmount(raw, facts.currency);
  };
  const date = (value: unknown) => {
    const raw = text(value);
    return raw === undefined ? undefined : formatNoticeDate(raw);
  };
  const bounceReason = text(fields.bounceReason);
  return {
    noticeDate: formatNoticeDate(input.noticeDate),
    caseNo: facts.caseNo,
    lenderName: facts.lenderName,
    customerName: facts.customerName,
    customerAddress: addressLines(facts.address),
    accountNo: facts.accountNo,
    product: productLabel(facts.product),
    claimAmount: amount(fields.claimAmount),
    totalDueAmount: formatNoticeAmount(facts.totalDueAmount, facts.currency),
    dpd: String(facts.dpd),
    // The bucket as every screen and export shows it (B6 → 365+), never its code.
    dpdBucket: valueLabel('bucket', facts.bucket, (key, fallback) => translator(NOTICE_LANGUAGE).tr(key, fallback)),
    chequeNumber: text(fields.chequeNumber),
    chequeDate: date(fields.chequeDate),
    chequeAmount: amount(fields.chequeAmount),
    drawerBank: text(fields.drawerBank),
    bounceReason: bounceReason === undefined ? undefined : bounceReasonWords(bounceReason),
    chequeReturnDate: date(fields.chequeReturnDate),
    returnMemoReceivedDate: date(fields.returnMemoReceivedDate),
    mandateReference: text(fields.mandateReference),
    debitAmount: amount(fields.debitAmount),
    advocateName: text(fields.advocateName),
    advocateEnrolmentNo: text(fields.advocateEnrolmentNo),
    paymentDays: String(input.paymentDays),
    branchName: facts.branchName,
  };
}

/**
 * Renders the case's legal notice dated `noticeDate` (YYYY-MM-DD) and stores it on the case as a generated
 * 'noticeCopy' document, inside the caller's transaction. Used by the manager's approval into NOTICE (the
 * generateLegalNotice effect; the transition's event records it) and by POST /api/legal/notices (which writes its
 * own NOTICE_GENERATED event). Scope is the caller's to check.
 */
export async function createNoticeDocument(
  tx: Transaction,
  deps: AppDeps,
  ctx: UnitContext,
  input: { caseId: number; noticeDate: string },
): Promise<{ documentId: number; pdf: Uint8Array }> {
  const facts = await findNoticeFacts(tx, input.caseId);
  if (!facts) throw new AppError('NOT_FOUND', 'Case not found');
  const caseType = text(facts.fields.caseType) ?? '';
  const template =
    (await findNoticeTemplate(tx, caseType)) ??
    DEFAULT_NOTICE_TEMPLATES.find((candidate) => candidate.caseType === caseType);
  if (!template) {
    throw new AppError('VALIDATION', `Case ${facts.caseNo} has no case type with a notice template.`, {
      fields: [{ field: 'fields.caseType', message: 'This field is required' }],
    });
  }
  const settings = await loadLegalSettings(tx);
  const rendered = renderNotice(
    template,
    noticeValues(facts, { noticeDate: input.noticeDate, paymentDays: settings.timelines.paymentDaysAfterService }),
  );
  const words = translator(NOTICE_LANGUAGE);
  const pdf = await renderNoticePdf({
    lenderName: facts.lenderName,
    branchName: facts.branchName,
    title: rendered.title,
    paragraphs: rendered.paragraphs,
    subject: words.t('NoticeSubject', { caseNo: facts.caseNo, accountNo: facts.accountNo }),
    createdAt: deps.clock.now(),
    pageLabel: (page, pages) => words.t('NoticePageOf', { page, pages }),
  });
  const { documentId } = await addGeneratedDocument(tx, deps, {
    caseId: facts.caseId,
    code: NOTICE_DOCUMENT_CODE,
    stage: facts.stage,
    fileName: safeFileName(`legal-notice-${facts.caseNo.replace(/\//g, '-')}-${input.noticeDate}.pdf`, 'notice.pdf'),
    documentName: rendered.title,
    mimeType: 'application/pdf',
    content: pdf,
    actorUserId: ctx.user.id,
  });
  return { documentId, pdf };
}
