import { MARK_EFFECTS } from '@recovery-desk/domain/collections/account-marks.ts';
import {
  COLL_UPLOAD_COLUMNS,
  COLL_UPLOAD_REQUIRED,
  type CollUploadError,
  type CollUploadType,
} from '@recovery-desk/domain/collections/uploads.ts';
import { withTransaction, type Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { accountMarkHandlers, activeMarksOf } from '../../account-marks/index.ts';
import { requestCheckedApprovalInTx, type ApprovalHandler } from '../../approvals/index.ts';
import {
  allocateAccountRows,
  COLLECTOR_AUTHORITIES,
  listAccountsOutsideReach,
  listAssigneeAgencies,
  listAssigneeUsers,
  lockAllocatableAccounts,
  requireAssigneeReach,
  resolveAssignee,
} from '../../collections/index.ts';
import {
  findAccountsByNumber,
  insertAllocationTrail,
  insertUploadRows,
  type AllocationTrailRow,
} from '../uploads.repository.ts';
import { bankStatementUpload } from './types/bank-statement.ts';
import { nachUpload } from './types/nach.ts';
import { contactUpdateUpload } from './types/contact-updates.ts';
import { followUpUpload } from './types/follow-ups.ts';
import { ptpUpload } from './types/ptp.ts';

// What each upload type checks and applies. Validation reads only (every row, every error, by row and column);
// `apply` runs inside the one transaction that applies the whole file and goes through the collections verbs' own
// rules again (locking), so a change between validation and apply refuses the file rather than half-applying it.

export type UploadLine = { row: number; values: Record<string, string> };

/** Rows checked per read (and between progress reports); also the chunk of the apply's statements. */
export const CHUNK_ROWS = 10_000;

export type Validated<Plan> = { errors: CollUploadError[]; errorRows: number; plan: Plan };

export type UploadTypeSpec<Plan> = {
  /** an authority the uploader must also hold in the acting unit (the maker authority of the screen it replaces) */
  makerAuthority?: string;
  validate: (
    deps: AppDeps,
    ctx: UnitContext,
    lines: readonly UploadLine[],
    progress: (done: number) => Promise<void>,
  ) => Promise<Validated<Plan>>;
  /** Applies every row (inside the caller's transaction) and records each in collection_upload_rows. */
  apply: (
    tx: Transaction,
    deps: AppDeps,
    ctx: UnitContext,
    plan: Plan,
    input: { uploadId: number; fileName: string; at: Date },
  ) => Promise<number>;
};

const MAX_TEXT: Record<string, number> = { accountNo: 40, collectorUsername: 150, agencyCode: 40, reason: 500 };

/** Required, length and NUL checks of the type's columns. */
export function fieldErrors(type: CollUploadType, line: UploadLine): CollUploadError[] {
  const errors: CollUploadError[] = [];
  for (const column of COLL_UPLOAD_COLUMNS[type]) {
    const value = line.values[column] ?? '';
    if (COLL_UPLOAD_REQUIRED[type].includes(column) && value === '') {
      errors.push({ row: line.row, column, message: 'is required' });
    } else if (value.includes('\u0000')) {
      errors.push({ row: line.row, column, message: 'must not contain NUL characters' });
    } else if (value.length > (MAX_TEXT[column] ?? 1000)) {
      errors.push({ row: line.row, column, message: `must be at most ${MAX_TEXT[column] ?? 1000} characters` });
    }
  }
  return errors;
}

function chunks<T>(items: readonly T[], size = CHUNK_ROWS): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

// ---- ALLOCATION: accountNo, collectorUsername | agencyCode, reason

type Assignee = { userId: number | null; agencyId: number | null; name: string };
type AllocationGroup = { assignee: Assignee; reason: string | null; rows: { row: number; accountId: number }[] };
export type AllocationPlan = { groups: AllocationGroup[]; rows: number };

export const allocationUpload: UploadTypeSpec<AllocationPlan> = {
  validate: async (deps, ctx, lines, progress) => {
    const db = deps.db;
    const errors: CollUploadError[] = [];
    const fail = (row: number, column: string, message: string) => errors.push({ row, column, message });
    const unitPath = ctx.actingUnit.path;

    // Who may receive accounts: the same readers the allocation verb and its pickers use.
    const users = new Map(
      (await listAssigneeUsers(db, { unitPath, authorities: COLLECTOR_AUTHORITIES })).map((user) => [
        user.username.toLowerCase(),
        user,
      ]),
    );
    const agencies = new Map(
      (await listAssigneeAgencies(db, { unitPath })).map((agency) => [agency.code.toLowerCase(), agency]),
    );

    type Pending = { row: number; accountNo: string; assignee: Assignee; key: string; reason: string | null };
    const pending: Pending[] = [];
    const firstRowOf = new Map<string, number>();
    for (const line of lines) {
      const own = fieldErrors('ALLOCATION', line);
      errors.push(...own);
      const accountNo = line.values.accountNo ?? '';
      if (accountNo !== '' && !own.some((error) => error.column === 'accountNo')) {
        const first = firstRowOf.get(accountNo);
        if (first !== undefined) fail(line.row, 'accountNo', `Account ${accountNo} is also on row ${first}`);
        else firstRowOf.set(accountNo, line.row);
      }
      const username = line.values.collectorUsername ?? '';
      const agencyCode = line.values.agencyCode ?? '';
      let assignee: Assignee | null = null;
      let key = '';
      if ((username === '') === (agencyCode === '')) {
        fail(
          line.row,
          username === '' ? 'collectorUsername' : 'agencyCode',
          'give a collectorUsername or an agencyCode, not both',
        );
      } else if (username !== '') {
        const user = users.get(username.toLowerCase());
        if (!user)
          fail(
            line.row,
            'collectorUsername',
            `${username} is not an active telecaller or field collector of your units`,
          );
        else [assignee, key] = [{ userId: user.id, agencyId: null, name: user.name }, `u${user.id}`];
      } else {
        const agency = agencies.get(agencyCode.toLowerCase());
        if (!agency) fail(line.row, 'agencyCode', `${agencyCode} is not an active agency of your units`);
        else [assignee, key] = [{ userId: null, agencyId: agency.id, name: agency.name }, `a${agency.id}`];
      }
      if (assignee && accountNo !== '') {
        pending.push({ row: line.row, accountNo, assignee, key, reason: line.values.reason || null });
      }
    }

    // The accounts, a chunk at a time: in the subtree, not on hold, not marked FRAUD/DECEASED, in the assignee's reach.
    const groups = new Map<string, AllocationGroup>();
    let done = 0;
    for (const part of chunks(pending)) {
      const found = new Map(
        (await findAccountsByNumber(db, { accountNos: part.map((line) => line.accountNo), unitPath })).map((a) => [
          a.accountNo,
          a,
        ]),
      );
      const marks = await activeMarksOf(
        db,
        [...found.values()].map((account) => account.id),
      );
      const byAssignee = new Map<string, { assignee: Assignee; ids: number[] }>();
      const usable: { line: Pending; accountId: number }[] = [];
      for (const line of part) {
        const account = found.get(line.accountNo);
        if (!account) {
          fail(line.row, 'accountNo', `Account ${line.accountNo} not found in your units`);
          continue;
        }
        const barring = (marks.get(account.id) ?? []).filter((mark) =>
          (MARK_EFFECTS.noAllocation as readonly string[]).includes(mark),
        );
        if (account.isOnHold) fail(line.row, 'accountNo', `Account ${line.accountNo} is on allocation hold`);
        else if (barring.length > 0) {
          fail(
            line.row,
            'accountNo',
            `Account ${line.accountNo} is marked ${barring.join(', ')} and cannot be allocated`,
          );
        } else {
          usable.push({ line, accountId: account.id });
          const entry = byAssignee.get(line.key) ?? { assignee: line.assignee, ids: [] };
          entry.ids.push(account.id);
          byAssignee.set(line.key, entry);
        }
      }
      const outside = new Set<string>();
      for (const [key, { assignee, ids }] of byAssignee) {
        const numbers = await listAccountsOutsideReach(db, {
          accountIds: ids,
          userId: assignee.userId,
          agencyId: assignee.agencyId,
          authorities: COLLECTOR_AUTHORITIES,
        });
        for (const accountNo of numbers) outside.add(`${key}|${accountNo}`);
      }
      for (const { line, accountId } of usable) {
        if (outside.has(`${line.key}|${line.accountNo}`)) {
          const column = line.assignee.userId !== null ? 'collectorUsername' : 'agencyCode';
          fail(line.row, column, `${line.assignee.name} does not work the branch of account ${line.accountNo}`);
          continue;
        }
        const groupKey = `${line.key}|${line.reason ?? ''}`;
        const group = groups.get(groupKey) ?? { assignee: line.assignee, reason: line.reason, rows: [] };
        group.rows.push({ row: line.row, accountId });
        groups.set(groupKey, group);
      }
      done += part.length;
      await progress(done);
    }
    errors.sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));
    return {
      errors,
      errorRows: new Set(errors.map((error) => error.row)).size,
      plan: { groups: [...groups.values()], rows: pending.length },
    };
  },

  apply: async (tx, _deps, ctx, plan, { uploadId, fileName, at }) => {
    // The verb's own assignee rule (still an active collector or agency of the subtree), once per assignee.
    const assignees = new Map<string, Assignee>();
    const rowsOf = new Map<string, number[]>();
    for (const group of plan.groups) {
      const key = assigneeKey(group.assignee);
      if (!assignees.has(key)) {
        const choice =
          group.assignee.userId !== null
            ? { toUserId: group.assignee.userId }
            : { toAgencyId: group.assignee.agencyId! };
        assignees.set(key, await resolveAssignee(tx, ctx, choice));
      }
      rowsOf.set(key, [...(rowsOf.get(key) ?? []), ...group.rows.map((row) => row.accountId)]);
    }
    // The allocation verb's rules under the account locks, for the whole file at once (the ids are one array
    // parameter): scope, hold, FRAUD/DECEASED, then each assignee's reach.
    const locked = await lockAllocatableAccounts(
      tx,
      ctx,
      plan.groups.flatMap((group) => group.rows.map((row) => row.accountId)),
    );
    for (const [key, ids] of rowsOf) await requireAssigneeReach(tx, assignees.get(key)!, ids);
    const before = new Map(locked.map((account) => [account.id, account]));

    // An account already with the row's assignee is left as it is (no allocation row, no new version); its trail
    // row says so. Every other row is moved by the verb's writes, set-based.
    const writes: { accountId: number; userId: number | null; agencyId: number | null; reason: string }[] = [];
    const trail: AllocationTrailRow[] = [];
    for (const group of plan.groups) {
      const assignee = assignees.get(assigneeKey(group.assignee))!;
      const after = { userId: assignee.userId, agencyId: assignee.agencyId };
      for (const row of group.rows) {
        const account = before.get(row.accountId)!;
        const was = { userId: account.allocatedUserId, agencyId: account.allocatedAgencyId };
        trail.push({ rowNo: row.row, accountId: row.accountId, before: was, after, reason: group.reason });
        if (was.userId === after.userId && was.agencyId === after.agencyId) continue;
        writes.push({
          accountId: row.accountId,
          ...after,
          reason: group.reason ?? `Allocation upload ${fileName}`,
        });
      }
    }
    await allocateAccountRows(tx, { rows: writes, byUserId: ctx.user.id, kind: 'MANUAL', at });
    await insertAllocationTrail(tx, uploadId, trail);
    return trail.length;
  },
};

