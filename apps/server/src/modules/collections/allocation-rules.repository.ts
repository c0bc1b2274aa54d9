import { sql, type SQL } from 'drizzle-orm';
import { likePrefix } from '../../access/unit-scope.ts';
import { selectRows } from '../../db/sql-rows.ts';
import type { Executor } from '../../db/transaction.ts';
import { COLLECTOR_AUTHORITIES } from './services/tray-access.ts';

// Allocation rules (issue 14): the rows of `allocation_rules` day start's ALLOCATION step applies, and THE rule of a
// rule's collector (`collectorServesRule`), which the edits check and the step refuses to run without.

const COLLECTORS = sql.join(
  COLLECTOR_AUTHORITIES.map((code) => sql`${code}`),
  sql`, `,
);

/**
 * A rule's collector serves it when the user is active and holds a collector authority (telecaller or field
 * collector) for collapp in an active unit they act in that is the rule's unit or above it: then every account the
 * rule can allocate (its unit's subtree) is in the collector's reach (`assigneeWorksAccount`). A rule without a unit
 * (rows from before migration 0028; the API always sets one) needs an active collector of any unit. `rule` and `collector` are SQL aliases of the
 * `allocation_rules` and `users` rows; `ruleUnit` of the rule's `units` row (left-joined).
 */
export function collectorServesRule(rule: SQL, collector: SQL, ruleUnit: SQL): SQL {
  return sql`(${collector}.is_active and exists (select 1 from user_units cuu
      join units cu on cu.id = cuu.unit_id and cu.is_active
      join user_authorities cua on cua.user_id = cuu.user_id and cua.unit_id = cuu.unit_id
        and cua.app_code = 'collapp' and cua.system_auth in (${COLLECTORS})
      where cuu.user_id = ${rule}.user_id
        and (${rule}.unit_id is null or starts_with(${ruleUnit}.path, cu.path))))`;
}

export type StoredRule = {
  id: number;
  unitId: number | null;
  unitCode: string | null;
  unitPath: string | null;
  priority: number;
  product: string | null;
  bucket: string | null;
  pinCodePrefix: string | null;
  userId: number;
  collectorName: string;
  collectorUsername: string;
  collectorActive: boolean;
  collectorOk: boolean;
  capacity: number;
  held: number;
  isActive: boolean;
  version: number;
  updatedAt: string | Date;
  updatedBy: string | null;
};

const RULE_COLUMNS = sql`r.id, r.unit_id as "unitId", ru.unit_code as "unitCode", ru.path as "unitPath", r.priority,
  r.product, r.bucket, r.pin_code_prefix as "pinCodePrefix", r.user_id as "userId", c.full_name as "collectorName",
  c.username as "collectorUsername", c.is_active as "collectorActive",
  ${collectorServesRule(sql.raw('r'), sql.raw('c'), sql.raw('ru'))} as "collectorOk", r.capacity,
  (select count(*)::int from accounts h where h.allocated_user_id = r.user_id) as held, r.is_active as "isActive",
  r.version, r.updated_at as "updatedAt", ub.full_name as "updatedBy"`;

const RULE_FROM = sql`allocation_rules r
  left join units ru on ru.id = r.unit_id
  join users c on c.id = r.user_id
  left join users ub on ub.id = coalesce(r.updated_by_user_id, r.created_by_user_id)`;

/** The acting unit's subtree: rules of its units, and the unit-less rules when it is a root unit. */
function ruleInSubtree(unitPath: string, isRoot: boolean): SQL {
  return isRoot
    ? sql`(r.unit_id is null or ru.path like ${likePrefix(unitPath)})`
    : sql`ru.path like ${likePrefix(unitPath)}`;
}

export async function isRootUnit(db: Executor, unitId: number): Promise<boolean> {
  const [row] = await selectRows<{ root: boolean }>(
    db,
    sql`select parent_id is null as root from units where id = ${unitId}`,
  );
  return row?.root ?? false;
}

