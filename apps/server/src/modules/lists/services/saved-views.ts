import { MAX_SAVED_VIEWS, type SavedView, type SavedViewInput } from '@recovery-desk/domain/lists/contracts.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { SignedInContext } from '../../../http/request-context.ts';
import { countViews, deleteOwnView, findViewByName, listViews, upsertView } from '../saved-views.repository.ts';

// Saved views: a user's named filter sets of one list, kept on the server so they follow the user across browsers.
// Every row belongs to one user; nobody reads or deletes another user's views (404, like a missing one).

export const VIEW_NOT_FOUND = 'Saved view not found';

export function listSavedViews(
  deps: AppDeps,
  { ctx, listKey }: { ctx: SignedInContext; listKey: string },
): Promise<SavedView[]> {
  return listViews(deps.db, { userId: ctx.user.id, listKey });
}

/** POST /api/lists/views — saves the filters under a name; a name the user already has is replaced. */
export function saveView(deps: AppDeps, { ctx, input }: { ctx: SignedInContext; input: SavedViewInput }) {
  const at = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const key = { userId: ctx.user.id, listKey: input.listKey };
    const before = await findViewByName(tx, { ...key, name: input.name });
    if (!before && (await countViews(tx, key)) >= MAX_SAVED_VIEWS) {
      throw validationError('name', `at most ${MAX_SAVED_VIEWS} saved views per list: delete one first`);
    }
    const view = await upsertView(tx, { ...key, name: input.name, params: input.params, at });
    await emitAudit(tx, ctx, {
      action: before ? 'lists.view.replace' : 'lists.view.save',
      entity: 'saved_view',
      entityId: view.id,
      before: before ? { listKey: before.listKey, name: before.name, params: before.params } : null,
      after: { listKey: view.listKey, name: view.name, params: view.params },
    });
    return view;
  });
}

/** DELETE /api/lists/views/:id — the user's own view only. */
export function deleteView(deps: AppDeps, { ctx, id }: { ctx: SignedInContext; id: number }) {
  return withTransaction(deps.db, async (tx) => {
    const view = await deleteOwnView(tx, { userId: ctx.user.id, id });
    if (!view) throw new AppError('NOT_FOUND', VIEW_NOT_FOUND);
    await emitAudit(tx, ctx, {
      action: 'lists.view.delete',
      entity: 'saved_view',
      entityId: view.id,
      before: { listKey: view.listKey, name: view.name, params: view.params },
    });
    return { deleted: view.id };
  });
}
