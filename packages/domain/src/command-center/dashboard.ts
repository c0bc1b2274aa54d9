import { z } from 'zod';
import { CURRENCIES } from '../money.ts';
import { TRACKING_STATUSES } from './status.ts';

// The command-center dashboard (spec §2.6 `/cmdCenter`, `/dashcmdCenter`; issue 16 "Dashboards"): the field force now,
// the day's coverage and the alerts of the acting unit's subtree. The routes ask for no authority; the field data is
// only given to a caller holding ACTIVE_INACTIVE_SAUTH (cmdcenter) in the acting unit — anyone else gets the frame
// (`access: 'NO_AUTHORITY'`, every section null).

export const DASHBOARD_AUTHORITY = 'ACTIVE_INACTIVE_SAUTH' as const;
/** A device reporting less than this battery (per cent) is an alert. */
export const LOW_BATTERY_PERCENT = 15;
/** At most this many last positions are drawn on the dashboard's map. */
export const DASHBOARD_MAX_POSITIONS = 2000;

export const dashboardQuerySchema = z.strictObject({
  date: z.iso.date('must be a date (YYYY-MM-DD)').optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const lastPositionSchema = z.object({
  userId: z.number(),
  fullName: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  fixTime: z.string(),
  battery: z.number().nullable(),
  status: z.enum(TRACKING_STATUSES),
  inactive: z.boolean(),
});

export const dashboardReplySchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  /** the server's now, the instant the statuses are read at */
  now: z.string(),
  access: z.enum(['FULL', 'NO_AUTHORITY']),
  fieldForce: z
    .object({
      total: z.number(),
      online: z.number(),
      unknown: z.number(),
      offline: z.number(),
      inactive: z.number(),
      thresholds: z.object({ onlineMinutes: z.number(), offlineMinutes: z.number(), inactiveMinutes: z.number() }),
      positions: z.array(lastPositionSchema),
    })
    .nullable(),
  coverage: z
    .object({
      /** field users with at least one position that day */
      activeCollectors: z.number(),
      /** VISIT events that day */
      visits: z.number(),
      /** receipts taken that day by the subtree's field users (cancelled ones left out) */
      receipts: z.number(),
      /** their amount per currency (integer minor units summed; sent as a decimal string of the currency, 1234.50) */
      amounts: z.array(z.object({ currency: z.enum(CURRENCIES), amount: z.string() })),
      /** the kept route's distance of every field user that day (the replay's filters) */
      distanceM: z.number(),
      /** accounts allocated to the subtree's field users */
      accountsAllocated: z.number(),
      /** of those, the ones with a VISIT event or a receipt that day */
      accountsVisited: z.number(),
    })
    .nullable(),
  alerts: z
    .object({
      /** field users whose device has been silent for the inactive threshold (or never reported) */
      inactiveDevices: z.number(),
      sosEvents: z.number(),
      mockEvents: z.number(),
      /** field users whose last reported battery is under LOW_BATTERY_PERCENT */
      lowBattery: z.number(),
      /** the day's findings of the Shady Transaction Time and Location reports (the shady-findings service) */
      shady: z.number(),
    })
    .nullable(),
});
export type DashboardReply = z.infer<typeof dashboardReplySchema>;
