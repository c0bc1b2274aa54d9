import { and, asc, eq, sql } from 'drizzle-orm';
import { assetValuations } from '@recovery-desk/db/secured-assets-schema.ts';
import type { Valuation, ValuationInput } from '@recovery-desk/domain/secured-assets/valuations.ts';
import type { Executor } from '../../db/transaction.ts';
import { isoTimestamp, selectRows } from '../../db/sql-rows.ts';

// The valuations of a case's asset (asset_valuations), one row per valuer's report.

const columns = {
  id: assetValuations.id,
  valuerName: assetValuations.valuerName,
  valuationDate: assetValuations.valuationDate,
  marketValueMinor: assetValuations.marketValueMinor,
  realisableValueMinor: assetValuations.realisableValueMinor,
  distressValueMinor: assetValuations.distressValueMinor,
  reportReference: assetValuations.reportReference,
  currency: assetValuations.currency,
  createdByUserId: assetValuations.createdByUserId,
  updatedAt: sql<Date | string>`${assetValuations.updatedAt}`,
};

type Row = Omit<Valuation, 'updatedAt'> & { updatedAt: Date | string };
const toValuation = (row: Row): Valuation => ({
  ...row,
  marketValueMinor: Number(row.marketValueMinor),
  realisableValueMinor: Number(row.realisableValueMinor),
  distressValueMinor: Number(row.distressValueMinor),
  updatedAt: isoTimestamp(row.updatedAt),
});

export async function listCaseValuations(db: Executor, caseId: number): Promise<Valuation[]> {
  const rows = await db
    .select(columns)
    .from(assetValuations)
    .where(eq(assetValuations.caseId, caseId))
    .orderBy(asc(assetValuations.id));
  return rows.map(toValuation);
}

export async function insertValuation(
  db: Executor,
  values: ValuationInput & { caseId: number; currency: string; createdByUserId: number; at: Date },
): Promise<Valuation> {
  const [row] = await db
    .insert(assetValuations)
    .values({
      caseId: values.caseId,
      valuerName: values.valuerName,
      valuationDate: values.valuationDate,
      currency: values.currency,
      marketValueMinor: values.marketValueMinor,
      realisableValueMinor: values.realisableValueMinor,
      distressValueMinor: values.distressValueMinor,
      reportReference: values.reportReference,
      createdByUserId: values.createdByUserId,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning(columns);
  return toValuation(row!);
}

export async function updateValuation(
  db: Executor,
  values: ValuationInput & { caseId: number; id: number; at: Date },
): Promise<Valuation | undefined> {
  const [row] = await db
    .update(assetValuations)
    .set({
      valuerName: values.valuerName,
      valuationDate: values.valuationDate,
      marketValueMinor: values.marketValueMinor,
      realisableValueMinor: values.realisableValueMinor,
      distressValueMinor: values.distressValueMinor,
      reportReference: values.reportReference,
      updatedAt: values.at,
    })
    .where(and(eq(assetValuations.id, values.id), eq(assetValuations.caseId, values.caseId)))
    .returning(columns);
  return row ? toValuation(row) : undefined;
}

export async function deleteValuation(
  db: Executor,
  input: { caseId: number; id: number },
): Promise<Valuation | undefined> {
  const [row] = await db
    .delete(assetValuations)
    .where(and(eq(assetValuations.id, input.id), eq(assetValuations.caseId, input.caseId)))
    .returning(columns);
  return row ? toValuation(row) : undefined;
}

/** The account's currency and outstanding (principal and interest, minor units) of a case. */
export async function caseAccountMoney(
  db: Executor,
  accountId: number,
): Promise<{ currency: string; outstandingMinor: number }> {
  const [row] = await selectRows<{ currency: string; outstandingMinor: string | number }>(
    db,
    sql`select currency,
          ((total_principal_outstanding + total_interest_outstanding) * 100)::bigint as "outstandingMinor"
        from accounts where id = ${accountId}`,
  );
  if (!row) throw new Error(`account ${accountId} not found`);
  return { currency: row.currency, outstandingMinor: Number(row.outstandingMinor) };
}
