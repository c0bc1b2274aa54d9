import { sql } from 'drizzle-orm';
import {
  NACH_STATUSES,
  RETURN_REASON_MAX,
  rupeesToPaise,
  UMRN_MAX,
  type NachStatus,
} from '@recovery-desk/domain/collections/payment-uploads.ts';
import type { CollUploadError } from '@recovery-desk/domain/collections/uploads.ts';
import { minorToDecimal } from '@recovery-desk/domain/receipts/posting.ts';
import { likePrefix } from '../../../../access/unit-scope.ts';
import { selectRows } from '../../../../db/sql-rows.ts';
import { withTransaction, type Executor, type Transaction } from '../../../../db/transaction.ts';
import type { AppDeps } from '../../../../deps.ts';
import { AppError } from '../../../../http/app-error.ts';
import type { UnitContext } from '../../../../http/request-context.ts';
import { requireBusinessDate } from '../../../organisation/index.ts';
import { parseStatementDate, postReceipt } from '../../../payments/index.ts';
import { insertUploadRows } from '../../uploads.repository.ts';
import { CHUNK_ROWS, fieldErrors, type UploadTypeSpec } from '../upload-types.ts';
import { AMOUNT_MESSAGE, chunked, dayStartWait, DryRun, sortedErrors } from './cells.ts';

// NACH (accountNo, umrn, presentationDate, amount, status, returnReasonCode): the sponsor bank's results of the
// auto-debits presented. A SUCCESS posts a receipt of mode NACH through the receipts part's posting
// (`postReceipt` → `postReceiptInTx`: charges → interest → principal in the configured order, dues oldest first,
// DPD and bucket recomputed, promises resolved, one payments row, a verification request for another user). A
// BOUNCED one records the bounce on the account (bounce date, "NACH return <code>") and adds the configured bounce
// charge (NACH_BOUNCE_CHARGE) to its bounce charges and overdue. Each presentation is kept in nach_presentations:
// the same account, date and UMRN twice (in the file or loaded before) is a row error. The account is given by its
// number, or by the UMRN of an earlier presentation; an account outside the uploader's subtree is a row error.
// Validation makes every row's writes for real in a transaction that is rolled back (a savepoint per row), so the
// posting's own refusals (more than the account owes, another currency) come back by row and column.

type NachRow = {
  row: number;
  accountId: number;
  accountNo: string;
  umrn: string;
  presentationDate: string;
  amountMinor: bigint;
  status: NachStatus;
  returnReasonCode: string | null;
};
export type NachPlan = { rows: NachRow[] };

type Parsed = Omit<NachRow, 'accountId' | 'accountNo'> & { accountNo: string };

/** The in-scope accounts of these numbers. */
async function accountsByNumber(db: Executor, unitPath: string, accountNos: readonly string[]) {
  if (accountNos.length === 0) return new Map<string, number>();
  const rows = await selectRows<{ id: number | string; account_no: string }>(
    db,
    sql`select a.id, a.account_no from accounts a
      where a.account_no in (select jsonb_array_elements_text(${JSON.stringify(accountNos)}::jsonb))
        and a.unit_path like ${likePrefix(unitPath)}`,
  );
  return new Map(rows.map((row) => [row.account_no, Number(row.id)]));
}

/** The accounts earlier presentations of these UMRNs (upper-cased) were for, in scope. */
async function accountsByUmrn(db: Executor, unitPath: string, umrns: readonly string[]) {
  if (umrns.length === 0) return new Map<string, { id: number; accountNo: string }[]>();
  const rows = await selectRows<{ umrn: string; id: number | string; account_no: string }>(
    db,
    sql`select distinct upper(p.umrn) as umrn, a.id, a.account_no from nach_presentations p
      join accounts a on a.id = p.account_id
      where upper(p.umrn) in (select jsonb_array_elements_text(${JSON.stringify(umrns)}::jsonb))
        and p.unit_path like ${likePrefix(unitPath)}`,
  );
  const out = new Map<string, { id: number; accountNo: string }[]>();
  for (const row of rows) {
    const list = out.get(row.umrn) ?? [];
    list.push({ id: Number(row.id), accountNo: row.account_no });
    out.set(row.umrn, list);
  }
  return out;
}

const presentationKey = (row: { accountId: number; presentationDate: string; umrn: string }) =>
  `${row.accountId}|${row.presentationDate}|${row.umrn.toUpperCase()}`;

/** Which of these presentations were loaded before (their keys). */
async function loadedPresentations(db: Executor, rows: readonly NachRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const keys = rows.map((row) => ({ a: row.accountId, d: row.presentationDate, u: row.umrn.toUpperCase() }));
  const found = await selectRows<{ account_id: number | string; presentation_date: string; umrn: string }>(
    db,
    sql`select p.account_id, p.presentation_date::text as presentation_date, upper(p.umrn) as umrn
      from nach_presentations p
      join jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k(a bigint, d date, u text)
        on p.account_id = k.a and p.presentation_date = k.d and upper(p.umrn) = k.u`,
  );
  return new Set(
    found.map((row) =>
      presentationKey({ accountId: Number(row.account_id), presentationDate: row.presentation_date, umrn: row.umrn }),
    ),
  );
}

