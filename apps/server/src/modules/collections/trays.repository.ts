import type { Currency } from '@recovery-desk/domain/money.ts';
import { sql, type SQL } from 'drizzle-orm';
import type {
  AccountRow,
  EscalationRow,
  PtpRow,
  ReallocationRequestRow,
} from '@recovery-desk/domain/collections/contracts.ts';
import type { TrayKey, TrayRowKind } from '@recovery-desk/domain/collections/trays.ts';
import { agencies } from '@recovery-desk/db/collections-schema.ts';
import { units, users } from '@recovery-desk/db/schema.ts';
import {
  dpdAtLeastBound,
  dpdAtLeastForm,
  dpdAtMostBound,
  dpdAtMostForm,
  dpdKeyOffset,
  dpdOrderKey,
  isNotOverdue,
  isOverdue,
  type DpdAtLeastForm,
  type DpdAtMostForm,
} from '@recovery-desk/db/dpd-sql.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import type { DirectoryKind, TrayNameDirectory } from './tray-name-directory.ts';
import { isoTimestamp, selectRows } from '../../db/sql-rows.ts';
import type { SortKeyType, SortOrder } from '../../db/keyset-cursor.ts';
import {
  cursorKeyExpression,
  cursorKeyParts,
  isMoneySortKey,
  keysetBoundaryOn,
  keysetOrderBy,
  type KeysetBoundary,
  type SortKeySql,
} from '../../db/keyset-order.ts';
import { bound, CompiledQueries } from '../../db/compiled-sql.ts';

// The SQL of the trays: which rows each tray holds (trays.ts `holds`), the acting-unit scope, the case-list
// filters, and keyset pages. Pages are ordered by the sort key and then the id in the opposite direction, so the
// default (DPD descending) and its reverse follow the (…, overdue_key desc, id) indexes of accounts both ways: DPD is
// derived (migration 0029), and overdue_key orders exactly as it (packages/db/src/dpd-sql.ts).

export type TrayScope = {
  view: 'my' | 'team';
  userId: number;
  unitPath: string;
  /** the acting unit has no units below it: its rows match its path exactly (an index range, in key order) */
  isLeafUnit: boolean;
};

export type TrayFilters = {
  dpdFrom?: number | undefined;
  dpdTo?: number | undefined;
  overdueFrom?: string | undefined;
  overdueTo?: string | undefined;
  overdueCurrency?: Currency | undefined;
  products?: string[] | undefined;
  q?: string | undefined;
};

export type TraySelection = {
  trayKey: TrayKey;
  rowKind: TrayRowKind;
  /** one of the tray's extra views, or '' when it has none */
  searchView: string;
  scope: TrayScope;
  filters: TrayFilters;
};

export type KeysetRead = {
  sort: string;
  order: SortOrder;
  keyType: SortKeyType;
  /** rows strictly after (or before) this key and id, in display order */
  boundary?: KeysetBoundary | undefined;
  /** read from the end (prev, last): rows come back in reverse display order */
  backward: boolean;
  limit: number;
};

export type TrayRowOf = {
  account: AccountRow;
  ptp: PtpRow;
  escalation: EscalationRow;
  reallocationRequest: ReallocationRequestRow;
};
export type AnyTrayRow = TrayRowOf[TrayRowKind];
export type KeyedRow = { row: AnyTrayRow; cursorKey: string; cursorId: number };

type Raw = Record<string, unknown>;

/** Names of the users, agencies and units a page shows, by id. */
export class TrayNames {
  private readonly byKind: Record<DirectoryKind, Map<number, string>> = {
    user: new Map(),
    agency: new Map(),
    unit: new Map(),
  };

  set(kind: DirectoryKind, id: number, name: string): void {
    this.byKind[kind].set(id, name);
  }

  /** the name of `id`, or null when there is no id (an unallocated account, no contact yet) */
  of(kind: DirectoryKind, id: unknown): string | null {
    return id === null || id === undefined ? null : (this.byKind[kind].get(Number(id)) ?? null);
  }
}