const assigneeKey = (assignee: Assignee) =>
  assignee.userId !== null ? `u${assignee.userId}` : `a${assignee.agencyId}`;

// ---- ACCOUNT_MARKING: accountNo, mark, reason — each row a marking request on the approval kit (ACCOUNT_MARKING),
// made with every rule of the kit's request route (requestCheckedApprovalInTx); a checker decides each as usual.

type MarkingRow = { row: number; accountId: number; mark: string; reason: string };
export type MarkingPlan = { rows: MarkingRow[] };

class DryRun extends Error {}

/** The column a refusal of the marking request names. */
function markingColumn(error: AppError): string {
  const field = error.fields?.[0]?.field;
  if (field === 'payload.mark' || error.code === 'MARK_ACTIVE') return 'mark';
  if (field === 'payload.reason') return 'reason';
  return 'accountNo';
}

function markingHandler(deps: AppDeps): ApprovalHandler<never> {
  const [marking] = accountMarkHandlers(deps.config.accountMarks);
  if (!marking) throw new Error('the account-marking flow has no handler');
  return marking;
}

async function requestMark(tx: Transaction, deps: AppDeps, ctx: UnitContext, row: MarkingRow, at: Date) {
  return requestCheckedApprovalInTx(tx, {
    ctx,
    handler: markingHandler(deps),
    input: { subjectId: row.accountId, payload: { mark: row.mark, reason: row.reason } },
    at,
  });
}

