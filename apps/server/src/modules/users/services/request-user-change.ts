import {
  diffUserSnapshots,
  type NewUser,
  type UserChangePayload,
  type UserChangeRequest,
  type UserChangeResubmit,
  type UserDetails,
  type UserSnapshot,
} from '@recovery-desk/domain/users/contracts.ts';
import { withTransaction, type Executor } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import {
  notTheMaker,
  notWaiting,
  requestApprovalInTx,
  resubmitApproval,
  type ApprovalHandler,
  type ApprovalRecord,
} from '../../approvals/index.ts';
import {
  commonPath,
  drawUserId,
  identityTaken,
  openRequestIdOf,
  readUserSnapshot,
  unitsByIds,
  userChangeRequestInScope,
  type UnitInfo,
} from '../users.repository.ts';

const userNotFound = () => new AppError('NOT_FOUND', 'User not found');

const alreadyOpen = () =>
  new AppError('APPROVAL_ALREADY_OPEN', 'This user already waits in an open user change request.');

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
    if (typeof current !== 'object') break;
  }
  return false;
}

/** The units of the request, each an active unit of the acting unit's subtree (400 naming `user.units.<i>`). */
async function unitsInScope(db: Executor, ctx: UnitContext, ids: readonly number[]): Promise<UnitInfo[]> {
  const found = new Map((await unitsByIds(db, ids)).map((unit) => [unit.id, unit]));
  return ids.map((id, index) => {
    const unit = found.get(id);
    if (!unit || !unit.path.startsWith(ctx.actingUnit.path)) {
      throw validationError(`user.units.${index}`, 'is not a unit of your unit or below it');
    }
    return unit;
  });
}

function snapshotOf(
  details: UserDetails | NewUser,
  units: readonly UnitInfo[],
  identity: { username: string; isActive: boolean },
): UserSnapshot {
  const byId = new Map(units.map((unit) => [unit.id, unit]));
  return {
    username: identity.username,
    fullName: details.fullName,
    email: details.email,
    mobile: details.mobile ?? null,
    isActive: identity.isActive,
    units: units.map((unit) => ({ id: unit.id, code: unit.code, name: unit.name })),
    authorities: details.authorities.map((grant) => ({
      unitId: grant.unitId,
      unitCode: byId.get(grant.unitId)!.code,
      app: grant.app,
      systemAuth: grant.systemAuth,
      tabs: grant.tabs,
    })),
  };
}

/** A user of the subtree (every unit of theirs in it): 404 otherwise. */
async function userInScope(db: Executor, ctx: UnitContext, userId: number) {
  const user = await readUserSnapshot(db, userId);
  if (!user || user.unitPaths.length === 0 || !user.unitPaths.every((path) => path.startsWith(ctx.actingUnit.path))) {
    throw userNotFound();
  }
  return user;
}

async function hasOpenRequest(db: Executor, subjectId: number): Promise<boolean> {
  return (await openRequestIdOf(db, subjectId)) !== undefined;
}

type Built = { subjectId: number; unitPath: string; payload: UserChangePayload };

/**
 * The request a change makes, through every check a new request passes: the units in the maker's subtree, the
 * username and e-mail free, the user in scope, an edit that changes something, one open request per user. A resubmit
 * (the maker's answer to a pushback) rebuilds it against the user as they stand now, for the same subject; its own
 * request is the user's open one, and the identity it proposes is its own.
 */