/** The column a refusal of the posting names. */
function postingColumn(error: AppError): string {
  const field = error.fields?.[0]?.field;
  return field === 'amount' ? 'amount' : 'accountNo';
}

/** One row's writes (inside the caller's transaction): the receipt or the bounce, and the presentation record. */
async function applyRow(tx: Transaction, deps: AppDeps, ctx: UnitContext, row: NachRow, uploadId: number) {
  const [account] = await selectRows<{ id: number | string; currency: string }>(
    tx,
    sql`select id, currency from accounts where id = ${row.accountId}
      and unit_path like ${likePrefix(ctx.actingUnit.path)} for update`,
  );
  if (!account) throw new AppError('NOT_FOUND', `Account ${row.accountNo} not found in your units`);
  if (account.currency !== 'INR') {
    throw new AppError('VALIDATION', `Account ${row.accountNo} is in ${account.currency}; NACH debits are in rupees`, {
      fields: [{ field: 'accountNo', message: `is in ${account.currency}; NACH debits are in rupees` }],
    });
  }
  let receipt: { id: number; receiptNo: string } | null = null;
  let bounceCharge = 0n;
  if (row.status === 'SUCCESS') {
    receipt = await postReceipt(
      tx,
      deps,
      {
        accountId: row.accountId,
        mode: 'NACH',
        amountMinor: row.amountMinor,
        currency: 'INR',
        reference: row.umrn || null,
        instrument: { remarks: `NACH presentation of ${row.presentationDate}` },
        receivedByUserId: ctx.user.id,
        receivedUnitId: ctx.actingUnit.id,
        source: 'IMPORT',
        sourceRef: `NACH:${row.accountId}:${row.presentationDate}:${row.umrn.toUpperCase()}`,
      },
      ctx,
    );
  } else {
    bounceCharge = deps.config.nachBounceChargeMinor;
    const charge = minorToDecimal(bounceCharge);
    await tx.execute(sql`
      update accounts set bounce_date = ${row.presentationDate}::date,
        bounce_reason = ${`NACH return ${row.returnReasonCode ?? ''}`.trim()},
        bounce_charges = bounce_charges + ${charge}::numeric,
        total_due_amount = total_due_amount + ${charge}::numeric,
        version = version + 1, updated_at = now()
      where id = ${row.accountId}`);
  }
  const [presentation] = await selectRows<{ id: number | string }>(
    tx,
    sql`insert into nach_presentations (account_id, unit_path, umrn, presentation_date, amount_minor, currency, status,
        return_reason_code, receipt_id, bounce_charge_minor, upload_id, created_by_user_id)
      select a.id, a.unit_path, ${row.umrn}, ${row.presentationDate}::date, ${row.amountMinor.toString()}::bigint, 'INR',
        ${row.status}, ${row.returnReasonCode}, ${receipt?.id ?? null}, ${bounceCharge.toString()}::bigint,
        ${uploadId}, ${ctx.user.id}
      from accounts a where a.id = ${row.accountId}
      returning id`,
  );
  return {
    presentationId: Number(presentation!.id),
    status: row.status,
    receiptId: receipt?.id ?? null,
    receiptNo: receipt?.receiptNo ?? null,
    bounceCharge: minorToDecimal(bounceCharge),
  };
}

