import { sql } from 'drizzle-orm';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import type { Transaction } from '../../../db/transaction.ts';
import { validationError } from '../../../http/app-error.ts';
import type { RequestContext } from '../../../http/request-context.ts';

/**
 * Issues a receipt book (a range of pre-printed numbers) to a branch, or to one collector of it, inside the caller's
 * transaction, with its audit row. Book numbers are unique; ranges are 1 to 100,000 numbers.
 */
export async function issueReceiptBookInTx(
  tx: Transaction,
  input: { bookNo: string; unitId: number; issuedToUserId: number | null; rangeFrom: number; rangeTo: number },
  ctx: RequestContext,
): Promise<{ id: number }> {
  if (input.rangeFrom < 1 || input.rangeTo < input.rangeFrom || input.rangeTo - input.rangeFrom >= 100_000) {
    throw validationError('rangeTo', 'must be at least the first number, and a book holds at most 100,000 numbers');
  }
  const [row] = await selectRows<{ id: number }>(
    tx,
    sql`insert into receipt_books (book_no, unit_id, unit_path, issued_to_user_id, range_from, range_to)
        select ${input.bookNo}, u.id, u.path, ${input.issuedToUserId}, ${input.rangeFrom}, ${input.rangeTo}
        from units u where u.id = ${input.unitId}
        on conflict (book_no) do nothing
        returning id`,
  );
  if (!row) throw validationError('bookNo', 'is already issued (or the unit does not exist)');
  await emitAudit(tx, ctx, { action: 'receipts.book.issue', entity: 'receipt_book', entityId: row.id, after: input });
  return { id: Number(row.id) };
}
