import { createHash } from 'node:crypto';
import { rupeesToPaise, STATEMENT_REFERENCE_MAX } from '@recovery-desk/domain/collections/payment-uploads.ts';
import type { CollUploadError } from '@recovery-desk/domain/collections/uploads.ts';
import { AppError } from '../../../../http/app-error.ts';
import {
  loadedStatementReferences,
  loadStatementInTx,
  lockStatementReferences,
  parseStatementDate,
  type ParsedCredit,
} from '../../../payments/index.ts';
import { insertUploadRows } from '../../uploads.repository.ts';
import { CHUNK_ROWS, fieldErrors, type UploadTypeSpec } from '../upload-types.ts';
import { AMOUNT_MESSAGE, chunked, sortedErrors } from './cells.ts';

// BANK_STATEMENT (valueDate, amount, reference, narration): the collection account's credits, loaded as the bank side
// of reconciliation through the payments module's own statement loader (`loadStatementInTx`): the statement and its
// credits are stored and each credit is matched by the reconciliation screen's rules (electronic receipts by UTR,
// then approved deposit batches by amount, date window and slip or batch number); what matches nothing stays on the
// reconciliation screen as an unmatched credit. A reference is loaded once: twice in the file, or already loaded by
// any earlier statement, is a row error. The uploader also holds PAY_BATCH_RECONCILIATION_SAUTH (the screen whose
// upload this is in bulk).

const NARRATION_MAX = 500;

export type BankStatementPlan = { credits: ParsedCredit[]; sha256: string };

export const bankStatementUpload: UploadTypeSpec<BankStatementPlan> = {
  makerAuthority: 'PAY_BATCH_RECONCILIATION_SAUTH',
  validate: async (deps, _ctx, lines, progress) => {
    const errors: CollUploadError[] = [];
    const fail = (row: number, column: string, message: string) => errors.push({ row, column, message });
    const credits: ParsedCredit[] = [];
    const firstRowOf = new Map<string, number>();
    for (const line of lines) {
      const own = fieldErrors('BANK_STATEMENT', line);
      errors.push(...own);
      const has = (column: string) => own.some((error) => error.column === column);
      const values = line.values;
      const valueDate = has('valueDate') ? null : parseStatementDate(values.valueDate ?? '');
      if (!has('valueDate') && !valueDate) fail(line.row, 'valueDate', 'must be a date (YYYY-MM-DD or DD/MM/YYYY)');
      const amountMinor = has('amount') ? null : rupeesToPaise(values.amount ?? '');
      if (!has('amount') && amountMinor === null) fail(line.row, 'amount', AMOUNT_MESSAGE);
      const reference = values.reference ?? '';
      let referenceOk = !has('reference');
      if (referenceOk && reference.length > STATEMENT_REFERENCE_MAX) {
        fail(line.row, 'reference', `must be at most ${STATEMENT_REFERENCE_MAX} characters`);
        referenceOk = false;
      }
      if (referenceOk) {
        const first = firstRowOf.get(reference.toUpperCase());
        if (first !== undefined) {
          fail(line.row, 'reference', `Reference ${reference} is also on row ${first}`);
          referenceOk = false;
        } else firstRowOf.set(reference.toUpperCase(), line.row);
      }
      const narration = values.narration ?? '';
      if (!has('narration') && narration.length > NARRATION_MAX) {
        fail(line.row, 'narration', `must be at most ${NARRATION_MAX} characters`);
      }
      if (valueDate && amountMinor !== null && referenceOk) {
        credits.push({
          rowNo: line.row,
          valueDate,
          amountMinor,
          currency: 'INR',
          reference,
          narration: narration || null,
        });
      }
    }
    // References loaded by an earlier statement (the reconciliation screen's or an upload's), a chunk at a time.
    const kept: ParsedCredit[] = [];
    let done = 0;
    for (const part of chunked(credits, CHUNK_ROWS)) {
      const loaded = await loadedStatementReferences(
        deps.db,
        part.map((credit) => credit.reference),
      );
      for (const credit of part) {
        if (loaded.has(credit.reference.toUpperCase())) {
          fail(credit.rowNo, 'reference', `Reference ${credit.reference} was already loaded by an earlier statement`);
        } else kept.push(credit);
      }
      done += part.length;
      await progress(done);
    }
    const sha256 = createHash('sha256')
      .update(JSON.stringify(lines.map((line) => [line.row, line.values])))
      .digest('hex');
    return { ...sortedErrors(errors), plan: { credits: kept, sha256 } };
  },

  apply: async (tx, deps, ctx, plan, { uploadId, fileName }) => {
    // Statement uploads check their references one at a time, so two files never load one reference twice.
    await lockStatementReferences(tx);
    for (const part of chunked(plan.credits, CHUNK_ROWS)) {
      const loaded = await loadedStatementReferences(
        tx,
        part.map((credit) => credit.reference),
      );
      const again = part.find((credit) => loaded.has(credit.reference.toUpperCase()));
      if (again) {
        throw new AppError(
          'ACTION_NOT_ALLOWED',
          `Row ${again.rowNo}: reference ${again.reference} was loaded by another statement meanwhile`,
        );
      }
    }
    const loaded = await loadStatementInTx(tx, ctx, {
      fileName,
      sha256: plan.sha256,
      credits: plan.credits,
      windowDays: deps.config.reconWindowDays,
    });
    await insertUploadRows(
      tx,
      uploadId,
      loaded.lines.map((line) => ({
        rowNo: line.rowNo,
        accountId: null,
        detail: { statementId: loaded.statementId, creditId: line.creditId, matchKind: line.matchKind },
      })),
    );
    return loaded.lines.length;
  },
};
