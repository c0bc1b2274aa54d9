import { describe, expect, it } from 'vitest';
import { planProximityAllocation, type PlanAccount, type PlanAssignee } from './allocation-plan.ts';

const at = (id: number, latitude: number, longitude: number): PlanAccount => ({
  id,
  latitude,
  longitude,
  blocked: null,
});
const who = (key: string, latitude: number, longitude: number, spare: number): PlanAssignee => ({
  key,
  base: { latitude, longitude },
  spare,
});

describe('planProximityAllocation', () => {
  it('gives each account to the nearest assignee', () => {
    const plan = planProximityAllocation(
      [at(1, 19.0, 72.8), at(2, 19.2, 73.0), at(3, 19.01, 72.81)],
      [who('user:1', 19.0, 72.8, 10), who('user:2', 19.2, 73.0, 10)],
    );
    expect(plan.allocations.map((a) => [a.accountId, a.assignee])).toEqual([
      [1, 'user:1'],
      [2, 'user:2'],
      [3, 'user:1'],
    ]);
    expect(plan.allocations[0]!.distanceM).toBe(0);
    expect(plan.skipped).toEqual([]);
  });

  it('spills to the next nearest when the nearest is full, and skips when all are full', () => {
    const plan = planProximityAllocation(
      [at(1, 19.0, 72.8), at(2, 19.001, 72.8), at(3, 19.002, 72.8)],
      [who('user:1', 19.0, 72.8, 1), who('user:2', 19.5, 72.8, 1)],
    );
    expect(plan.allocations.map((a) => [a.accountId, a.assignee])).toEqual([
      [1, 'user:1'],
      [3, 'user:2'],
    ]);
    // account 3 lies nearer the second assignee than account 2 does
    expect(plan.skipped).toEqual([{ accountId: 2, reason: 'OUT_OF_CAPACITY' }]);
  });

  it('breaks ties by the assignee listed first and is deterministic', () => {
    const input: [PlanAccount[], PlanAssignee[]] = [
      [at(2, 19.0, 72.8), at(1, 19.0, 72.8)],
      [who('agency:7', 19.1, 72.8, 5), who('user:3', 19.1, 72.8, 5)],
    ];
    const plan = planProximityAllocation(...input);
    expect(plan.allocations.map((a) => [a.accountId, a.assignee])).toEqual([
      [1, 'agency:7'],
      [2, 'agency:7'],
    ]);
    expect(planProximityAllocation(...input)).toEqual(plan);
  });

  it('skips blocked and unlocated accounts with their reason, and uses base-less assignees last', () => {
    const plan = planProximityAllocation(
      [
        { id: 1, latitude: 19, longitude: 72.8, blocked: 'HELD' },
        { id: 2, latitude: 19, longitude: 72.8, blocked: 'MARKED' },
        { id: 3, latitude: null, longitude: null, blocked: null },
        at(4, 19, 72.8),
        at(5, 19, 72.8),
      ],
      [{ key: 'user:9', base: null, spare: 5 }, who('user:1', 19.3, 72.8, 1)],
    );
    expect(plan.allocations.map((a) => [a.accountId, a.assignee, a.distanceM === null])).toEqual([
      [4, 'user:1', false],
      [5, 'user:9', true],
    ]);
    expect(plan.skipped).toEqual([
      { accountId: 1, reason: 'HELD' },
      { accountId: 2, reason: 'MARKED' },
      { accountId: 3, reason: 'NO_LOCATION' },
    ]);
  });

  it('respects each assignee’s reach', () => {
    const plan = planProximityAllocation(
      [at(1, 19, 72.8), at(2, 19, 72.8)],
      [{ ...who('user:1', 19, 72.8, 5), reach: new Set([1]) }],
    );
    expect(plan.allocations).toEqual([{ accountId: 1, assignee: 'user:1', distanceM: 0 }]);
    expect(plan.skipped).toEqual([{ accountId: 2, reason: 'OUT_OF_REACH' }]);
  });

  it('allocates nothing with no assignees or zero capacity', () => {
    expect(planProximityAllocation([at(1, 19, 72.8)], []).skipped).toEqual([{ accountId: 1, reason: 'OUT_OF_REACH' }]);
    expect(planProximityAllocation([at(1, 19, 72.8)], [who('user:1', 19, 72.8, 0)]).skipped).toEqual([
      { accountId: 1, reason: 'OUT_OF_CAPACITY' },
    ]);
  });
});