/** A name a row shows: from the first of its ids that names something, else `otherwise`. */
type ShownName = { field: string; from: readonly (readonly [DirectoryKind, string])[]; otherwise: '' | null };

type Source = {
  /** FROM clause of a page: the customer is joined only when the name search or the name sort needs it */
  pageFrom: (withCustomer: boolean) => SQL;
  /** FROM clause of the count: only what the conditions need (the customer only for the name search) */
  countFrom: (withCustomer: boolean) => SQL;
  /** the row's own columns under their reply names, and the ids whose names it shows */
  select: SQL;
  id: SQL;
  /** money columns sort by currency, then amount (keyset-order.ts) */
  sortKeys: Record<string, SortKeySql>;
  names: readonly ShownName[];
  /** the row shows its customer's name (`customerName`), read with the page from `customerId` */
  customerName: boolean;
  /** id columns selected for the names lookup only (not part of the row) */
  lookupOnly: ReadonlySet<string>;
  /** a last conversion of the row (timestamps to ISO text) */
  finish?: (row: Raw) => Raw;
};

// A page is one statement: the page itself from the tray's own tables (accounts, and the PTP, escalation or request
// they hang off), wrapped in an outer select that adds each row's customer name by primary key (evaluated for the
// page's rows only, after the limit). The names of users, agencies and units come from the process's name directory
// (tray-name-directory.ts), which reads only the ids it does not hold, in a second statement. Joining all five name
// tables into the page made it lock 22 relations (tables and their indexes), past PostgreSQL's 16 fast-path lock
// slots per transaction, and cost 0.4 ms more CPU than two statements; the customer alone keeps it within 16.

const totalBalanceOutstanding = sql`(a.total_principal_outstanding + a.total_interest_outstanding + a.other_charges + a.overdue_charges)`;
const NO_DATE = sql`date '0001-01-01'`;
const CUSTOMER_JOIN = sql`join customers c on c.id = a.customer_id`;
const customerJoin = (withCustomer: boolean) => (withCustomer ? CUSTOMER_JOIN : sql``);

const accountSortKeys: Record<string, SortKeySql> = {
  accountNo: sql`a.account_no`,
  customerName: sql`c.name`,
  dpd: dpdOrderKey('a'),
  bucket: dpdOrderKey('a'),
  totalBalanceOutstanding: { currency: sql`a.currency`, amount: totalBalanceOutstanding },
  totalAmountOverdue: { currency: sql`a.currency`, amount: sql`a.total_due_amount` },
  lastActionDate: sql`coalesce(a.last_action_date, ${NO_DATE})`,
  nextActionDate: sql`coalesce(a.next_action_date, ${NO_DATE})`,
};

/** Allocated to a user or an agency: the user's name, else the agency's. */
const allocatedTo: ShownName = {
  field: 'allocatedTo',
  from: [
    ['user', 'allocatedUserId'],
    ['agency', 'allocatedAgencyId'],
  ],
  otherwise: null,
};
const ALLOCATION_IDS = ['allocatedUserId', 'allocatedAgencyId'] as const;

