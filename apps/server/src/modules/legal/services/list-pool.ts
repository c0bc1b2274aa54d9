import type { z } from 'zod';
import type { PoolAccount, poolQuerySchema } from '@recovery-desk/domain/legal/contracts.ts';
import { poolIneligibility } from '@recovery-desk/domain/legal/pool-rule.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { decodeCursor, encodeCursor } from '../../../db/keyset-cursor.ts';
import { DEFAULT_SORT, SORT_KEY_TYPES } from '../../collections/index.ts';
import { findOpenCaseOfAccount } from '../cases.repository.ts';
import {
  countPool,
  findPoolAccount,
  listBouncedCheques,
  POOL_SORT_KEYS,
  readPoolPage,
  type KeyedPoolRow,
  type PoolRow,
} from '../pool.repository.ts';
import { loadLegalSettings } from './settings.ts';

export type PoolQuery = z.infer<typeof poolQuerySchema>;
export type PoolPage = {
  data: PoolRow[];
  count: number;
  pageSize: number;
  nextCursor: string | null;
  prevCursor: string | null;
};

const SORTABLE = Object.keys(POOL_SORT_KEYS);

function poolSort(query: Pick<PoolQuery, 'sort' | 'order'>) {
  const fallback = DEFAULT_SORT.account;
  const sort = query.sort ?? fallback.sort;
  const keyType = SORT_KEY_TYPES.account[sort];
  if (!keyType || !SORTABLE.includes(sort)) throw validationError('sort', `must be one of ${SORTABLE.join(', ')}`);
  const order = query.order ?? (query.sort === undefined ? fallback.order : 'asc');
  return { sort, order, keyType };
}

/**
 * GET /api/legal/pool — the Legal Eligible Pool: accounts of the acting unit's subtree (Team View) or allocated
 * to the caller (My View) that meet the pool rule of Legal Settings, with the tray filters on top. Keyset pages
 * like the collections trays, and the exact count.
 */
export async function listPool(deps: AppDeps, { ctx, query }: { ctx: UnitContext; query: PoolQuery }) {
  if (query.searchView !== undefined) throw validationError('searchView', 'the legal pool has no search views');
  const sort = poolSort(query);
  const [settings, businessDate] = await Promise.all([loadLegalSettings(deps.db), requireBusinessDate(deps.db)]);
  const selection = {
    rule: settings.poolRule,
    businessDate,
    scope: {
      view: query.view,
      userId: ctx.user.id,
      unitPath: ctx.actingUnit.path,
      isLeafUnit: query.view === 'team' && !ctx.actingUnit.hasChildren,
    },
    filters: {
      dpdFrom: query.dpdFrom,
      dpdTo: query.dpdTo,
      overdueFrom: query.overdueFrom,
      overdueTo: query.overdueTo,
      overdueCurrency: query.overdueCurrency,
      products: query.products,
      q: query.q || undefined,
    },
  };
  const { direction, pageSize } = query;
  let boundary: { side: 'after' | 'before'; key: string; id: number } | undefined;
  if (direction === 'next' || direction === 'prev') {
    const cursor = decodeCursor(query.cursor ?? '', sort);
    if (!cursor) throw validationError('cursor', 'is not valid for this sort and order; start from the first page');
    boundary = { side: direction === 'next' ? 'after' : 'before', key: cursor.key, id: cursor.id };
  }
  const backward = direction === 'prev' || direction === 'last';
  const [keyed, count] = await Promise.all([
    readPoolPage(deps.db, selection, { ...sort, boundary, backward, limit: pageSize + 1 }),
    countPool(deps.db, selection),
  ]);
  const hasMore = keyed.length > pageSize;
  const page = keyed.slice(0, pageSize);
  if (backward) page.reverse();
  const cursorOf = (row: KeyedPoolRow | undefined) =>
    row ? encodeCursor({ sort: sort.sort, order: sort.order, key: row.cursorKey, id: row.cursorId }) : null;
  const hasBefore = direction === 'next' || (backward && hasMore);
  const hasAfter = direction === 'prev' || (!backward && hasMore);
  return {
    data: page.map((row) => row.row),
    count,
    pageSize,
    nextCursor: hasAfter ? cursorOf(page[page.length - 1]) : null,
    prevCursor: hasBefore ? cursorOf(page[0]) : null,
  } satisfies PoolPage;
}

export const ACCOUNT_NOT_FOUND = 'Account not found';

/**
 * GET /api/legal/pool/accounts/:accountId — the account as the pool shows it, why it is not eligible (the pool
 * rule's reasons, evaluated on the same facts as the pool's SQL), its bounced cheques and its open legal case.
 */
export async function getPoolAccount(
  deps: AppDeps,
  { ctx, accountId }: { ctx: UnitContext; accountId: number },
): Promise<PoolAccount> {
  const [settings, businessDate, facts] = await Promise.all([
    loadLegalSettings(deps.db),
    requireBusinessDate(deps.db),
    findPoolAccount(deps.db, { accountId, unitPath: ctx.actingUnit.path }),
  ]);
  if (!facts) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
  const [cheques, openCase] = await Promise.all([
    listBouncedCheques(deps.db, accountId),
    findOpenCaseOfAccount(deps.db, { accountId, unitPath: ctx.actingUnit.path }),
  ]);
  return {
    account: {
      accountId: facts.accountId,
      accountNo: facts.accountNo,
      cardNo: facts.cardNo,
      customerName: facts.customerName,
      product: facts.product,
      currency: facts.currency,
      dpd: facts.dpd,
      bucket: facts.bucket,
      assetClass: facts.assetClass,
      totalBalanceOutstanding: facts.totalBalanceOutstanding,
      totalAmountOverdue: facts.totalAmountOverdue,
      lastContactedBy: facts.lastContactedBy,
      lastActionDate: facts.lastActionDate,
      nextActionDate: facts.nextActionDate,
      allocatedTo: facts.allocatedTo,
      unitCode: facts.unitCode,
      isOnHold: facts.isOnHold,
      isSuppressed: facts.isSuppressed,
      version: facts.version,
      totalPrincipalOutstanding: facts.totalPrincipalOutstanding,
      branchName: facts.branchName,
      bounceDate: facts.bounceDate,
      bounceReason: facts.bounceReason,
    },
    ineligibility: poolIneligibility(settings.poolRule, facts, businessDate),
    openCase: openCase
      ? { caseId: openCase.caseId, caseNo: openCase.caseNo, stage: openCase.stage, status: openCase.status }
      : null,
    cheques,
  };
}
