import { sql } from 'drizzle-orm';
import { DEFAULT_PTP_POLICY } from '@recovery-desk/domain/collections/ptp-policy.ts';
import {
  SqlRandom,
  arrayLiteral,
  assertIsoDate,
  batchRanges,
  emiSql,
  intLiteral,
  layered,
  textLiteral,
  weightedCase,
} from './book-sql.ts';
import { backfillApprovalRequests } from './approvals-backfill.ts';
import type { Database } from './client.ts';
import {
  BANKS,
  BOOK_AGENCIES,
  BOOK_BRANCHES,
  BOUNCE_REASONS,
  BUILDINGS,
  CARD_BINS,
  CARS,
  EMAIL_DOMAINS,
  FIRM_SUFFIXES,
  FIRST_NAMES,
  HOLD_REASONS,
  LANDMARKS,
  LAST_NAMES,
  NAME_REGIONS,
  NATIVE_TOWNS,
  OFFICE_BUILDINGS,
  PHONES,
  PRODUCT_DETAILS,
  PROMO_CODES,
  REMARKS,
  STREETS,
  SUPPRESSION_REASONS,
  TWO_WHEELERS,
  UTR_BANK_CODES,
  VILLAGE_STREETS,
  type BookBranch,
  type Locality,
} from './demo-book-data.ts';
import { recomputeDelinquency } from './delinquency.ts';

// The scalable demo book (issue 3): customers, accounts and everything the trays work on, generated set-based.
// Each batch of accounts (default 100,000) is first planned into a temporary table by one CREATE TABLE … AS SELECT
// over generate_series (every attribute a deterministic hash of the account id and the seed: see SqlRandom), its
// follow-ups likewise, then each table is filled from the plans by one INSERT … SELECT. Ids of customers, accounts,
// contacts, follow-ups and PTPs are assigned by formula from the current maximum, so rows reference each other
// without reading anything back, and a new book appends after an existing one. Nothing is inserted row by row:
// 20,000 accounts load on PGlite in ~6–11 s, 1,000,000 on PostgreSQL in ~2–2.5 min (2 batches in flight).
//
// Shape (domain reference §5): 90% delinquent with bucket mix 1–30 55%, 31–60 18%, 61–90 10%, 91–180 9%,
// 181–365 5%, 365+ 3%; 10% current (DPD 0); ~2% USD (NRI) accounts; six products with realistic tickets,
// tenures and level EMIs. Due schedules are consistent with DPD (oldest unpaid due = business date − DPD + 1),
// so recomputeDelinquency() afterwards changes nothing (generateBook reports what it changed).

export type GenerateBookOptions = {
  accounts: number;
  businessDate: string;
  /** same seed + same starting database → the same book (default 1) */
  seed?: number;
  /** accounts per batch (default 100,000) */
  batchSize?: number;
  /**
   * batches in flight at once (default 1). More than 1 needs a connection pool (PostgreSQL); never inside a
   * transaction.
   */
  concurrency?: number;
  /**
   * Skip foreign-key triggers while loading (`SET LOCAL session_replication_role = replica`, as pg_restore
   * --disable-triggers does): half the insert cost. The generator builds every reference from rows it has just
   * inserted or looked up, and the integration tests check every foreign key of the book for orphans.
   * 'auto' (default): when the database role is a superuser (PGlite always is); otherwise triggers stay on.
   */
  fastLoad?: boolean | 'auto';
  /** progress callback, e.g. for the CLI */
  onProgress?: (event: { done: number; total: number; elapsedMs: number }) => void;
};

export type GenerateBookResult = {
  accounts: number;
  firstAccountId: number | null;
  lastAccountId: number | null;
  /** rows inserted per table */
  rows: Record<string, number>;
  /** accounts whose DPD the final recompute changed (0 means the generator's schedules agree with it) */
  recomputeChanged: number;
  elapsedMs: number;
};

export const BOOK_SHAPE = {
  delinquentShare: 0.9,
  /** delinquent bucket mix B1..B6 (percent) */
  bucketMix: [55, 18, 10, 9, 5, 3],
  usdShare: 0.02,
  /** one customer per account except these extra accounts of existing customers (linked accounts) */
  customersPerAccount: 0.94,
  products: [
    ['PERSONAL', 25],
    ['TWO_WHEELER', 20],
    ['CREDIT_CARD', 16],
    ['AUTO', 14],
    ['MOBILE', 13],
    ['HOME', 12],
  ] as const,
  usdProducts: [
    ['HOME', 40],
    ['AUTO', 30],
    ['PERSONAL', 30],
  ] as const,
  /** INR per USD for USD ticket sizes */
  inrPerUsd: 83,
} as const;

// Salts: one per independent random choice. Appending keeps older salts stable.
const SALT_NAMES = [
  'link',
  'delinquent',
  'bucket',
  'dpd',
  'usd',
  'product',
  'amount',
  'tenure',
  'rate',
  'branch',
  'anchor',
  'paidBefore',
  'history',
  'partial',
  'partialFraction',
  'repay',
  'state',
  'state2',
  'holdReason',
  'suppReason',
  'alloc',
  'alloc2',
  'alloc3',
  'allocAt',
  'fuCount',
  'bounceDate',
  'bounceReason',
  'otherCharges',
  'scheme',
  'promo',
  'promo2',
  'issuedBy',
  'card',
  'card2',
  'tz',
  'nameRegion',
  'nameRegion2',
  'firstName',
  'lastName',
  'firm',
  'firmSuffix',
  'pan1',
  'pan2',
  'pan3',
  'pan4',
  'pan5',
  'dob',
  'segment',
  'banking',
  'serviceSegment',
  'addrCount',
  'addrLocality',
  'addrNo',
  'addrBuilding',
  'addrStreet',
  'addrLandmark',
  'addrLat',
  'addrLon',
  'contactCount',
  'mobileFirst',
  'mobileRest',
  'emailDomain',
  'contactCategory',
  'landline',
  'dueLate',
  'payMode',
  'payRef',
  'payRef2',
  'payBank',
  'collatModel',
  'collatReg1',
  'collatReg2',
  'collatReg3',
  'collatValue',
  'collatBhk',
  'chequeNo',
  'chequeBank',
  'chequeBounce',
  'fuDays',
  'fuDisp',
  'fuMode',
  'fuMode2',
  'fuTime',
  'deviation',
  'deviation2',
  'promisedDate',
  'promisedAmount',
  'devHistory',
  'ptpStatus',
  'ptpPaid',
  'refer',
  'nextAction',
  'nextActionTime',
  'person',
  'remarks',
  'reviewRemarks',
  'escalation',
  'escalationStatus',
  'priorAlloc',
  'priorStart',
  'priorEnd',
  'allocReason',
  'holdDate',
  'endedHold',
  'endedHoldStart',
  'endedHoldLength',
  'endedHoldReason',
  'ptpPayMode',
  'ptpPayDay',
  'collatYear',
] as const;
type SaltName = (typeof SALT_NAMES)[number];
const salt = (name: SaltName): number => SALT_NAMES.indexOf(name) + 1;

const PRODUCT_RULES = {
  // [min, max] ticket in INR (log-uniform between), tenures (months, picked uniformly), annual rate range (%)
  AUTO: { ticket: [350_000, 1_500_000], tenures: [36, 48, 60, 60, 60, 72, 84], rate: [8.75, 11.5] },
  TWO_WHEELER: { ticket: [55_000, 160_000], tenures: [12, 18, 24, 24, 36], rate: [11, 18] },
  HOME: { ticket: [1_200_000, 12_000_000], tenures: [120, 180, 240, 240, 300], rate: [8.4, 9.9] },
  PERSONAL: { ticket: [25_000, 800_000], tenures: [12, 24, 36, 48, 60], rate: [11, 24] },
  CREDIT_CARD: { ticket: [20_000, 300_000], tenures: [0], rate: [42, 42] },
  MOBILE: { ticket: [8_000, 60_000], tenures: [3, 6, 9, 12], rate: [0, 0] },
} as const;
type ProductCode = keyof typeof PRODUCT_RULES;

type ResolvedBranch = BookBranch & {
  unitId: number;
  path: string;
  tc1: number | null;
  tc2: number | null;
  fc: number | null;
  fcUnit: number | null;
  callerId: number;
  callerUnit: number;
  supervisorId: number;
  supervisorUnit: number;
  reviewerId: number | null;
  agencyA: number;
  /** every agency of the branch's zone */
  zoneAgencies: number[];
};

type Executor = Pick<Database, 'execute' | 'transaction'>;

async function rows<T>(db: Pick<Database, 'execute'>, query: string): Promise<T[]> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return result.rows;
}

async function run(db: Pick<Database, 'execute'>, query: string): Promise<number> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rowCount?: number | null; affectedRows?: number };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

