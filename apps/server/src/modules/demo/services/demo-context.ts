import type { UnitContext } from '../../../http/request-context.ts';
import type { DemoUnitRow, DemoUserRow } from '../demo-seed.repository.ts';
import { DEMO_SEED_REQUEST_ID } from './seed-legal-cases.ts';

/** A demo person acting at a unit of the collections app, as the first start's seeds act (English, local). */
export function demoUnitContext(user: DemoUserRow, unit: DemoUnitRow): UnitContext {
  return {
    requestId: DEMO_SEED_REQUEST_ID,
    ip: '127.0.0.1',
    user: { ...user, familyId: DEMO_SEED_REQUEST_ID },
    actingUnit: { id: unit.id, code: unit.code, path: unit.path, hasChildren: unit.hasChildren },
    app: 'collapp',
    language: 'en',
  };
}
