import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARS, ConfigError, parseConfig, REPO_ROOT, resolveSecrets } from '../src/config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('has working defaults for a local demo', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      nodeEnv: 'development',
      demoMode: true,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 1800,
      sessionMaxSeconds: 43200,
      smtpUrl: null,
      oidc: null,
      corsOrigins: [],
      logLevel: 'info',
      trustProxy: false,
    });
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(config.webDist).toBe(path.join(REPO_ROOT, 'apps/web/dist'));
  });

  it('keeps a demo-mode server on loopback unless HOST says otherwise', () => {
    expect(parseConfig({}).host).toBe('127.0.0.1');
    expect(
      parseConfig({
        DEMO_MODE: 'true',
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(32),
        USERKEY_KEY: Buffer.alloc(32, 1).toString('base64'),
      }).host,
    ).toBe('127.0.0.1');
    expect(parseConfig({ HOST: '0.0.0.0' })).toMatchObject({ host: '0.0.0.0', demoMode: true });
    expect(parseConfig({ DEMO_MODE: 'false' }).host).toBe('0.0.0.0');
  });

  it('names each bad variable once with a clear message', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual(['PORT: must be a whole number from 0 to 65535 (got "abc")']);
    const problems = problemsOf({
      PORT: '70000',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      USERKEY_KEY: 'short',
      CORS_ORIGINS: 'https://ok.example, not a url',
      LOG_LEVEL: 'loud',
      DEMO_MODE: 'maybe',
    });
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'PORT',
      'DEMO_MODE',
      'USERKEY_KEY',
      'ACCESS_TOKEN_TTL_SECONDS',
      'CORS_ORIGINS',
      'LOG_LEVEL',
    ]);
    expect(problems.find((problem) => problem.startsWith('USERKEY_KEY'))).not.toContain('short');
  });

  it('runs one server process unless WEB_CONCURRENCY says more, and more only on PostgreSQL', () => {
    expect(parseConfig({}).webConcurrency).toBe(1);
    expect(parseConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db.example/rd' }).webConcurrency).toBe(2);
    expect(problemsOf({ WEB_CONCURRENCY: '2' })).toEqual([
      'WEB_CONCURRENCY: above 1 needs DATABASE_URL (PostgreSQL); the embedded database (PGlite) belongs to one process',
    ]);
    expect(problemsOf({ WEB_CONCURRENCY: '0', DATABASE_URL: 'postgres://db.example/rd' })).toEqual([
      'WEB_CONCURRENCY: must be a whole number from 1 to 16 (got "0")',
    ]);
  });

  it('requires the secrets in production and never echoes secret values', () => {
    const problems = problemsOf({ NODE_ENV: 'production', JWT_SECRET: 'too-short-secret' });
    expect(problems).toEqual(['JWT_SECRET: must be at least 32 characters']);
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'JWT_SECRET: is required when NODE_ENV=production',
      'USERKEY_KEY: is required when NODE_ENV=production',
    ]);
  });

  it('checks the session lifetimes and the single sign-on settings together', () => {
    expect(problemsOf({ REFRESH_TOKEN_TTL_SECONDS: '7200', SESSION_MAX_SECONDS: '3600' })).toEqual([
      'REFRESH_TOKEN_TTL_SECONDS: must not exceed SESSION_MAX_SECONDS (3600)',
    ]);
    expect(problemsOf({ OIDC_ISSUER: 'https://idp.example' })).toEqual([
      'OIDC_CLIENT_ID: is required when OIDC_ISSUER is set',
    ]);
    expect(problemsOf({ OIDC_CLIENT_ID: 'desk' })).toEqual([
      'OIDC_ISSUER: is required when OIDC_CLIENT_ID or OIDC_CLIENT_SECRET is set',
    ]);
  });

  it('reads explicit values', () => {
    const config = parseConfig({
      NODE_ENV: 'production',
      DEMO_MODE: 'true',
      JWT_SECRET: 'x'.repeat(40),
      USERKEY_KEY: Buffer.alloc(32, 1).toString('base64'),
      PORT: '8080',
      PUBLIC_URL: 'https://desk.lender.in/',
      OIDC_ISSUER: 'https://idp.lender.in',
      OIDC_CLIENT_ID: 'recovery-desk',
      CORS_ORIGINS: 'https://a.lender.in, https://b.lender.in',
      TRUST_PROXY: '10.0.0.0/8,127.0.0.1',
      DATA_DIR: 'var/data',
      INIT_CWD: '/srv/desk',
    });
    expect(config.demoMode).toBe(true);
    expect(config.publicUrl).toBe('https://desk.lender.in');
    expect(config.oidc).toEqual({
      issuer: 'https://idp.lender.in',
      clientId: 'recovery-desk',
      clientSecret: null,
      redirectUri: 'https://desk.lender.in/sso/callback',
    });
    expect(config.corsOrigins).toEqual(['https://a.lender.in', 'https://b.lender.in']);
    expect(config.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(config.dataDir).toBe('/srv/desk/var/data');
    expect(
      parseConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), USERKEY_KEY: config.userkeyKey! }).demoMode,
    ).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('keeps generated demo secrets in DATA_DIR across restarts, and per process on PostgreSQL', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-secrets-'));
    try {
      const first = resolveSecrets(parseConfig({ DATA_DIR: dataDir }));
      const second = resolveSecrets(parseConfig({ DATA_DIR: dataDir }));
      expect(first.source).toBe('data-dir');
      expect(second.config.jwtSecret).toBe(first.config.jwtSecret);
      expect(second.config.userkeyKey).toBe(first.config.userkeyKey);
      expect(fs.statSync(path.join(dataDir, 'demo-secrets.json')).mode & 0o077).toBe(0);

      const onPostgres = (url: string) => resolveSecrets(parseConfig({ DATABASE_URL: url, DATA_DIR: dataDir }));
      const a = onPostgres('postgres://db/desk');
      expect(a.source).toBe('process');
      expect(onPostgres('postgres://db/desk').config.jwtSecret).not.toBe(a.config.jwtSecret);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('documents every variable it reads', () => {
    const names = CONFIG_VARS.map((item) => item.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([
        'PORT',
        'DATABASE_URL',
        'JWT_SECRET',
        'USERKEY_KEY',
        'SMTP_URL',
        'OIDC_ISSUER',
        'TRUST_PROXY',
      ]),
    );
    const source = fs.readFileSync(path.join(REPO_ROOT, 'apps/server/src/config.ts'), 'utf8');
    const read = [...source.matchAll(/^ {2}([A-Z][A-Z_]+): optional\(/gm)].map((match) => match[1]);
    expect([...read].sort()).toEqual([...names].sort());
  });

  it('stops the server with the message naming the variable and a non-zero exit', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: path.join(os.tmpdir(), 'rd-never-created') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration:');
    expect(stderr).toContain('PORT: must be a whole number from 0 to 65535 (got "not-a-port")');
    expect(stderr).not.toContain('    at '); // a message, not a stack trace
  });
});
