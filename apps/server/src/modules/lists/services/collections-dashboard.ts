import { APPROVAL_FLOWS } from '@recovery-desk/domain/approvals/flows/index.ts';
import { BUCKETS } from '@recovery-desk/domain/collections/dpd.ts';
import type { CollectionsDashboard } from '@recovery-desk/domain/lists/contracts.ts';
import { sql } from 'drizzle-orm';
import { listAuthorityEntries } from '../../../access/authority-entries.repository.ts';
import { likePrefix } from '../../../access/unit-scope.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';

const COLLECTIONS_FLOWS = APPROVAL_FLOWS.filter((flow) => flow.app === 'collapp').map((flow) => flow.code);

/** The first and the day after the last day of a date's month, as YYYY-MM-DD. */
export function monthOf(date: string): { from: string; to: string } {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const next = month === 12 ? { y: year + 1, m: 1 } : { y: year, m: month + 1 };
  const pad = (n: number) => String(n).padStart(2, '0');
  return { from: `${year}-${pad(month)}-01`, to: `${next.y}-${pad(next.m)}-01` };
}

/**
 * GET /api/collections/dashboard — the collections home's figures for the acting unit's subtree: accounts per DPD
 * bucket (with the amount overdue per currency), PTPs due on the business date, PTPs broken in its month, pending
 * approval requests of the collections flows and the payments received in the business date's month.
 * Any collections authority in the acting unit opens it.
 */