/** Agencies of the demo zones (idempotent by code). */
async function ensureAgencies(
  db: Pick<Database, 'execute'>,
  zoneIds: Map<string, number>,
): Promise<Map<string, number>> {
  const values = BOOK_AGENCIES.map((agency) => {
    const zoneId = zoneIds.get(agency.zoneCode);
    if (zoneId === undefined) throw new Error(`demo zone ${agency.zoneCode} is missing`);
    return `(${textLiteral(agency.code)}, ${textLiteral(agency.name)}, ${intLiteral(zoneId)})`;
  });
  await run(db, `insert into agencies (code, name, unit_id) values ${values.join(', ')} on conflict (code) do nothing`);
  const found = await rows<{ id: number; code: string }>(
    db,
    `select id, code from agencies where code in (${BOOK_AGENCIES.map((a) => textLiteral(a.code)).join(', ')})`,
  );
  return new Map(found.map((row) => [row.code, Number(row.id)]));
}

async function resolveOrganisation(db: Pick<Database, 'execute'>): Promise<ResolvedBranch[]> {
  const unitCodes = [...new Set([...BOOK_BRANCHES.map((b) => b.unitCode), ...BOOK_BRANCHES.map((b) => b.zoneCode)])];
  const unitRows = await rows<{ id: number; unit_code: string; path: string }>(
    db,
    `select id, unit_code, path from units where unit_code in (${unitCodes.map(textLiteral).join(', ')})`,
  );
  const units = new Map(unitRows.map((row) => [row.unit_code, { id: Number(row.id), path: row.path }]));
  const missing = unitCodes.filter((code) => !units.has(code));
  if (missing.length > 0) {
    throw new Error(`generateBook needs the demo organisation; units missing: ${missing.join(', ')}`);
  }
  const usernames = [
    ...new Set(
      BOOK_BRANCHES.flatMap((b) => [...b.telecallers, b.fieldCollector, b.caller, b.supervisor, b.ptpReviewer]).filter(
        (name): name is string => name !== null,
      ),
    ),
  ];
  const userRows = await rows<{ id: number; username: string }>(
    db,
    `select id, username from users where username in (${usernames.map(textLiteral).join(', ')})`,
  );
  // a user's home unit: the highest unit they belong to (mgr.mumbai acts in RG-MUM, BR-AND and BR-THN → region)
  const homeUnits = await rows<{ username: string; unit_id: number }>(
    db,
    `select distinct on (u.username) u.username, un.id as unit_id from users u
       join user_units uu on uu.user_id = u.id join units un on un.id = uu.unit_id
     where u.username in (${usernames.map(textLiteral).join(', ')})
     order by u.username, length(un.path), un.id`,
  );
  const home = new Map(homeUnits.map((row) => [row.username, Number(row.unit_id)]));
  const users = new Map(userRows.map((row) => [row.username, Number(row.id)]));
  const missingUsers = usernames.filter((name) => !users.has(name));
  if (missingUsers.length > 0) {
    throw new Error(`generateBook needs the demo users; missing: ${missingUsers.join(', ')}`);
  }
  const zoneIds = new Map(
    (['ZN-N', 'ZN-S', 'ZN-W', 'ZN-E'] as const).map((code) => [code as string, units.get(code)!.id]),
  );
  const agencies = await ensureAgencies(db, zoneIds);
  const user = (name: string) => users.get(name)!;
  const userUnit = (name: string) => home.get(name)!;
  return BOOK_BRANCHES.map((branch) => {
    const unit = units.get(branch.unitCode)!;
    const zoneAgencies = BOOK_AGENCIES.filter((a) => a.zoneCode === branch.zoneCode).map((a) => agencies.get(a.code)!);
    return {
      ...branch,
      unitId: unit.id,
      path: unit.path,
      tc1: branch.telecallers[0] ? user(branch.telecallers[0]) : null,
      tc2: branch.telecallers[1] ? user(branch.telecallers[1]) : null,
      fc: branch.fieldCollector ? user(branch.fieldCollector) : null,
      fcUnit: branch.fieldCollector ? userUnit(branch.fieldCollector) : null,
      callerId: user(branch.caller),
      callerUnit: userUnit(branch.caller),
      supervisorId: user(branch.supervisor),
      supervisorUnit: userUnit(branch.supervisor),
      reviewerId: branch.ptpReviewer ? user(branch.ptpReviewer) : null,
      agencyA: zoneAgencies[0]!,
      zoneAgencies,
    };
  });
}

/** Flattened lookup lists (one-based SQL arrays with per-group offset and count). */
function flatten<T>(groups: readonly (readonly T[])[]): { items: T[]; offsets: number[]; counts: number[] } {
  const items: T[] = [];
  const offsets: number[] = [];
  const counts: number[] = [];
  for (const group of groups) {
    offsets.push(items.length);
    counts.push(group.length);
    items.push(...group);
  }
  return { items, offsets, counts };
}

type Bases = { account: number; customer: number; contact: number; followUp: number; ptp: number };

/** Everything the SQL builders need for one book. */
class BookSql {
  readonly r: SqlRandom;
  readonly bd: string;
  readonly zones = ['ZN-N', 'ZN-S', 'ZN-W', 'ZN-E'] as const;

  constructor(
    readonly branches: ResolvedBranch[],
    /** agency ids per zone code */
    readonly agencyIds: Map<string, number[]>,
    readonly bases: Bases,
    readonly total: number,
    readonly customers: number,
    businessDate: string,
    seed: number,
  ) {
    this.r = new SqlRandom(seed);
    this.bd = `${textLiteral(businessDate)}::date`;
  }

  /** branch attribute by one-based branch index `bidx` */
  b(values: readonly (string | number | null)[], type: 'text' | 'int' | 'float8', index = 'bidx'): string {
    return `(${arrayLiteral(values, type)})[${index}]`;
  }

  branchOf(custId: string): string {
    return weightedCase(
      this.r.rand(custId, salt('branch')),
      this.branches.map((branch, index) => [String(index + 1), branch.weight] as const),
    );
  }

  /** one element of a flattened per-group list, picked uniformly within group `group` */
  pickGrouped<T extends string | number>(
    flat: { items: T[]; offsets: number[]; counts: number[] },
    group: string,
    x: string,
    saltName: SaltName,
    type: 'text' | 'int' | 'float8',
    pickIndex?: string,
  ): string {
    const index =
      pickIndex ??
      `(${arrayLiteral(flat.offsets, 'int')})[${group}] + 1 + ${this.r.int(x, salt(saltName), `(${arrayLiteral(flat.counts, 'int')})[${group}]`)}`;
    return `(${arrayLiteral(flat.items, type)})[${index}]`;
  }

