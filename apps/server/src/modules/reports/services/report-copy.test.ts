import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inlineParameters } from './report-copy.ts';

describe('inlineParameters (the report COPY statement takes no bind parameters)', () => {
  it('writes each parameter as a literal, quotes doubled, and leaves $ inside quoted text alone', () => {
    const text = inlineParameters(
      sql`select ${"O'Brien"} as a, '$1 stays' as "b$2", ${12} + ${null}::int as c, ${true} as d where x like ${'/1/%'}`,
    );
    expect(text).toBe(
      `select 'O''Brien' as a, '$1 stays' as "b$2", 12 + NULL::int as c, true as d where x like '/1/%'`,
    );
  });

  it('refuses what it cannot write safely', () => {
    expect(() => inlineParameters(sql`select ${'a\u0000b'}`)).toThrow(/NUL/);
    expect(() => inlineParameters(sql`select ${Number.NaN}`)).toThrow(/non-finite/);
    expect(() => inlineParameters(sql`select ${{ a: 1 }}`)).toThrow(/cannot be written/);
  });
});
