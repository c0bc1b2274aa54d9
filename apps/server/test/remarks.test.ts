import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import type { ApprovalFlow } from '@recovery-desk/domain/approvals/flow.ts';
import { APPROVAL_FLOWS } from '@recovery-desk/domain/approvals/flows/index.ts';
import { DECISIONS_NEEDING_REMARKS } from '@recovery-desk/domain/remarks.ts';
import { dataOnlyHandler } from '../src/modules/approvals/subjects.ts';
import { apiAs, createOrg } from './collections/factories.ts';
import { createUser, ensureOrganisation, type Grant } from './factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Every reject, pushback and decline must say why. This walks EVERY route of the server whose last segment is
// reject, pushback or decline — the collections decisions, the approval kit's generated decision routes (with a kit
// flow of its own, so the kit's generation is covered), the legal pool's "not fit for legal" — and sends it first
// without remarks, then with blank remarks: each answers 400 naming `remarks`. A new such route without the rule
// fails here. (Workflow actions named reject/pushback/decline are walked per definition in the domain test
// `packages/domain/src/workflow/remarks.test.ts`, on the engine that the action route runs.)

const KIT_FLOW: ApprovalFlow = {
  code: 'TEST_REMARKS',
  app: 'collapp',
  subject: 'ACCOUNT',
  labelKey: 'SettlementApproval',
  makerAuthority: 'SETTLE_INIT_SAUTH',
  levels: [{ authority: 'SETTLE_APP_SAUTH', labelKey: 'Approver' }],
  decisions: [
    { name: 'approve', kind: 'approve', labelKey: 'Approve' },
    { name: 'reject', kind: 'reject', labelKey: 'Reject' },
    { name: 'pushback', kind: 'pushback', labelKey: 'Pushback' },
  ],
  amountLimited: false,
  audit: { prefix: 'test.remarks', entity: 'account' },
  routes: 'kit',
  texts: { name: 'Remarks test', ownWork: 'a remarks test', notFound: 'Remarks test not found' },
};

const NEEDS_REMARKS = new RegExp(`/(${DECISIONS_NEEDING_REMARKS.join('|')})$`);
const MISSING_ID = 987_654_321;

describe.each(testDatabaseKinds())('remarks on every reject, pushback and decline (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db, { approvalHandlers: [dataOnlyHandler(KIT_FLOW)] });
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  it('refuses each of them without remarks, or with blank ones, naming remarks', async () => {
    const routes = t.app
      .routeDeclarations()
      .filter((route) => route.method === 'POST' && NEEDS_REMARKS.test(route.url));
    const urls = routes.map((route) => route.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/collections/escalations/:id/reject',
        '/api/collections/ptps/:id/reject',
        '/api/collections/reallocation-requests/:id/reject',
        '/api/legal/pool/decline',
        '/api/approvals/TEST_REMARKS/requests/:id/reject',
        '/api/approvals/TEST_REMARKS/requests/:id/pushback',
      ]),
    );

    // One user holding every authority these routes declare, and every checker level's of every flow.
    const grants: Record<string, Grant[]> = {};
    const grant = (app: string, authority: string) => {
      const list = (grants[app] ??= []);
      if (!list.some((entry) => entry.system_auth === authority)) list.push({ system_auth: authority });
    };
    for (const route of routes) {
      const [app, authority] = route.auth.split(':');
      if (app && authority) grant(app, authority);
    }
    for (const flow of [...APPROVAL_FLOWS, KIT_FLOW]) for (const level of flow.levels) grant(flow.app, level.authority);
    const org = await createOrg(handle.db);
    const user = await createUser(handle.db, { units: [{ unit: org.branch, grants }] });
    const api = await apiAs(t, user, org.branch);

    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, String(MISSING_ID));
      const body = route.url.endsWith('/decline') ? { accountIds: [MISSING_ID] } : { version: 1 };
      for (const remarks of [undefined, '   ']) {
        const reply = await api.post(url, remarks === undefined ? body : { ...body, remarks });
        expect(reply.statusCode, `${route.url} ${reply.body}`).toBe(400);
        const fields = (reply.json<{ fields?: { field: string }[] }>().fields ?? []).map((field) => field.field);
        expect(fields, route.url).toContainEqual(expect.stringMatching(/(^|\.)remarks$/));
      }
    }
  });
});
