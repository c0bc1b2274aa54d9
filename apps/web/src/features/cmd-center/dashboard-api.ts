import { dashboardReplySchema, type DashboardReply } from '@recovery-desk/domain/command-center/dashboard.ts';
import { commandCenterClient } from '../../lib/http-client.ts';

// The command-center dashboard's call (/cmdCenter, /dashcmdCenter).

export const dashboardKeys = { day: (date: string | null) => ['cmd-center', 'dashboard', date] as const };

export async function fetchDashboard(date: string | null, signal?: AbortSignal): Promise<DashboardReply> {
  const query = date ? `?date=${encodeURIComponent(date)}` : '';
  return dashboardReplySchema.parse(
    await commandCenterClient.get<unknown>(`/api/cmd-center/dashboard${query}`, { signal }),
  );
}