const SOURCES: Record<TrayRowKind, Source> = {
  account: {
    pageFrom: (withCustomer) => sql`accounts a ${customerJoin(withCustomer)}`,
    countFrom: (withCustomer) => sql`accounts a ${customerJoin(withCustomer)}`,
    select: sql`a.id as "accountId", a.account_no as "accountNo", a.card_no as "cardNo", a.product, a.currency, a.dpd,
      a.bucket, a.asset_class as "assetClass", ${totalBalanceOutstanding} as "totalBalanceOutstanding",
      a.total_due_amount as "totalAmountOverdue", a.last_action_date as "lastActionDate",
      a.next_action_date as "nextActionDate", a.is_on_hold as "isOnHold", a.is_suppressed as "isSuppressed", a.version,
      a.customer_id as "customerId", a.last_contacted_by_user_id as "lastContactedByUserId",
      a.allocated_user_id as "allocatedUserId", a.allocated_agency_id as "allocatedAgencyId", a.unit_id as "unitId"`,
    id: sql`a.id`,
    sortKeys: accountSortKeys,
    names: [
      { field: 'lastContactedBy', from: [['user', 'lastContactedByUserId']], otherwise: null },
      allocatedTo,
      { field: 'unitCode', from: [['unit', 'unitId']], otherwise: '' },
    ],
    customerName: true,
    lookupOnly: new Set(['customerId', 'lastContactedByUserId', ...ALLOCATION_IDS, 'unitId']),
  },
  ptp: {
    pageFrom: (withCustomer) => sql`ptps p join accounts a on a.id = p.account_id ${customerJoin(withCustomer)}`,
    countFrom: (withCustomer) => sql`ptps p join accounts a on a.id = p.account_id ${customerJoin(withCustomer)}`,
    select: sql`p.id as "ptpId", a.id as "accountId", a.account_no as "accountNo", p.currency, a.dpd, a.bucket,
      p.promised_date as "promisedDate", p.promised_amount as "promisedAmount", p.status as "ptpStatus",
      p.deviation_status as "deviationStatus", p.deviation_reasons as "deviationReasons",
      p.captured_by_user_id as "capturedByUserId", p.version, a.customer_id as "customerId",
      p.referred_to_user_id as "referredToUserId"`,
    id: sql`p.id`,
    sortKeys: {
      accountNo: sql`a.account_no`,
      dpd: dpdOrderKey('a'),
      promisedDate: sql`p.promised_date`,
      promisedAmount: { currency: sql`p.currency`, amount: sql`p.promised_amount` },
    },
    names: [
      { field: 'capturedBy', from: [['user', 'capturedByUserId']], otherwise: '' },
      { field: 'referredTo', from: [['user', 'referredToUserId']], otherwise: null },
    ],
    customerName: true,
    lookupOnly: new Set(['customerId', 'referredToUserId']),
  },
  escalation: {
    pageFrom: (withCustomer) => sql`escalations e join accounts a on a.id = e.account_id ${customerJoin(withCustomer)}`,
    countFrom: (withCustomer) =>
      sql`escalations e join accounts a on a.id = e.account_id ${customerJoin(withCustomer)}`,
    select: sql`e.id as "escalationId", a.id as "accountId", a.account_no as "accountNo", a.currency, a.dpd, a.bucket,
      a.total_due_amount as "totalAmountOverdue", e.reason as "escalationReason", e.status as "escalationStatus",
      e.raised_on as "raisedOn", e.version, a.customer_id as "customerId", a.allocated_user_id as "allocatedUserId",
      a.allocated_agency_id as "allocatedAgencyId"`,
    id: sql`e.id`,
    sortKeys: {
      accountNo: sql`a.account_no`,
      dpd: dpdOrderKey('a'),
      totalAmountOverdue: { currency: sql`a.currency`, amount: sql`a.total_due_amount` },
      raisedOn: sql`e.raised_on`,
    },
    names: [allocatedTo],
    customerName: true,
    lookupOnly: new Set(['customerId', ...ALLOCATION_IDS]),
  },
  reallocationRequest: {
    pageFrom: () => sql`reallocation_requests r`,
    countFrom: () => sql`reallocation_requests r`,
    select: sql`r.id as "requestId",
      (select count(*)::int from reallocation_request_accounts x where x.request_id = r.id) as "accountCount",
      (select coalesce(string_agg(xa.account_no, ', ' order by xa.account_no), '')
        from reallocation_request_accounts x join accounts xa on xa.id = x.account_id
        where x.request_id = r.id) as "accountNos",
      r.reason, r.maker_user_id as "makerUserId", r.status as "requestStatus", r.created_at as "createdAt", r.version,
      r.to_user_id as "toUserId", r.to_agency_id as "toAgencyId"`,
    id: sql`r.id`,
    sortKeys: {
      requestId: sql`r.id`,
      createdAt: sql`(extract(epoch from r.created_at) * 1000000)::bigint`,
    },
    names: [
      {
        field: 'toName',
        from: [
          ['user', 'toUserId'],
          ['agency', 'toAgencyId'],
        ],
        otherwise: '',
      },
      { field: 'maker', from: [['user', 'makerUserId']], otherwise: '' },
    ],
    customerName: false,
    lookupOnly: new Set(['toUserId', 'toAgencyId']),
    finish: (row) => ({ ...row, createdAt: isoTimestamp(row.createdAt as Date | string) }),
  },
};

