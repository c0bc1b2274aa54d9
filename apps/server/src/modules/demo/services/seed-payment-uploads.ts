import { sql } from 'drizzle-orm';
import { minorToDecimal } from '@recovery-desk/domain/payments/contracts.ts';
import { likePrefix } from '../../../access/unit-scope.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import type { AppDeps } from '../../../deps.ts';
import { startCollectionsUpload } from '../../collection-uploads/index.ts';
import { findUnitsByCode, findUsersByUsername } from '../demo-seed.repository.ts';
import { demoUnitContext } from './demo-context.ts';

// The demo's bank statement upload (first start in demo mode, after the demo payments): pay.mumbai (RG-MUM) uploads
// the collection account's statement on File Upload (type BANK_STATEMENT) through the upload service. Its credits
// are the first approved deposit batch (matched by its deposit slip), the first NEFT receipt (matched by its UTR)
// and a credit nobody can place, so Payment Batch Reconciliation Report shows the statement with matched and
// unmatched lines. The rest stays for the reconciliation screen's own "Download demo statement".

export const DEMO_STATEMENT_UPLOADER = { username: 'pay.mumbai', unit: 'RG-MUM' } as const;
export const DEMO_STATEMENT_FILE = 'hdfc-collection-account-statement.csv';

export async function queueDemoPaymentUploads(deps: AppDeps): Promise<number[]> {
  const [user] = await findUsersByUsername(deps.db, [DEMO_STATEMENT_UPLOADER.username]);
  const [unit] = await findUnitsByCode(deps.db, [DEMO_STATEMENT_UPLOADER.unit]);
  if (!user || !unit) return [];
  const [batch] = await selectRows<{ slip: string; batchNo: string; day: string; amount: string | bigint }>(
    deps.db,
    sql`select deposit_slip_no as slip, batch_no as "batchNo", collection_date::text as day, amount_minor as amount
      from payment_batches where status = 'APPROVED' and reconciled_at is null and currency = 'INR'
        and unit_path like ${likePrefix(unit.path)} order by id limit 1`,
  );
  const [neft] = await selectRows<{ reference: string; day: string; amount: string | bigint }>(
    deps.db,
    sql`select reference, received_on::text as day, amount_minor as amount from receipts
      where mode = 'NEFT' and status in ('PENDING_VERIFICATION', 'VERIFIED') and currency = 'INR'
        and reference is not null and unit_path like ${likePrefix(unit.path)}
        and not exists (select 1 from bank_statement_credits c where c.matched_receipt_id = receipts.id)
      order by id limit 1`,
  );
  if (!batch || !neft) return [];
  const lines = [
    'valueDate,amount,reference,narration',
    `${batch.day},${minorToDecimal(BigInt(batch.amount))},${batch.slip},CASH/CHQ DEPOSIT ${batch.batchNo}`,
    `${neft.day},${minorToDecimal(BigInt(neft.amount))},${neft.reference},NEFT CR ${neft.reference}`,
    `${neft.day},8450.00,SBIN0RTGS77120,RTGS CR UNIDENTIFIED REMITTER`,
  ];
  const ctx = demoUnitContext(user, unit);
  const content = Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
  const job = await startCollectionsUpload(deps, {
    ctx,
    readUpload: async () => ({ file: { fileName: DEMO_STATEMENT_FILE, content }, fields: { type: 'BANK_STATEMENT' } }),
  });
  return [job.id];
}
