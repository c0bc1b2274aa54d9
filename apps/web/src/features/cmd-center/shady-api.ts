import { shadyReplySchema, type ShadyReply } from '@recovery-desk/domain/command-center/shady-report.ts';
import type { ShadyReport } from '@recovery-desk/domain/command-center/shady-rules.ts';
import { commandCenterClient, type DownloadedFile } from '../../lib/http-client.ts';

// The shady transaction reports' calls (GET /api/cmd-center/shady and its export) through the command-center client.

export type ShadyFilters = {
  report: ShadyReport;
  from: string;
  to: string;
  userId?: number | null;
  severity?: string | null;
  rule?: string | null;
};

export const shadyKeys = {
  report: (filters: ShadyFilters, page: number, pageSize: number) =>
    ['cmd-center', 'shady', filters, page, pageSize] as const,
};

function paramsOf(filters: ShadyFilters): URLSearchParams {
  const params = new URLSearchParams({ report: filters.report, from: filters.from, to: filters.to });
  if (filters.userId) params.set('userId', String(filters.userId));
  if (filters.severity) params.set('severity', filters.severity);
  if (filters.rule) params.set('rule', filters.rule);
  return params;
}

export async function fetchShadyReport(
  filters: ShadyFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<ShadyReply> {
  const params = paramsOf(filters);
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  return shadyReplySchema.parse(
    await commandCenterClient.get<unknown>(`/api/cmd-center/shady?${params.toString()}`, { signal }),
  );
}

export function exportShadyReport(filters: ShadyFilters, format: 'csv' | 'xlsx'): Promise<DownloadedFile> {
  const params = paramsOf(filters);
  params.set('format', format);
  return commandCenterClient.download(`/api/cmd-center/shady/export?${params.toString()}`);
}