  /** The plan of accounts [start, end) of the book: one row per account with every derived attribute. */
  planQuery(start: number, end: number): string {
    const { r, bd } = this;
    const B = this.branches;
    const C = this.customers;
    const accBase = intLiteral(this.bases.account);
    const custBase = intLiteral(this.bases.customer);
    const products = Object.keys(PRODUCT_RULES) as ProductCode[];
    const byProduct = (f: (p: ProductCode) => string, elseValue = 'null') =>
      `(case product ${products.map((p) => `when ${textLiteral(p)} then ${f(p)}`).join(' ')} else ${elseValue} end)`;
    const rtos = flatten(B.map((b) => b.rtoCodes));
    const regionNo = B.map((b) => NAME_REGIONS.indexOf(b.nameRegion) + 1);
    const zoneNo = B.map((b) => this.zones.indexOf(b.zoneCode) + 1);
    const firstNames = flatten(NAME_REGIONS.map((region) => FIRST_NAMES[region]));
    const lastNames = flatten(NAME_REGIONS.map((region) => LAST_NAMES[region]));
    const agencies = flatten(this.zones.map((zone) => this.agencyIds.get(zone) ?? []));
    const balance = (paid: string) =>
      `(case when tenure = 0 then principal when mr = 0 then principal * (1 - (${paid})::float8 / tenure)
         else principal * (power(1 + mr, tenure) - power(1 + mr, ${paid})) / (power(1 + mr, tenure) - 1) end)`;

    return layered(
      `select i, (${accBase} + 1 + i)::int8 as id from generate_series(${intLiteral(start)}, ${intLiteral(end - 1)}) as i`,
      [
        {
          cust_local: `(case when i < ${C} then i else ${r.int('id', salt('link'), C)} end)`,
          delinquent: `${r.rand('id', salt('delinquent'))} < ${BOOK_SHAPE.delinquentShare}`,
          bucket_raw: weightedCase(
            r.rand('id', salt('bucket')),
            BOOK_SHAPE.bucketMix.map((weight, index) => [String(index + 1), weight] as const),
          ),
          dpd_r: r.rand('id', salt('dpd')),
          usd: `${r.rand('id', salt('usd'))} < ${BOOK_SHAPE.usdShare}`,
          prod_r: r.rand('id', salt('product')),
        },
        {
          cust_id: `${custBase} + 1 + cust_local`,
          is_primary: `i < ${C}`,
          cust_usd: `${r.rand(`${accBase} + 1 + cust_local`, salt('usd'))} < ${BOOK_SHAPE.usdShare}`,
          bucket_no: `(case when delinquent then bucket_raw else 0 end)`,
          product: `(case when usd then ${weightedCase(
            'prod_r',
            BOOK_SHAPE.usdProducts.map(([p, w]) => [textLiteral(p), w] as const),
          )} else ${weightedCase(
            'prod_r',
            BOOK_SHAPE.products.map(([p, w]) => [textLiteral(p), w] as const),
          )} end)`,
        },
        {
          bidx: this.branchOf('cust_id'),
          dpd: `(case bucket_no when 0 then 0 when 1 then 1 + floor(dpd_r * 30) when 2 then 31 + floor(dpd_r * 30)
                  when 3 then 61 + floor(dpd_r * 30) when 4 then 91 + floor(dpd_r * 90)
                  when 5 then 181 + floor(dpd_r * 185) else 366 + floor(dpd_r * 600) end)::int`,
          tenure: byProduct(
            (p) =>
              `(${arrayLiteral([...PRODUCT_RULES[p].tenures], 'int')})[1 + ${r.int('id', salt('tenure'), PRODUCT_RULES[p].tenures.length)}]`,
          ),
          rate: byProduct((p) => {
            const [lo, hi] = PRODUCT_RULES[p].rate;
            const base = `round((${lo} + ${hi - lo} * ${r.rand('id', salt('rate'))})::numeric, 2)::float8`;
            // two thirds of consumer-durable loans are no-cost EMI
            return p === 'MOBILE'
              ? `(case when ${r.rand('id', salt('rate'))} < 0.67 then 0 else 14 end)::float8`
              : base;
          }),
          principal_inr: byProduct((p) => {
            const [lo, hi] = PRODUCT_RULES[p].ticket;
            return `round(${lo} * power(${hi / lo}::float8, ${r.rand('id', salt('amount'))}) / 100) * 100`;
          }),
        },
        {
          principal: `(case when usd then greatest(round(principal_inr / ${BOOK_SHAPE.inrPerUsd} / 10) * 10, 100)
                        else principal_inr end)`,
          anchor: `(case when delinquent then ${bd} - dpd + 1 else ${bd} + 1 + ${r.int('id', salt('anchor'), 28)} end)`,
          unit_id: this.b(
            B.map((b) => b.unitId),
            'int',
          ),
          unit_path: this.b(
            B.map((b) => b.path),
            'text',
          ),
          region_no: this.b(regionNo, 'int'),
          zone_no: this.b(zoneNo, 'int'),
          mr: `rate / 1200.0`,
        },
        {
          m0: `((extract(year from ${bd}) - extract(year from anchor)) * 12
                 + extract(month from ${bd}) - extract(month from anchor))::int`,
        },
        {
          u0: `m0 + (case when (anchor + make_interval(months => m0))::date <= ${bd} then 1 else 0 end)`,
        },
        {
          u: `(case when not delinquent then 0 when tenure = 0 then u0 else least(u0, tenure) end)`,
        },
        {
          p0: `(case when tenure = 0 then 6 + ${r.int('id', salt('paidBefore'), 30)}
                 when delinquent then ${r.int('id', salt('paidBefore'), 'tenure - u + 1')}
                 else ${r.int('id', salt('paidBefore'), 'tenure')} end)`,
        },
        {
          j0: `p0 + 1`,
          hist: `least(p0, 1 + ${r.int('id', salt('history'), 3)})`,
          has_future: `(tenure = 0 or p0 + 1 + u <= tenure)`,
          emi: `(case when tenure = 0 then greatest(round(principal * 0.05), case when usd then 10 else 200 end)
                 else ${emiSql('principal', 'rate', 'tenure', 'usd')} end)`,
        },
        {
          partial: `(case when delinquent and ${r.rand('id', salt('partial'))} < 0.15
                      then round((emi * (0.2 + 0.6 * ${r.rand('id', salt('partialFraction'))}))::numeric, 2)::float8
                      else 0 end)`,
          bal_before: balance('p0'),
          bal_after: balance('p0 + u'),
          next_due: `(case when has_future then (anchor + make_interval(months => u))::date end)`,
          disbursal: `(anchor - make_interval(months => j0))::date`,
          maturity: `(case when tenure > 0 then (anchor + make_interval(months => tenure - j0))::date end)`,
          last_due: `(case when delinquent then (anchor + make_interval(months => u - 1))::date
                       when j0 > 1 then (anchor - make_interval(months => 1))::date end)`,
          repay: `(case when product = 'CREDIT_CARD' then
                    (case when ${r.rand('id', salt('repay'))} < 0.4 then 'AUTO_DEBIT' else 'MANUAL' end)
                   else ${weightedCase(r.rand('id', salt('repay')), [
                     ["'NACH'", 65],
                     ["'PDC'", 10],
                     ["'STANDING_INSTRUCTION'", 12],
                     ["'CASH'", 13],
                   ])} end)`,
          state: `(case when not delinquent then 0 else ${weightedCase(r.rand('id', salt('state')), [
            ['1', 3], // skip trace
            ['2', 3], // allocation hold
            ['3', 2], // activity suppression
            ['4', 2], // refuses to pay (open escalation)
            ['5', 18], // open PTP
            ['6', 72], // working normally
          ])} end)`,
          state_r2: r.rand('id', salt('state2')),
          has_tc: `${this.b(
            B.map((b) => b.tc1),
            'int',
          )} is not null`,
          has_fc: `${this.b(
            B.map((b) => b.fc),
            'int',
          )} is not null`,
        },
        {
          principal_out: `round(bal_before::numeric, 2)`,
          interest_out: `(case when tenure = 0 then round((principal * 0.035 * greatest(u, 1))::numeric, 2)
                           else greatest(0, round((emi * u - (bal_before - bal_after))::numeric, 2)) end)`,
          overdue_charges: `(case when delinquent then round((emi * u * 0.02)::numeric, 2) else 0 end)`,
          bounced: `(delinquent and repay in ('NACH', 'PDC', 'AUTO_DEBIT'))`,
          other_charges: `(case when bucket_no >= 4 and ${r.rand('id', salt('otherCharges'))} < 0.5
                            then case when usd then 15 else 1180 end else 0 end)::numeric`,
          skip_wn: `(state = 1 and state_r2 < 0.6)`,
          hold_reason: `(case when state = 2 then ${r.pick(HOLD_REASONS, 'id', salt('holdReason'))} end)`,
          supp_reason: `(case when state = 3 then ${r.pick(SUPPRESSION_REASONS, 'id', salt('suppReason'))} end)`,
          ptp_kind: `(case when state = 5 then case when state_r2 < 0.85 then 'PTP' when state_r2 < 0.93 then 'PP'
                       else 'FPTP' end end)`,
          alloc_kind: `(case
              when not delinquent then case when has_tc and ${r.rand('id', salt('alloc'))} < 0.3 then 1 else 0 end
              when ${r.rand('id', salt('alloc'))} < 0.12 then 0
              when ${r.rand('id', salt('alloc'))} < 0.22 then 3
              when has_tc and has_fc then case when bucket_no <= 2 or ${r.rand('id', salt('alloc2'))} >= 0.6
                then 1 else 2 end
              when has_tc then 1
              when has_fc then case when bucket_no >= 3 then 2 else 3 end
              when ${r.rand('id', salt('alloc2'))} < 0.75 then 3
              else 0 end)`,
          fu_cnt: `(case when delinquent then greatest(case when state between 1 and 5 then 1 else 0 end,
                      ${r.int('id', salt('fuCount'), 6)})
                    when ${r.rand('id', salt('fuCount'))} < 0.2 then 1 else 0 end)`,
          name_region: `(case when ${r.rand('cust_id', salt('nameRegion'))} < 0.15
                          then 1 + ${r.int('cust_id', salt('nameRegion2'), NAME_REGIONS.length)} else region_no end)`,
          firm: `${r.rand('cust_id', salt('firm'))} < 0.03`,
          tz: `(case when cust_usd then ${weightedCase(r.rand('cust_id', salt('tz')), [
            ["'Asia/Dubai'", 40],
            ["'America/New_York'", 20],
            ["'Europe/London'", 20],
            ["'Asia/Singapore'", 20],
          ])} else 'Asia/Kolkata' end)`,
        },
        {
          alloc_user: `(case alloc_kind
              when 1 then case when ${this.b(
                B.map((b) => b.tc2),
                'int',
              )} is not null and ${r.rand('id', salt('alloc3'))} < 0.25
                then ${this.b(
                  B.map((b) => b.tc2),
                  'int',
                )} else ${this.b(
                  B.map((b) => b.tc1),
                  'int',
                )} end
              when 2 then ${this.b(
                B.map((b) => b.fc),
                'int',
              )} end)`,
          alloc_agency: `(case when alloc_kind = 3 then ${this.pickGrouped(agencies, 'zone_no', 'id', 'alloc3', 'int')} end)`,
          alloc_at: `(case when alloc_kind > 0 then ((${bd} - ${r.int('id', salt('allocAt'), 90)})::timestamp
                        + interval '10 hours') at time zone 'Asia/Kolkata' end)`,
          spacing: `(case when delinquent then least(6.0, dpd::float8 / greatest(fu_cnt, 1)) else 6.0 end)`,
          bounce_charges: `(case when bounced then (case when usd then 7 else 590 end) * least(u, 6) else 0 end)::numeric`,
          bounce_date: `(case when bounced then least(anchor + ${r.int('id', salt('bounceDate'), 3)}, ${bd}) end)`,
          bounce_reason: `(case when bounced then ${r.pick(BOUNCE_REASONS, 'id', salt('bounceReason'))} end)`,
          account_no: `${byProduct((p) => textLiteral(PRODUCT_DETAILS[p].accountPrefix))} || ${this.b(
            B.map((b) => b.accountCode),
            'text',
          )} || lpad(id::text, 10, '0')`,
          card_no: `(case when product = 'CREDIT_CARD' then ${r.pick(CARD_BINS, 'id', salt('card'))} || 'XXXXXX'
                      || ${r.digits('id', salt('card2'), 4)} end)`,
          scheme: byProduct((p) => r.pick(PRODUCT_DETAILS[p].schemes, 'id', salt('scheme'))),
          source_product: byProduct((p) => textLiteral(PRODUCT_DETAILS[p].sourceProduct)),
          promo_code: `(case when ${r.rand('id', salt('promo'))} < 0.25 then ${r.pick(PROMO_CODES, 'id', salt('promo2'))} end)`,
          issued_by: byProduct((p) => r.pick(PRODUCT_DETAILS[p].issuedBy, 'id', salt('issuedBy'))),
          first_name: this.pickGrouped(firstNames, 'name_region', 'cust_id', 'firstName', 'text'),
          last_name: this.pickGrouped(lastNames, 'name_region', 'cust_id', 'lastName', 'text'),
          rto: this.pickGrouped(rtos, 'bidx', 'id', 'collatReg1', 'text'),
        },
        {
          total_due: `(case when delinquent then round((emi * u - partial)::numeric, 2) + overdue_charges + bounce_charges
                        + other_charges else 0 end)`,
          cust_name: `(case when firm then last_name || ' ' || ${r.pick(FIRM_SUFFIXES, 'cust_id', salt('firmSuffix'))}
                        else first_name || ' ' || last_name end)`,
        },
      ],
    );
  }

