import { describe, expect, it } from 'vitest';
import { parseConfig, resolveSecrets } from '../config.ts';
import { securityHeaders } from './security-headers.ts';

function config(env: Record<string, string> = {}) {
  return resolveSecrets(
    parseConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'unit-test-secret-0123456789abcdef-0123',
      USERKEY_KEY: Buffer.alloc(32, 7).toString('base64'),
      DATA_DIR: '/nonexistent/recovery-desk-data',
      ...env,
    }),
  ).config;
}

describe('security headers', () => {
  it('are helmet’s headers for the configuration, with a self-only CSP and no HSTS over plain http', () => {
    const headers = securityHeaders(config());
    expect(headers['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';object-src 'none';frame-ancestors 'none';form-action 'self';" +
        "script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';img-src 'self' data:;" +
        "font-src 'self' data:;connect-src 'self'",
    );
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS and upgrade-insecure-requests behind https', () => {
    const headers = securityHeaders(config({ PUBLIC_URL: 'https://recovery.example.in' }));
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['content-security-policy']).toContain(';upgrade-insecure-requests');
  });

  it('lets the open map load tiles from MAP_TILE_URL’s origin ({s} subdomains as a wildcard)', () => {
    const headers = securityHeaders(config({ MAP_TILE_URL: 'https://{s}.tiles.example.in/osm/{z}/{x}/{y}.png' }));
    expect(headers['content-security-policy']).toContain("img-src 'self' data: https://*.tiles.example.in;");
    expect(() => config({ MAP_TILE_URL: 'https://tiles.example.in/osm.png' })).toThrow(/MAP_TILE_URL/);
  });
});
