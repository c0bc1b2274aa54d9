import type { RollTrendQuery, RollTrendReply } from '@recovery-desk/domain/reports/roll-trend.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { rollForwardTrend } from '../report-sql.ts';
import { monthStart, resolveReportParams } from './run-report.ts';

/** The first day of the month `count` months before a month's first day. */
function monthsBefore(first: string, count: number): string {
  const year = Number(first.slice(0, 4));
  const month = Number(first.slice(5, 7)) - 1 - count;
  const date = new Date(Date.UTC(year, month, 1));
  return date.toISOString().slice(0, 10);
}

/**
 * GET /api/collections/reports/rollRates/trend — the roll rates month by month: the last `months` months, the
 * business date's month last (up to the business date), for the selected unit (the acting unit or one below it, else
 * 400 `unitId`) and product.
 */
export async function rollTrend(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: RollTrendQuery },
): Promise<RollTrendReply> {
  const { params } = await resolveReportParams(deps.db, ctx, { unitId: query.unitId, product: query.product });
  const current = monthStart(params.businessDate);
  const months = Array.from({ length: query.months }, (_, index) => {
    const start = monthsBefore(current, query.months - 1 - index);
    const next = monthsBefore(start, -1);
    const end = start === current ? params.businessDate : addDays(next, -1);
    return { start, end };
  });
  const rows = await selectRows<RollTrendReply['months'][number]>(deps.db, rollForwardTrend(params, months));
  return { months: rows };
}
