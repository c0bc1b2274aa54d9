import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ReportKey, ReportQuery } from '@recovery-desk/domain/reports/contracts.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { likePrefix } from '../../../access/unit-scope.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import { withTransaction, type Executor } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import type { ActingUnit } from '../../../http/request-context.ts';
import { defineJob } from '../../../jobs/job-kind.ts';
import { completeJob, hasLiveJob, insertRunningJob } from '../../../jobs/jobs.repository.ts';
import { dayStartJob } from '../../collections/index.ts';
import { EXPORT_CONTENT_TYPES } from '../../exports/index.ts';
import { findOrganisation, requireBusinessDate } from '../../organisation/index.ts';
import { reportExportJob, writeReportFileInTx, type ReportFileContext } from './export-report.ts';
import { monthStart, resolveReportParams } from './run-report.ts';

// The daily report pack (issue 14, Schedule Process's "reports" process): once a day, after day start, the standard
// reports a collections head reads in the morning, month to date, as CSV files on File Download. Each file is written
// by the Reports screen's own export code (`writeReportFileInTx`: the cursor, the CSV cells, the chunks, the audit
// row) into a `reports.export` job of its own, which is how File Download lists it (who, unit, when, expiry).

export const REPORT_PACK_KIND = 'reports.daily_pack';

/** The pack's files for each unit, in this order. CSV: the format a bank's MIS desk loads into its own sheets. */
export const REPORT_PACK: readonly { report: ReportKey; by?: ReportQuery['by'] }[] = [
  { report: 'collectionEfficiency', by: 'branch' },
  { report: 'ptpKeptRate' },
  { report: 'rollRates' },
  { report: 'receiptsDeposits' },
];

const PACK_FORMAT = 'csv' as const;

/** The scheduled time: after day start's 06:00, before the branches open. */
export const REPORT_PACK_TIME = '07:00';

export const reportPackPayload = z.object({ businessDate: z.iso.date() });
export type ReportPackPayload = z.infer<typeof reportPackPayload>;

/** What a run made and left, shown as its log on Schedule Process. */
export type ReportPackSummary = {
  businessDate: string;
  from: string;
  to: string;
  units: string[];
  files: number;
  skipped: number;
  rows: number;
};

/**
 * The units a pack covers: the root unit and the level below it (the zones of the demo organisation), active.
 * Run now by a user covers those of their acting unit's subtree, or their acting unit alone when it lies below them
 * (a region's or a branch's own pack).
 */
export async function packUnits(db: Executor, within: ActingUnit | null): Promise<ActingUnit[]> {
  const rows = await selectRows<ActingUnit>(
    db,
    sql`select u.id, u.unit_code as code, u.path,
        exists (select 1 from units c where c.parent_id = u.id) as "hasChildren"
      from units u left join units p on p.id = u.parent_id
      where u.is_active and (u.parent_id is null or (p.parent_id is null and p.is_active))
        ${within ? sql`and u.path like ${likePrefix(within.path)}` : sql``}
      order by u.path`,
  );
  const units = rows.map((row) => ({ ...row, id: Number(row.id) }));
  return within && units.length === 0 ? [within] : units;
}

const fileKey = (report: string, unitId: number) => `${report}:${unitId}`;

/**
 * The pack files already made for a business date (report and unit), by any run or (`run`) by that run alone: a
 * file is a DONE `reports.export` job whose payload names the pack.
 */
async function packFilesMade(db: Executor, businessDate: string, run?: number): Promise<Set<string>> {
  const rows = await selectRows<{ report: string; unitId: string }>(
    db,
    sql`select payload->>'report' as report, payload->'query'->>'unitId' as "unitId" from jobs
      where kind = ${reportExportJob.kind} and status = 'DONE' and payload->'pack'->>'businessDate' = ${businessDate}
        ${run === undefined ? sql`` : sql`and payload->'pack'->>'run' = ${String(run)}`}`,
  );
  return new Set(rows.map((row) => fileKey(row.report, Number(row.unitId))));
}

/**
 * Whether the scheduler has work: the business date's pack is not whole yet, and no day start is running (the
 * reports read the state day start writes step by step).
 */