const idsOf = (kind: DirectoryKind) => sql`any(${sql.placeholder(kind)}::int[])`;

// The names lookup has one shape whatever the page, so it is a named prepared statement (planned once per pooled
// connection; primary-key lookups, so the generic plan is the plan a fresh one would be).
function namesStatement(db: Executor) {
  return db
    .select({ kind: sql<DirectoryKind>`'user'`, id: users.id, name: users.fullName })
    .from(users)
    .where(sql`${users.id} = ${idsOf('user')}`)
    .unionAll(
      db
        .select({ kind: sql<DirectoryKind>`'agency'`, id: agencies.id, name: agencies.name })
        .from(agencies)
        .where(sql`${agencies.id} = ${idsOf('agency')}`),
    )
    .unionAll(
      db
        .select({ kind: sql<DirectoryKind>`'unit'`, id: units.id, name: units.unitCode })
        .from(units)
        .where(sql`${units.id} = ${idsOf('unit')}`),
    )
    .prepare('tray_names');
}

const namesStatements = new WeakMap<Executor, ReturnType<typeof namesStatement>>();

/**
 * The names the rows show: from the directory where it holds them, the others in one statement (the ids of each kind
 * as one array parameter: any page size), which the directory then keeps.
 */
async function lookupTrayNames(
  db: Executor,
  source: Source,
  rows: Raw[],
  directory: TrayNameDirectory | undefined,
): Promise<TrayNames> {
  const names = new TrayNames();
  const missing: Record<DirectoryKind, Set<number>> = { user: new Set(), agency: new Set(), unit: new Set() };
  let anyMissing = false;
  for (const row of rows) {
    for (const shown of source.names) {
      for (const [kind, column] of shown.from) {
        const raw = row[column];
        if (raw === null || raw === undefined) continue;
        const id = Number(raw);
        const known = directory?.name(kind, id);
        if (known === undefined) {
          missing[kind].add(id);
          anyMissing = true;
        } else names.set(kind, id, known);
      }
    }
  }
  if (!anyMissing) return names;
  const generation = directory?.generation ?? 0;
  let statement = namesStatements.get(db);
  if (!statement) {
    statement = namesStatement(db);
    namesStatements.set(db, statement);
  }
  const list = (kind: DirectoryKind) => `{${[...missing[kind]].join(',')}}`;
  const found = await statement.execute({ user: list('user'), agency: list('agency'), unit: list('unit') });
  for (const row of found) {
    const id = Number(row.id);
    names.set(row.kind, id, row.name);
    directory?.remember(row.kind, id, row.name, generation);
  }
  return names;
}

/** A row as its tray shows it: its own columns and its names, without the ids read for the lookup. */
function toRow(source: Source, raw: Raw, names: TrayNames): AnyTrayRow {
  const row: Raw = {};
  for (const column in raw) {
    if (!source.lookupOnly.has(column) && column !== 'cursorKey' && column !== 'cursorId') row[column] = raw[column];
  }
  for (const shown of source.names) {
    let name: string | null = null;
    for (const [kind, column] of shown.from) name ??= names.of(kind, raw[column]);
    row[shown.field] = name ?? shown.otherwise;
  }
  return (source.finish ? source.finish(row) : row) as AnyTrayRow;
}

/** `inner` (rows with `customerId`) with each row's customer name added, looked up for those rows only. */
function withCustomerName(source: Source, inner: SQL): SQL {
  if (!source.customerName) return inner;
  return sql`select page.*, coalesce((select cn.name from customers cn where cn.id = page."customerId"), '')
    as "customerName" from (${inner}) page`;
}

