import { sql, type SQL } from 'drizzle-orm';
import { settlementInstalments, settlements } from '@recovery-desk/db/settlements-schema.ts';
import type { SettlementTab } from '@recovery-desk/domain/settlements/contracts.ts';
import { SETTLEMENT_FLOW } from '@recovery-desk/domain/approvals/flows/settlement.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import { selectRows } from '../../db/sql-rows.ts';
import type { Executor } from '../../db/transaction.ts';

// SQL of the settlements module. Money columns are bigint minor units; raw reads cast them to text and the
// services parse them with BigInt (never a JavaScript number).

export type SettlementAccountRow = {
  id: number;
  accountNo: string;
  customerName: string;
  unitId: number;
  unitPath: string;
  currency: string;
  product: string;
  dpd: number;
  principal: string;
  interest: string;
  charges: string;
  sanctionLevel: string;
  isFraud: boolean;
  isWilfulDefaulter: boolean;
  settlementStatus: string | null;
  branchName: string;
};

/** The account (any unit: the caller checks scope) with its outstanding by component, as decimal strings. */
export async function findAccount(
  db: Executor,
  accountId: number,
  options: { lock?: boolean } = {},
): Promise<SettlementAccountRow | undefined> {
  const [row] = await selectRows<SettlementAccountRow>(
    db,
    sql`select a.id, a.account_no as "accountNo", c.name as "customerName", a.unit_id as "unitId",
        a.unit_path as "unitPath", a.currency, a.product, a.dpd,
        a.total_principal_outstanding::text as principal, a.total_interest_outstanding::text as interest,
        (a.other_charges + a.overdue_charges + a.bounce_charges)::text as charges,
        a.sanction_level as "sanctionLevel", a.is_fraud as "isFraud", a.is_wilful_defaulter as "isWilfulDefaulter",
        a.settlement_status as "settlementStatus", u.name as "branchName"
      from accounts a join customers c on c.id = a.customer_id join units u on u.id = a.unit_id
      where a.id = ${accountId} ${options.lock ? sql`for update of a` : sql``}`,
  );
  return row;
}

export type SettlementRecord = {
  id: number;
  accountId: number;
  accountNo: string;
  customerName: string;
  unitPath: string;
  currency: string;
  status: string;
  stage: string;
  partyName: string;
  principalMinor: string;
  interestMinor: string;
  chargesMinor: string;
  totalMinor: string;
  payableMinor: string;
  waiverPrincipalMinor: string;
  waiverInterestMinor: string;
  waiverChargesMinor: string;
  waiverMinor: string;
  waiverBp: number;
  requiredLevel: number;
  levelReason: string;
  restructuring: boolean;
  remarks: string | null;
  decisionRemarks: string | null;
  initiatedByUserId: number;
  initiator: string;
  initiatedOn: string;
  createdAt: Date | string;
  decidedAt: Date | string | null;
  approvedOn: string | null;
  approvedAt: Date | string | null;
  lapsedOn: string | null;
  settledOn: string | null;
  paymentDate: string | null;
  version: number;
  branchName: string;
};

const RECORD_COLUMNS = sql`s.id, s.account_id as "accountId", a.account_no as "accountNo", c.name as "customerName",
  s.unit_path as "unitPath", s.currency, s.status, s.stage, s.party_name as "partyName",
  s.principal_minor::text as "principalMinor", s.interest_minor::text as "interestMinor",
  s.charges_minor::text as "chargesMinor", s.total_minor::text as "totalMinor", s.payable_minor::text as "payableMinor",
  s.waiver_principal_minor::text as "waiverPrincipalMinor", s.waiver_interest_minor::text as "waiverInterestMinor",
  s.waiver_charges_minor::text as "waiverChargesMinor", s.waiver_minor::text as "waiverMinor", s.waiver_bp as "waiverBp",
  s.required_level as "requiredLevel", s.level_reason as "levelReason", s.restructuring, s.remarks,
  s.decision_remarks as "decisionRemarks", s.initiated_by_user_id as "initiatedByUserId", iu.full_name as initiator,
  s.initiated_on::text as "initiatedOn", s.created_at as "createdAt", s.decided_at as "decidedAt",
  s.approved_on::text as "approvedOn", s.approved_at as "approvedAt", s.lapsed_on::text as "lapsedOn",
  s.settled_on::text as "settledOn",
  (select max(i.due_date)::text from settlement_instalments i where i.settlement_id = s.id) as "paymentDate",
  s.version, u.name as "branchName"`;

