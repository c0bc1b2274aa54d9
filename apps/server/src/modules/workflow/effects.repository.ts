import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';

// SQL the engine runs on a case's reminders (case_reminders): a closed case's open reminders end with it. The
// effects that write reminders and holds belong to the modules that register them (legal: legal-effects.ts).

/** Cancels the case's OPEN reminders of a kind (all kinds when none is given); returns how many. */
export async function cancelOpenReminders(db: Executor, input: { caseId: number; kind?: string }): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`update case_reminders set status = 'CANCELLED'
      where case_id = ${input.caseId} and status = 'OPEN' ${input.kind ? sql`and kind = ${input.kind}` : sql``}
      returning id`,
  );
  return rows.length;
}
