// Pure helpers for the set-based demo book generator: SQL literal and expression builders (deterministic
// pseudo-random numbers from hashes), EMI maths and batching. No database access here, so unit tests cover them.

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A validated ISO date (YYYY-MM-DD) that is a real calendar date. */
export function assertIsoDate(value: string, name = 'date'): string {
  const time = ISO_DATE.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) {
    throw new Error(`${name} must be a date (YYYY-MM-DD), got ${JSON.stringify(value)}`);
  }
  return value;
}

/** A SQL string literal (standard_conforming_strings on: only quotes need doubling). */
export function textLiteral(value: string): string {
  if (value.includes('\0')) throw new Error('NUL in SQL literal');
  return `'${value.replaceAll("'", "''")}'`;
}

/** A SQL integer literal; refuses anything that is not a safe integer. */
export function intLiteral(value: number | bigint): string {
  if (typeof value === 'bigint') return value.toString();
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return String(value);
}

/** `ARRAY['a','b']::text[]`, `ARRAY[1,2]::int[]`, … — one-based in SQL. Nulls allowed. */
export function arrayLiteral(values: readonly (string | number | null)[], type: 'text' | 'int' | 'float8'): string {
  if (values.length === 0) throw new Error('empty SQL array literal');
  const items = values.map((value) => {
    if (value === null) return 'NULL';
    if (type === 'text') return textLiteral(String(value));
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`not a number: ${value}`);
    if (type === 'int') return intLiteral(value);
    return String(value);
  });
  return `ARRAY[${items.join(',')}]::${type}[]`;
}

/**
 * Deterministic pseudo-random numbers in SQL: `rand(x, salt)` is a float in [0, 1) that depends only on the
 * integer expression `x`, the salt and the book's seed (hashint8extended is PostgreSQL's own 64-bit hash and
 * gives the same value on PostgreSQL and PGlite).
 */
export class SqlRandom {
  private readonly seed: bigint;

  constructor(seed: number) {
    if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`seed must be a non-negative integer, got ${seed}`);
    this.seed = BigInt(seed) * 1000n;
  }

  /** float8 in [0, 1) */
  rand(x: string, salt: number): string {
    if (!Number.isInteger(salt) || salt < 0 || salt >= 1000) throw new Error(`salt out of range: ${salt}`);
    return `((hashint8extended((${x})::int8, ${this.seed + BigInt(salt)}::int8) & 2147483647)::float8 / 2147483648.0)`;
  }

  /** integer in [0, n) */
  int(x: string, salt: number, n: number | string): string {
    return `floor(${this.rand(x, salt)} * (${n}))::int`;
  }

  /** one element of a literal list, uniformly */
  pick(values: readonly string[], x: string, salt: number): string {
    return `(${arrayLiteral(values, 'text')})[1 + ${this.int(x, salt, values.length)}]`;
  }

  /** a string of `length` digits */
  digits(x: string, salt: number, length: number): string {
    if (length < 1 || length > 15) throw new Error('digits: length 1..15');
    return `lpad(floor(${this.rand(x, salt)} * ${10 ** length}::float8)::int8::text, ${length}, '0')`;
  }

  /** one upper-case letter A–Z */
  letter(x: string, salt: number): string {
    return `chr(65 + ${this.int(x, salt, 26)})`;
  }
}

/** Cumulative thresholds in (0, 1] for weights, e.g. [55, 45] → [0.55, 1]. */
export function cumulativeThresholds(weights: readonly number[]): number[] {
  if (weights.length === 0 || weights.some((w) => !(w >= 0)) || weights.every((w) => w === 0)) {
    throw new Error('weights must be non-negative with a positive sum');
  }
  const total = weights.reduce((sum, w) => sum + w, 0);
  let running = 0;
  return weights.map((w, index) => {
    running += w;
    return index === weights.length - 1 ? 1 : running / total;
  });
}

/**
 * A CASE expression choosing among SQL expressions by weight, given a uniform [0,1) expression `r`.
 * `options` are [sqlValueExpression, weight]; zero weights are skipped.
 */
