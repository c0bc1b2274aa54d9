import {
  ACCOUNT_SEARCH_LIMIT,
  type AccountSearchHit,
  type AccountSearchReply,
} from '@recovery-desk/domain/lists/contracts.ts';
import { SEARCH_TRAYS } from '@recovery-desk/domain/lists/search-trays.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { listAuthorityEntries } from '../../../access/authority-entries.repository.ts';
import {
  searchByAccountNo,
  searchByName,
  searchByPan,
  searchByPhone,
  type SearchRow,
} from '../account-search.repository.ts';

const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** `ABCDE1234F` → `XXXXXX234F`: only the last four characters show. */
export function maskPan(pan: string | null): string | null {
  if (!pan) return null;
  const clean = pan.trim().toUpperCase();
  return clean.length <= 4 ? 'X'.repeat(clean.length) : `${'X'.repeat(clean.length - 4)}${clean.slice(-4)}`;
}

/** The phone digits a query compares: its last ten (so +91 98765 43210 and 098765-43210 match 9876543210). */
export function phoneDigits(query: string): string | null {
  if (!/^[+\d][\d\s()-]*$/.test(query)) return null;
  const digits = query.replace(/\D/g, '');
  return digits.length >= 10 ? digits.slice(-10) : null;
}

export function nameWords(query: string): string[] {
  return [
    ...new Set(
      query
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => word.length > 0),
    ),
  ].slice(0, 5);
}

/**
 * GET /api/search/accounts?q= — accounts of the acting unit's subtree by account number (prefix), PAN and phone
 * (exact, normalised) or name (every word a prefix of a word of the name), at most ACCOUNT_SEARCH_LIMIT. The caller
 * needs a collections tray with an account view in the acting unit: the hits open there.
 */
export async function searchAccounts(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: string },
): Promise<AccountSearchReply> {
  const entries = await listAuthorityEntries(deps.db, {
    userId: ctx.user.id,
    unitId: ctx.actingUnit.id,
    app: 'collapp',
  });
  const held = new Set(entries.map((entry) => entry.system_auth));
  const openTray = SEARCH_TRAYS.find((tray) => held.has(tray.authority));
  if (!openTray) {
    throw new AppError('AUTHORITY_MISSING', 'The account search needs a collections tray with the account view.');
  }
  const unitPath = ctx.actingUnit.path;
  const limit = ACCOUNT_SEARCH_LIMIT;
  const compact = query.replace(/\s+/g, '').toUpperCase();
  const lookups: [AccountSearchHit['matchedBy'], Promise<SearchRow[]>][] = [];
  if (PAN.test(compact)) lookups.push(['pan', searchByPan(deps.db, { pan: compact, unitPath, limit })]);
  const digits = phoneDigits(query);
  if (digits) lookups.push(['phone', searchByPhone(deps.db, { digits, unitPath, limit })]);
  if (/\d/.test(compact) && /^[A-Z0-9/_-]+$/.test(compact)) {
    lookups.push(['accountNo', searchByAccountNo(deps.db, { prefix: compact, unitPath, limit })]);
  }
  const words = nameWords(query);
  if (/\p{L}/u.test(query) && words.length > 0) {
    lookups.push(['name', searchByName(deps.db, { words, unitPath, limit })]);
  }
  const hits: AccountSearchHit[] = [];
  const seen = new Set<number>();
  const results = await Promise.all(lookups.map(([, pending]) => pending));
  for (const [index, [matchedBy]] of lookups.entries()) {
    const rows = results[index] ?? [];
    const ordered =
      matchedBy === 'name'
        ? [...rows].sort(
            (a, b) => a.customerName.localeCompare(b.customerName) || a.accountNo.localeCompare(b.accountNo),
          )
        : rows;
    for (const row of ordered) {
      if (hits.length >= limit || seen.has(row.accountId)) continue;
      seen.add(row.accountId);
      hits.push({
        accountId: row.accountId,
        accountNo: row.accountNo,
        customerName: row.customerName,
        maskedPan: maskPan(row.pan),
        product: row.product,
        dpd: row.dpd,
        unitName: row.unitName,
        matchedBy,
      });
    }
  }
  return { openTray: openTray.key, hits };
}
