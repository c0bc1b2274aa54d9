import { translator } from '@recovery-desk/i18n/translator.ts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import { withTransaction, type Executor } from '../../../db/transaction.ts';
import { defineJob } from '../../../jobs/job-kind.ts';
import { hearingReminderMail } from '../../../mail/templates.ts';
import { requireBusinessDate } from '../../organisation/index.ts';

// Hearing reminders: the workflow writes a case_reminders row (HEARING, remind_on = hearing − 2 days) when a court
// update names the next hearing. A scheduled job mails each due reminder, once, to the case owner (else the maker
// of its pending step) through the outbox, in the recipient's language, and marks it sent.

const BATCH = 200;

type DueReminder = {
  id: number;
  caseId: number;
  caseNo: string;
  dueOn: string;
  court: string | null;
  email: string | null;
  /** the language the recipient last signed in with */
  language: string | null;
};

function dueCondition(businessDate: string) {
  return sql`r.status = 'OPEN' and r.sent_at is null and r.kind = 'HEARING' and r.remind_on <= ${businessDate}::date
    and not k.is_closed`;
}

async function hasDueReminders(db: Executor): Promise<boolean> {
  const businessDate = await requireBusinessDate(db).catch(() => null);
  if (!businessDate) return false;
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select r.id from case_reminders r join cases k on k.id = r.case_id where ${dueCondition(businessDate)} limit 1`,
  );
  return rows.length > 0;
}

export const hearingRemindersJob = defineJob({
  kind: 'legal.hearing_reminders',
  payload: z.object({}),
  needs: 'system',
  maxAttempts: 3,
  schedule: { everyMs: 60_000, due: (deps) => hasDueReminders(deps.db) },
  run: async ({ deps, ctx, progress }) => {
    const businessDate = await requireBusinessDate(deps.db);
    const due = await selectRows<{ id: number }>(
      deps.db,
      sql`select r.id from case_reminders r join cases k on k.id = r.case_id where ${dueCondition(businessDate)}
        order by r.remind_on, r.id limit ${BATCH}`,
    );
    let sent = 0;
    let withoutRecipient = 0;
    for (const [index, { id }] of due.entries()) {
      // Claim and mark in one transaction with the mail: a reminder is mailed once even if two workers reach it.
      const mailIds = await withTransaction(deps.db, async (tx) => {
        const [reminder] = await selectRows<DueReminder>(
          tx,
          sql`update case_reminders r set sent_at = ${deps.clock.now().toISOString()}::timestamptz,
              sent_to = (select u.email from users u where u.is_active
                and u.id = coalesce(k.assigned_user_id, k.maker_user_id))
            from cases k
            where r.id = ${id} and k.id = r.case_id and ${dueCondition(businessDate)}
            returning r.id, r.case_id as "caseId", k.case_no as "caseNo", r.due_on::text as "dueOn",
              k.fields->>'court' as court, r.sent_to as email,
              (select u.language from users u where u.id = coalesce(k.assigned_user_id, k.maker_user_id)) as language`,
        );
        if (!reminder) return [];
        await emitAudit(tx, ctx, {
          action: 'legal.hearing_reminder',
          entity: 'case',
          entityId: reminder.caseId,
          after: { reminderId: reminder.id, hearingDate: reminder.dueOn, mailed: reminder.email !== null },
        });
        if (!reminder.email) {
          withoutRecipient += 1;
          return [];
        }
        sent += 1;
        // In the recipient's language (the one they last signed in with), dates in its format.
        const mail = hearingReminderMail(
          reminder.email,
          { caseNo: reminder.caseNo, hearingDate: reminder.dueOn, court: reminder.court },
          translator(reminder.language),
        );
        return [await deps.mail.queue(tx, mail)];
      });
      deps.mail.deliver(mailIds);
      await progress(index + 1, due.length);
    }
    return { summary: { due: due.length, mailed: sent, withoutRecipient } };
  },
});
