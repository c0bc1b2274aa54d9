import { sql } from 'drizzle-orm';
import { SETTLEMENT_LEVELS } from '@recovery-desk/domain/settlements/arithmetic.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { formatNoticeAmount, formatNoticeDate, renderNoticePdf } from '../../legal/index.ts';
import { requireSettlement, settlementDetail } from './read-settlements.ts';

// The settlement letter: generated from the approved settlement with the legal notices' PDF machinery (pdf-lib,
// A4, letterhead, page numbers). It exists only once the settlement is approved (409 before); it is rendered on
// each download from the stored terms, so it always says what the approved settlement says. Each download is audited.

const LEVEL_WORDS: Record<(typeof SETTLEMENT_LEVELS)[number], string> = {
  BRANCH: 'the Branch Manager',
  REGION: 'the Regional Collection Head',
  ZONE: 'the Zonal Collection Head',
  CREDIT_COMMITTEE: 'the Credit Committee',
  BOARD: 'the Board of Directors',
};

export async function settlementLetter(
  deps: AppDeps,
  ctx: UnitContext,
  id: number,
): Promise<{ fileName: string; body: Uint8Array }> {
  const record = await requireSettlement(deps.db, ctx, id);
  if (record.status !== 'APPROVED' || !record.approvedOn) {
    throw new AppError('NOT_ELIGIBLE', 'The settlement letter exists only once the settlement is approved.');
  }
  const detail = await settlementDetail(deps, ctx, id);
  const [org] = await selectRows<{ name: string }>(deps.db, sql`select name from organisation where id = 1`);
  const money = (amount: string) => formatNoticeAmount(amount, record.currency);
  const level = SETTLEMENT_LEVELS[record.requiredLevel - 1] ?? 'BRANCH';
  const paragraphs = [
    `Date: ${formatNoticeDate(record.approvedOn)}`,
    `Reference: SETTLEMENT/${record.id}`,
    `To: ${record.partyName}`,
    `Loan account: ${record.accountNo} (borrower: ${record.customerName})`,
    `We refer to your request for a one-time settlement of the above loan account. The settlement has been approved by ${LEVEL_WORDS[level]} on the following terms.`,
    `Dues at the time of the request: principal ${money(detail.outstanding.principal)}, interest ${money(detail.outstanding.interest)}, charges ${money(detail.outstanding.charges)}; total ${money(detail.amount)}.`,
    `Amount payable in full and final settlement: ${money(detail.totalPayable)}. Waiver granted: ${money(detail.waiverAmount)} (${detail.waiverPercent}% of the dues): principal ${money(detail.waiver.principal)}, interest ${money(detail.waiver.interest)}, charges ${money(detail.waiver.charges)}.`,
    `Schedule of payment:\n${detail.instalments
      .map((item) => `${item.no}. ${money(item.amount)} on or before ${formatNoticeDate(item.dueDate)}`)
      .join('\n')}`,
    `If any instalment is not received within ${deps.config.settlementGraceDays} days of its date, this settlement lapses without further notice, amounts paid are adjusted against the account, and the full dues become payable with interest and charges as per the loan agreement.`,
    ...(record.restructuring
      ? ['The payment period of this settlement exceeds three months; it is treated as a restructuring of the loan.']
      : []),
    'On receipt of the full settlement amount the account will be closed as settled, a No Objection Certificate will be issued, and the account will be reported to the credit bureaus as settled.',
    `For ${org?.name ?? 'the lender'}\nAuthorised signatory`,
  ];
  const body = await renderNoticePdf({
    lenderName: org?.name ?? 'Recovery Desk',
    branchName: record.branchName,
    title: 'Settlement letter',
    paragraphs,
    subject: `Settlement ${record.id} of account ${record.accountNo}`,
    createdAt: record.approvedAt ? new Date(record.approvedAt) : deps.clock.now(),
  });
  await withTransaction(deps.db, (tx) =>
    emitAudit(tx, ctx, {
      action: 'collections.settlement.letter',
      entity: 'settlement',
      entityId: record.id,
      after: { accountId: record.accountId, bytes: body.byteLength },
    }),
  );
  return { fileName: `settlement-letter-${record.id}.pdf`, body };
}