// A page's and a count's SQL text is built once per shape (db/compiled-sql.ts): the shape holds what the text
// depends on (tray, view, which filters are set and how, sort, direction), the values what a request binds.

/** What a tray statement's text depends on, besides the page read. */
type SelectionShape = {
  rowKind: TrayRowKind;
  trayKey: TrayKey;
  searchView: string;
  view: TrayScope['view'];
  leaf: boolean;
  dpdFrom: DpdAtLeastForm | null;
  dpdTo: DpdAtMostForm | null;
  overdueFrom: boolean;
  overdueTo: boolean;
  /** how many products are listed */
  products: number;
  q: boolean;
};

type PageShape = SelectionShape & {
  sort: string;
  order: SortOrder;
  keyType: SortKeyType;
  backward: boolean;
  boundary: KeysetBoundary['side'] | null;
  withCustomer: boolean;
};

function selectionShape(selection: TraySelection): SelectionShape {
  const { filters, scope } = selection;
  return {
    rowKind: selection.rowKind,
    trayKey: selection.trayKey,
    searchView: selection.searchView,
    view: scope.view,
    leaf: scope.isLeafUnit,
    dpdFrom: filters.dpdFrom === undefined ? null : dpdAtLeastForm(filters.dpdFrom),
    dpdTo: filters.dpdTo === undefined ? null : dpdAtMostForm(filters.dpdTo),
    overdueFrom: filters.overdueFrom !== undefined,
    overdueTo: filters.overdueTo !== undefined,
    products: filters.products?.length ?? 0,
    q: Boolean(filters.q),
  };
}

/** The values a selection binds, by placeholder name. */
function selectionValues(selection: TraySelection): Record<string, unknown> {
  const { filters, scope } = selection;
  const values: Record<string, unknown> = {
    unitPath:
      scope.isLeafUnit && selection.rowKind !== 'reallocationRequest' ? scope.unitPath : likePrefix(scope.unitPath),
    userId: scope.userId,
    currency: filters.overdueCurrency ?? 'INR',
  };
  if (filters.dpdFrom !== undefined) values.dpdFrom = dpdKeyOffset(filters.dpdFrom);
  if (filters.dpdTo !== undefined) values.dpdTo = dpdKeyOffset(filters.dpdTo);
  if (filters.overdueFrom !== undefined) values.overdueFrom = filters.overdueFrom;
  if (filters.overdueTo !== undefined) values.overdueTo = filters.overdueTo;
  filters.products?.forEach((product, index) => {
    values[`product${index}`] = product;
  });
  if (filters.q) values.q = likePrefix(filters.q);
  return values;
}

function scopeConditions(shape: SelectionShape): SQL[] {
  const { rowKind, trayKey } = shape;
  if (rowKind === 'reallocationRequest') {
    return [
      sql`r.maker_unit_path like ${bound('unitPath')}`,
      ...(shape.view === 'my' ? [sql`r.maker_user_id = ${bound('userId')}`] : []),
    ];
  }
  // A unit with nothing below it owns exactly the accounts whose path is its own: an equality walks the team-view
  // index in key order, where LIKE would make the planner filter another index.
  const conditions = [
    shape.leaf ? sql`a.unit_path = ${bound('unitPath')}` : sql`a.unit_path like ${bound('unitPath')}`,
  ];
  if (shape.view === 'my') {
    if (rowKind === 'ptp') {
      conditions.push(
        trayKey === 'fieldCollectorPtpReferralList'
          ? sql`p.referred_to_user_id = ${bound('userId')}`
          : sql`p.captured_by_user_id = ${bound('userId')}`,
      );
    } else {
      conditions.push(sql`a.allocated_user_id = ${bound('userId')}`);
    }
  }
  return conditions;
}

const VIEW_STATUS: Record<string, string> = { pendingApproval: 'PENDING', approved: 'APPROVED', rejected: 'REJECTED' };

