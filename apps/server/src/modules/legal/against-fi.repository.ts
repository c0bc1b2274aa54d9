import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { fiMatterRowSchema } from '@recovery-desk/domain/legal/contracts.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor, Transaction } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';

// Legal Against Financial Institutions: matters where the lender is the respondent, owned by the unit that
// recorded them; row scope is that unit's ancestry path.

export type FiMatterRow = z.infer<typeof fiMatterRowSchema>;

const SELECT = sql`m.id as "matterId", m.matter_no as "matterNo", m.petitioner_name as "petitionerName",
  a.account_no as "accountNo", m.forum, m.court, m.case_number as "caseNumber", m.filed_on as "filedOn",
  m.claim_amount as "claimAmount", m.currency, m.subject, m.next_hearing_date as "nextHearingDate",
  m.advocate_name as "advocateName", m.status, m.outcome, un.unit_code as "unitCode", m.version`;
const FROM = sql`legal_matters_against_fi m
  join units un on un.id = m.unit_id
  left join accounts a on a.id = m.account_id`;

export type FiListInput = { unitPath: string; q?: string | undefined; status?: string | undefined };

function conditions(input: FiListInput): SQL {
  const list = [sql`m.unit_path like ${likePrefix(input.unitPath)}`];
  if (input.q) {
    const contains = `%${input.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    list.push(sql`(m.matter_no ilike ${contains} or m.petitioner_name ilike ${contains}
      or m.case_number ilike ${contains})`);
  }
  if (input.status) list.push(sql`m.status = ${input.status}`);
  return sql.join(list, sql` and `);
}

export async function listFiMatters(
  db: Executor,
  input: FiListInput & { limit: number; offset: number },
): Promise<{ rows: FiMatterRow[]; count: number }> {
  const where = conditions(input);
  const [rows, [count]] = await Promise.all([
    selectRows<FiMatterRow>(
      db,
      sql`select ${SELECT} from ${FROM} where ${where}
        order by m.filed_on desc, m.id desc limit ${input.limit} offset ${input.offset}`,
    ),
    selectRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from legal_matters_against_fi m where ${where}`,
    ),
  ]);
  return { rows, count: count?.count ?? 0 };
}

export async function findFiMatter(
  db: Executor,
  input: { matterId: number; unitPath: string; forUpdate?: boolean },
): Promise<FiMatterRow | undefined> {
  const [row] = await selectRows<FiMatterRow>(
    db,
    sql`select ${SELECT} from ${FROM}
      where m.id = ${input.matterId} and m.unit_path like ${likePrefix(input.unitPath)}
      ${input.forUpdate ? sql`for update of m` : sql``}`,
  );
  return row;
}

/** The next matter number of the year: FI/<year>/<6 digits of legal_matter_no_seq>. */
export async function nextMatterNo(tx: Transaction, year: string): Promise<string> {
  const [row] = await selectRows<{ no: string }>(
    tx,
    sql`select lpad(nextval('legal_matter_no_seq')::text, 6, '0') as no`,
  );
  if (!row) throw new Error('legal_matter_no_seq gave no value');
  return `FI/${year}/${row.no}`;
}

export type FiMatterInsert = {
  matterNo: string;
  unitId: number;
  unitPath: string;
  accountId: number | null;
  petitionerName: string;
  forum: string;
  court: string | null;
  caseNumber: string | null;
  filedOn: string;
  claimAmount: string | null;
  currency: string;
  subject: string;
  nextHearingDate: string | null;
  advocateName: string | null;
  createdByUserId: number;
  at: Date;
};

export async function insertFiMatter(tx: Transaction, input: FiMatterInsert): Promise<number> {
  const [row] = await selectRows<{ id: number }>(
    tx,
    sql`insert into legal_matters_against_fi (matter_no, unit_id, unit_path, account_id, petitioner_name, forum, court,
        case_number, filed_on, claim_amount, currency, subject, next_hearing_date, advocate_name, created_by_user_id,
        created_at, updated_at)
      values (${input.matterNo}, ${input.unitId}, ${input.unitPath}, ${input.accountId}, ${input.petitionerName},
        ${input.forum}, ${input.court}, ${input.caseNumber}, ${input.filedOn}, ${input.claimAmount}, ${input.currency},
        ${input.subject}, ${input.nextHearingDate}, ${input.advocateName}, ${input.createdByUserId}, ${input.at.toISOString()}::timestamptz,
        ${input.at.toISOString()}::timestamptz)
      returning id`,
  );
  if (!row) throw new Error('matter insert failed');
  return Number(row.id);
}

export type FiMatterChanges = {
  nextHearingDate: string | null;
  advocateName: string | null;
  status: string;
  outcome: string | null;
};

/** Applies the changes if the matter is still at `expectedVersion`; false when it changed meanwhile. */
export async function updateFiMatter(
  tx: Transaction,
  input: { matterId: number; expectedVersion: number; changes: FiMatterChanges; at: Date },
): Promise<boolean> {
  const { changes } = input;
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`update legal_matters_against_fi set next_hearing_date = ${changes.nextHearingDate},
        advocate_name = ${changes.advocateName}, status = ${changes.status}, outcome = ${changes.outcome},
        version = version + 1, updated_at = ${input.at.toISOString()}::timestamptz
      where id = ${input.matterId} and version = ${input.expectedVersion}
      returning id`,
  );
  return rows.length > 0;
}
