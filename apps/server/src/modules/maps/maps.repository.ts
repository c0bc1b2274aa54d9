import { mapsApiUsage } from '@recovery-desk/db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

export async function insertMapsUsage(
  db: Executor,
  row: { unitCode: string; googleApi: string; callFrom: string; userId: number; createdAt: Date },
): Promise<number> {
  const [inserted] = await db.insert(mapsApiUsage).values(row).returning({ id: mapsApiUsage.id });
  if (!inserted) throw new Error('maps_api_usage insert returned nothing');
  return inserted.id;
}
