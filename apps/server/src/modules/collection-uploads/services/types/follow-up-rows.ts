import {
  COLL_UPLOAD_COLUMNS,
  FOLLOW_UP_UPLOAD_BACKDATE_DAYS,
  type CollUploadError,
  type CollUploadType,
} from '@recovery-desk/domain/collections/uploads.ts';
import { followUpInputSchema, type FollowUpInput } from '@recovery-desk/domain/collections/contracts.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import { toCents } from '@recovery-desk/domain/money.ts';
import type { Executor } from '../../../../db/transaction.ts';
import { offsetMs } from '../../../../jobs/schedule-settings.ts';
import type { AppDeps } from '../../../../deps.ts';
import { AppError } from '../../../../http/app-error.ts';
import type { UnitContext } from '../../../../http/request-context.ts';
import {
  findAccountInScope,
  followUpContextOf,
  prepareFollowUp,
  writeFollowUpInTx,
} from '../../../collections/index.ts';
import { requireBusinessDate } from '../../../organisation/index.ts';
import { findAccountsByNumber, insertUploadRows } from '../../uploads.repository.ts';
import { fieldErrors, type UploadLine, type UploadTypeSpec } from '../upload-types.ts';

// The engine of the uploads whose rows are follow-ups (FOLLOW_UP, and PTP: a promise is a follow-up with a PTP
// disposition, exactly as the tray captures it). Each row becomes the tray save's FollowUpInput and goes through the
// save's own rules (`prepareFollowUp`: disposition, amounts, dates, PTP limits and policy, do-not-call, calling
// window) when the file is validated, and again, with the writes (`writeFollowUpInTx`: the follow-up, its PTP
// replacing the open one, the deviation request, hold, suppression, escalation, the account's last contact, the
// verb's audit row), inside the one transaction that applies the file.

/** Rows checked between progress reports. */
const PROGRESS_ROWS = 500;

export type FollowUpRow = {
  row: number;
  accountId: number;
  accountNo: string;
  currency: string;
  input: FollowUpInput;
  contactedAt: Date;
};
export type FollowUpPlan = { rows: FollowUpRow[] };

export type FollowUpRowsType = {
  type: CollUploadType;
  /** The tray save's input of a line (contact date and time are apart), or an error's column and message. */
  toInput: (values: Record<string, string>) => Record<string, unknown>;
  /** The file's column of a FollowUpInput field (the rules' refusals name the input's fields). */
  columnOf: (field: string) => string;
  /** The file's contact date and time columns. */
  contactColumns: { date: string; time: string };
  /** One row per account in the file (a PTP file: one open promise an account), else only one promise per account. */
  oneRowPerAccount: boolean;
};

/** A cell's value, or undefined when it is empty (an optional input left out). */
export function present(values: Record<string, string>, column: string): string | undefined {
  const value = values[column] ?? '';
  return value === '' ? undefined : value;
}

/** An amount in rupees as written in a file ("12,500.50"): the separators and spaces go. */
export function rupeesOf(value: string): string {
  return value.replace(/[,\s]/g, '');
}

/** The instant of a date and time of day (HH:MM) on the clocks of a time zone. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  return new Date(asUtc - offsetMs(new Date(asUtc), timeZone));
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The column a refusal of the follow-up rules names. */
function refusalColumn(kind: FollowUpRowsType, error: AppError): string {
  if (error.code === 'ACCOUNT_MARKED') return kind.columnOf('contactMode');
  const field = error.fields?.[0]?.field;
  if (field === 'contactId' || field === 'documentId') return kind.columnOf('dispositionCode');
  return field ? kind.columnOf(field) : 'accountNo';
}

async function checkRow(
  db: Executor,
  kind: FollowUpRowsType,
  row: FollowUpRow,
  context: { businessDate: string; scoped: NonNullable<Awaited<ReturnType<typeof findAccountInScope>>> },
) {
  return prepareFollowUp(
    db,
    row.input,
    followUpContextOf(context.scoped, { businessDate: context.businessDate, contactedAt: row.contactedAt }),
  );
}