export const accountMarkingUpload: UploadTypeSpec<MarkingPlan> = {
  makerAuthority: 'MAN_ACC_MARK_SAUTH',
  validate: async (deps, ctx, lines, progress) => {
    const errors: CollUploadError[] = [];
    const fail = (row: number, column: string, message: string) => errors.push({ row, column, message });
    const firstRowOf = new Map<string, number>();
    const pending: { row: number; accountNo: string; mark: string; reason: string }[] = [];
    for (const line of lines) {
      const own = fieldErrors('ACCOUNT_MARKING', line);
      errors.push(...own);
      if (own.length > 0) continue;
      const accountNo = line.values.accountNo!;
      const first = firstRowOf.get(accountNo);
      // An account waits in one open marking request at a time.
      if (first !== undefined) {
        fail(line.row, 'accountNo', `Account ${accountNo} is also on row ${first}`);
        continue;
      }
      firstRowOf.set(accountNo, line.row);
      pending.push({ row: line.row, accountNo, mark: line.values.mark!.toUpperCase(), reason: line.values.reason! });
    }
    const rows: MarkingRow[] = [];
    for (const part of chunks(pending)) {
      const found = new Map(
        (
          await findAccountsByNumber(deps.db, {
            accountNos: part.map((line) => line.accountNo),
            unitPath: ctx.actingUnit.path,
          })
        ).map((account) => [account.accountNo, account.id]),
      );
      for (const line of part) {
        const accountId = found.get(line.accountNo);
        if (accountId === undefined) fail(line.row, 'accountNo', `Account ${line.accountNo} not found in your units`);
        else rows.push({ row: line.row, accountId, mark: line.mark, reason: line.reason });
      }
    }
    // Every request made for real in a transaction that is rolled back (a savepoint per row): the kit's own rules
    // say which rows would be refused, and nothing stays.
    const at = deps.clock.now();
    const refused = new Set<number>();
    await withTransaction(deps.db, async (tx) => {
      for (const row of rows) {
        try {
          await tx.transaction((savepoint) => requestMark(savepoint, deps, ctx, row, at));
        } catch (error) {
          if (!(error instanceof AppError) || error.httpStatus >= 500) throw error;
          refused.add(row.row);
          const message = error.fields?.[0]?.message ?? error.message;
          fail(row.row, markingColumn(error), message);
        }
      }
      throw new DryRun();
    }).catch((error: unknown) => {
      if (!(error instanceof DryRun)) throw error;
    });
    await progress(lines.length);
    errors.sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));
    return {
      errors,
      errorRows: new Set(errors.map((error) => error.row)).size,
      plan: { rows: rows.filter((row) => !refused.has(row.row)) },
    };
  },
  apply: async (tx, deps, ctx, plan, { uploadId, at }) => {
    const trail: { rowNo: number; accountId: number; detail: unknown }[] = [];
    for (const row of plan.rows) {
      const request = await requestMark(tx, deps, ctx, row, at);
      trail.push({
        rowNo: row.row,
        accountId: row.accountId,
        detail: { approvalRequestId: request.id, mark: row.mark, reason: row.reason },
      });
    }
    for (const part of chunks(trail)) await insertUploadRows(tx, uploadId, part);
    return trail.length;
  },
};

export const UPLOAD_TYPES: Record<CollUploadType, UploadTypeSpec<unknown>> = {
  ALLOCATION: allocationUpload as UploadTypeSpec<unknown>,
  ACCOUNT_MARKING: accountMarkingUpload as UploadTypeSpec<unknown>,
  BANK_STATEMENT: bankStatementUpload as UploadTypeSpec<unknown>,
  NACH: nachUpload as UploadTypeSpec<unknown>,
  FOLLOW_UP: followUpUpload as UploadTypeSpec<unknown>,
  PTP: ptpUpload as UploadTypeSpec<unknown>,
  CONTACT_UPDATE: contactUpdateUpload as UploadTypeSpec<unknown>,
};
