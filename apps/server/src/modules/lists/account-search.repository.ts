import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';
import { likePrefix } from '../../access/unit-scope.ts';

// The global account search: four indexed lookups, each limited to the acting unit's subtree.
// - account number: prefix on accounts_account_no_uq (text_pattern_ops: equality and prefix, migration 0030);
// - PAN: exact on customers_pan_search_idx (upper(pan));
// - phone: exact on its last ten digits, contacts_phone_search_idx;
// - name: every word of the query is the prefix of a word of the name, on customer_name_words (a btree,
//   the same on PostgreSQL and PGlite).

export type SearchRow = {
  accountId: number;
  accountNo: string;
  customerName: string;
  pan: string | null;
  product: string;
  dpd: number;
  unitName: string;
};

const COLUMNS = sql`a.id::int as "accountId", a.account_no as "accountNo", cu.name as "customerName", cu.pan,
  a.product, a.dpd, un.name as "unitName"`;

/** Ids are numbers on both drivers (bigint ids come back as strings on node-postgres). */
async function select(db: Executor, query: SQL): Promise<SearchRow[]> {
  const rows = await selectRows<SearchRow>(db, query);
  return rows.map((row) => ({ ...row, accountId: Number(row.accountId), dpd: Number(row.dpd) }));
}

export function searchByAccountNo(db: Executor, input: { prefix: string; unitPath: string; limit: number }) {
  return select(
    db,
    sql`select ${COLUMNS} from accounts a
      join customers cu on cu.id = a.customer_id
      join units un on un.id = a.unit_id
      where a.account_no like ${likePrefix(input.prefix)} and a.unit_path like ${likePrefix(input.unitPath)}
      order by a.account_no limit ${input.limit}`,
  );
}

export function searchByPan(db: Executor, input: { pan: string; unitPath: string; limit: number }) {
  return select(
    db,
    sql`select ${COLUMNS} from customers cu
      join accounts a on a.customer_id = cu.id
      join units un on un.id = a.unit_id
      where upper(cu.pan) = ${input.pan} and a.unit_path like ${likePrefix(input.unitPath)}
      order by a.account_no limit ${input.limit}`,
  );
}

export function searchByPhone(db: Executor, input: { digits: string; unitPath: string; limit: number }) {
  return select(
    db,
    sql`select ${COLUMNS} from accounts a
      join customers cu on cu.id = a.customer_id
      join units un on un.id = a.unit_id
      where a.customer_id in (
          select ct.customer_id from contacts ct
          where right(regexp_replace(ct.phone, '[^0-9]', '', 'g'), 10) = ${input.digits})
        and a.unit_path like ${likePrefix(input.unitPath)}
      order by a.account_no limit ${input.limit}`,
  );
}

/** Customers whose name has a word starting with each of `words` (lower case), longest word first. */
export function searchByName(db: Executor, input: { words: string[]; unitPath: string; limit: number }) {
  const [first, ...rest] = [...input.words].sort((x, y) => y.length - x.length);
  if (!first) return Promise.resolve([]);
  const others = rest.map(
    (word) =>
      sql` and exists (select 1 from customer_name_words w2
        where w2.customer_id = w.customer_id and w2.word like ${likePrefix(word)})`,
  );
  return select(
    db,
    sql`select ${COLUMNS} from customer_name_words w
      join accounts a on a.customer_id = w.customer_id
      join customers cu on cu.id = a.customer_id
      join units un on un.id = a.unit_id
      where w.word like ${likePrefix(first)} and a.unit_path like ${likePrefix(input.unitPath)}${sql.join(others, sql``)}
      limit ${input.limit * 3}`,
  );
}
