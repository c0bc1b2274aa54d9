import { sql } from 'drizzle-orm';
import type { LegalPoolRule } from '@recovery-desk/domain/legal/pool-rule.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';
import { LEGAL_CODE, poolRuleConditions } from '../legal/index.ts';
import type { UnitContext } from '../../http/request-context.ts';

// Reads of the demo seed: whether legal cases exist, the demo users and units it acts as, and the accounts of a
// unit's subtree that the legal pool rule admits (the pool's own SQL conditions).

export async function countLegalCases(db: Executor): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from cases where definition_code = ${LEGAL_CODE}`,
  );
  return row?.count ?? 0;
}

export type DemoUserRow = { id: number; username: string; email: string; fullName: string };

export async function findUsersByUsername(db: Executor, usernames: readonly string[]): Promise<DemoUserRow[]> {
  if (usernames.length === 0) return [];
  return selectRows<DemoUserRow>(
    db,
    sql`select id, username, email, full_name as "fullName" from users
      where is_active and username in (${sql.join(
        usernames.map((name) => sql`${name}`),
        sql`, `,
      )})`,
  );
}

export type DemoUnitRow = { id: number; code: string; path: string; hasChildren: boolean };

export async function findUnitsByCode(db: Executor, codes: readonly string[]): Promise<DemoUnitRow[]> {
  if (codes.length === 0) return [];
  return selectRows<DemoUnitRow>(
    db,
    sql`select id, unit_code as code, path,
      exists (select 1 from units ch where ch.parent_id = units.id) as "hasChildren"
      from units where unit_code in (${sql.join(
        codes.map((code) => sql`${code}`),
        sql`, `,
      )})`,
  );
}

/** An account the legal pool admits, with what the seed needs to choose a case type for it. */
export type PoolCandidateRow = {
  accountId: number;
  accountNo: string;
  customerName: string;
  branchCode: string;
  branchName: string;
  product: string;
  repaymentMode: string | null;
  /** principal + interest + charges outstanding: the claim a new case starts with */
  claimAmount: string;
  totalDueAmount: string;
  emiAmount: string;
  dpd: number;
  /** the account's bounced cheques */
  bouncedCheques: number;
  /** the latest date on its bounced cheques (cheque or return date), null without any */
  lastBounce: string | null;
};

/** INR accounts of the subtree that meet the pool rule, in account order. */
export async function listPoolCandidates(
  db: Executor,
  input: { unitPath: string; rule: LegalPoolRule; businessDate: string },
): Promise<PoolCandidateRow[]> {
  const conditions = [
    sql`a.unit_path like ${likePrefix(input.unitPath)}`,
    sql`a.currency = 'INR'`,
    ...poolRuleConditions(input.rule, input.businessDate),
  ];
  return selectRows<PoolCandidateRow>(
    db,
    sql`select a.id as "accountId", a.account_no as "accountNo", c.name as "customerName",
        un.unit_code as "branchCode", un.name as "branchName", a.product, a.repayment_mode as "repaymentMode",
        (a.total_principal_outstanding + a.total_interest_outstanding + a.other_charges
          + a.overdue_charges)::numeric(18, 2)::text as "claimAmount",
        a.total_due_amount::text as "totalDueAmount", a.emi_amount::text as "emiAmount", a.dpd,
        b.count as "bouncedCheques", b.last as "lastBounce"
      from accounts a join customers c on c.id = a.customer_id join units un on un.id = a.unit_id
      cross join lateral (select count(*)::int as count, max(greatest(q.cheque_date, q.bounce_date))::text as last
        from cheques q where q.account_id = a.id and q.bounce_date is not null) b
      where ${sql.join(conditions, sql` and `)}
      order by a.id`,
  );
}

/** The request context of a demo person acting in a unit (the demo's seeds act as the README personas would). */
export function demoActorContext(user: DemoUserRow, unit: DemoUnitRow, requestId: string): UnitContext {
  return {
    requestId,
    ip: '127.0.0.1',
    user: { ...user, familyId: requestId },
    actingUnit: { id: unit.id, code: unit.code, path: unit.path, hasChildren: unit.hasChildren },
    app: 'collapp',
    language: 'en',
  };
}