export function followUpRowsUpload(kind: FollowUpRowsType): UploadTypeSpec<FollowUpPlan> {
  const columns = COLL_UPLOAD_COLUMNS[kind.type];
  return {
    validate: async (deps: AppDeps, ctx: UnitContext, lines: readonly UploadLine[], progress) => {
      const db = deps.db;
      const errors: CollUploadError[] = [];
      const fail = (row: number, column: string, message: string) => errors.push({ row, column, message });
      const businessDate = await requireBusinessDate(db);
      const now = deps.clock.now();
      const earliest = addDays(businessDate, -FOLLOW_UP_UPLOAD_BACKDATE_DAYS);

      // The file's own checks: required columns, the input's shape (the tray save's schema), dates and times.
      type Parsed = { line: UploadLine; input: FollowUpInput; date: string; time: string };
      const parsed: Parsed[] = [];
      for (const line of lines) {
        const own = fieldErrors(kind.type, line);
        errors.push(...own);
        if (own.length > 0) continue;
        const date = line.values[kind.contactColumns.date]!;
        const time = line.values[kind.contactColumns.time]!;
        let bad = false;
        if (!DATE.test(date) || Number.isNaN(Date.parse(date))) {
          fail(line.row, kind.contactColumns.date, 'must be a date (YYYY-MM-DD)');
          bad = true;
        } else if (date < earliest) {
          fail(
            line.row,
            kind.contactColumns.date,
            `must be on or after ${earliest} (${FOLLOW_UP_UPLOAD_BACKDATE_DAYS} days before the business date)`,
          );
          bad = true;
        }
        if (!TIME.test(time)) {
          fail(line.row, kind.contactColumns.time, 'must be a time (HH:MM)');
          bad = true;
        }
        const result = followUpInputSchema.safeParse(kind.toInput(line.values));
        if (!result.success) {
          for (const issue of result.error.issues) {
            fail(line.row, kind.columnOf(String(issue.path[0] ?? 'accountNo')), issue.message);
          }
          continue;
        }
        if (!bad) parsed.push({ line, input: result.data, date, time });
      }

      const firstRowOf = new Map<string, number>();
      const rows: FollowUpRow[] = [];
      const accounts = new Map(
        (
          await findAccountsByNumber(db, {
            accountNos: [...new Set(parsed.map((entry) => entry.line.values.accountNo!))],
            unitPath: ctx.actingUnit.path,
          })
        ).map((account) => [account.accountNo, account.id]),
      );
      const scopedOf = new Map<number, Awaited<ReturnType<typeof findAccountInScope>>>();
      let done = lines.length - parsed.length;
      for (const { line, input, date, time } of parsed) {
        const accountNo = line.values.accountNo!;
        const accountId = accounts.get(accountNo);
        done += 1;
        if (done % PROGRESS_ROWS === 0) await progress(done);
        if (accountId === undefined) {
          fail(line.row, 'accountNo', `Account ${accountNo} not found in your units`);
          continue;
        }
        if (!scopedOf.has(accountId))
          scopedOf.set(accountId, await findAccountInScope(db, { accountId, unitPath: ctx.actingUnit.path }));
        const scoped = scopedOf.get(accountId);
        if (!scoped) {
          fail(line.row, 'accountNo', `Account ${accountNo} not found in your units`);
          continue;
        }
        const contactedAt = zonedInstant(date, time, scoped.customer.timeZone);
        if (contactedAt.getTime() > now.getTime()) {
          fail(line.row, kind.contactColumns.time, 'must not be in the future');
          continue;
        }
        const row: FollowUpRow = {
          row: line.row,
          accountId,
          accountNo,
          currency: scoped.account.currency,
          input,
          contactedAt,
        };
        try {
          const prepared = await checkRow(db, kind, row, { businessDate, scoped });
          // One promise per account in a file: a second would replace the first (the one open PTP rule).
          if (kind.oneRowPerAccount || prepared.disposition.nextStep === 'PTP') {
            const first = firstRowOf.get(accountNo);
            if (first !== undefined) {
              fail(
                line.row,
                'accountNo',
                `Account ${accountNo} also has a promise on row ${first}: one open promise an account`,
              );
              continue;
            }
            firstRowOf.set(accountNo, line.row);
          }
          rows.push(row);
        } catch (error) {
          if (!(error instanceof AppError) || error.httpStatus >= 500) throw error;
          fail(line.row, refusalColumn(kind, error), error.fields?.[0]?.message ?? error.message);
        }
      }
      await progress(lines.length);
      errors.sort((a, b) => a.row - b.row || columns.indexOf(a.column) - columns.indexOf(b.column));
      return { errors, errorRows: new Set(errors.map((error) => error.row)).size, plan: { rows } };
    },

    apply: async (tx, _deps, ctx, plan, { uploadId, at }) => {
      // The business date and every rule again, inside the transaction: a change since validation (a day start, a
      // new do-not-call mark, a promise taken on the tray) refuses the whole file.
      const businessDate = await requireBusinessDate(tx);
      const trail: { rowNo: number; accountId: number; detail: unknown }[] = [];
      for (const row of plan.rows) {
        const scoped = await findAccountInScope(tx, { accountId: row.accountId, unitPath: ctx.actingUnit.path });
        if (!scoped)
          throw new AppError('NOT_FOUND', `Row ${row.row}: account ${row.accountNo} is no longer in your units`);
        let prepared;
        try {
          prepared = await checkRow(tx, kind, row, { businessDate, scoped });
        } catch (error) {
          if (error instanceof AppError && error.httpStatus < 500) {
            throw new AppError(error.code, `Row ${row.row}: ${error.message}`);
          }
          throw error;
        }
        const { followUpId, ptpId } = await writeFollowUpInTx(tx, ctx, {
          accountId: row.accountId,
          input: row.input,
          prepared,
          businessDate,
          contactedAt: row.contactedAt,
          at,
          currency: row.currency,
          source: { uploadId, row: row.row },
        });
        trail.push({
          rowNo: row.row,
          accountId: row.accountId,
          detail: {
            followUpId,
            ptpId,
            dispositionCode: prepared.disposition.code,
            contactMode: row.input.contactMode,
            contactedAt: row.contactedAt.toISOString(),
            ...(row.input.actionAmount === undefined
              ? {}
              : { amountPaise: Number(toCents(row.input.actionAmount)), currency: row.currency }),
            nextActionDate: row.input.nextActionDate ?? null,
            deviationReasons: prepared.deviationReasons,
          },
        });
      }
      await insertUploadRows(tx, uploadId, trail);
      return trail.length;
    },
  };
}
