import { sql } from 'drizzle-orm';
import {
  ALLOCATION_MAP_MAX_ROWS,
  type AllocationMapQuery,
  type AllocationMapReply,
} from '@recovery-desk/domain/command-center/allocation-map.ts';
import type { Currency } from '@recovery-desk/domain/money.ts';
import { likePrefix } from '../../../access/unit-scope.ts';
import { isoTimestamp, selectRows } from '../../../db/sql-rows.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { minorToDecimal } from './amounts.ts';
import { todayIn } from './field-users.ts';

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/**
 * GET /api/cmd-center/allocation-map (collections RECEIPT_VIEWER_SAUTH): the allocated delinquent accounts of the
 * acting unit's subtree at their customer's location (primary residence, else any geocoded address) by collector, the
 * receipts of the subtree taken in [from, to] at the place of the collector's RECEIPT event (none: no place, time =
 * created_at), and per collector allocated / paid counts and the amount taken. Filters: collector, bucket.
 */
export async function readAllocationMap(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: AllocationMapQuery },
): Promise<AllocationMapReply> {
  const today = todayIn(deps.clock.now(), deps.config.scheduleTimeZone);
  const from = query.from ?? query.to ?? today;
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const scope = likePrefix(ctx.actingUnit.path);
  const collector = query.collectorId === undefined ? sql`` : sql`and a.allocated_user_id = ${query.collectorId}`;
  const bucket = query.bucket === undefined ? sql`` : sql`and a.bucket = ${query.bucket}`;
  const receiptCollector =
    query.collectorId === undefined ? sql`` : sql`and r.received_by_user_id = ${query.collectorId}`;
  const receiptBucket = query.bucket === undefined ? sql`` : sql`and ra.bucket = ${query.bucket}`;

  const accounts = await selectRows<Record<string, unknown>>(
    deps.db,
    sql`select a.id, a.account_no as "accountNo", c.name as "customerName", a.bucket,
          a.allocated_user_id as "collectorId", loc.latitude, loc.longitude,
          exists (select 1 from receipts r where r.account_id = a.id and r.status <> 'CANCELLED'
            and r.received_on between ${from}::date and ${to}::date) as paid
        from accounts a join customers c on c.id = a.customer_id
        left join lateral (select ad.latitude, ad.longitude from addresses ad
          where ad.customer_id = a.customer_id and ad.latitude is not null and ad.longitude is not null
          order by (ad.address_type = 'RESIDENCE' and ad.level = 'PRIMARY') desc, ad.id limit 1) loc on true
        where a.unit_path like ${scope} and a.delinquent_flag and a.allocated_user_id is not null ${collector} ${bucket}
        order by a.allocated_user_id, a.account_no
        limit ${ALLOCATION_MAP_MAX_ROWS + 1}`,
  );
  const receipts = await selectRows<Record<string, unknown>>(
    deps.db,
    sql`select r.receipt_no as "receiptNo", ra.account_no as "accountNo", r.received_by_user_id as "collectorId",
          r.amount_minor::text as "amountMinor", r.currency, coalesce(p.fix_time, r.created_at) as time,
          p.latitude, p.longitude, coalesce(p.mock, false) as mock
        from receipts r join accounts ra on ra.id = r.account_id
        left join lateral (select fp.fix_time, fp.latitude, fp.longitude, fp.mock from field_positions fp
          where fp.event_type = 'RECEIPT' and fp.ref = r.receipt_no and fp.user_id = r.received_by_user_id
          order by fp.fix_time limit 1) p on true
        where r.unit_path like ${scope} and r.status <> 'CANCELLED'
          and r.received_on between ${from}::date and ${to}::date ${receiptCollector} ${receiptBucket}
        order by r.received_on, r.id
        limit ${ALLOCATION_MAP_MAX_ROWS + 1}`,
  );
  const collectors = await selectRows<Record<string, unknown>>(
    deps.db,
    sql`with alloc as (select a.allocated_user_id as user_id, count(*) as allocated,
            count(*) filter (where exists (select 1 from receipts r where r.account_id = a.id
              and r.status <> 'CANCELLED' and r.received_on between ${from}::date and ${to}::date)) as paid
          from accounts a
          where a.unit_path like ${scope} and a.delinquent_flag and a.allocated_user_id is not null ${collector} ${bucket}
          group by a.allocated_user_id),
        taken as (select r.received_by_user_id as user_id, r.currency, sum(r.amount_minor)::text as amount
          from receipts r join accounts ra on ra.id = r.account_id
          where r.unit_path like ${scope} and r.status <> 'CANCELLED'
            and r.received_on between ${from}::date and ${to}::date ${receiptCollector} ${receiptBucket}
          group by r.received_by_user_id, r.currency)
        select alloc.user_id as "userId", u.full_name as "fullName", alloc.allocated, alloc.paid,
          coalesce((select json_agg(json_build_object('currency', t.currency, 'amount', t.amount) order by t.currency)
            from taken t where t.user_id = alloc.user_id), '[]'::json) as amounts
        from alloc join users u on u.id = alloc.user_id
        order by u.full_name, alloc.user_id`,
  );
  return {
    from,
    to,
    collectors: collectors.map((row) => {
      const amounts = (typeof row.amounts === 'string' ? JSON.parse(row.amounts) : row.amounts) as {
        currency: string;
        amount: string;
      }[];
      return {
        userId: Number(row.userId),
        fullName: String(row.fullName),
        allocated: Number(row.allocated),
        paid: Number(row.paid),
        amounts: amounts.map((amount) => ({
          currency: amount.currency as Currency,
          amount: minorToDecimal(String(amount.amount), amount.currency),
        })),
      };
    }),
    accounts: accounts.slice(0, ALLOCATION_MAP_MAX_ROWS).map((row) => ({
      accountId: Number(row.id),
      accountNo: String(row.accountNo),
      customerName: String(row.customerName),
      bucket: (row.bucket as string | null) ?? null,
      collectorId: Number(row.collectorId),
      latitude: num(row.latitude),
      longitude: num(row.longitude),
      paid: row.paid === true || row.paid === 't',
    })),
    receipts: receipts.slice(0, ALLOCATION_MAP_MAX_ROWS).map((row) => ({
      receiptNo: String(row.receiptNo),
      accountNo: String(row.accountNo),
      collectorId: num(row.collectorId),
      amount: minorToDecimal(String(row.amountMinor), String(row.currency)),
      currency: row.currency as Currency,
      time: isoTimestamp(row.time as Date | string),
      latitude: num(row.latitude),
      longitude: num(row.longitude),
      mock: row.mock === true || row.mock === 't',
    })),
    truncated: accounts.length > ALLOCATION_MAP_MAX_ROWS || receipts.length > ALLOCATION_MAP_MAX_ROWS,
  };
}
