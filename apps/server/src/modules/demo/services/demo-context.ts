import type { UnitContext } from '../../../http/request-context.ts';
import { demoActorContext, type DemoUnitRow, type DemoUserRow } from '../demo-seed.repository.ts';
import { DEMO_SEED_REQUEST_ID } from './seed-legal-cases.ts';

/** A demo person acting at a unit of the collections app, as the first start's seeds act (English, local). */
export function demoUnitContext(user: DemoUserRow, unit: DemoUnitRow): UnitContext {
  return demoActorContext(user, unit, DEMO_SEED_REQUEST_ID);
}
