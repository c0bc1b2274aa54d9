import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { idParam } from '@recovery-desk/domain/numeric-params.ts';
import { laxObjectPaths } from '../src/http/body-schema.ts';
import { createAccount, createOrg, createStaff, apiAs as collectionsApiAs } from './collections/factories.ts';
import { createUser, ensureOrganisation } from './factories.ts';
import {
  captureRoutes,
  createRouteTableUser,
  fillPath,
  MUTATION_METHODS,
  pathParams,
  sampleQuery,
  samples,
  stringPaths,
  withValueAt,
  zodDef,
  type CapturedRoute,
} from './support/route-table.ts';
import {
  auditChainIntact,
  bearer,
  createTestApp,
  LogCapture,
  postToken,
  signIn,
  type TestApp,
} from './support/test-app.ts';
import { apiAs, createLegalCase, createLegalOrg } from './workflow/factories.ts';

// The request boundary (apps/server/src/http/request-boundary.ts) over the app's own route table: a route added
// tomorrow is fuzzed, checked for strict bodies, strict ids, no-store replies and its optimistic version, without
// anyone adding it to a list.

const LONE_SURROGATE = '\ud800';
const NUL = 'a\u0000b';
const BAD_TEXT = [
  { name: 'lone surrogate', value: LONE_SURROGATE, message: 'must be valid Unicode text' },
  { name: 'NUL character', value: NUL, message: 'must not contain NUL characters' },
];

type Reply = { statusCode: number; body: string; headers: Record<string, unknown>; json: <T>() => T };
type ErrorReply = { error_code: string; fields?: { field: string; message: string }[] };

