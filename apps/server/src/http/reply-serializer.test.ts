import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileReplySerializer } from './reply-serializer.ts';

describe('compileReplySerializer', () => {
  const row = z.object({ id: z.number(), name: z.string(), note: z.string().nullable(), tag: z.string().optional() });

  it('writes what zod would: the declared properties only, in order, nulls and absent optionals kept as they are', () => {
    const serialize = compileReplySerializer(z.object({ data: z.array(row), count: z.number() }))!;
    const data = {
      count: 2,
      data: [
        { name: 'A', id: 1, note: null, passwordHash: 'x' },
        { id: 2, name: 'B', note: 'n', tag: 't' },
      ],
    };
    const text = serialize(data);
    expect(text).toBe(JSON.stringify(z.encode(z.object({ data: z.array(row), count: z.number() }), data as never)));
    expect(text).not.toContain('passwordHash');
  });

  it('fails a reply that lacks a required property', () => {
    const serialize = compileReplySerializer(row)!;
    expect(() => serialize({ id: 1, note: null })).toThrow(/name/);
  });

  it('picks the union branch a value matches, even when the value carries extra columns', () => {
    const reply = z.union([
      z.object({ kind: z.literal('account'), accountNo: z.string() }),
      z.object({ kind: z.literal('case'), caseNo: z.string() }),
    ]);
    const serialize = compileReplySerializer(reply)!;
    expect(serialize({ kind: 'case', caseNo: 'C-1', internal: 5 })).toBe('{"kind":"case","caseNo":"C-1"}');
    expect(serialize({ kind: 'account', accountNo: 'LN-1', internal: 5 })).toBe(
      '{"kind":"account","accountNo":"LN-1"}',
    );
  });

  it('leaves to zod a schema JSON Schema cannot express', () => {
    expect(compileReplySerializer(z.object({ at: z.date() }))).toBeNull();
    expect(compileReplySerializer(z.string().transform((value) => value.length))).toBeNull();
  });
});
