import { sql } from 'drizzle-orm';
import { minorToDecimal } from '@recovery-desk/domain/payments/contracts.ts';
import { likePrefix } from '../../../access/unit-scope.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { toCsv, type ExportFile } from '../../exports/index.ts';

// Demo mode only: the bank statement a demo user downloads from the reconciliation screen ("Download demo
// statement") and uploads back. It is written from the subtree's data as the bank would report it: a credit for
// every approved batch still unreconciled but the newest (deposited late: it stays unmatched), a credit for every
// uncredited electronic receipt but the newest (the bank never received it: an EFT Receipt Cancel candidate), and a
// credit the lender cannot place (unmatched on the bank's side).

export async function demoStatementFile(deps: AppDeps, ctx: UnitContext): Promise<ExportFile> {
  const scope = likePrefix(ctx.actingUnit.path);
  const batches = await selectRows<{
    batch_no: string;
    deposit_slip_no: string;
    collection_date: string;
    amount_minor: string | number | bigint;
    currency: string;
  }>(
    deps.db,
    sql`select batch_no, deposit_slip_no, collection_date, amount_minor, currency from payment_batches
      where unit_path like ${scope} and status = 'APPROVED' and reconciled_at is null order by id`,
  );
  const receipts = await selectRows<{
    reference: string | null;
    received_on: string;
    amount_minor: string | number | bigint;
    currency: string;
    mode: string;
  }>(
    deps.db,
    sql`select r.reference, r.received_on, r.amount_minor, r.currency, r.mode from receipts r
      where r.unit_path like ${scope} and r.mode in ('NEFT', 'RTGS', 'IMPS', 'UPI')
        and r.status in ('PENDING_VERIFICATION', 'VERIFIED') and r.reference is not null
        and not exists (select 1 from bank_statement_credits c where c.matched_receipt_id = r.id)
      order by r.id`,
  );
  const rows: string[][] = [];
  for (const batch of batches.slice(0, Math.max(0, batches.length - 1))) {
    rows.push([
      String(batch.collection_date),
      minorToDecimal(BigInt(batch.amount_minor)),
      batch.deposit_slip_no,
      `CASH/CHQ DEPOSIT ${batch.batch_no}`,
      batch.currency,
    ]);
  }
  for (const receipt of receipts.slice(0, Math.max(0, receipts.length - 1))) {
    rows.push([
      String(receipt.received_on),
      minorToDecimal(BigInt(receipt.amount_minor)),
      receipt.reference!,
      `${receipt.mode} CR ${receipt.reference}`,
      receipt.currency,
    ]);
  }
  const businessDate = rows[0]?.[0] ?? new Date().toISOString().slice(0, 10);
  rows.push([businessDate, '12345.00', 'UNKNOWN-CR-0001', 'NEFT CR UNIDENTIFIED REMITTER', 'INR']);
  const body = Buffer.from(toCsv(['valueDate', 'amount', 'reference', 'narration', 'currency'], rows), 'utf8');
  return { fileName: 'demo-bank-statement.csv', contentType: 'text/csv; charset=utf-8', body };
}