export async function listRules(
  db: Executor,
  input: { unitPath: string; isRoot: boolean; limit: number; offset: number },
): Promise<{ rows: StoredRule[]; total: number }> {
  const where = ruleInSubtree(input.unitPath, input.isRoot);
  const [rows, [count]] = await Promise.all([
    selectRows<StoredRule>(
      db,
      sql`select ${RULE_COLUMNS} from ${RULE_FROM} where ${where} order by r.priority, r.id
        limit ${input.limit} offset ${input.offset}`,
    ),
    selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${RULE_FROM} where ${where}`),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** One rule of the subtree (locked for an edit when `lock`), or undefined. */
export async function findRule(
  db: Executor,
  input: { id: number; unitPath: string; isRoot: boolean; lock?: boolean },
): Promise<StoredRule | undefined> {
  const [row] = await selectRows<StoredRule>(
    db,
    sql`select ${RULE_COLUMNS} from ${RULE_FROM}
      where r.id = ${input.id} and ${ruleInSubtree(input.unitPath, input.isRoot)}
      ${input.lock ? sql`for update of r` : sql``}`,
  );
  return row;
}

export type RuleUnit = { id: number; unitCode: string; name: string; path: string };
export type RuleCollector = { id: number; name: string; username: string; unitCode: string; unitPath: string };

/** The active units of the subtree (a rule's unit is one of them). */
export async function listRuleUnits(db: Executor, unitPath: string): Promise<RuleUnit[]> {
  return selectRows<RuleUnit>(
    db,
    sql`select id, unit_code as "unitCode", name, path from units
      where is_active and path like ${likePrefix(unitPath)} order by path`,
  );
}

/**
 * Active collectors of the subtree, one row per (user, unit) where they hold a collector authority: a rule of unit
 * U may name the user when one of their units is U or above it.
 */
export async function listRuleCollectors(
  db: Executor,
  input: { unitPath: string; userId?: number },
): Promise<RuleCollector[]> {
  return selectRows<RuleCollector>(
    db,
    sql`select distinct u.id, u.full_name as name, u.username, un.unit_code as "unitCode", un.path as "unitPath"
      from user_authorities ua
      join user_units uu on uu.user_id = ua.user_id and uu.unit_id = ua.unit_id
      join units un on un.id = ua.unit_id and un.is_active
      join users u on u.id = ua.user_id and u.is_active
      where ua.app_code = 'collapp' and ua.system_auth in (${COLLECTORS})
        and un.path like ${likePrefix(input.unitPath)}
        ${input.userId === undefined ? sql`` : sql`and u.id = ${input.userId}`}
      order by u.full_name, u.id, un.path`,
  );
}

export type RuleValues = {
  unitId: number;
  priority: number;
  product: string | null;
  bucket: string | null;
  pinCodePrefix: string | null;
  userId: number;
  capacity: number;
  isActive: boolean;
};

export async function insertRule(db: Executor, values: RuleValues & { byUserId: number; at: string }): Promise<number> {
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`insert into allocation_rules (unit_id, priority, product, bucket, pin_code_prefix, user_id, capacity,
        is_active, created_by_user_id, updated_by_user_id, updated_at, created_at)
      values (${values.unitId}, ${values.priority}, ${values.product}, ${values.bucket}, ${values.pinCodePrefix},
        ${values.userId}, ${values.capacity}, ${values.isActive}, ${values.byUserId}, ${values.byUserId},
        ${values.at}::timestamptz, ${values.at}::timestamptz)
      returning id`,
  );
  return row!.id;
}

/** The conditional update of an edit: false when the version moved meanwhile. */
export async function updateRule(
  db: Executor,
  input: RuleValues & { id: number; version: number; byUserId: number; at: string },
): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`update allocation_rules set unit_id = ${input.unitId}, priority = ${input.priority},
        product = ${input.product}, bucket = ${input.bucket}, pin_code_prefix = ${input.pinCodePrefix},
        user_id = ${input.userId}, capacity = ${input.capacity}, is_active = ${input.isActive},
        version = version + 1, updated_by_user_id = ${input.byUserId}, updated_at = ${input.at}::timestamptz
      where id = ${input.id} and version = ${input.version}
      returning id`,
  );
  return rows.length === 1;
}

export async function deleteRule(db: Executor, input: { id: number; version: number }): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`delete from allocation_rules where id = ${input.id} and version = ${input.version} returning id`,
  );
  return rows.length === 1;
}

/**
 * Day start's check before it allocates: the first active rule (by priority) whose collector no longer serves it,
 * with why — the user is inactive, or no longer collects in the rule's unit — or undefined when every one does.
 */
export async function findRuleWithUnservedCollector(
  db: Executor,
): Promise<{ id: number; username: string; active: boolean; unitCode: string | null } | undefined> {
  const [row] = await selectRows<{ id: number; username: string; active: boolean; unitCode: string | null }>(
    db,
    sql`select r.id, c.username, c.is_active as active, ru.unit_code as "unitCode"
      from allocation_rules r left join units ru on ru.id = r.unit_id join users c on c.id = r.user_id
      where r.is_active and not ${collectorServesRule(sql.raw('r'), sql.raw('c'), sql.raw('ru'))}
      order by r.priority, r.id limit 1`,
  );
  return row;
}