const RECORD_FROM = sql`from settlements s join accounts a on a.id = s.account_id join customers c on c.id = a.customer_id
  join users iu on iu.id = s.initiated_by_user_id join units u on u.id = a.unit_id`;

/** A settlement in the subtree of `unitPath` (undefined outside it: the caller answers 404). */
export async function findSettlementInScope(
  db: Executor,
  id: number,
  unitPath: string,
): Promise<SettlementRecord | undefined> {
  const [row] = await selectRows<SettlementRecord>(
    db,
    sql`select ${RECORD_COLUMNS} ${RECORD_FROM} where s.id = ${id} and s.unit_path like ${likePrefix(unitPath)}`,
  );
  return row;
}

export async function findSettlementUnitPath(db: Executor, id: number): Promise<string | undefined> {
  const [row] = await selectRows<{ unitPath: string }>(
    db,
    sql`select unit_path as "unitPath" from settlements where id = ${id}`,
  );
  return row?.unitPath;
}

const TAB_CONDITION: Record<SettlementTab, SQL> = {
  all: sql`true`,
  pending: sql`s.status = 'PENDING_APPROVAL'`,
  approved: sql`s.status = 'APPROVED'`,
  rejected: sql`s.status = 'REJECTED'`,
  pushback: sql`s.status = 'PUSHBACK'`,
};

function searchCondition(q: string | undefined): SQL {
  if (!q) return sql`true`;
  const pattern = likePrefix(q);
  return sql`(a.account_no ilike ${pattern} or c.name ilike ${pattern} or s.party_name ilike ${pattern})`;
}

