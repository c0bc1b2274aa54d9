import { sql } from 'drizzle-orm';
import { translator } from '@recovery-desk/i18n/translator.ts';
import { valueLabel } from '@recovery-desk/i18n/value-labels.ts';
import { findBuiltInDefinition } from '@recovery-desk/domain/workflow/definitions/catalogue.ts';
import {
  findReport,
  REPORT_SCREEN_ROWS,
  type ReportDefinition,
  type ReportKey,
  type ReportQuery,
  type ReportReply,
  type ReportRow,
} from '@recovery-desk/domain/reports/contracts.ts';
import { likePrefix } from '../../../access/unit-scope.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import type { Executor } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { reportStatement, type ReportParams } from '../report-sql.ts';

type UnitRow = { id: number; code: string; name: string; path: string; parentId: number | null };

/** The first day of a date's month (YYYY-MM-DD). */
export function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/**
 * A report's filters made concrete for the acting unit: the period (default: the business date's month up to the
 * business date), the selected unit (default the acting unit; another unit only from its subtree, else a 400 naming
 * `unitId`), product, bucket and the collection efficiency's grouping (default by bucket).
 */
export async function resolveReportParams(
  db: Executor,
  ctx: Pick<UnitContext, 'actingUnit'>,
  query: ReportQuery,
): Promise<{ params: ReportParams; unit: UnitRow; units: UnitRow[] }> {
  const businessDate = await requireBusinessDate(db);
  const units = await selectRows<UnitRow>(
    db,
    sql`select id, unit_code as code, name, path, parent_id as "parentId" from units
      where path like ${likePrefix(ctx.actingUnit.path)} order by path limit 500`,
  );
  const unitId = query.unitId ?? ctx.actingUnit.id;
  const unit = units.find((candidate) => Number(candidate.id) === unitId);
  if (!unit) throw validationError('unitId', 'must be the acting unit or a unit below it');
  const from = query.from ?? monthStart(businessDate);
  const to = query.to ?? businessDate;
  if (from > to) throw validationError('to', 'must be on or after the from date');
  return {
    params: {
      from,
      to,
      businessDate,
      unitPath: unit.path,
      isRoot: unit.parentId === null,
      product: query.product,
      bucket: query.bucket,
      by: query.by ?? 'bucket',
    },
    unit,
    units,
  };
}

export type LabelKind = 'bucket' | 'product' | 'status';

/**
 * Turns a database row into the report's row: numbers as numbers (counts, minor units, basis points), and beside
 * every coded cell its label in the user's language (`<key>Label`), the same for the screen and the export.
 */
/**
 * The label of a coded cell (bucket, product, status, legal stage) in a language, each code looked up once (an export
 * asks for the same few codes a million times).
 */
export function reportLabeller(
  language: string | null | undefined,
): (kind: LabelKind | 'stage', code: string) => string {
  const { tr } = translator(language);
  const legal = findBuiltInDefinition('LEGAL');
  const cache = new Map<string, string>();
  return (kind, code) => {
    const cacheKey = `${kind}:${code}`;
    const known = cache.get(cacheKey);
    if (known !== undefined) return known;
    let text: string;
    if (kind === 'stage') {
      const stage = legal?.stages.find((candidate) => candidate.code === code);
      text = stage ? tr(stage.labelKey, code) : code;
    } else if (kind === 'status') {
      // the report's statuses are settlements' (PUSHBACK → SettlementStatusPushback), as the settlement screens word them
      const pascal = code
        .toLowerCase()
        .split('_')
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join('');
      text = tr(`SettlementStatus${pascal}`, valueLabel(kind, code, tr));
    } else {
      text = valueLabel(kind, code, tr);
    }
    cache.set(cacheKey, text);
    return text;
  };
}

export function reportRowMaker(
  report: ReportDefinition,
  language: string | null | undefined,
): (raw: Record<string, unknown>) => ReportRow {
  const label = reportLabeller(language);
  return (raw) => {
    const row: ReportRow = {};
    for (const column of report.columns) {
      const value = raw[column.key];
      if (value === null || value === undefined) {
        row[column.key] = null;
      } else if (column.kind === 'count' || column.kind === 'money' || column.kind === 'rate') {
        row[column.key] = Number(value);
      } else {
        row[column.key] = String(value);
      }
      const code = row[column.key];
      if (
        typeof code === 'string' &&
        (column.kind === 'bucket' || column.kind === 'product' || column.kind === 'status' || column.kind === 'stage')
      ) {
        row[`${column.key}Label`] = label(column.kind, code);
      }
    }
    const groupKind = raw.groupKind;
    if ((groupKind === 'bucket' || groupKind === 'product') && typeof row.groupLabel === 'string') {
      row.groupCode = row.groupLabel;
      row.groupLabel = label(groupKind, row.groupLabel);
    }
    if (typeof raw.movement === 'string' && typeof row.fromBucket === 'string' && typeof row.toBucket === 'string') {
      row.movement = `${label('bucket', row.fromBucket)} → ${label('bucket', row.toBucket)}`;
    }
    return row;
  };
}

/**
 * GET /api/collections/reports/:report — the report's rows for the filters (at most REPORT_SCREEN_ROWS; the export
 * holds every row), with the period and unit it covers and the units the unit filter offers.
 */
export async function runReport(
  deps: AppDeps,
  { ctx, report: key, query }: { ctx: UnitContext; report: ReportKey; query: ReportQuery },
): Promise<ReportReply> {
  const report = findReport(key)!;
  const { params, unit, units } = await resolveReportParams(deps.db, ctx, query);
  const raw = await selectRows<Record<string, unknown>>(
    deps.db,
    sql`select * from (${reportStatement(key, params)}) report limit ${REPORT_SCREEN_ROWS + 1}`,
  );
  const makeRow = reportRowMaker(report, ctx.language);
  return {
    report: key,
    businessDate: params.businessDate,
    from: params.from,
    to: params.to,
    unit: { id: Number(unit.id), code: unit.code, name: unit.name },
    rows: raw.slice(0, REPORT_SCREEN_ROWS).map(makeRow),
    truncated: raw.length > REPORT_SCREEN_ROWS,
    units: units.map((candidate) => ({ id: Number(candidate.id), code: candidate.code, name: candidate.name })),
  };
}
