import { sql, type SQL } from 'drizzle-orm';
import type { RecoveryFigures, RecoveryPeriod } from '@recovery-desk/domain/repo/recoveries.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';

// The recoveries of the repossession dashboard: the recorded closures (secured_closures) of the cases of the given
// workflows in the unit subtree, summed per workflow, currency and period (by the closure's business date). Money
// is summed in SQL over the bigint minor units and read back as text (a sum is numeric: no float on the way).

export type RecoveryRow = RecoveryFigures & { code: string; currency: string; period: RecoveryPeriod };

/** The sum of a bigint minor-units column (of the rows `where` keeps) as whole-number text, 0 when none. */
const money = (column: SQL, where?: SQL) =>
  where
    ? sql`coalesce(sum(${column}) filter (where ${where}), 0)::bigint::text`
    : sql`coalesce(sum(${column}), 0)::bigint::text`;

export async function sumRecoveries(
  db: Executor,
  input: {
    definitionCodes: readonly string[];
    unitPath: string;
    businessDate: string;
    monthStart: string;
    yearStart: string;
  },
): Promise<RecoveryRow[]> {
  const codes = sql.join(
    input.definitionCodes.map((code) => sql`${code}`),
    sql`, `,
  );
  return selectRows<RecoveryRow>(
    db,
    sql`select k.definition_code as code, s.currency, p.period,
        count(*)::int as "closedCases",
        (count(*) filter (where s.closure_type = 'SOLD'))::int as "soldCases",
        ${money(sql`s.proceeds_minor`)} as "proceedsMinor",
        ${money(sql`s.expenses_minor`)} as "expensesMinor",
        ${money(sql`s.applied_minor`)} as "appliedMinor",
        ${money(sql`s.waived_minor`)} as "waivedMinor",
        ${money(sql`s.shortfall_minor`)} as "shortfallMinor",
        ${money(sql`s.surplus_minor`)} as "surplusMinor",
        ${money(sql`s.surplus_minor`, sql`s.refund_status = 'DUE'`)} as "refundDueMinor",
        (count(*) filter (where s.refund_status = 'DUE'))::int as "refundsDue",
        ${money(sql`s.surplus_minor`, sql`s.refund_status = 'PAID'`)} as "refundPaidMinor",
        (count(*) filter (where s.refund_status = 'PAID'))::int as "refundsPaid"
      from secured_closures s
        join cases k on k.id = s.case_id
        join (values ('month', ${input.monthStart}::date), ('yearToDate', ${input.yearStart}::date),
          ('allTime', null::date)) as p(period, since) on p.since is null or s.closed_on >= p.since
      where k.definition_code in (${codes}) and k.unit_path like ${likePrefix(input.unitPath)}
        and s.closed_on <= ${input.businessDate}::date
      group by k.definition_code, s.currency, p.period
      order by k.definition_code, s.currency, p.period`,
  );
}