export const nachUpload: UploadTypeSpec<NachPlan> = {
  validate: async (deps, ctx, lines, progress) => {
    const errors: CollUploadError[] = [];
    const fail = (row: number, column: string, message: string) => errors.push({ row, column, message });
    const businessDate = await requireBusinessDate(deps.db);
    const unitPath = ctx.actingUnit.path;

    // Each row's own cells.
    const parsed: Parsed[] = [];
    for (const line of lines) {
      const own = fieldErrors('NACH', line);
      errors.push(...own);
      const has = (column: string) => own.some((error) => error.column === column);
      const values = line.values;
      const accountNo = values.accountNo ?? '';
      const umrn = values.umrn ?? '';
      let ok = own.length === 0;
      const bad = (column: string, message: string) => {
        fail(line.row, column, message);
        ok = false;
      };
      if (accountNo === '' && umrn === '' && !has('accountNo') && !has('umrn')) {
        bad('accountNo', 'give the accountNo, or the umrn of an earlier presentation');
      }
      if (accountNo.length > 40) bad('accountNo', 'must be at most 40 characters');
      if (umrn.length > UMRN_MAX) bad('umrn', `must be at most ${UMRN_MAX} characters`);
      const presentationDate = has('presentationDate') ? null : parseStatementDate(values.presentationDate ?? '');
      if (!has('presentationDate')) {
        if (!presentationDate) bad('presentationDate', 'must be a date (YYYY-MM-DD or DD/MM/YYYY)');
        else if (presentationDate > businessDate) {
          bad('presentationDate', `must not be after the business date ${businessDate}`);
        }
      }
      const amountMinor = has('amount') ? null : rupeesToPaise(values.amount ?? '');
      if (!has('amount') && amountMinor === null) bad('amount', AMOUNT_MESSAGE);
      const status = (values.status ?? '').toUpperCase();
      if (!has('status') && !(NACH_STATUSES as readonly string[]).includes(status)) {
        bad('status', `must be one of ${NACH_STATUSES.join(', ')}`);
      }
      const code = values.returnReasonCode ?? '';
      if (!has('returnReasonCode')) {
        if (status === 'BOUNCED' && code === '') {
          bad('returnReasonCode', 'is required when the status is BOUNCED');
        } else if (status === 'SUCCESS' && code !== '') {
          bad('returnReasonCode', 'must be empty when the status is SUCCESS');
        } else if (code.length > RETURN_REASON_MAX) {
          bad('returnReasonCode', `must be at most ${RETURN_REASON_MAX} characters`);
        }
      }
      if (ok && presentationDate && amountMinor !== null) {
        parsed.push({
          row: line.row,
          accountNo,
          umrn,
          presentationDate,
          amountMinor,
          status: status as NachStatus,
          returnReasonCode: code || null,
        });
      }
    }

    // The accounts (by number in the subtree, or by an earlier presentation's UMRN), each presentation once.
    const rows: NachRow[] = [];
    const firstRowOf = new Map<string, number>();
    for (const part of chunked(parsed, CHUNK_ROWS)) {
      const byNumber = await accountsByNumber(deps.db, unitPath, [
        ...new Set(part.map((line) => line.accountNo).filter(Boolean)),
      ]);
      const byUmrn = await accountsByUmrn(deps.db, unitPath, [
        ...new Set(part.map((line) => line.umrn.toUpperCase()).filter(Boolean)),
      ]);
      const found: NachRow[] = [];
      for (const line of part) {
        const mandated = line.umrn ? (byUmrn.get(line.umrn.toUpperCase()) ?? []) : [];
        let account: { id: number; accountNo: string } | null = null;
        if (line.accountNo !== '') {
          const id = byNumber.get(line.accountNo);
          if (id === undefined) {
            fail(line.row, 'accountNo', `Account ${line.accountNo} not found in your units`);
            continue;
          }
          const other = mandated.find((entry) => entry.id !== id);
          if (other) {
            fail(line.row, 'umrn', `UMRN ${line.umrn} was presented for account ${other.accountNo}`);
            continue;
          }
          account = { id, accountNo: line.accountNo };
        } else if (mandated.length === 1) {
          account = mandated[0]!;
        } else {
          fail(
            line.row,
            'umrn',
            mandated.length === 0
              ? `UMRN ${line.umrn} has no earlier presentation in your units: give the accountNo`
              : `UMRN ${line.umrn} was presented for several accounts: give the accountNo`,
          );
          continue;
        }
        const row: NachRow = { ...line, accountId: account.id, accountNo: account.accountNo };
        const key = presentationKey(row);
        const first = firstRowOf.get(key);
        if (first !== undefined) {
          fail(line.row, 'presentationDate', `The same presentation (account, date, UMRN) is also on row ${first}`);
          continue;
        }
        firstRowOf.set(key, line.row);
        found.push(row);
      }
      const loaded = await loadedPresentations(deps.db, found);
      for (const row of found) {
        if (loaded.has(presentationKey(row))) {
          fail(
            row.row,
            'presentationDate',
            `This presentation of account ${row.accountNo} on ${row.presentationDate} was already loaded`,
          );
        } else rows.push(row);
      }
    }

    // Every row's writes made for real and rolled back, in file order (a savepoint each): the posting's own
    // refusals come back by row and column, and nothing stays.
    // (No progress report inside: on PGlite the one connection is this transaction's.)
    const refused = new Set<number>();
    await withTransaction(deps.db, async (tx) => {
      for (const row of rows) {
        try {
          await tx.transaction((savepoint) => applyRow(savepoint, deps, ctx, row, 0));
        } catch (error) {
          if (!(error instanceof AppError) || error.httpStatus >= 500) throw dayStartWait(error);
          refused.add(row.row);
          fail(row.row, postingColumn(error), error.fields?.[0]?.message ?? error.message);
        }
      }
      throw new DryRun();
    }).catch((error: unknown) => {
      if (!(error instanceof DryRun)) throw error;
    });
    await progress(lines.length);
    return { ...sortedErrors(errors), plan: { rows: rows.filter((row) => !refused.has(row.row)) } };
  },

  apply: async (tx, deps, ctx, plan, { uploadId }) => {
    const trail: { rowNo: number; accountId: number; detail: unknown }[] = [];
    for (const row of plan.rows) {
      const detail = await applyRow(tx, deps, ctx, row, uploadId).catch((error: unknown) => {
        throw dayStartWait(error);
      });
      trail.push({ rowNo: row.row, accountId: row.accountId, detail });
    }
    for (const part of chunked(trail, CHUNK_ROWS)) await insertUploadRows(tx, uploadId, part);
    return trail.length;
  },
};