  /** One row per follow-up to generate (from the plan), with its PTP if the disposition promises payment. */
  followUpPlanQuery(): string {
    const { r, bd } = this;
    const B = this.branches;
    const policy = DEFAULT_PTP_POLICY;
    const fuBase = intLiteral(this.bases.followUp);
    const ptpBase = intLiteral(this.bases.ptp);
    const accBase = intLiteral(this.bases.account);
    const contactBase = intLiteral(this.bases.contact);
    const custBase = intLiteral(this.bases.customer);
    const neutral = weightedCase(r.rand('x', salt('fuDisp')), [
      ["'RNR'", 26],
      ["'SW'", 9],
      ["'BUSY'", 8],
      ["'CD'", 4],
      ["'NC'", 6],
      ["'CB'", 18],
      ["'TPC'", 10],
      ["'INC'", 6],
      ["'SETTLEMENT REQ'", 3],
    ]);
    const earlier = weightedCase(r.rand('x', salt('fuDisp')), [
      ["'RNR'", 22],
      ["'SW'", 9],
      ["'BUSY'", 7],
      ["'CD'", 4],
      ["'NC'", 5],
      ["'CB'", 12],
      ["'TPC'", 7],
      ["'INC'", 5],
      ["'SETTLEMENT REQ'", 2],
      ["'PTP'", 20],
      ["'PP'", 5],
      ["'FPTP'", 2],
    ]);
    const current = weightedCase(r.rand('x', salt('fuDisp')), [
      ["'INC'", 40],
      ["'CB'", 30],
      ["'RNR'", 30],
    ]);
    const remarks = `(case disp ${Object.entries(REMARKS)
      .map(([code, list]) => `when ${textLiteral(code)} then ${r.pick(list, 'x', salt('remarks'))}`)
      .join(' ')} end)`;
    const fc = this.b(
      B.map((b) => b.fc),
      'int',
    );
    const reviewer = this.b(
      B.map((b) => b.reviewerId),
      'int',
    );
    return layered(
      `select p.id, p.cust_id, p.bidx, p.unit_id, p.delinquent, p.bucket_no, p.dpd, p.emi, p.u, p.next_due,
              p.currency_code, p.tz, p.state, p.state_r2, p.skip_wn, p.hold_reason, p.supp_reason, p.ptp_kind,
              p.alloc_kind, p.alloc_user, p.fu_cnt, p.spacing, j, (p.id * 8 + j) as x, j = p.fu_cnt - 1 as is_last
         from book_plan p cross join lateral generate_series(0, p.fu_cnt - 1) as j`,
      [
        {
          d: `floor((fu_cnt - 1 - j + ${r.rand('x', salt('fuDays'))}) * spacing)::int`,
          disp: `(case when not is_last then ${earlier}
                  when state = 0 then ${current}
                  when state = 1 then case when skip_wn then 'WN' else 'SKIP' end
                  when state = 2 and hold_reason = 'Dispute' then 'DISPUTE'
                  when state = 2 and hold_reason = 'Deceased' then 'DECEASED'
                  when state = 3 then case supp_reason when 'Do not call requested' then 'DNC'
                    when 'Claims paid: receipt verification pending' then 'PAID' else 'TPC' end
                  when state = 4 then 'RTP'
                  when state = 5 then ptp_kind
                  else ${neutral} end)`,
          horizon: `(case when bucket_no <= 1 then ${policy.horizonDaysB1} else ${policy.horizonDaysLater} end)`,
        },
        {
          fd: `${bd} - d`,
          is_ptp: `disp in ('PTP', 'PP', 'FPTP')`,
          field: `(${fc} is not null and bucket_no >= 3 and ${r.rand('x', salt('fuMode'))} < 0.35
                   and disp not in ('INC', 'CB', 'BUSY', 'SW', 'CD', 'RNR'))`,
        },
        {
          contact_mode: `(case when disp = 'INC' then 'INBOUND' when field then 'FIELD_VISIT'
                           when disp in ('RNR', 'SW', 'NC') and ${r.rand('x', salt('fuMode2'))} < 0.12 then 'WHATSAPP'
                           else 'CALL' end)`,
          user_id: `(case when field then ${fc} when alloc_kind = 1 then alloc_user
                      else ${this.b(
                        B.map((b) => b.callerId),
                        'int',
                      )} end)`,
          user_unit: `(case when field then ${this.b(
            B.map((b) => b.fcUnit),
            'int',
          )} when alloc_kind = 1 then unit_id
                      else ${this.b(
                        B.map((b) => b.callerUnit),
                        'int',
                      )} end)`,
          contacted_at: `((fd::timestamp + make_interval(mins => 540 + j * 100 + ${r.int('x', salt('fuTime'), 95)}))
                           at time zone tz)`,
          dev_kind: `(case when not (is_last and is_ptp) then 0 when disp = 'FPTP' then 1
                       when ${r.rand('x', salt('deviation'))} < 0.3 then 1 + ${r.int('x', salt('deviation2'), 3)}
                       else 0 end)`,
        },
        {
          promised_date: `(case when not is_ptp then null
              when is_last and dev_kind in (1, 3) then ${bd} + horizon + 1 + ${r.int('x', salt('promisedDate'), 20)}
              when is_last then ${bd} + 1 + ${r.int('x', salt('promisedDate'), `least(horizon, coalesce(next_due - ${bd}, horizon))`)}
              else fd + 1 + ${r.int('x', salt('promisedDate'), 5)} end)`,
          promised_amount: `(case when not is_ptp then null
              when dev_kind in (2, 3) then round((emi * (0.3 + 0.5 * ${r.rand('x', salt('promisedAmount'))}))::numeric, 2)
              else round((emi * (1 + ${r.int('x', salt('promisedAmount'), 'greatest(u, 1)')}))::numeric, 2) end)`,
          dev_history: `(case when is_ptp and not is_last and ${reviewer} is not null then ${weightedCase(
            r.rand('x', salt('devHistory')),
            [
              ["'APPROVED'", 8],
              ["'REJECTED'", 4],
              ["'NONE'", 88],
            ],
          )} else 'NONE' end)`,
        },
        {
          reasons: `array_remove(array[
              case when promised_date - ${bd} > horizon then 'BEYOND_HORIZON' end,
              case when next_due is not null and promised_date > next_due then 'BEYOND_NEXT_DUE' end,
              case when promised_amount < round((emi * ${policy.minimumEmiMultiple})::numeric, 2)
                then 'BELOW_MINIMUM' end]::text[], null)`,
          ptp_status: `(case when not is_ptp then null when is_last then 'OPEN'
              when dev_history = 'REJECTED' or promised_date >= ${bd} - ${policy.graceDays} then 'CANCELLED'
              else ${weightedCase(r.rand('x', salt('ptpStatus')), [
                ["'BROKEN'", 55],
                ["'PARTIAL'", 20],
                ["'KEPT'", 25],
              ])} end)`,
        },
        {
          deviation_status: `(case when not is_ptp then null
              when is_last then case when cardinality(reasons) > 0 then 'PENDING' else 'NONE' end
              else dev_history end)`,
          deviation_reasons: `(case when is_last then to_jsonb(reasons)
              when dev_history <> 'NONE' then '["BEYOND_HORIZON"]'::jsonb else '[]'::jsonb end)`,
          ptp_paid: `(case when ptp_status = 'KEPT' then promised_amount
              when ptp_status = 'PARTIAL' then round(promised_amount * (0.3 + 0.5 * ${r.rand('x', salt('ptpPaid'))})::numeric, 2)
              else 0 end)`,
          resolved_on: `(case when ptp_status in ('KEPT', 'PARTIAL', 'BROKEN') then promised_date + ${policy.graceDays}
              when ptp_status = 'CANCELLED' then least(fd + 1, ${bd}) end)`,
          referred_to: `(case when is_ptp and ptp_status in ('OPEN', 'BROKEN', 'PARTIAL') and bucket_no >= 2
              and ${r.rand('x', salt('refer'))} < 0.5 then ${fc} end)`,
          reviewed_by: `(case when dev_history in ('APPROVED', 'REJECTED') then ${reviewer} end)`,
          action_amount: `(case when is_ptp then promised_amount when disp = 'PAID' then emi::numeric end)`,
          next_action_date: `(case when is_ptp then promised_date
              when disp = 'CB' then fd + 1 + ${r.int('x', salt('nextAction'), 2)}
              when disp in ('RNR', 'SW', 'BUSY', 'CD', 'NC', 'TPC', 'SETTLEMENT REQ') then fd + 1 + ${r.int('x', salt('nextAction'), 3)}
              end)`,
          next_action_time: `(case when disp = 'CB' then ${r.pick(['10:30', '12:00', '15:00', '17:30'], 'x', salt('nextActionTime'))}::time end)`,
          reminder_mode: `(case when is_ptp then 'SMS' when disp = 'CB' then 'CALL' else 'NONE' end)`,
          person_contacted: `(case when disp in ('PTP', 'FPTP', 'PP', 'PAID', 'RTP', 'DISPUTE', 'SETTLEMENT REQ', 'CB', 'INC')
              then 'Self' when disp in ('TPC', 'DECEASED')
              then ${r.pick(['Spouse', 'Father', 'Mother', 'Brother', 'Son', 'Neighbour'], 'x', salt('person'))} end)`,
          remarks,
          contact_id: `(case when contact_mode = 'FIELD_VISIT' then null
              else ${contactBase} + (cust_id - ${custBase} - 1) * 4 + 1 end)`,
          fu_id: `${fuBase} + (id - ${accBase} - 1) * 6 + j + 1`,
          ptp_id: `${ptpBase} + (id - ${accBase} - 1) * 6 + j + 1`,
        },
      ],
    );
  }
}