async function buildUserChange(
  tx: Executor,
  ctx: UnitContext,
  input: UserChangeRequest,
  resubmitOf?: { subjectId: number },
): Promise<Built> {
  if (input.action !== 'CREATE' && input.userId === ctx.user.id) {
    throw new AppError('MAKER_CANNOT_CHECK', 'You cannot request a change to your own user.');
  }
  const exceptUserId = resubmitOf?.subjectId;
  let subjectId: number;
  let before: UserSnapshot | null = null;
  let after: UserSnapshot;
  let paths: string[];
  if (input.action === 'CREATE') {
    if (await identityTaken(tx, { field: 'username', value: input.user.username, exceptUserId })) {
      throw validationError('user.username', 'is already taken');
    }
    if (await identityTaken(tx, { field: 'email', value: input.user.email, exceptUserId })) {
      throw validationError('user.email', 'is already taken');
    }
    const units = await unitsInScope(tx, ctx, input.user.units);
    after = snapshotOf(input.user, units, { username: input.user.username, isActive: true });
    paths = units.map((unit) => unit.path);
    subjectId = resubmitOf ? resubmitOf.subjectId : await drawUserId(tx);
  } else {
    const current = await userInScope(tx, ctx, input.userId);
    subjectId = input.userId;
    before = current.snapshot;
    paths = [...current.unitPaths];
    if (!resubmitOf && (await hasOpenRequest(tx, subjectId))) throw alreadyOpen();
    if (input.action === 'UPDATE') {
      if (await identityTaken(tx, { field: 'email', value: input.user.email, exceptUserId: input.userId })) {
        throw validationError('user.email', 'is already taken');
      }
      const units = await unitsInScope(tx, ctx, input.user.units);
      paths.push(...units.map((unit) => unit.path));
      after = snapshotOf(input.user, units, { username: before.username, isActive: before.isActive });
      if (diffUserSnapshots(before, after).length === 0) throw validationError('user', 'changes nothing');
    } else if (input.action === 'DEACTIVATE') {
      if (!before.isActive) throw validationError('action', 'the user is already inactive');
      after = { ...before, isActive: false };
    } else if (input.action === 'REACTIVATE') {
      if (before.isActive) throw validationError('action', 'the user is already active');
      after = { ...before, isActive: true };
    } else {
      if (!before.isActive) throw validationError('action', 'the user is inactive: reactivate the user first');
      after = before;
    }
  }
  return { subjectId, unitPath: commonPath(paths), payload: { action: input.action, before, after } };
}

/**
 * POST /api/users/requests — the maker's request: nothing changes until a second administrator approves it. The
 * request records the user before and after (the checker's diff); its scope is the deepest unit above every unit
 * involved, so a checker sees it when acting there or above.
 */
export async function requestUserChange(
  deps: AppDeps,
  { ctx, handler, input }: { ctx: UnitContext; handler: ApprovalHandler<never>; input: UserChangeRequest },
): Promise<ApprovalRecord> {
  const at = deps.clock.now();
  try {
    return await withTransaction(deps.db, async (tx) => {
      const built = await buildUserChange(tx, ctx, input);
      return requestApprovalInTx(tx, ctx, handler, {
        subjectId: built.subjectId,
        unitPath: built.unitPath,
        maker: { userId: ctx.user.id, unitId: ctx.actingUnit.id },
        payload: built.payload,
        remarks: input.remarks ?? null,
        at,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyOpen();
    throw error;
  }
}

/**
 * POST /api/users/requests/:id/resubmit — the maker's answer to a pushback: the change, edited, rebuilt through the
 * same checks as a new request against the user as they stand now (the snapshot the checker's diff shows and the
 * approval's stale check holds), for the same action and user. It waits for a checker again (the kit's resubmit:
 * only its maker, conditional on the version read, a history step and the audit row `users.user_change.resubmit`).
 */
export async function resubmitUserChange(
  deps: AppDeps,
  {
    ctx,
    handler,
    id,
    input,
  }: { ctx: UnitContext; handler: ApprovalHandler<never>; id: number; input: UserChangeResubmit },
): Promise<ApprovalRecord> {
  const request = await userChangeRequestInScope(deps.db, { id, unitPath: ctx.actingUnit.path });
  if (!request) throw new AppError('NOT_FOUND', handler.flow.texts.notFound);
  if (request.makerUserId !== ctx.user.id) throw notTheMaker(handler.flow);
  if (request.status !== 'PUSHBACK') throw notWaiting(handler.flow, request.status, 'PUSHBACK');
  const { version, ...change } = input;
  if (change.action !== request.action) throw validationError('action', `must be ${request.action}, as requested`);
  if (change.action !== 'CREATE' && change.userId !== request.subjectId) {
    throw validationError('userId', 'must be the user of the request');
  }
  const built = await buildUserChange(deps.db, ctx, change, { subjectId: request.subjectId });
  return resubmitApproval(deps, {
    ctx,
    handler,
    id,
    version,
    remarks: change.remarks ?? null,
    payload: built.payload,
    unitPath: built.unitPath,
    input: undefined as never,
  });
}
