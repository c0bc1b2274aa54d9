import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';

// SQL of the legal workflow's effects on other tables: allocation holds (account_restrictions, insert-only START/END
// rows mirrored by accounts.is_on_hold) and hearing reminders (case_reminders).

export type HoldState = {
  /** the latest ALLOCATION_HOLD row with this reason is a START */
  reasonActive: boolean;
  /** the latest ALLOCATION_HOLD row with any other reason is a START (another hold is still on) */
  otherActive: boolean;
  isOnHold: boolean;
};

/** Locks the account row and reads its hold state for `reason`. */
export async function lockHoldState(db: Executor, input: { accountId: number; reason: string }): Promise<HoldState> {
  const [account] = await selectRows<{ isOnHold: boolean }>(
    db,
    sql`select is_on_hold as "isOnHold" from accounts where id = ${input.accountId} for update`,
  );
  if (!account) throw new Error(`account ${input.accountId} vanished`);
  const [state] = await selectRows<{ reasonActive: boolean | null; otherActive: boolean | null }>(
    db,
    sql`select
        (select action = 'START' from account_restrictions
          where account_id = ${input.accountId} and kind = 'ALLOCATION_HOLD' and reason = ${input.reason}
          order by id desc limit 1) as "reasonActive",
        (select action = 'START' from account_restrictions
          where account_id = ${input.accountId} and kind = 'ALLOCATION_HOLD' and reason <> ${input.reason}
          order by id desc limit 1) as "otherActive"`,
  );
  return {
    reasonActive: state?.reasonActive === true,
    otherActive: state?.otherActive === true,
    isOnHold: account.isOnHold,
  };
}

/** Appends a hold START or END row and sets the account's hold flag (bumping its version). */
export async function appendHold(
  db: Executor,
  input: {
    accountId: number;
    action: 'START' | 'END';
    reason: string;
    remarks: string;
    byUserId: number;
    actingUnitId: number;
    businessDate: string;
    isOnHold: boolean;
    at: Date;
  },
): Promise<number> {
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`insert into account_restrictions
        (account_id, kind, action, reason, remarks, by_user_id, acting_unit_id, business_date, created_at)
      values (${input.accountId}, 'ALLOCATION_HOLD', ${input.action}, ${input.reason}, ${input.remarks},
        ${input.byUserId}, ${input.actingUnitId}, ${input.businessDate}, ${input.at.toISOString()}::timestamptz)
      returning id`,
  );
  await db.execute(
    sql`update accounts set is_on_hold = ${input.isOnHold}, version = version + 1, updated_at = ${input.at.toISOString()}::timestamptz
      where id = ${input.accountId}`,
  );
  return row!.id;
}

/** Cancels the case's OPEN reminders of a kind; returns how many. */
export async function cancelOpenRemindersOfKind(
  db: Executor,
  input: { caseId: number; kind: string },
): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`update case_reminders set status = 'CANCELLED'
      where case_id = ${input.caseId} and status = 'OPEN' and kind = ${input.kind}
      returning id`,
  );
  return rows.length;
}

export async function insertReminder(
  db: Executor,
  input: { caseId: number; kind: string; dueOn: string; remindOn: string; at: Date },
): Promise<void> {
  await db.execute(
    sql`insert into case_reminders (case_id, kind, due_on, remind_on, status, created_at)
      values (${input.caseId}, ${input.kind}, ${input.dueOn}, ${input.remindOn}, 'OPEN', ${input.at.toISOString()}::timestamptz)`,
  );
}
