import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UserkeyError, openUserkey, sealUserkey } from './userkey.ts';

const key = randomBytes(32).toString('base64');

describe('userkey envelope', () => {
  it('round-trips a payload and uses a fresh IV each time', async () => {
    const payload = { username: 'tc.andheri', password: 'secret', otp: '123456' };
    const a = await sealUserkey(payload, key);
    const b = await sealUserkey(payload, key);
    expect(a).not.toBe(b);
    expect(await openUserkey(a, key)).toEqual(payload);
  });

  it.each(['', 'not base64 !!', 'AAAA', Buffer.alloc(40).toString('base64')])(
    'refuses %j with a UserkeyError',
    async (bad) => {
      await expect(openUserkey(bad, key)).rejects.toBeInstanceOf(UserkeyError);
    },
  );

  it('refuses a payload sealed with another key or tampered with', async () => {
    const sealed = await sealUserkey({ a: 1 }, key);
    await expect(openUserkey(sealed, randomBytes(32).toString('base64'))).rejects.toBeInstanceOf(UserkeyError);
    const bytes = Buffer.from(sealed, 'base64');
    bytes[bytes.length - 1]! ^= 1;
    await expect(openUserkey(bytes.toString('base64'), key)).rejects.toBeInstanceOf(UserkeyError);
  });
});