/** A page of the subtree's settlements in a tab (newest first) and every tab's count. */
export async function listSettlements(
  db: Executor,
  input: { unitPath: string; tab: SettlementTab; q?: string | undefined; page: number; pageSize: number },
): Promise<{ rows: SettlementRecord[]; counts: Record<SettlementTab, number> }> {
  const scope = sql`s.unit_path like ${likePrefix(input.unitPath)} and ${searchCondition(input.q)}`;
  const rows = await selectRows<SettlementRecord>(
    db,
    sql`select ${RECORD_COLUMNS} ${RECORD_FROM} where ${scope} and ${TAB_CONDITION[input.tab]}
      order by s.id desc limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
  );
  const [counts] = await selectRows<Record<SettlementTab, number>>(
    db,
    sql`select count(*)::int as "all",
        count(*) filter (where s.status = 'PENDING_APPROVAL')::int as pending,
        count(*) filter (where s.status = 'APPROVED')::int as approved,
        count(*) filter (where s.status = 'REJECTED')::int as rejected,
        count(*) filter (where s.status = 'PUSHBACK')::int as pushback
      ${RECORD_FROM} where ${scope}`,
  );
  return { rows, counts: counts ?? { all: 0, pending: 0, approved: 0, rejected: 0, pushback: 0 } };
}

export async function listAccountSettlements(db: Executor, accountId: number): Promise<SettlementRecord[]> {
  return selectRows<SettlementRecord>(
    db,
    sql`select ${RECORD_COLUMNS} ${RECORD_FROM} where s.account_id = ${accountId} order by s.id desc`,
  );
}

export type InstalmentRecord = { no: number; dueDate: string; amountMinor: string };

export async function listInstalments(db: Executor, settlementId: number): Promise<InstalmentRecord[]> {
  return selectRows<InstalmentRecord>(
    db,
    sql`select instalment_no as no, due_date::text as "dueDate", amount_minor::text as "amountMinor"
      from settlement_instalments where settlement_id = ${settlementId} order by instalment_no`,
  );
}

export async function replaceInstalments(
  db: Executor,
  input: { settlementId: number; currency: string; instalments: { dueDate: string; amountMinor: bigint }[] },
): Promise<void> {
  await db.delete(settlementInstalments).where(sql`${settlementInstalments.settlementId} = ${input.settlementId}`);
  await db.insert(settlementInstalments).values(
    input.instalments.map((item, index) => ({
      settlementId: input.settlementId,
      instalmentNo: index + 1,
      dueDate: item.dueDate,
      amountMinor: item.amountMinor,
      currency: input.currency,
    })),
  );
}

export async function insertSettlement(db: Executor, values: typeof settlements.$inferInsert): Promise<number> {
  const [row] = await db.insert(settlements).values(values).returning({ id: settlements.id });
  if (!row) throw new Error('settlements insert returned nothing');
  return row.id;
}

/**
 * Money received on the account since a business date, in minor units: the sum of `payments` (receipts post one
 * row per receipt; a reversal posts a negative row) dated on or after it — the contract of money.md.
 */
export async function receivedSince(db: Executor, accountId: number, since: string): Promise<bigint> {
  const [row] = await selectRows<{ cents: string }>(
    db,
    sql`select (coalesce(sum(amount), 0) * 100)::bigint::text as cents from payments
      where account_id = ${accountId} and paid_on >= ${since}::date`,
  );
  return BigInt(row?.cents ?? '0');
}

/** The latest SETTLEMENT approval request of a settlement, and its history with who acted. */
export async function findApprovalRequest(
  db: Executor,
  settlementId: number,
): Promise<{ id: number; level: number; makerUserId: number | null; status: string } | undefined> {
  const [row] = await selectRows<{ id: number; level: number; makerUserId: number | null; status: string }>(
    db,
    sql`select id, level, maker_user_id as "makerUserId", status from approval_requests
      where flow_code = ${SETTLEMENT_FLOW.code} and subject_type = ${SETTLEMENT_FLOW.subject}
        and subject_id = ${settlementId} order by id desc limit 1`,
  );
  return row;
}

export async function listHistory(
  db: Executor,
  settlementId: number,
): Promise<{ action: string; actor: string | null; remarks: string | null; at: Date | string }[]> {
  return selectRows(
    db,
    sql`select e.action, u.full_name as actor, e.remarks, e.created_at as at
      from approval_events e join approval_requests r on r.id = e.request_id left join users u on u.id = e.actor_user_id
      where r.flow_code = ${SETTLEMENT_FLOW.code} and r.subject_type = ${SETTLEMENT_FLOW.subject}
        and r.subject_id = ${settlementId}
      order by e.id`,
  );
}

/** Settlements being paid whose schedule may have moved on (paid in full, or an instalment past its grace). */
export async function listPayingSettlements(db: Executor, limit: number): Promise<{ id: number }[]> {
  return selectRows(db, sql`select id from settlements where stage = 'PAYMENT' order by id limit ${limit}`);
}

/**
 * Whether some settlement being paid needs the check: paid in full, or an instalment past its date + grace not
 * covered by the payments since approval.
 */
export async function anySettlementDue(
  db: Executor,
  input: { businessDate: string; graceDays: number },
): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select s.id from settlements s
      cross join lateral (select coalesce(sum(p.amount), 0) * 100 as received from payments p
        where p.account_id = s.account_id and p.paid_on >= s.approved_on) r
      where s.stage = 'PAYMENT' and (
        r.received >= s.payable_minor
        or exists (select 1 from settlement_instalments i
          where i.settlement_id = s.id and i.due_date + ${input.graceDays}::int < ${input.businessDate}::date
            and (select sum(j.amount_minor) from settlement_instalments j
              where j.settlement_id = s.id and j.instalment_no <= i.instalment_no) > r.received))
      limit 1`,
  );
  return rows.length > 0;
}

export async function findAccountIdByNumber(
  db: Executor,
  accountNo: string,
  unitPath: string,
): Promise<number | undefined> {
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`select id from accounts where account_no = ${accountNo} and unit_path like ${likePrefix(unitPath)}`,
  );
  return row?.id;
}