export function weightedCase(r: string, options: readonly (readonly [string, number])[]): string {
  const kept = options.filter(([, weight]) => weight > 0);
  const thresholds = cumulativeThresholds(kept.map(([, weight]) => weight));
  if (kept.length === 1) return kept[0]![0];
  const whens = kept
    .slice(0, -1)
    .map(([value], index) => `when ${r} < ${thresholds[index]} then ${value}`)
    .join(' ');
  return `(case ${whens} else ${kept[kept.length - 1]![0]} end)`;
}

/**
 * Level EMI of a loan: P·r·(1+r)^n / ((1+r)^n − 1) with r the monthly rate; P/n when the rate is zero.
 * Floats are fine here: it is demo data, rounded to the currency unit by the caller (money in the database is
 * numeric). The generator computes the same formula in SQL; a test holds the two together.
 */
export function emi(principal: number, annualRatePercent: number, months: number): number {
  if (months <= 0) throw new Error('months must be positive');
  const r = annualRatePercent / 1200;
  if (r === 0) return principal / months;
  const growth = (1 + r) ** months;
  return (principal * r * growth) / (growth - 1);
}

/**
 * The same level EMI in SQL (float8), rounded to whole rupees, or to cents when `usd` is true; `rate` is the
 * annual rate in percent. Zero rate: principal / months.
 */
export function emiSql(principal: string, annualRatePercent: string, months: string, usd: string): string {
  const r = `((${annualRatePercent}) / 1200.0)`;
  return `(case when ${r} = 0 then round(((${principal}) / (${months}))::numeric, case when ${usd} then 2 else 0 end)::float8
    else round(((${principal}) * ${r} * power(1 + ${r}, ${months}) / (power(1 + ${r}, ${months}) - 1))::numeric,
      case when ${usd} then 2 else 0 end)::float8 end)`;
}

/** Balance outstanding after `paid` level instalments (same formula as the SQL). */
export function balanceAfter(principal: number, annualRatePercent: number, months: number, paid: number): number {
  const r = annualRatePercent / 1200;
  if (r === 0) return principal * (1 - paid / months);
  const growthN = (1 + r) ** months;
  return (principal * (growthN - (1 + r) ** paid)) / (growthN - 1);
}

/** Half-open ranges [start, end) covering [0, total) in steps of `size`. */
export function batchRanges(total: number, size: number): { start: number; end: number }[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new Error('total must be a non-negative integer');
  if (!Number.isSafeInteger(size) || size <= 0) throw new Error('batch size must be a positive integer');
  const ranges: { start: number; end: number }[] = [];
  for (let start = 0; start < total; start += size) ranges.push({ start, end: Math.min(total, start + size) });
  return ranges;
}

/**
 * Nested sub-selects, each level adding columns computed from the previous level's columns. `offset 0` keeps
 * PostgreSQL from flattening the levels, so each expression is evaluated once per row and later levels read it.
 */
export function layered(from: string, levels: readonly Record<string, string>[]): string {
  let query = from;
  levels.forEach((columns, index) => {
    const list = Object.entries(columns)
      .map(([name, expression]) => `${expression} as ${name}`)
      .join(',\n    ');
    query = `select l${index}.*,\n    ${list}\n  from (${query}) l${index} offset 0`;
  });
  return query;
}

/** Valid Indian mobile number: 10 digits, first digit 6–9. */
export const INDIAN_MOBILE = /^[6-9]\d{9}$/;
/** PAN: five letters, four digits, one letter (4th letter: holder type, e.g. P person, F firm). */
export const PAN = /^[A-Z]{3}[ABCFGHLJPT][A-Z]\d{4}[A-Z]$/;
/** Vehicle registration such as MH12AB1234 or DL3CAB1234. */
export const VEHICLE_REGISTRATION = /^[A-Z]{2}\d{1,2}[A-Z]{1,3}\d{4}$/;
/** Indian PIN code: six digits, not starting with 0. */
export const PIN_CODE = /^[1-9]\d{5}$/;
/** Rough bounding box of India (mainland and islands) for coordinate checks. */
export const INDIA_BOUNDS = { minLat: 6.5, maxLat: 35.7, minLon: 68.1, maxLon: 97.5 } as const;
