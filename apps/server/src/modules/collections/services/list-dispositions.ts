import type { AppDeps } from '../../../deps.ts';
import { listActiveDispositions, type DispositionRecord } from '../follow-ups.repository.ts';

export type DispositionsReply = { data: Omit<DispositionRecord, 'isActive'>[] };

/** GET /api/collections/dispositions — the active disposition codes, in their configured order. */
export async function listDispositions(deps: AppDeps): Promise<DispositionsReply> {
  const rows = await listActiveDispositions(deps.db);
  return { data: rows.map(({ isActive: _isActive, ...disposition }) => disposition) };
}