/**
 * Generates a demo book of `accounts` accounts on the demo organisation (units, users from seedDemoOrganisation),
 * appending to what is there (account numbers stay unique). Deterministic for a seed and starting state.
 */
export async function generateBook(db: Executor, options: GenerateBookOptions): Promise<GenerateBookResult> {
  const started = Date.now();
  const total = options.accounts;
  if (!Number.isSafeInteger(total) || total < 0) throw new Error('accounts must be a non-negative integer');
  const businessDate = assertIsoDate(options.businessDate, 'businessDate');
  const seed = options.seed ?? 1;
  const batchSize = options.batchSize ?? 100_000;
  const counts: Record<string, number> = {};
  const add = (table: string, n: number) => {
    counts[table] = (counts[table] ?? 0) + n;
  };
  if (total === 0) {
    return {
      accounts: 0,
      firstAccountId: null,
      lastAccountId: null,
      rows: counts,
      recomputeChanged: 0,
      elapsedMs: 0,
    };
  }

  const branches = await resolveOrganisation(db);
  const [maxima] = await rows<Record<keyof Bases, number>>(
    db,
    `select (select coalesce(max(id), 0) from accounts) as account,
            (select coalesce(max(id), 0) from customers) as customer,
            (select coalesce(max(id), 0) from contacts) as contact,
            (select coalesce(max(id), 0) from follow_ups) as "followUp",
            (select coalesce(max(id), 0) from ptps) as ptp`,
  );
  const bases: Bases = {
    account: Number(maxima!.account),
    customer: Number(maxima!.customer),
    contact: Number(maxima!.contact),
    followUp: Number(maxima!.followUp),
    ptp: Number(maxima!.ptp),
  };
  const customers = Math.min(total, Math.max(1, Math.round(total * BOOK_SHAPE.customersPerAccount)));
  const agencyIds = new Map<string, number[]>();
  for (const branch of branches) agencyIds.set(branch.zoneCode, branch.zoneAgencies);
  const book = new BookSql(branches, agencyIds, bases, total, customers, businessDate, seed);

  const fastLoad =
    options.fastLoad === true ||
    ((options.fastLoad ?? 'auto') === 'auto' &&
      (await rows<{ su: string }>(db, `select current_setting('is_superuser') as su`))[0]?.su === 'on');
  const ranges = batchRanges(total, batchSize);
  const runBatch = async (range: { start: number; end: number }) => {
    await db.transaction(async (tx) => {
      if (fastLoad) await run(tx, 'set local session_replication_role = replica');
      for (const [table, n] of Object.entries(await insertBatch(tx, book, range.start, range.end))) add(table, n);
    });
    done += range.end - range.start;
    options.onProgress?.({ done, total, elapsedMs: Date.now() - started });
  };
  let done = 0;
  // The first batch alone, then statistics for the planner (the next batches join the filled tables), then the
  // rest with `concurrency` transactions at a time. A batch only ever waits on an earlier batch (its extra
  // accounts of existing customers reference customers of earlier batches), so parallel batches cannot deadlock.
  await runBatch(ranges[0]!);
  if (ranges.length > 1) {
    await run(db, 'analyze customers, accounts, contacts, dues, follow_ups, ptps');
    let next = 1;
    const worker = async () => {
      while (next < ranges.length) {
        const range = ranges[next]!;
        next += 1;
        await runBatch(range);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  }

  for (const [table, base] of [
    ['accounts', bases.account + total * 1],
    ['customers', bases.customer + customers],
    ['contacts', bases.contact + customers * 4],
    ['follow_ups', bases.followUp + total * 6],
    ['ptps', bases.ptp + total * 6],
  ] as const) {
    // ids were assigned by formula: move each sequence past them
    await run(
      db,
      `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select coalesce(max(id), 1) from ${table}), ${intLiteral(base)}))`,
    );
  }
  add('reallocation_requests', await insertReallocationRequests(db, branches, bases.account, total));
  // The book writes PTP deviations, escalations and re-allocation requests straight into their tables: open the
  // approval requests their checkers decide (set-based).
  add('approval_requests', await backfillApprovalRequests(db));
  const recomputeChanged = await recomputeDelinquency(db, businessDate);
  await run(
    db,
    'analyze customers, accounts, addresses, contacts, collaterals, dues, payments, cheques, follow_ups, allocations, ptps, escalations, account_restrictions, agencies',
  );
  return {
    accounts: total,
    firstAccountId: bases.account + 1,
    lastAccountId: bases.account + total,
    rows: counts,
    recomputeChanged,
    elapsedMs: Date.now() - started,
  };
}

async function insertBatch(
  tx: Pick<Database, 'execute'>,
  book: BookSql,
  start: number,
  end: number,
): Promise<Record<string, number>> {
  const { r, bd } = book;
  const B = book.branches;
  const counts: Record<string, number> = {};
  const exec = async (table: string, query: string) => {
    counts[table] = (counts[table] ?? 0) + (await run(tx, query));
  };
  const custBase = intLiteral(book.bases.customer);
  const contactBase = intLiteral(book.bases.contact);
  const firstId = book.bases.account + 1 + start;
  const lastId = book.bases.account + end;

  await run(tx, 'drop table if exists book_plan');
  await run(
    tx,
    `create temp table book_plan on commit drop as
       select q.*, case when q.usd then 'USD' else 'INR' end as currency_code from (${book.planQuery(start, end)}) q`,
  );
  await run(tx, 'drop table if exists book_fu');
  await run(tx, `create temp table book_fu on commit drop as ${book.followUpPlanQuery()}`);

  // customers (one per primary account)
  await exec(
    'customers',
    `insert into customers (id, cif, name, pan, customer_type, general_banking, segmentation, dob, service_segment,
                            time_zone)
     select cust_id, (1000000000 + cust_id)::text, cust_name,
       ${r.letter('cust_id', salt('pan1'))} || ${r.letter('cust_id', salt('pan2'))} || ${r.letter('cust_id', salt('pan3'))}
         || case when firm then 'F' else 'P' end || left(last_name, 1)
         || ${r.digits('cust_id', salt('pan4'), 4)} || ${r.letter('cust_id', salt('pan5'))},
       case when firm then 'NON_INDIVIDUAL' else 'INDIVIDUAL' end,
       case when firm then 'Current' else ${weightedCase(r.rand('cust_id', salt('banking')), [
         ["'Savings'", 60],
         ["'Salary'", 22],
         ["'None'", 18],
       ])} end,
       case when firm then 'Self-employed business' else ${weightedCase(r.rand('cust_id', salt('segment')), [
         ["'Salaried'", 55],
         ["'Self-employed business'", 25],
         ["'Self-employed professional'", 10],
         ["'Pensioner'", 4],
         ["'Agriculture'", 3],
         ["'Student'", 3],
       ])} end,
       case when firm then null else ${bd} - (8030 + ${r.int('cust_id', salt('dob'), 15_700)}) end,
       case when cust_usd then 'NRI' else ${weightedCase(r.rand('cust_id', salt('serviceSegment')), [
         ["'Mass'", 70],
         ["'Mass affluent'", 22],
         ["'Priority'", 8],
       ])} end,
       tz
     from book_plan where is_primary order by cust_id`,
  );
  // The words of the new names for the account search: a fast load skips the customers trigger that keeps them.
  await run(
    tx,
    `insert into customer_name_words (word, customer_id)
     select distinct w, c.id from customers c, regexp_split_to_table(lower(c.name), '[^[:alnum:]]+') as w
     where c.id in (select cust_id from book_plan where is_primary) and w <> ''
     on conflict do nothing`,
  );

  // addresses: residence in the branch's city, office (half), permanent address in a home town of the zone (third)
  const localities = flatten(B.map((b) => b.localities));
  const natives = flatten(book.zones.map((zone) => NATIVE_TOWNS[zone]));
  const locIndex = `(case when j = 2 then (${arrayLiteral(natives.offsets, 'int')})[zone_no] + 1 + ${r.int('ax', salt('addrLocality'), `(${arrayLiteral(natives.counts, 'int')})[zone_no]`)}
                      else (${arrayLiteral(localities.offsets, 'int')})[bidx] + 1 + ${r.int('ax', salt('addrLocality'), `(${arrayLiteral(localities.counts, 'int')})[bidx]`)} end)`;
  const field = (key: keyof Locality, type: 'text' | 'float8') =>
    `(case when j = 2 then (${arrayLiteral(
      natives.items.map((l) => l[key]),
      type,
    )})[li] else (${arrayLiteral(
      localities.items.map((l) => l[key]),
      type,
    )})[li] end)`;
  await exec(
    'addresses',
    `insert into addresses (customer_id, address_type, line1, line2, line3, landmark, city, state, pin_code, level,
                            latitude, longitude)
     select cust_id,
       case j when 0 then 'RESIDENCE' when 1 then 'OFFICE' else 'PERMANENT' end,
       case j when 0 then 'Flat ' || (101 + ${r.int('ax', salt('addrNo'), 1200)}) || ', ' || ${r.pick(BUILDINGS, 'ax', salt('addrBuilding'))}
         when 1 then 'Office ' || (1 + ${r.int('ax', salt('addrNo'), 900)}) || ', ' || ${r.pick(OFFICE_BUILDINGS, 'ax', salt('addrBuilding'))}
         else 'House No. ' || (1 + ${r.int('ax', salt('addrNo'), 400)}) || ', ' || ${r.pick(VILLAGE_STREETS, 'ax', salt('addrBuilding'))} end,
       case when j = 2 then null else ${r.pick(STREETS, 'ax', salt('addrStreet'))} end,
       ${field('name', 'text')},
       'Near ' || ${r.pick(LANDMARKS, 'ax', salt('addrLandmark'))},
       ${field('city', 'text')}, ${field('state', 'text')}, ${field('pin', 'text')},
       case when j = 0 then 'PRIMARY' else 'SECONDARY' end,
       round((${field('lat', 'float8')} + (${r.rand('ax', salt('addrLat'))} - 0.5) * 0.02)::numeric, 6)::float8,
       round((${field('lon', 'float8')} + (${r.rand('ax', salt('addrLon'))} - 0.5) * 0.02)::numeric, 6)::float8
     from (
       select p.cust_id, p.bidx, p.zone_no, g.j, g.ax, ${locIndex} as li
       from book_plan p
       cross join lateral (select j, p.cust_id * 8 + j as ax
                           from generate_series(0, ${r.int('p.cust_id', salt('addrCount'), 3)}) as j) g
       where p.is_primary offset 0
     ) a order by cust_id, j`,
  );

  // accounts, with the last follow-up's outcome and the broken-PTP count
  await exec(
    'accounts',
    `insert into accounts (id, account_no, card_no, customer_id, unit_id, unit_path, product, source_product, scheme,
       promo_code, issued_by, currency, loan_amount, emi_amount, tenure, disbursal_date, maturity_date, last_due_date,
       repayment_mode, total_principal_outstanding, total_interest_outstanding, other_charges, overdue_charges,
       total_due_amount, bounce_date, bounce_reason, bounce_charges, oldest_unpaid_due_date, bucket, asset_class,
       delinquent_flag, allocated_user_id, allocated_agency_id, allocated_at, is_on_hold, is_suppressed,
       in_skip_trace, last_contacted_by_user_id, last_contacted_at, last_action_date, next_action_date,
       last_disposition, broken_ptp_count)
     select p.id, p.account_no, p.card_no, p.cust_id, p.unit_id, p.unit_path, p.product, p.source_product, p.scheme,
       p.promo_code, p.issued_by, p.currency_code, p.principal::numeric, p.emi::numeric, p.tenure, p.disbursal,
       p.maturity, p.last_due, p.repay, p.principal_out, p.interest_out, p.other_charges, p.overdue_charges,
       p.total_due, p.bounce_date, p.bounce_reason, p.bounce_charges,
       case when p.delinquent then p.anchor end,
       case when p.dpd <= 0 then 'CURRENT' when p.dpd <= 30 then 'B1' when p.dpd <= 60 then 'B2'
         when p.dpd <= 90 then 'B3' when p.dpd <= 180 then 'B4' when p.dpd <= 365 then 'B5' else 'B6' end,
       case when p.dpd <= 0 then 'STANDARD' when p.dpd <= 30 then 'SMA-0' when p.dpd <= 60 then 'SMA-1'
         when p.dpd <= 90 then 'SMA-2' else 'NPA' end,
       p.dpd > 0, p.alloc_user, p.alloc_agency, p.alloc_at, p.state = 2, p.state = 3, p.state = 1,
       l.user_id, l.contacted_at, l.fd, l.next_action_date, l.disp, coalesce(bp.n, 0)
     from book_plan p
     left join book_fu l on l.id = p.id and l.is_last
     left join (select id, count(*)::int as n from book_fu where ptp_status = 'BROKEN' group by id) bp on bp.id = p.id
     order by p.id`,
  );

  // contacts: own mobile and e-mail, a spouse/reference mobile, an employer landline
  await exec(
    'contacts',
    `insert into contacts (id, customer_id, contact_type, contact_category, phone, email, level, mode, is_valid,
                           invalid_reason)
     select ${contactBase} + (cust_id - ${custBase} - 1) * 4 + j + 1, cust_id,
       case j when 1 then 'EMAIL' when 3 then 'LANDLINE' else 'MOBILE' end,
       case j when 0 then 'SELF' when 1 then 'SELF' when 2 then
         ${r.pick(['SPOUSE', 'REFERENCE', 'REFERENCE', 'GUARANTOR'], 'cx', salt('contactCategory'))} else 'EMPLOYER' end,
       case j when 1 then null
         when 3 then ${book.b(
           B.map((b) => b.stdCode),
           'text',
         )} || lpad(${r.digits('cx', salt('landline'), 8)}, 11 - length(${book.b(
           B.map((b) => b.stdCode),
           'text',
         )}), '0')
         else (6 + ${r.int('cx', salt('mobileFirst'), 4)})::text || ${r.digits('cx', salt('mobileRest'), 9)} end,
       case when j = 1 then case when firm then 'accounts@' || lower(regexp_replace(cust_name, '[^A-Za-z]', '', 'g')) || '.in'
         else lower(first_name) || '.' || lower(last_name) || (cust_id % 97)::text || '@'
           || ${r.pick(EMAIL_DOMAINS, 'cx', salt('emailDomain'))} end end,
       case when j <= 1 then 'PRIMARY' else 'SECONDARY' end,
       case j when 1 then 'EMAIL' else 'CALL' end,
       not (j = 0 and skip_wn),
       case when j = 0 and skip_wn then 'Wrong number' end
     from (
       select p.*, g.j, p.cust_id * 8 + g.j as cx from book_plan p
       cross join lateral generate_series(0, ${r.int('p.cust_id', salt('contactCount'), 4)}) as g(j)
       where p.is_primary offset 0
     ) c order by cust_id, j`,
  );

  // due schedule: 1–3 paid instalments, the unpaid ones (oldest = business date − DPD + 1), the next one due
  await exec(
    'dues',
    `insert into dues (account_id, installment_no, due_date, amount_due, amount_paid, paid_date)
     select id, k, due_date, emi::numeric,
       case when k < j0 then emi::numeric when k = j0 and partial > 0 then partial::numeric else 0 end,
       case when k < j0 then least(due_date + ${r.int('id * 1024 + k', salt('dueLate'), 6)}, ${bd})
         when k = j0 and partial > 0 then least(anchor + ${r.int('id', salt('dueLate'), 'greatest(dpd, 1)')}, ${bd}) end
     from (
       select p.id, p.j0, p.emi, p.partial, p.anchor, p.dpd, k,
         (p.anchor + make_interval(months => k - p.j0))::date as due_date
       from book_plan p
       cross join lateral generate_series(greatest(1, p.j0 - p.hist),
         p.j0 + p.u - (case when p.has_future then 0 else 1 end)) as k
     ) d order by id, k`,
  );

  // payments: one per (part-)paid instalment
  const payMode = `(case p.repay when 'NACH' then case when ${r.rand('d.id', salt('payMode'))} < 0.9 then 'NACH' else 'UPI' end
      when 'PDC' then 'CHEQUE' when 'STANDING_INSTRUCTION' then 'NEFT' when 'AUTO_DEBIT' then 'NACH'
      when 'CASH' then case when ${r.rand('d.id', salt('payMode'))} < 0.6 then 'CASH' else 'UPI' end
      else ${weightedCase(r.rand('d.id', salt('payMode')), [
        ["'UPI'", 50],
        ["'NEFT'", 30],
        ["'CARD'", 10],
        ["'CASH'", 10],
      ])} end)`;
  await exec(
    'payments',
    `insert into payments (account_id, paid_on, amount, currency, mode, reference)
     select account_id, paid_date, amount_paid, currency_code, mode,
       case mode when 'NACH' then 'NACH-' || to_char(paid_date, 'YYYYMMDD') || '-' || lpad((account_id % 1000000)::text, 6, '0')
         when 'UPI' then ${r.digits('d.id', salt('payRef'), 12)}
         when 'NEFT' then ${r.pick(UTR_BANK_CODES, 'd.id', salt('payRef2'))} || 'N' || to_char(paid_date, 'YYDDD') || ${r.digits('d.id', salt('payRef'), 6)}
         when 'CHEQUE' then 'CHQ ' || ${r.digits('d.id', salt('payRef'), 6)}
         when 'CARD' then 'CARD-' || ${r.digits('d.id', salt('payRef'), 10)}
         else 'RCPT/' || unit_code || '/' || ${r.digits('d.id', salt('payRef'), 7)} end
     from (
       select d.id, d.account_id, d.paid_date, d.amount_paid, p.currency_code, ${payMode} as mode,
         ${book.b(
           B.map((b) => b.accountCode),
           'text',
           'p.bidx',
         )} as unit_code
       from dues d join book_plan p on p.id = d.account_id
       where d.account_id between ${firstId} and ${lastId} and d.amount_paid > 0 offset 0
     ) d order by account_id, paid_date`,
  );

  // collateral: vehicles, property, handsets
  await exec(
    'collaterals',
    `insert into collaterals (account_id, collateral_type, description, registration_no, make_model, value, currency,
                              valuation_date)
     select id,
       case product when 'HOME' then 'PROPERTY' when 'MOBILE' then 'DEVICE' else 'VEHICLE' end,
       case product
         when 'AUTO' then 'Car, ' || model || ', ' || extract(year from disbursal)::int || ' model'
         when 'TWO_WHEELER' then 'Two wheeler, ' || model || ', ' || extract(year from disbursal)::int || ' model'
         when 'MOBILE' then 'Mobile handset, ' || model
         else (1 + ${r.int('id', salt('collatBhk'), 3)})::text || ' BHK flat, ' || ${r.pick(BUILDINGS, 'id', salt('addrBuilding'))}
           || ', ' || ${book.b(
             B.map((b) => b.localities[0]!.city),
             'text',
           )} end,
       case product when 'HOME' then 'Survey No. ' || (10 + ${r.int('id', salt('collatReg2'), 900)}) || '/' || (1 + ${r.int('id', salt('collatReg3'), 9)})
         when 'MOBILE' then '35' || ${r.digits('id', salt('collatReg2'), 13)}
         else rto || ${r.letter('id', salt('collatReg2'))} || ${r.letter('id', salt('collatReg3'))}
           || ${r.digits('id', salt('collatReg1'), 4)} end,
       case when product = 'HOME' then null else model end,
       round((principal / case product when 'HOME' then 0.6 + 0.2 * ${r.rand('id', salt('collatValue'))}
         when 'MOBILE' then 1 else 0.85 + 0.1 * ${r.rand('id', salt('collatValue'))} end)::numeric, 0),
       currency_code, disbursal
     from (
       select p.*, case p.product when 'AUTO' then ${r.pick(CARS, 'p.id', salt('collatModel'))}
         when 'TWO_WHEELER' then ${r.pick(TWO_WHEELERS, 'p.id', salt('collatModel'))}
         when 'MOBILE' then ${r.pick(PHONES, 'p.id', salt('collatModel'))} end as model
       from book_plan p where p.product in ('AUTO', 'TWO_WHEELER', 'HOME', 'MOBILE') offset 0
     ) c order by id`,
  );

  // cheques of post-dated-cheque accounts: the last two paid ones cleared, up to three unpaid ones bounced
  await exec(
    'cheques',
    `insert into cheques (account_id, cheque_no, cheque_date, amount, bank_name, bounce_date, bounce_reason,
                          claimed_amount)
     select d.account_id, ${r.digits('d.id', salt('chequeNo'), 6)}, d.due_date, d.amount_due,
       ${r.pick(BANKS, 'p.id', salt('chequeBank'))},
       case when d.installment_no >= p.j0 then least(d.due_date + 3, ${bd}) end,
       case when d.installment_no >= p.j0 then ${r.pick(BOUNCE_REASONS.slice(0, 4), 'd.id', salt('chequeBounce'))} end,
       case when d.installment_no >= p.j0 then d.amount_due + case when p.usd then 7 else 590 end end
     from dues d join book_plan p on p.id = d.account_id
     where d.account_id between ${firstId} and ${lastId} and p.repay = 'PDC'
       and d.installment_no between p.j0 - 2 and p.j0 + least(p.u, 3) - 1
     order by d.account_id, d.installment_no`,
  );

  await exec(
    'follow_ups',
    `insert into follow_ups (id, account_id, contact_mode, reminder_mode, contacted_by_user_id, contacted_by_unit_id,
       contacted_at, person_contacted, contact_id, disposition_code, action_amount, currency, next_action_date,
       next_action_time, remarks, business_date, created_at)
     select fu_id, id, contact_mode, reminder_mode, user_id, user_unit, contacted_at, person_contacted, contact_id,
       disp, action_amount, currency_code, next_action_date, next_action_time, remarks, fd, contacted_at
     from book_fu order by id, j`,
  );

  await exec(
    'ptps',
    `insert into ptps (id, account_id, follow_up_id, promised_date, promised_amount, currency, captured_by_user_id,
       captured_in_unit_id, status, amount_paid, resolved_on, deviation_status, deviation_reasons, referred_to_user_id,
       reviewed_by_user_id, reviewed_at, review_remarks, created_at)
     select ptp_id, id, fu_id, promised_date, promised_amount, currency_code, user_id, user_unit, ptp_status, ptp_paid,
       resolved_on, deviation_status, deviation_reasons, referred_to, reviewed_by,
       case when reviewed_by is not null then contacted_at + interval '1 day' end,
       case dev_history when 'APPROVED' then 'Approved: customer has a salary credit on the promised date'
         when 'REJECTED' then 'Rejected: promise too far out, ask for a part payment now' end,
       contacted_at
     from book_fu where is_ptp order by id, j`,
  );

  // payments made against kept and partly kept promises (applied to charges and arrears, not an instalment)
  await exec(
    'payments',
    `insert into payments (account_id, paid_on, amount, currency, mode, reference)
     select id, promised_date - ${r.int('x', salt('ptpPayDay'), 2)}, ptp_paid, currency_code, mode,
       case mode when 'UPI' then ${r.digits('x', salt('payRef'), 12)}
         when 'NEFT' then ${r.pick(UTR_BANK_CODES, 'x', salt('payRef2'))} || 'N' || to_char(promised_date, 'YYDDD') || ${r.digits('x', salt('payRef'), 6)}
         else 'RCPT/PTP/' || ${r.digits('x', salt('payRef'), 8)} end
     from (
       select f.*, ${weightedCase(r.rand('x', salt('ptpPayMode')), [
         ["'UPI'", 50],
         ["'CASH'", 30],
         ["'NEFT'", 20],
       ])} as mode
       from book_fu f where ptp_status in ('KEPT', 'PARTIAL') offset 0
     ) k order by id, j`,
  );

  // escalations: refusals to pay (open), broken promises (some open, some decided)
  const supervisor = (index: string) =>
    book.b(
      B.map((b) => b.supervisorId),
      'int',
      index,
    );
  await exec(
    'escalations',
    `insert into escalations (account_id, reason, ptp_id, status, raised_by_user_id, raised_on, resolved_by_user_id,
                              resolved_at, resolution_remarks, created_at)
     select id, 'RTP', null, 'OPEN', user_id, fd, null, null, null, contacted_at
       from book_fu where is_last and disp = 'RTP'
     union all
     select id, 'BROKEN_PTP', ptp_id, status, null, resolved_on,
       case when status <> 'OPEN' then ${supervisor('bidx')} end,
       case when status <> 'OPEN' then ((least(resolved_on + 2, ${bd}))::timestamp + interval '16 hours')
         at time zone 'Asia/Kolkata' end,
       case status when 'APPROVED' then 'Escalation approved: field visit scheduled'
         when 'REJECTED' then 'Rejected: customer paid part of the promise'
         when 'REALLOCATED' then 'Re-allocated to the field team' end,
       (resolved_on::timestamp + interval '7 hours') at time zone 'Asia/Kolkata'
     from (
       select f.*, case when f.state = 6 and ${r.rand('f.x', salt('escalation'))} < 0.4 then 'OPEN'
         else ${weightedCase(r.rand('f.x', salt('escalationStatus')), [
           ["'APPROVED'", 40],
           ["'REJECTED'", 25],
           ["'REALLOCATED'", 35],
         ])} end as status
       from (select distinct on (id) * from book_fu where is_ptp and not is_last order by id, j desc) f
       where f.ptp_status = 'BROKEN' and (f.state = 6 or ${r.rand('f.x', salt('escalation'))} < 0.7) offset 0
     ) e`,
  );

  // allocation history: the current allocation, and for some accounts the one before
  await exec(
    'allocations',
    `insert into allocations (account_id, user_id, agency_id, allocated_by_user_id, kind, reason, started_at, ended_at)
     select id, alloc_user, alloc_agency, ${supervisor('bidx')},
       case when had_prior then 'REALLOCATION' else 'MANUAL' end,
       ${r.pick(['Monthly allocation', 'Bucket roll-forward', 'Field follow-up required', 'Workload balancing'], 'id', salt('allocReason'))},
       alloc_at, null
     from (select p.*, ${r.rand('p.id', salt('priorAlloc'))} < 0.3 as had_prior from book_plan p where p.alloc_kind > 0 offset 0) a
     union all
     select id,
       case when alloc_kind = 3 then ${book.b(
         B.map((b) => b.callerId),
         'int',
       )} end,
       case when alloc_kind = 3 then null else ${book.b(
         B.map((b) => b.agencyA),
         'int',
       )} end,
       ${supervisor('bidx')}, 'MANUAL', 'Monthly allocation',
       ended - make_interval(days => 30 + ${r.int('id', salt('priorStart'), 60)}), ended
     from (
       select p.*, coalesce(p.alloc_at, ((${bd} - 1 - ${r.int('p.id', salt('priorEnd'), 20)})::timestamp
           + interval '18 hours') at time zone 'Asia/Kolkata') as ended
       from book_plan p
       where (p.alloc_kind > 0 and ${r.rand('p.id', salt('priorAlloc'))} < 0.3)
          or (p.alloc_kind = 0 and p.delinquent and ${r.rand('p.id', salt('priorAlloc'))} < 0.25)
       offset 0
     ) h`,
  );

  // allocation holds and activity suppressions (immutable START/END actions)
  const supervisorUnit = book.b(
    B.map((b) => b.supervisorUnit),
    'int',
    'p.bidx',
  );
  await exec(
    'account_restrictions',
    `insert into account_restrictions (account_id, kind, action, reason, remarks, by_user_id, acting_unit_id,
                                       business_date, created_at)
     select p.id, case when p.state = 2 then 'ALLOCATION_HOLD' else 'ACTIVITY_SUPPRESSION' end, 'START',
       coalesce(p.hold_reason, p.supp_reason),
       case coalesce(p.hold_reason, p.supp_reason)
         when 'Dispute' then 'Customer disputes charges; hold until the complaint is resolved'
         when 'Deceased' then 'Borrower deceased; legal heir process'
         when 'Do not call requested' then 'Written request received'
         else 'Recorded by the branch' end,
       case when l.disp in ('DISPUTE', 'DECEASED', 'DNC', 'PAID') then l.user_id else ${supervisor('p.bidx')} end,
       case when l.disp in ('DISPUTE', 'DECEASED', 'DNC', 'PAID') then l.user_unit else ${supervisorUnit} end,
       hd, (hd::timestamp + interval '12 hours') at time zone 'Asia/Kolkata'
     from book_plan p join book_fu l on l.id = p.id and l.is_last
     cross join lateral (select case when l.disp in ('DISPUTE', 'DECEASED', 'DNC', 'PAID') then l.fd
       else ${bd} - ${r.int('p.id', salt('holdDate'), 20)} end as hd) h
     where p.state in (2, 3)
     union all
     select p.id, 'ALLOCATION_HOLD', act, reason,
       case act when 'START' then 'Hold while the branch reviews the case' else 'Resolved; hold ended' end,
       ${supervisor('p.bidx')}, ${supervisorUnit}, dt, (dt::timestamp + interval '12 hours') at time zone 'Asia/Kolkata'
     from book_plan p
     cross join lateral (select ${r.pick(['Complaint pending', 'Settlement under process'], 'p.id', salt('endedHoldReason'))} as reason,
       ${bd} - 40 - ${r.int('p.id', salt('endedHoldStart'), 50)} as s) e
     cross join lateral (values ('START', e.s), ('END', e.s + 5 + ${r.int('p.id', salt('endedHoldLength'), 25)})) v(act, dt)
     where p.state = 6 and ${r.rand('p.id', salt('endedHold'))} < 0.04`,
  );

  return counts;
}

/** A few pending re-allocation requests in the Andheri branch (maker mgr.andheri) for the approval tray. */
async function insertReallocationRequests(
  db: Executor,
  branches: ResolvedBranch[],
  accountBase: number,
  total: number,
): Promise<number> {
  const andheri = branches.find((b) => b.unitCode === 'BR-AND');
  if (!andheri || andheri.tc1 === null || andheri.tc2 === null || total < 200) return 0;
  const candidates = await rows<{ id: number; allocated_user_id: number }>(
    db,
    `select id, allocated_user_id from accounts
      where id > ${intLiteral(accountBase)} and unit_id = ${intLiteral(andheri.unitId)}
        and allocated_user_id = ${intLiteral(andheri.tc2)} and overdue_key > 0 and not is_on_hold
      order by id limit 9`,
  );
  let created = 0;
  for (let request = 0; request * 3 < candidates.length; request += 1) {
    const chunk = candidates.slice(request * 3, request * 3 + 3);
    if (chunk.length === 0) break;
    await db.transaction(async (tx) => {
      const [row] = await rows<{ id: number }>(
        tx,
        `insert into reallocation_requests (status, to_user_id, reason, maker_user_id, maker_unit_id, maker_unit_path)
         values ('PENDING', ${intLiteral(andheri.tc1!)}, ${textLiteral(
           ['Workload balancing', 'Telecaller on leave', 'Language preference of the customer'][request % 3]!,
         )}, ${intLiteral(andheri.supervisorId)}, ${intLiteral(andheri.unitId)}, ${textLiteral(andheri.path)})
         returning id`,
      );
      await run(
        tx,
        `insert into reallocation_request_accounts (request_id, account_id, from_user_id)
         values ${chunk.map((a) => `(${intLiteral(Number(row!.id))}, ${intLiteral(Number(a.id))}, ${intLiteral(Number(a.allocated_user_id))})`).join(', ')}`,
      );
    });
    created += 1;
  }
  return created;
}
