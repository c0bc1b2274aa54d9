import { publicConfigSchema } from '@recovery-desk/domain/sign-in.ts';
import { describe, expect, it } from 'vitest';
import { parsePublicConfig } from './public-config.ts';

const valid = {
  otpForLogin: 'NO',
  userkeyKey: 'key',
  ssoEnabled: true,
  chatWidgetUrl: '',
  mapsApiKey: '',
  demoMode: false,
  mobileDeepLink: 'app://x',
};

describe('parsePublicConfig (the start-up check without zod)', () => {
  it('gives what the contract gives for a valid reply, extra fields dropped', () => {
    const reply = { ...valid, somethingNew: 1 };
    expect(parsePublicConfig(reply)).toEqual(publicConfigSchema.parse(reply));
  });

  it('checks every field of the contract', () => {
    expect(Object.keys(parsePublicConfig(valid)).sort()).toEqual(Object.keys(publicConfigSchema.shape).sort());
  });

  it.each([
    ['a missing field', { ...valid, demoMode: undefined }],
    ['an unknown OTP setting', { ...valid, otpForLogin: 'MAYBE' }],
    ['a string for a flag', { ...valid, ssoEnabled: 'true' }],
    ['a number for a text', { ...valid, userkeyKey: 5 }],
    ['no object', null],
  ])('refuses %s, as the contract does', (_name, reply) => {
    expect(publicConfigSchema.safeParse(reply).success).toBe(false);
    expect(() => parsePublicConfig(reply)).toThrow(/public config/);
  });
});