export async function collectionsDashboard(
  deps: AppDeps,
  { ctx }: { ctx: UnitContext },
): Promise<CollectionsDashboard> {
  const entries = await listAuthorityEntries(deps.db, {
    userId: ctx.user.id,
    unitId: ctx.actingUnit.id,
    app: 'collapp',
  });
  if (entries.length === 0) {
    throw new AppError('AUTHORITY_MISSING', 'You hold no collections authority in this unit.');
  }
  const businessDate = await requireBusinessDate(deps.db);
  const scope = likePrefix(ctx.actingUnit.path);
  const month = monthOf(businessDate);
  const db = deps.db;

  const [bucketRows, ptpRows, approvalRows, paymentRows, trends] = await Promise.all([
    selectRows<{ bucket: string; currency: string; accounts: number; overdue: string }>(
      db,
      sql`select a.bucket, a.currency, count(*)::int as accounts, coalesce(sum(a.total_due_amount), 0)::text as overdue
        from accounts a where a.unit_path like ${scope} group by a.bucket, a.currency`,
    ),
    selectRows<{ due_today: number; broken: number }>(
      db,
      sql`select
          count(*) filter (where p.status = 'OPEN' and p.promised_date = ${businessDate})::int as due_today,
          count(*) filter (where p.status = 'BROKEN' and p.resolved_on >= ${month.from} and p.resolved_on < ${month.to})::int as broken
        from ptps p join accounts a on a.id = p.account_id
        where a.unit_path like ${scope}
          and (p.promised_date = ${businessDate} or (p.resolved_on >= ${month.from} and p.resolved_on < ${month.to}))`,
    ),
    selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from approval_requests
        where status = 'PENDING' and unit_path like ${scope}
          and flow_code in (${sql.join(
            COLLECTIONS_FLOWS.map((code) => sql`${code}`),
            sql`, `,
          )})`,
    ),
    selectRows<{ currency: string; amount: string }>(
      db,
      sql`select pm.currency, sum(pm.amount)::text as amount
        from payments pm join accounts a on a.id = pm.account_id
        where a.unit_path like ${scope} and pm.paid_on >= ${month.from} and pm.paid_on < ${month.to}
          and pm.paid_on <= ${businessDate}
        group by pm.currency order by pm.currency`,
    ),
    dashboardTrends(db, { path: ctx.actingUnit.path, unitId: ctx.actingUnit.id, businessDate, month }),
  ]);

  const buckets = BUCKETS.map((bucket) => {
    const rows = bucketRows.filter((row) => row.bucket === bucket);
    return {
      bucket,
      accounts: rows.reduce((sum, row) => sum + Number(row.accounts), 0),
      overdue: rows
        .filter((row) => Number(row.overdue) !== 0)
        .map((row) => ({ currency: row.currency, amount: row.overdue }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
    };
  });
  return {
    businessDate,
    buckets,
    totalAccounts: buckets.reduce((sum, item) => sum + item.accounts, 0),
    ptpsDueToday: Number(ptpRows[0]?.due_today ?? 0),
    ptpsBrokenThisMonth: Number(ptpRows[0]?.broken ?? 0),
    pendingApprovals: Number(approvalRows[0]?.n ?? 0),
    recoveriesThisMonth: paymentRows.map((row) => ({ currency: row.currency, amount: row.amount })),
    ...trends,
  };
}

/** The first day of the month `months` before a date's month (YYYY-MM-DD). */
function monthBefore(date: string, months: number): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * The dashboard's charts (issue 14): collections against the month's target per currency, payments per day of the
 * last 30 days and per month of the last six (each an indexed range of `payments`).
 */
async function dashboardTrends(
  db: AppDeps['db'],
  input: { path: string; unitId: number; businessDate: string; month: { from: string; to: string } },
): Promise<Pick<CollectionsDashboard, 'targets' | 'dailyCollections' | 'monthlyCollections'>> {
  const scope = likePrefix(input.path);
  const { businessDate, month } = input;
  const thirtyDaysAgo = sql`(${businessDate}::date - 29)`;
  const [targetRows, collectedRows, dailyRows, monthlyRows] = await Promise.all([
    selectRows<{ currency: string; own: string | null; below: string | null }>(
      db,
      sql`select t.currency,
          sum(t.target_minor) filter (where t.unit_id = ${input.unitId})::text as own,
          sum(t.target_minor) filter (where t.unit_id <> ${input.unitId})::text as below
        from collection_targets t join units u on u.id = t.unit_id
        where t.month = ${month.from} and u.path like ${scope}
        group by t.currency`,
    ),
    selectRows<{ currency: string; amount: string }>(
      db,
      sql`select pm.currency, round(sum(pm.amount) * 100)::bigint::text as amount
        from payments pm join accounts a on a.id = pm.account_id
        where a.unit_path like ${scope} and pm.paid_on >= ${month.from} and pm.paid_on <= ${businessDate}
        group by pm.currency`,
    ),
    selectRows<{ date: string; currency: string; amount: string }>(
      db,
      sql`select pm.paid_on::text as date, pm.currency, round(sum(pm.amount) * 100)::bigint::text as amount
        from payments pm join accounts a on a.id = pm.account_id
        where a.unit_path like ${scope} and pm.paid_on >= ${thirtyDaysAgo} and pm.paid_on <= ${businessDate}
        group by pm.paid_on, pm.currency order by pm.paid_on, pm.currency`,
    ),
    selectRows<{ month: string; currency: string; amount: string }>(
      db,
      sql`select to_char(date_trunc('month', pm.paid_on), 'YYYY-MM-DD') as month, pm.currency,
          round(sum(pm.amount) * 100)::bigint::text as amount
        from payments pm join accounts a on a.id = pm.account_id
        where a.unit_path like ${scope} and pm.paid_on >= ${monthBefore(businessDate, 5)}
          and pm.paid_on <= ${businessDate}
        group by 1, pm.currency order by 1, pm.currency`,
    ),
  ]);
  const currencies = [...new Set([...targetRows, ...collectedRows].map((row) => row.currency))].sort();
  return {
    targets: currencies.map((currency) => {
      const target = targetRows.find((row) => row.currency === currency);
      const value = target?.own ?? target?.below ?? null;
      return {
        currency,
        targetMinor: value === null ? null : Number(value),
        collectedMinor: Number(collectedRows.find((row) => row.currency === currency)?.amount ?? 0),
      };
    }),
    dailyCollections: dailyRows.map((row) => ({
      date: row.date,
      currency: row.currency,
      amountMinor: Number(row.amount),
    })),
    monthlyCollections: monthlyRows.map((row) => ({
      month: row.month,
      currency: row.currency,
      amountMinor: Number(row.amount),
    })),
  };
}