async function packDue(deps: AppDeps): Promise<boolean> {
  const organisation = await findOrganisation(deps.db);
  if (!organisation) return false;
  if (await hasLiveJob(deps.db, dayStartJob.kind)) return false;
  const units = await packUnits(deps.db, null);
  const made = await packFilesMade(deps.db, organisation.businessDate);
  return units.some((unit) => REPORT_PACK.some((file) => !made.has(fileKey(file.report, unit.id))));
}

/**
 * Schedule Process's "reports" process: the business date's month to date, for each unit of the pack, each report of
 * REPORT_PACK as a CSV file. A file is one transaction (its job row, its chunks, its audit row, DONE), so a run that
 * fails part-way keeps the files it finished and its next attempt makes the rest.
 *
 * Idempotent per business date when scheduled: a scheduled run makes only the files the date does not have yet (from
 * any run), and the scheduler queues none once the date's pack is whole. Run now always makes a fresh pack of the
 * user's units (figures as of the moment it is pressed: a late receipt batch), skipping only what its own earlier
 * attempt made. Who made a file is the run's starter: the user who pressed Run now, or nobody (the scheduler).
 */
export const reportPackJob = defineJob({
  kind: REPORT_PACK_KIND,
  payload: reportPackPayload,
  needs: 'system',
  maxAttempts: 3,
  schedule: {
    everyMs: 60_000,
    timeOfDay: REPORT_PACK_TIME,
    enabledByDefault: true,
    payload: async (deps) => ({ businessDate: await requireBusinessDate(deps.db) }),
    due: packDue,
  },
  run: async ({ id, deps, ctx, payload, progress }) => {
    const starter = ctx.user && ctx.actingUnit ? ctx.actingUnit : null;
    const units = await packUnits(deps.db, starter);
    const made = await packFilesMade(deps.db, payload.businessDate, starter ? id : undefined);
    const from = monthStart(payload.businessDate);
    const to = payload.businessDate;
    const total = units.length * REPORT_PACK.length;
    const fileJobs: number[] = [];
    let done = 0;
    let skipped = 0;
    let rows = 0;
    await progress(0, total);
    for (const unit of units) {
      for (const file of REPORT_PACK) {
        done += 1;
        if (made.has(fileKey(file.report, unit.id))) {
          skipped += 1;
          continue;
        }
        const fileCtx: ReportFileContext = { ...ctx, actingUnit: unit };
        const query: ReportQuery = { from, to, unitId: unit.id, ...(file.by ? { by: file.by } : {}) };
        const { params } = await resolveReportParams(deps.db, fileCtx, query);
        const pack = { businessDate: payload.businessDate, run: id };
        const fileName = `${file.report}-${unit.code}-${from}-${to}.${PACK_FORMAT}`;
        const written = await withTransaction(deps.db, async (tx) => {
          const at = deps.clock.now();
          const fileJob = await insertRunningJob(tx, {
            kind: reportExportJob.kind,
            payload: reportExportJob.payload.parse({ report: file.report, query, format: PACK_FORMAT, pack }),
            userId: ctx.user?.id ?? null,
            unitId: unit.id,
            unitPath: unit.path,
            maxAttempts: 1,
            at,
          });
          const { rows: fileRows, size } = await writeReportFileInTx(tx, {
            ctx: fileCtx,
            job: { id: fileJob, attempt: 1 },
            report: file.report,
            params,
            format: PACK_FORMAT,
          });
          await completeJob(tx, {
            id: fileJob,
            attempt: 1,
            result: { rows: fileRows, fileName, pack },
            file: { fileName, contentType: EXPORT_CONTENT_TYPES[PACK_FORMAT], stored: { size } },
            now: deps.clock.now(),
          });
          return { fileJob, rows: fileRows };
        });
        fileJobs.push(written.fileJob);
        rows += written.rows;
        await progress(done, total);
      }
    }
    const summary: ReportPackSummary = {
      businessDate: payload.businessDate,
      from,
      to,
      units: units.map((unit) => unit.code),
      files: fileJobs.length,
      skipped,
      rows,
    };
    await withTransaction(deps.db, (tx) =>
      emitAudit(tx, ctx, {
        action: 'reports.daily_pack.written',
        entity: 'job',
        entityId: id,
        after: { ...summary, fileJobs, reports: REPORT_PACK.map((file) => file.report) },
      }),
    );
    await progress(total, total);
    return { summary };
  },
});