/** The rows a tray holds (trays.ts `holds`), with its extra search view. */
function holdsCondition(trayKey: TrayKey, searchView: string): SQL {
  switch (trayKey) {
    case 'telecaller':
      return sql`${isOverdue('a')} and not a.is_suppressed`;
    case 'nonDelinquentAccount':
      return isNotOverdue('a');
    case 'skiptrace':
      return sql`a.in_skip_trace`;
    case 'manualalloc':
      return sql`${isOverdue('a')} and a.allocated_user_id is null and a.allocated_agency_id is null and not a.is_on_hold`;
    case 'manualrealloc':
      return sql`${isOverdue('a')} and (a.allocated_user_id is not null or a.allocated_agency_id is not null)
        and not a.is_on_hold and not exists (
          select 1 from reallocation_request_accounts x join reallocation_requests xr on xr.id = x.request_id
          where x.account_id = a.id and xr.status = 'PENDING')`;
    case 'allocationHold':
      return sql`${isOverdue('a')} and a.is_on_hold = ${searchView === 'onHold'}`;
    case 'activitySuppressRemoval':
      return sql`a.is_suppressed = ${searchView === 'suppressed'}`;
    case 'escalcases':
      return searchView === 'historicEscalation' ? sql`e.status <> 'OPEN'` : sql`e.status = 'OPEN'`;
    case 'manualReAllocListApproval':
      return sql`r.status = ${VIEW_STATUS[searchView] ?? 'PENDING'}`;
    case 'ptpDeviation':
      // A pending deviation of a promise that was replaced (cancelled) has nothing left to decide.
      return searchView === 'pendingApproval'
        ? sql`p.deviation_status = 'PENDING' and p.status <> 'CANCELLED'`
        : sql`p.deviation_status = ${VIEW_STATUS[searchView] ?? 'APPROVED'}`;
    case 'ptpReferral':
      return sql`p.status in ('BROKEN', 'PARTIAL') and p.referred_to_user_id is null`;
    case 'ptpReferralAgent':
      return sql`p.status = 'OPEN'`;
    case 'fieldCollectorPtpReferralList':
      return sql`p.referred_to_user_id is not null`;
  }
}

/** The case-list filters on an account `a` and its customer `c`. */
function accountFilters(shape: SelectionShape): SQL[] {
  const conditions: SQL[] = [];
  if (shape.dpdFrom) conditions.push(dpdAtLeastBound('a', shape.dpdFrom, sql`${bound('dpdFrom')}`));
  if (shape.dpdTo) conditions.push(dpdAtMostBound('a', shape.dpdTo, sql`${bound('dpdTo')}`));
  if (shape.overdueFrom) conditions.push(sql`a.total_due_amount >= ${bound('overdueFrom')}::numeric`);
  if (shape.overdueTo) conditions.push(sql`a.total_due_amount <= ${bound('overdueTo')}::numeric`);
  // Amounts of different currencies are never compared: a bound selects the accounts of its currency only.
  if (shape.overdueFrom || shape.overdueTo) conditions.push(sql`a.currency = ${bound('currency')}`);
  if (shape.products > 0) {
    const listed = Array.from({ length: shape.products }, (_, index) => sql`${bound(`product${index}`)}`);
    conditions.push(sql`a.product in (${sql.join(listed, sql`, `)})`);
  }
  if (shape.q) conditions.push(sql`(a.account_no ilike ${bound('q')} or c.name ilike ${bound('q')})`);
  return conditions;
}

function filterConditions(shape: SelectionShape): SQL[] {
  const conditions = accountFilters(shape);
  if (shape.rowKind !== 'reallocationRequest' || conditions.length === 0) return conditions;
  // A request matches when any of its accounts does.
  return [
    sql`exists (select 1 from reallocation_request_accounts x
      join accounts a on a.id = x.account_id join customers c on c.id = a.customer_id
      where x.request_id = r.id and ${sql.join(conditions, sql` and `)})`,
  ];
}

function whereClause(shape: SelectionShape, extra: SQL[] = []): SQL {
  const conditions = [
    ...scopeConditions(shape),
    holdsCondition(shape.trayKey, shape.searchView),
    // An account paying an approved settlement, or closed as settled, is out of the collection trays (issue 13).
    ...(shape.rowKind === 'account' ? [sql`a.settlement_status is null`] : []),
    ...filterConditions(shape),
    ...extra,
  ];
  return sql.join(conditions, sql` and `);
}

