import { and, eq, isNull, sql } from 'drizzle-orm';
import { assetYardStays, yards } from '@recovery-desk/db/secured-assets-schema.ts';
import type { Yard, YardInput, YardInventory, YardStay } from '@recovery-desk/domain/secured-assets/yards.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';

// The yard register (yards) and the cases' stays in them (asset_yard_stays).

/** The yards a unit may use: those of its own subtree and of the units above it (a region's yard serves its branches). */
export async function listYardsFor(db: Executor, unitPath: string, options: { subtreeOnly?: boolean } = {}) {
  const above = options.subtreeOnly ? sql`false` : sql`${unitPath} like u.path || '%'`;
  return selectRows<Yard & { unitPath: string }>(
    db,
    sql`select y.id, y.name, y.address, y.capacity, y.unit_id as "unitId", u.name as "unitName", y.active,
          u.path as "unitPath"
        from yards y join units u on u.id = y.unit_id
        where u.path like ${likePrefix(unitPath)} or ${above}
        order by y.name, y.id`,
  );
}

export async function insertYard(db: Executor, input: YardInput, at: Date): Promise<number> {
  const [row] = await db
    .insert(yards)
    .values({ ...input, createdAt: at, updatedAt: at })
    .returning({ id: yards.id });
  return row!.id;
}

export async function updateYard(db: Executor, yardId: number, input: YardInput, at: Date): Promise<void> {
  await db
    .update(yards)
    .set({ ...input, updatedAt: at })
    .where(eq(yards.id, yardId));
}

export async function listStays(db: Executor, caseId: number): Promise<YardStay[]> {
  return selectRows<YardStay>(
    db,
    sql`select s.id, s.yard_id as "yardId", y.name as "yardName", s.in_date as "inDate", s.in_condition as condition,
          s.out_date as "outDate", s.out_reason as "outReason"
        from asset_yard_stays s join yards y on y.id = s.yard_id
        where s.case_id = ${caseId} order by s.id`,
  );
}

export async function insertStay(
  db: Executor,
  values: { caseId: number; yardId: number; inDate: string; inCondition: string; createdByUserId: number; at: Date },
): Promise<number> {
  const [row] = await db
    .insert(assetYardStays)
    .values({ ...values, createdAt: values.at })
    .returning({ id: assetYardStays.id });
  return row!.id;
}

export async function closeStay(
  db: Executor,
  values: { caseId: number; outDate: string; outReason: string },
): Promise<boolean> {
  const rows = await db
    .update(assetYardStays)
    .set({ outDate: values.outDate, outReason: values.outReason })
    .where(and(eq(assetYardStays.caseId, values.caseId), isNull(assetYardStays.outDate)))
    .returning({ id: assetYardStays.id });
  return rows.length > 0;
}

/** Per yard the acting subtree may use: the subtree's cases in it now, the longest stay, stays over 30 days, stages. */
export async function yardInventory(
  db: Executor,
  unitPath: string,
  businessDate: string,
): Promise<YardInventory['yards']> {
  const rows = await selectRows<{
    yardId: number;
    name: string;
    capacity: number;
    definitionCode: string | null;
    stage: string | null;
    count: string | number;
    maxDays: string | number | null;
    over30: string | number;
  }>(
    db,
    sql`select y.id as "yardId", y.name, y.capacity, c.definition_code as "definitionCode", c.stage,
          count(c.id) as count,
          max(${businessDate}::date - s.in_date) as "maxDays",
          count(c.id) filter (where ${businessDate}::date - s.in_date > 30) as over30
        from yards y
        join units u on u.id = y.unit_id
        left join asset_yard_stays s on s.yard_id = y.id and s.out_date is null
        left join cases c on c.id = s.case_id and c.unit_path like ${likePrefix(unitPath)}
        where u.path like ${likePrefix(unitPath)} or ${unitPath} like u.path || '%'
        group by y.id, y.name, y.capacity, c.definition_code, c.stage
        order by y.name, y.id, c.definition_code, c.stage`,
  );
  const byYard = new Map<number, YardInventory['yards'][number]>();
  for (const row of rows) {
    const yard = byYard.get(row.yardId) ?? {
      yardId: row.yardId,
      name: row.name,
      capacity: row.capacity,
      assets: 0,
      maxDaysHeld: 0,
      over30Days: 0,
      stages: [],
    };
    byYard.set(row.yardId, yard);
    if (!row.definitionCode || !row.stage) continue;
    const count = Number(row.count);
    yard.assets += count;
    yard.maxDaysHeld = Math.max(yard.maxDaysHeld, Number(row.maxDays ?? 0));
    yard.over30Days += Number(row.over30);
    yard.stages.push({ definitionCode: row.definitionCode, stage: row.stage, count });
  }
  return [...byYard.values()];
}
