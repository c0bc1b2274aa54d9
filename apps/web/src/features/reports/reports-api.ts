import { jobSchema, type Job } from '@recovery-desk/domain/jobs/contracts.ts';
import {
  reportReplySchema,
  type ReportKey,
  type ReportQuery,
  type ReportReply,
} from '@recovery-desk/domain/reports/contracts.ts';
import { apiClient } from '../../lib/http-client.ts';

// The Reports screen's calls (packages/domain/src/reports/contracts.ts).

export const reportsKeys = {
  all: () => ['reports'] as const,
  report: (unit: number | null, report: ReportKey, query: string) =>
    [...reportsKeys.all(), unit, report, query] as const,
};

/** The query string of a report's filters (empty values left out). */
export function reportQueryString(query: ReportQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

export async function fetchReport(report: ReportKey, query: ReportQuery, signal?: AbortSignal): Promise<ReportReply> {
  const search = reportQueryString(query);
  return reportReplySchema.parse(
    await apiClient.get<unknown>(`/api/collections/reports/${report}${search ? `?${search}` : ''}`, { signal }),
  );
}

export async function queueReportExport(report: ReportKey, format: 'csv' | 'xlsx', query: ReportQuery): Promise<Job> {
  return jobSchema.parse(await apiClient.post<unknown>(`/api/collections/reports/${report}/export`, { format, query }));
}
