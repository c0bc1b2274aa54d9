import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, documents } from './collections-schema.ts';
import { users } from './schema.ts';

// Account marks (issue 14, migration 0019): FRAUD, DO_NOT_CALL, VIP … set on an account when a marking request is
// approved on the approval kit (flow ACCOUNT_MARKING) and ended when an unmarking request is approved (flow
// ACCOUNT_UNMARKING). A row is never deleted: an ended mark keeps who ended it, when and why, so the table is the
// account's history of marks (with the requests' own history in approval_events).

export const accountMarks = pgTable(
  'account_marks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    /** copied from the account's branch: row scope */
    unitPath: text('unit_path').notNull(),
    /** UPPER_SNAKE code of the configured list (packages/domain/src/collections/account-marks.ts) */
    mark: text('mark').notNull(),
    reason: text('reason').notNull(),
    documentId: bigint('document_id', { mode: 'number' }).references(() => documents.id),
    /** the approved ACCOUNT_MARKING request */
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    requestedBy: integer('requested_by').references(() => users.id),
    approvedBy: integer('approved_by')
      .notNull()
      .references(() => users.id),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
    /** the approved ACCOUNT_UNMARKING request, its maker, checker and reason (null while the mark is active) */
    endRequestId: bigint('end_request_id', { mode: 'number' }),
    endedBy: integer('ended_by').references(() => users.id),
    endReason: text('end_reason'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('account_marks_account_idx').on(table.accountId),
    index('account_marks_unit_path_idx').on(table.unitPath, table.id),
    uniqueIndex('account_marks_one_active_uq')
      .on(table.accountId, table.mark)
      .where(sql`${table.endedAt} is null`),
  ],
);
