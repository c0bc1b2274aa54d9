import { distanceM, type Point } from './geometry.ts';

// Map-based allocation (issue 16, spec §2.6 `/cmdCenter/mapBasedAllocation`): the PROXIMITY planner. Each allocatable
// account goes to the nearest assignee that still has spare capacity; the accounts that cannot be allocated are
// SKIPPED with their reason. Pure: the server reads the accounts, the assignees' bases and loads, and applies the plan.

/** Why an account of a selection is not allocated. */
export const ALLOCATION_SKIP_REASONS = [
  'HELD',
  'SUPPRESSED',
  'MARKED',
  'SETTLING',
  'NO_LOCATION',
  'OUT_OF_CAPACITY',
  'OUT_OF_REACH',
] as const;
export type AllocationSkipReason = (typeof ALLOCATION_SKIP_REASONS)[number];

export type PlanAccount = {
  id: number;
  latitude: number | null;
  longitude: number | null;
  /** why it cannot be allocated at all (hold, suppression, mark, settlement), or null */
  blocked: AllocationSkipReason | null;
};

export type PlanAssignee = {
  /** `user:<id>` or `agency:<id>` */
  key: string;
  /** where distances are measured from (the branch's location or the last known position); none: used last */
  base: Point | null;
  /** how many more accounts it can take */
  spare: number;
  /** the accounts this assignee may receive (its reach); absent: any */
  reach?: ReadonlySet<number>;
};

export type PlannedAllocation = { accountId: number; assignee: string; distanceM: number | null };
export type PlannedSkip = { accountId: number; reason: AllocationSkipReason };
export type AllocationPlan = { allocations: PlannedAllocation[]; skipped: PlannedSkip[] };

/**
 * The plan: all (account, assignee) pairs by distance, nearest first (ties: the lower account id, then the assignee
 * listed first); a pair is taken when its account is still open and its assignee has spare capacity, so an account
 * goes to the nearest assignee with room and a full assignee's nearest accounts spill to the next nearest. Assignees
 * without a base come after every assignee with one. Deterministic for a given input.
 */
export function planProximityAllocation(
  accounts: readonly PlanAccount[],
  assignees: readonly PlanAssignee[],
): AllocationPlan {
  const skipped: PlannedSkip[] = [];
  const open: (PlanAccount & Point)[] = [];
  for (const account of [...accounts].sort((a, b) => a.id - b.id)) {
    if (account.blocked) skipped.push({ accountId: account.id, reason: account.blocked });
    else if (account.latitude === null || account.longitude === null)
      skipped.push({ accountId: account.id, reason: 'NO_LOCATION' });
    else open.push({ ...account, latitude: account.latitude, longitude: account.longitude });
  }
  const spare = assignees.map((assignee) => Math.max(0, Math.floor(assignee.spare)));
  const pairs: { account: number; assignee: number; distance: number }[] = [];
  open.forEach((account, a) => {
    assignees.forEach((assignee, s) => {
      if (spare[s] === 0 || (assignee.reach && !assignee.reach.has(account.id))) return;
      pairs.push({ account: a, assignee: s, distance: assignee.base ? distanceM(account, assignee.base) : Infinity });
    });
  });
  pairs.sort((x, y) => x.distance - y.distance || x.account - y.account || x.assignee - y.assignee);
  const taken = new Map<number, PlannedAllocation>();
  for (const pair of pairs) {
    if (taken.has(pair.account) || spare[pair.assignee]! <= 0) continue;
    spare[pair.assignee]!--;
    taken.set(pair.account, {
      accountId: open[pair.account]!.id,
      assignee: assignees[pair.assignee]!.key,
      distanceM: Number.isFinite(pair.distance) ? Math.round(pair.distance) : null,
    });
  }
  const allocations: PlannedAllocation[] = [];
  open.forEach((account, a) => {
    const planned = taken.get(a);
    if (planned) allocations.push(planned);
    else {
      const reachable = assignees.some((assignee) => !assignee.reach || assignee.reach.has(account.id));
      skipped.push({ accountId: account.id, reason: reachable ? 'OUT_OF_CAPACITY' : 'OUT_OF_REACH' });
    }
  });
  skipped.sort((a, b) => a.accountId - b.accountId);
  return { allocations, skipped };
}