describe.each(testDatabaseKinds())('request boundary over the route table (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  const table: CapturedRoute[] = [];
  let headers: Record<string, string>;
  let address = 0;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db, { routes: captureRoutes(table) });
    const { user, unit } = await createRouteTableUser(handle.db, table);
    headers = bearer((await signIn(t, user)).access, unit.id);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  const mutations = () => table.filter((route) => MUTATION_METHODS.has(route.method));
  /** A request as the all-authorities user, from its own address (the sign-in limits count per address). */
  const send = (method: string, url: string, payload?: unknown, extra: Record<string, string> = {}) => {
    address += 1;
    return t.inject({
      method: method as 'POST',
      url,
      headers: { ...headers, ...extra },
      remoteAddress: `10.77.${(address >> 8) & 255}.${address & 255}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    }) as Promise<Reply>;
  };

  it('finds the state-changing routes in the route table', () => {
    const urls = mutations().map((route) => `${route.method} ${route.url}`);
    expect(urls.length).toBeGreaterThan(30);
    for (const known of [
      'POST /token/',
      'POST /sendOtpApi',
      'POST /googleApiTrackerApi',
      'POST /api/collections/allocations',
      'POST /api/collections/reallocation-requests',
      'POST /api/collections/accounts/:accountId/holds',
    ]) {
      expect(urls).toContain(known);
    }
  });

  it('refuses a lone surrogate and a NUL character in every string field of every mutation body with a 400 naming it', async () => {
    const failures: string[] = [];
    let probes = 0;
    for (const route of mutations()) {
      if (!route.schema.body) continue;
      const url = fillPath(route.url) + sampleQuery(route.schema.querystring);
      for (const sample of samples(route.schema.body)) {
        for (const path of stringPaths(sample)) {
          for (const bad of BAD_TEXT) {
            probes += 1;
            const response = await send(route.method, url, withValueAt(sample, path, bad.value));
            const field = path.length > 0 ? path.join('.') : 'body';
            const reply = response.statusCode < 500 ? response.json<ErrorReply>() : null;
            if (
              response.statusCode !== 400 ||
              reply?.error_code !== 'VALIDATION' ||
              reply.fields?.[0]?.field !== field ||
              reply.fields[0].message !== bad.message
            ) {
              failures.push(
                `${route.method} ${route.url} ${field} (${bad.name}): ${response.statusCode} ${response.body}`,
              );
            }
          }
        }
      }
    }
    expect(probes).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });

  /** Each query field with the bad value, and each path parameter with each raw spelling: the failures. */
  async function probeQueryAndPath(route: CapturedRoute, bads: typeof BAD_TEXT, rawParams: string[]) {
    const failures: string[] = [];
    const body = route.schema.body && route.method !== 'GET' ? samples(route.schema.body)[0] : undefined;
    const query = route.schema.querystring ? (samples(route.schema.querystring)[0] as Record<string, unknown>) : {};
    for (const key of Object.keys(query)) {
      for (const bad of bads) {
        const url = fillPath(route.url) + sampleQuery(route.schema.querystring, { [key]: bad.value });
        const response = await send(route.method, url, body);
        const reply = response.statusCode < 500 ? response.json<ErrorReply>() : null;
        const named = bad.value === NUL ? reply?.fields?.[0]?.field === key : true;
        if (response.statusCode !== 400 || reply?.error_code !== 'VALIDATION' || !named) {
          failures.push(`${route.method} ${route.url} ?${key} (${bad.name}): ${response.statusCode} ${response.body}`);
        }
      }
    }
    for (const param of pathParams(route.url)) {
      for (const raw of rawParams) {
        const url = fillPath(route.url, (name) => (name === param ? raw : '1'));
        const response = await send(route.method, url, body);
        if (response.statusCode < 400 || response.statusCode >= 500) {
          failures.push(`${route.method} ${route.url} :${param}=${raw}: ${response.statusCode}`);
        }
      }
    }
    return failures;
  }

  it('refuses them in every query field and path parameter of every mutation (4xx, never 5xx)', async () => {
    const failures: string[] = [];
    for (const route of mutations()) failures.push(...(await probeQueryAndPath(route, BAD_TEXT, ['%00', '%ED%A0%80'])));
    expect(failures).toEqual([]);
  });

  it('refuses a NUL character in every query field and path parameter of every read (400 naming the field)', async () => {
    const failures: string[] = [];
    // The demo outbox answers 404 to these probes' non-loopback addresses (demo/outbox.test.ts covers it).
    const reads = table.filter(
      (route) => route.method === 'GET' && route.url !== '/*' && route.url !== '/api/demo/outbox',
    );
    const nul = BAD_TEXT.filter((bad) => bad.value === NUL);
    for (const route of reads) failures.push(...(await probeQueryAndPath(route, nul, ['%00'])));
    expect(failures).toEqual([]);
  });

  it('refuses them inside the sealed userkey, naming the payload field, before anything is written', async () => {
    const userkeyRoutes = mutations().filter((route) =>
      stringPaths(samples(route.schema.body)[0]).some((path) => path[0] === 'userkey'),
    );
    expect(userkeyRoutes.map((route) => route.url)).toEqual(
      expect.arrayContaining(['/token/', '/sendOtpApi', '/VerifyOtpApi', '/collapp/userChangePasswordApi']),
    );
    const payload = {
      username: 'someone',
      password: 'Some-long-passphrase-1',
      otp: '123456',
      newPassword: 'Another-long-passphrase-2',
      confirmPassword: 'Another-long-passphrase-2',
      old_pass: 'Some-long-passphrase-1',
      new_pass: 'Another-long-passphrase-2',
      confirm_pass: 'Another-long-passphrase-2',
    };
    const failures: string[] = [];
    for (const route of userkeyRoutes) {
      for (const field of Object.keys(payload)) {
        for (const bad of BAD_TEXT) {
          const userkey = await t.seal({ ...payload, [field]: bad.value });
          const response = await send(route.method, route.url, { userkey });
          const reply = response.statusCode < 500 ? response.json<ErrorReply>() : null;
          if (response.statusCode !== 400 || reply?.fields?.[0]?.field !== `userkey.${field}`) {
            failures.push(`${route.url} userkey.${field} (${bad.name}): ${response.statusCode} ${response.body}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await auditChainIntact(handle.db)).toBe(true);
  });

  it('refuses a NUL character in the fields of every multipart upload (4xx; named once the upload is read)', async () => {
    const boundary = 'boundary-fuzz';
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="documentName"\r\n\r\nbad\u0000name\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\n\r\n%PDF-1.7\n%%EOF\r\n` +
      `--${boundary}--\r\n`;
    // The demo identity provider (demo mode only) answers through its own HTTP handler, in its own format.
    const uploads = mutations().filter((route) => !route.schema.body && !route.url.startsWith('/demo-idp'));
    const answers: string[] = [];
    for (const route of uploads) {
      const url = fillPath(route.url) + sampleQuery(route.schema.querystring);
      const response = await send(route.method, url, payload, {
        'content-type': `multipart/form-data; boundary=${boundary}`,
      });
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBeLessThan(500);
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBeGreaterThanOrEqual(400);
      const reply = response.json<ErrorReply>();
      if (reply.error_code === 'VALIDATION') {
        expect(reply.fields?.[0]).toEqual({ field: 'documentName', message: 'must not contain NUL characters' });
        answers.push(route.url);
      }
    }
    expect(answers).toContain('/api/legal/uploads');
  });

  it('writes no 5xx and keeps the audit chain for the sign-in, OTP and tracker calls the security test named', async () => {
    const unit = (await createOrg(handle.db)).branch;
    const owner = await createUser(handle.db, { units: [{ unit }] });
    const { access } = await signIn(t, owner);
    for (const bad of [...BAD_TEXT.map((b) => b.value), 'x\u0000']) {
      const tracker = await t.inject({
        method: 'POST',
        url: '/googleApiTrackerApi',
        headers: bearer(access, unit.id),
        payload: { data: { username: unit.code, googleApi: bad, callFrom: 'fuzz' } },
      });
      expect(tracker.statusCode).toBe(400);
      const signInReply = await postToken(t, { username: bad, password: 'whatever-password' }, '10.78.0.1');
      expect(signInReply.statusCode).toBe(400);
      const otp = await t.inject({
        method: 'POST',
        url: '/sendOtpApi',
        remoteAddress: '10.78.0.2',
        payload: { userkey: await t.seal({ username: bad, password: 'whatever-password' }) },
      });
      expect(otp.statusCode).toBe(400);
    }
    expect(await auditChainIntact(handle.db)).toBe(true);
  });

  it('sends Cache-Control: no-store on every reply of the route table but the web app’s files', async () => {
    const failures: string[] = [];
    for (const route of table) {
      // The web app's files; the demo identity provider (demo mode only) answers through its own HTTP handler.
      if (route.url === '/*' || route.url.startsWith('/demo-idp')) continue;
      const url = fillPath(route.url) + sampleQuery(route.schema.querystring);
      const body = route.schema.body ? samples(route.schema.body)[0] : undefined;
      for (const extra of [{}, { authorization: '' }] as Record<string, string>[]) {
        const response = await send(route.method, url, route.method === 'GET' ? undefined : body, extra);
        if (response.headers['cache-control'] !== 'no-store') {
          failures.push(
            `${route.method} ${route.url} → ${response.statusCode} ${String(response.headers['cache-control'])}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('sends no-store on the account view (PAN, date of birth), a document and an export', async () => {
    const org = await createOrg(handle.db);
    const collector = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 20, allocatedTo: collector });
    const api = await collectionsApiAs(t, collector, org.branch);
    const view = await api.get(`/api/collections/accounts/${account.id}?tray=telecaller`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    const exported = await api.get('/api/collections/trays/telecaller/export?format=csv');
    expect(exported.statusCode, exported.body).toBeLessThan(300);
    expect(exported.headers['cache-control']).toBe('no-store');
    const web = await t.inject({ method: 'GET', url: '/' });
    expect(web.headers['cache-control']).not.toBe('no-store');
  });

  it('declares every object of every mutation body strict, and refuses an unknown field on each', async () => {
    const lax = mutations().flatMap((route) =>
      laxObjectPaths(route.schema.body).map((path) => `${route.method} ${route.url} ${path}`),
    );
    expect(lax).toEqual([]);
    const failures: string[] = [];
    for (const route of mutations()) {
      if (!route.schema.body) continue;
      const url = fillPath(route.url) + sampleQuery(route.schema.querystring);
      for (const sample of samples(route.schema.body)) {
        if (sample === null || typeof sample !== 'object' || Array.isArray(sample)) continue;
        const response = await send(route.method, url, { version: 1, ...sample, unexpectedField: 'x' });
        if (response.statusCode !== 400) failures.push(`${route.method} ${route.url}: ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses an unknown field on a valid allocation, re-allocation request and escalation re-allocation', async () => {
    const org = await createOrg(handle.db);
    const manager = await createStaff(handle.db, org.branch, [
      'MAN_ALLOC_SAUTH',
      'MAN_REALLOC_SAUTH',
      'ESCALATED_SAUTH',
      'TELECALLER_SAUTH',
    ]);
    const collector = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 20, allocatedTo: collector });
    const api = await collectionsApiAs(t, manager, org.branch);
    const allocation = { accountIds: [account.id], toUserId: collector.id, reason: 'Rebalance the book' };
    for (const url of ['/api/collections/allocations', '/api/collections/reallocation-requests']) {
      const refused = await api.post(url, { ...allocation, unexpectedField: 'x' });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.body).toContain('unexpectedField');
    }
    const escalation = await api.post('/api/collections/escalations/1/reallocate', {
      version: 1,
      toUserId: collector.id,
      unexpectedField: 'x',
    });
    expect(escalation.statusCode, escalation.body).toBe(400);
    expect(escalation.body).toContain('unexpectedField');
  });

  it('stops the server from booting when a mutation body accepts unknown fields', async () => {
    await expect(
      createTestApp(handle.db, {
        routes: (app) => {
          app.post(
            '/api/test/lax',
            { config: { auth: 'public' }, schema: { body: z.object({ name: z.string() }) } },
            () => ({ ok: true }),
          );
        },
      }),
    ).rejects.toThrow(/POST \/api\/test\/lax accepts unknown body fields at body/);
  });

  it('parses every path id with the one strict id schema and no query number with coercion', () => {
    const problems: string[] = [];
    for (const route of table) {
      const params = zodDef(route.schema.params)?.shape ?? {};
      for (const [name, schema] of Object.entries(params)) {
        if ((name === 'id' || name.endsWith('Id')) && schema !== idParam) problems.push(`${route.url} :${name}`);
      }
      const check = (schema: unknown, where: string, seen = new Set<unknown>()): void => {
        const def = zodDef(schema);
        if (!def || seen.has(schema)) return;
        seen.add(schema);
        if (def.coerce) problems.push(`${route.method} ${route.url} ${where} coerces`);
        for (const inner of [
          ...Object.values(def.shape ?? {}),
          def.innerType,
          def.in,
          def.left,
          def.right,
          ...(def.options ?? []),
        ]) {
          check(inner, where, seen);
        }
      };
      check(route.schema.params, 'params');
      check(route.schema.querystring, 'query');
    }
    expect(problems).toEqual([]);
  });

  it('refuses ids that are not plain decimal digits on every route with an id in its path', async () => {
    const failures: string[] = [];
    for (const route of table) {
      const ids = pathParams(route.url).filter((name) => name === 'id' || name.endsWith('Id'));
      for (const param of ids) {
        for (const raw of ['0x10', '1e1', '+16', '016', '%2016', '16.0', '']) {
          const url =
            fillPath(route.url, (name) => (name === param ? raw : '1')) + sampleQuery(route.schema.querystring);
          const body = route.schema.body ? samples(route.schema.body)[0] : undefined;
          const response = await send(route.method, url, route.method === 'GET' ? undefined : body);
          if (response.statusCode !== 400 && response.statusCode !== 404 && response.statusCode !== 428) {
            failures.push(`${route.method} ${url}: ${response.statusCode}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('does not open case 16 at /api/workflow/cases/0x10', async () => {
    const org = await createLegalOrg(handle.db);
    const context = { t, org, officerApi: await apiAs(t, org.officer, org.branch) };
    const legal = await createLegalCase(context, { stage: 'INITIATE' });
    const opened = await context.officerApi.get(`/api/workflow/cases/${legal.caseId}`);
    expect(opened.statusCode).toBe(200);
    for (const spelling of [
      `0x${legal.caseId.toString(16)}`,
      `${legal.caseId}e0`,
      `0${legal.caseId}`,
      ` ${legal.caseId}`,
    ]) {
      const response = await context.officerApi.get(`/api/workflow/cases/${encodeURIComponent(spelling)}`);
      expect(response.statusCode, spelling).toBe(400);
      expect(response.json<ErrorReply>().fields?.[0]?.field).toBe('caseId');
    }
  });

  it('answers 428 PRECONDITION_REQUIRED to every optimistic update sent without its version', async () => {
    const optimistic = mutations().filter((route) => route.config?.optimisticVersion);
    expect(optimistic.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'PATCH /api/collections/accounts/:accountId/addresses/:addressId',
        'PATCH /api/collections/accounts/:accountId/contacts/:contactId',
        'POST /api/collections/escalations/:id/reallocate',
        'POST /api/workflow/cases/:caseId/fields',
      ]),
    );
    const failures: string[] = [];
    for (const route of optimistic) {
      const url = fillPath(route.url) + sampleQuery(route.schema.querystring);
      for (const sample of samples(route.schema.body)) {
        const { version: _version, ...rest } = sample as Record<string, unknown>;
        for (const body of [rest, { ...rest, version: null }]) {
          const response = await send(route.method, url, body);
          const reply = response.statusCode < 500 ? response.json<ErrorReply>() : null;
          if (response.statusCode !== 428 || reply?.error_code !== 'PRECONDITION_REQUIRED') {
            failures.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('logs a failed query without the typed value, its parameters or the database detail', async () => {
    const logs = new LogCapture();
    const secret = 'Typed-Secret-Value-4242';
    const app = await createTestApp(handle.db, {
      logStream: logs,
      config: { logLevel: 'info' },
      routes: (instance) => {
        instance.post(
          '/api/test/failing-query',
          { config: { auth: 'public' }, schema: { body: z.strictObject({ value: z.string() }) } },
          async (request) => {
            const { value } = request.body as { value: string };
            await handle.db.execute(sql`select ${value}::int as n`);
            return { ok: true };
          },
        );
      },
    });
    try {
      const response = await app.inject({ method: 'POST', url: '/api/test/failing-query', payload: { value: secret } });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain(secret);
      const errorLines = logs.lines.filter((line) => line.includes('unhandled error'));
      expect(errorLines).toHaveLength(1);
      expect(errorLines[0]).toContain('22P02');
      expect(errorLines[0]).toContain('parameters not logged');
      expect(logs.text).not.toContain(secret);
      expect(logs.text).not.toContain('params:');
    } finally {
      await app.close();
    }
  });
});