function sortKeyOf(source: Source, sort: string): SortKeySql {
  const key = source.sortKeys[sort];
  if (!key) throw new Error(`no sort key ${sort}`);
  return key;
}

const pageQueries = new CompiledQueries<PageShape>((shape) => {
  const source = SOURCES[shape.rowKind];
  const key = sortKeyOf(source, shape.sort);
  const boundary = shape.boundary
    ? keysetBoundaryOn(key, { order: shape.order, keyType: shape.keyType, side: shape.boundary }, source.id, {
        keyParts: isMoneySortKey(key)
          ? [sql`${bound('boundaryCurrency')}`, sql`${bound('boundaryAmount')}`]
          : [sql`${bound('boundaryKey')}`],
        id: sql`${bound('boundaryId')}`,
      })
    : [];
  // The outer select keeps the page's order: a subquery scan hands its rows on as they come.
  return withCustomerName(
    source,
    sql`select ${source.select}, ${cursorKeyExpression(key)} as "cursorKey", ${source.id} as "cursorId"
      from ${source.pageFrom(shape.withCustomer)}
      where ${whereClause(shape, boundary)}
      order by ${keysetOrderBy(key, shape.order, source.id, shape.backward)}
      limit ${bound('limit')}`,
  );
});

const countQueries = new CompiledQueries<SelectionShape>((shape) => {
  const source = SOURCES[shape.rowKind];
  return sql`select count(*)::int as count from ${source.countFrom(shape.q)} where ${whereClause(shape)}`;
});

/** One keyset page (limit rows, in reading order: reversed when `backward`), with each row's cursor key. */
export async function readTrayPage(
  db: Executor,
  selection: TraySelection,
  read: KeysetRead,
  directory?: TrayNameDirectory,
): Promise<KeyedRow[]> {
  const source = SOURCES[selection.rowKind];
  const key = sortKeyOf(source, read.sort);
  const shape: PageShape = {
    ...selectionShape(selection),
    sort: read.sort,
    order: read.order,
    keyType: read.keyType,
    backward: read.backward,
    boundary: read.boundary?.side ?? null,
    withCustomer: Boolean(selection.filters.q) || read.sort === 'customerName',
  };
  const values = selectionValues(selection);
  values.limit = read.limit;
  if (read.boundary) {
    const parts = cursorKeyParts(key, read.boundary.key);
    if (isMoneySortKey(key)) [values.boundaryCurrency, values.boundaryAmount] = parts;
    else values.boundaryKey = parts[0];
    values.boundaryId = read.boundary.id;
  }
  const rows = await pageQueries.rows<Raw>(db, shape, values);
  const names = await lookupTrayNames(db, source, rows, directory);
  return rows.map((raw) => ({
    row: toRow(source, raw, names),
    cursorKey: String(raw.cursorKey),
    cursorId: Number(raw.cursorId),
  }));
}

/** The exact number of rows of the filtered tray. */
export async function countTrayRows(db: Executor, selection: TraySelection): Promise<number> {
  const [row] = await countQueries.rows<{ count: number }>(db, selectionShape(selection), selectionValues(selection));
  return row?.count ?? 0;
}

/** One row as its tray shows it (the reply of the decision endpoints), by its id; no scope applied here. */
export async function findTrayRow<Kind extends TrayRowKind>(
  db: Executor,
  rowKind: Kind,
  id: number,
  directory?: TrayNameDirectory,
): Promise<TrayRowOf[Kind] | undefined> {
  const source = SOURCES[rowKind];
  const rows = await selectRows<Raw>(
    db,
    withCustomerName(source, sql`select ${source.select} from ${source.pageFrom(false)} where ${source.id} = ${id}`),
  );
  if (rows.length === 0) return undefined;
  const names = await lookupTrayNames(db, source, rows, directory);
  return toRow(source, rows[0]!, names) as TrayRowOf[Kind];
}
