import {
  accountActivityReplySchema,
  activeUsersReplySchema,
  idleReportReplySchema,
  timeSpentReplySchema,
  type AccountActivityReply,
  type ActiveUsersReply,
  type IdleReportReply,
  type TimeSpentReply,
} from '@recovery-desk/domain/command-center/activity.ts';
import { commandCenterClient, type DownloadedFile } from '../../lib/http-client.ts';

// The activity reports' calls (docs/architecture.md "Command center: activity reports"), through the command-center
// client (30 s timeout). Each takes the screen's filters as URL parameters; an export is the same query with a format.

export const activityKeys = {
  activeUsers: (query: string) => ['cmd-center', 'active-users', query] as const,
  idle: (query: string) => ['cmd-center', 'idle-report', query] as const,
  timeSpent: (query: string) => ['cmd-center', 'time-spent', query] as const,
  account: (accountId: string, query: string) => ['cmd-center', 'account-activity', accountId, query] as const,
};

/** The parameters without empty values. */
export function activityParams(values: Record<string, string | number | null | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

export async function fetchActiveUsers(params: URLSearchParams, signal?: AbortSignal): Promise<ActiveUsersReply> {
  return activeUsersReplySchema.parse(
    await commandCenterClient.get<unknown>(`/api/cmd-center/active-users?${params.toString()}`, { signal }),
  );
}

export async function fetchIdleReport(params: URLSearchParams, signal?: AbortSignal): Promise<IdleReportReply> {
  return idleReportReplySchema.parse(
    await commandCenterClient.get<unknown>(`/api/cmd-center/idle-report?${params.toString()}`, { signal }),
  );
}

export async function fetchTimeSpentReport(params: URLSearchParams, signal?: AbortSignal): Promise<TimeSpentReply> {
  return timeSpentReplySchema.parse(
    await commandCenterClient.get<unknown>(`/api/cmd-center/time-spent-report?${params.toString()}`, { signal }),
  );
}

export async function fetchAccountActivity(
  accountId: string,
  params: URLSearchParams,
  signal?: AbortSignal,
): Promise<AccountActivityReply> {
  return accountActivityReplySchema.parse(
    await commandCenterClient.get<unknown>(
      `/api/cmd-center/accounts/${encodeURIComponent(accountId)}/field-activity?${params.toString()}`,
      { signal },
    ),
  );
}

export type ActivityExport = 'active-users' | 'idle-report' | 'time-spent-report';

/** A report's file: its query (paging left out) with the format. */
export function exportActivity(
  report: ActivityExport,
  params: URLSearchParams,
  format: 'csv' | 'xlsx',
): Promise<DownloadedFile> {
  const query = new URLSearchParams(params);
  query.delete('page');
  query.delete('pageSize');
  query.set('format', format);
  return commandCenterClient.download(`/api/cmd-center/${report}/export?${query.toString()}`);
}
