import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { users } from '@recovery-desk/db/schema.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import {
  approvalListPageSchema,
  approvalRequestReplySchema,
  type ApprovalRequestReply,
} from '@recovery-desk/domain/approvals/contracts.ts';
import { userChangePayloadSchema, userListPageSchema, userReplySchema } from '@recovery-desk/domain/users/contracts.ts';
import { apiAs, createOrg, createStaff, errorOf, type Api, type Org } from '../collections/factories.ts';
import { ensureOrganisation, uniqueName } from '../factories.ts';
import {
  auditRows,
  bearer,
  codeIn,
  createTestApp,
  latestMailTo,
  postToken,
  signIn,
  type TestApp,
} from '../support/test-app.ts';

// User Approval (flow USER_CHANGE): every change is a request a second administrator approves; the maker cannot
// approve; a checker cannot grant an authority they do not hold; deactivation and authority removal end sessions;
// every step is audited; bad input is a 400 naming the field.

const REQUESTS = '/api/users/requests';
const NEW_PASSWORD = 'A-fresh-start-passphrase-7';

describe.each(testDatabaseKinds())('user approval (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  type Setup = { org: Org; maker: Api; checker: Api };

  async function setup(): Promise<Setup> {
    const org = await createOrg(handle.db);
    const admin = ['SCHED_PRO_COLL_SAUTH', { code: 'UPLOAD_DASH_SAUTH', tabs: [] }];
    const maker = await createStaff(handle.db, org.zone, admin);
    const checker = await createStaff(handle.db, org.zone, admin);
    return { org, maker: await apiAs(t, maker, org.zone), checker: await apiAs(t, checker, org.zone) };
  }

  function newUser(org: Org, overrides: Record<string, unknown> = {}) {
    const username = uniqueName('new.user')
      .toLowerCase()
      .replace(/[^a-z0-9.]/g, '');
    return {
      username,
      fullName: 'Sneha Kulkarni',
      email: `${username}@lender.test`,
      mobile: '9876543210',
      units: [org.branch.id],
      authorities: [{ unitId: org.branch.id, app: 'collapp', systemAuth: 'UPLOAD_DASH_SAUTH', tabs: [] }],
      ...overrides,
    };
  }

  async function request(api: Api, body: unknown): Promise<ApprovalRequestReply> {
    const response = await api.post(REQUESTS, body);
    expect(response.statusCode, response.body).toBe(200);
    return approvalRequestReplySchema.parse(response.json());
  }

  async function decide(
    api: Api,
    made: ApprovalRequestReply,
    decision: 'approve' | 'reject' | 'pushback',
    remarks = 'Checked',
  ) {
    return api.post(`${REQUESTS}/${made.id}/${decision}`, { version: made.version, remarks });
  }

  async function userRow(username: string) {
    const [row] = await handle.db.select().from(users).where(eq(users.username, username));
    return row;
  }

  it('creates a user only when a second administrator approves, who then sets a password and signs in', async () => {
    const s = await setup();
    const draft = newUser(s.org);
    const made = await request(s.maker, { action: 'CREATE', user: draft, remarks: 'New branch staff' });
    expect(made.status).toBe('PENDING');
    const payload = userChangePayloadSchema.parse(made.payload);
    expect(payload).toMatchObject({ action: 'CREATE', before: null, after: { username: draft.username } });
    expect(await userRow(draft.username)).toBeUndefined();

    const pending = approvalListPageSchema.parse(
      (await s.checker.get('/api/approvals/USER_CHANGE/requests?tab=pending')).json(),
    );
    expect(pending.data.map((row) => row.id)).toContain(made.id);

    const own = await decide(s.maker, made, 'approve');
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).code).toBe('MAKER_CANNOT_CHECK');
    expect(await userRow(draft.username)).toBeUndefined();

    const approved = await decide(s.checker, made, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approvalRequestReplySchema.parse(approved.json()).status).toBe('APPROVED');
    const created = await userRow(draft.username);
    expect(created).toMatchObject({
      id: made.subjectId,
      fullName: 'Sneha Kulkarni',
      mobile: '9876543210',
      isActive: true,
    });

    expect(await auditRows(handle.db, { action: 'users.user_change.request', entityId: made.subjectId })).toHaveLength(
      1,
    );
    expect(await auditRows(handle.db, { action: 'users.user_change.approve', entityId: made.subjectId })).toHaveLength(
      1,
    );
    const [audit] = await auditRows(handle.db, { action: 'users.create', entityId: made.subjectId });
    expect(audit).toMatchObject({ actorUserId: s.checker.user.id });

    const mail = await latestMailTo(handle.db, draft.email);
    expect(mail).toBeDefined();
    const reset = await t.inject({
      method: 'POST',
      url: '/VerifyOtpApi',
      payload: {
        userkey: await t.seal({
          username: draft.email,
          otp: codeIn(mail!.body),
          newPassword: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        }),
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const { access } = await signIn(t, { username: draft.username, password: NEW_PASSWORD });
    const dashboard = await t.inject({
      method: 'GET',
      url: '/api/jobs/dashboard',
      headers: bearer(access, s.org.branch.id),
    });
    expect(dashboard.statusCode, dashboard.body).toBe(200);

    const detail = userReplySchema.parse((await s.maker.get(`/api/users/${made.subjectId}`)).json());
    expect(detail.user.authorities).toEqual([
      {
        unitId: s.org.branch.id,
        unitCode: s.org.branch.code,
        app: 'collapp',
        systemAuth: 'UPLOAD_DASH_SAUTH',
        tabs: [],
      },
    ]);
    const list = userListPageSchema.parse((await s.maker.get(`/api/users?search=${draft.username}`)).json());
    expect(list.rows.map((row) => row.username)).toEqual([draft.username]);
  });

  it('refuses a checker who does not hold an authority the change grants', async () => {
    const s = await setup();
    const draft = newUser(s.org, {
      authorities: [
        {
          unitId: s.org.branch.id,
          app: 'collapp',
          systemAuth: 'TELECALLER_SAUTH',
          tabs: [{ name: 'Followup', editable: true }],
        },
      ],
    });
    const made = await request(s.maker, { action: 'CREATE', user: draft });
    const refused = await decide(s.checker, made, 'approve');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'AUTHORITY_MISSING' });
    expect(errorOf(refused).detail).toContain('TELECALLER_SAUTH');
    expect(await userRow(draft.username)).toBeUndefined();
    expect(
      approvalRequestReplySchema.parse((await s.checker.get(`/api/approvals/USER_CHANGE/requests/${made.id}`)).json())
        .status,
    ).toBe('PENDING');

    // A checker who holds it (at the zone, above the granted branch) may grant it.
    const holder = await createStaff(handle.db, s.org.zone, ['SCHED_PRO_COLL_SAUTH', 'TELECALLER_SAUTH']);
    const approved = await decide(await apiAs(t, holder, s.org.zone), made, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await userRow(draft.username)).toBeDefined();
  });

  it('ends the sessions of a user at once when deactivated, and when an authority is removed', async () => {
    const s = await setup();
    const staff = await createStaff(handle.db, s.org.branch, [{ code: 'UPLOAD_DASH_SAUTH', tabs: [] }]);
    const session = await signIn(t, staff);
    const call = () =>
      t.inject({ method: 'GET', url: '/api/jobs/dashboard', headers: bearer(session.access, s.org.branch.id) });
    expect((await call()).statusCode).toBe(200);

    const made = await request(s.maker, { action: 'DEACTIVATE', userId: staff.id, remarks: 'Left the company' });
    expect((await call()).statusCode).toBe(200);
    const again = await s.maker.post(REQUESTS, { action: 'RESET_PASSWORD', userId: staff.id });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('APPROVAL_ALREADY_OPEN');
    expect((await decide(s.checker, made, 'approve')).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(401);
    const refreshed = await t.inject({ method: 'POST', url: '/token/refresh/', payload: { refresh: session.refresh } });
    expect(refreshed.statusCode).toBe(401);
    expect((await userRow(staff.username))!.isActive).toBe(false);
    const signInAgain = await postToken(t, { username: staff.username, password: staff.password });
    expect(signInAgain.statusCode).toBe(401);
    expect(await auditRows(handle.db, { action: 'users.deactivate', entityId: staff.id })).toHaveLength(1);

    // Authority removal: an edit that takes a grant away ends the sessions too.
    const other = await createStaff(handle.db, s.org.branch, [
      { code: 'UPLOAD_DASH_SAUTH', tabs: [] },
      { code: 'REPORT_GENERATION_SAUTH', tabs: [] },
    ]);
    const otherSession = await signIn(t, other);
    const detail = userReplySchema.parse((await s.maker.get(`/api/users/${other.id}`)).json());
    const edit = await request(s.maker, {
      action: 'UPDATE',
      userId: other.id,
      user: {
        fullName: detail.user.fullName,
        email: detail.user.email,
        mobile: null,
        units: [s.org.branch.id],
        authorities: [{ unitId: s.org.branch.id, app: 'collapp', systemAuth: 'UPLOAD_DASH_SAUTH', tabs: [] }],
      },
    });
    expect((await decide(s.checker, edit, 'approve')).statusCode).toBe(200);
    const after = await t.inject({
      method: 'GET',
      url: '/api/jobs/dashboard',
      headers: bearer(otherSession.access, s.org.branch.id),
    });
    expect(after.statusCode).toBe(401);
    const history = approvalRequestReplySchema.parse(
      (await s.maker.get(`/api/approvals/USER_CHANGE/requests/${edit.id}`)).json(),
    );
    expect(history.history.at(-1)!.effects).toMatchObject({ action: 'UPDATE', sessionsEnded: 1 });
  });

  it('changes nothing on a rejection, which needs remarks', async () => {
    const s = await setup();
    const draft = newUser(s.org);
    const made = await request(s.maker, { action: 'CREATE', user: draft });
    const bare = await s.checker.post(`${REQUESTS}/${made.id}/reject`, { version: made.version });
    expect(bare.statusCode).toBe(400);
    expect(errorOf(bare).fields).toContain('remarks');
    expect((await decide(s.checker, made, 'reject', 'Not a real hire')).statusCode).toBe(200);
    expect(await userRow(draft.username)).toBeUndefined();
    expect(await auditRows(handle.db, { action: 'users.user_change.reject', entityId: made.subjectId })).toHaveLength(
      1,
    );
    // The username is free again.
    expect((await s.maker.post(REQUESTS, { action: 'CREATE', user: draft })).statusCode).toBe(200);
  });

  it('answers bad input with a 400 naming the field, and users outside the subtree with 404', async () => {
    const s = await setup();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'user.email'],
      [{ mobile: '12345' }, 'user.mobile'],
      [{ units: [s.org.foreign.id], authorities: [] }, 'user.units.0'],
      [
        { authorities: [{ unitId: s.org.sibling.id, app: 'collapp', systemAuth: 'UPLOAD_DASH_SAUTH', tabs: [] }] },
        'user.authorities.0.unitId',
      ],
      [
        { authorities: [{ unitId: s.org.branch.id, app: 'collapp', systemAuth: 'NOT_AN_AUTHORITY', tabs: [] }] },
        'user.authorities.0.systemAuth',
      ],
      [{ username: s.maker.user.username }, 'user.username'],
    ];
    for (const [overrides, field] of cases) {
      const response = await s.maker.post(REQUESTS, { action: 'CREATE', user: newUser(s.org, overrides) });
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(errorOf(response).fields).toContain(field);
    }
    const noReason = await s.maker.post(REQUESTS, { action: 'DEACTIVATE', userId: s.checker.user.id });
    expect(errorOf(noReason).fields).toContain('remarks');

    const outsider = await createStaff(handle.db, s.org.foreign, ['UPLOAD_DASH_SAUTH']);
    expect((await s.maker.get(`/api/users/${outsider.id}`)).statusCode).toBe(404);
    const outside = await s.maker.post(REQUESTS, {
      action: 'DEACTIVATE',
      userId: outsider.id,
      remarks: 'Not mine to end',
    });
    expect(outside.statusCode).toBe(404);
    const self = await s.maker.post(REQUESTS, { action: 'DEACTIVATE', userId: s.maker.user.id, remarks: 'Myself' });
    expect(self.statusCode).toBe(403);

    const forbidden = await apiAs(t, await createStaff(handle.db, s.org.zone, ['UPLOAD_DASH_SAUTH']), s.org.zone);
    expect((await forbidden.get('/api/users')).statusCode).toBe(403);
  });

  it('pushes a change back with remarks; its maker edits and resubmits it, and a checker approves what was resubmitted', async () => {
    const s = await setup();
    const draft = newUser(s.org, { mobile: null });
    const made = await request(s.maker, { action: 'CREATE', user: draft, remarks: 'New branch staff' });

    const bare = await s.checker.post(`${REQUESTS}/${made.id}/pushback`, { version: made.version });
    expect(bare.statusCode).toBe(400);
    expect(errorOf(bare).fields).toContain('remarks');
    const own = await decide(s.maker, made, 'pushback', 'My own');
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).code).toBe('MAKER_CANNOT_CHECK');

    const pushed = await decide(s.checker, made, 'pushback', 'Add the mobile number and the branch report authority');
    expect(pushed.statusCode, pushed.body).toBe(200);
    const pushedBack = approvalRequestReplySchema.parse(pushed.json());
    expect(pushedBack).toMatchObject({
      status: 'PUSHBACK',
      remarks: 'Add the mobile number and the branch report authority',
    });
    const mine = approvalListPageSchema.parse(
      (await s.maker.get('/api/approvals/USER_CHANGE/requests?tab=pushback&view=my')).json(),
    );
    expect(mine.data.map((row) => row.id)).toContain(made.id);
    // Nothing waits for a checker, and nothing was created.
    expect((await decide(s.checker, pushedBack, 'approve')).statusCode).toBe(409);
    expect(await userRow(draft.username)).toBeUndefined();

    const edited = {
      ...draft,
      mobile: '9123456780',
      authorities: [
        ...draft.authorities,
        { unitId: s.org.branch.id, app: 'collapp', systemAuth: 'REPORT_GENERATION_SAUTH', tabs: [] },
      ],
    };
    const body = { version: pushedBack.version, action: 'CREATE', user: edited, remarks: 'Mobile and reports added' };
    // Only the maker resubmits; the checker cannot.
    const byChecker = await s.checker.post(`${REQUESTS}/${made.id}/resubmit`, body);
    expect(byChecker.statusCode).toBe(403);
    expect(errorOf(byChecker).code).toBe('NOT_THE_MAKER');
    const resubmitted = await s.maker.post(`${REQUESTS}/${made.id}/resubmit`, body);
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    const waiting = approvalRequestReplySchema.parse(resubmitted.json());
    expect(waiting).toMatchObject({ id: made.id, subjectId: made.subjectId, status: 'PENDING' });
    expect(waiting.history.map((step) => step.action)).toEqual(['REQUEST', 'PUSHBACK', 'RESUBMIT']);
    // The checker sees the resubmitted snapshot.
    const payload = userChangePayloadSchema.parse(waiting.payload);
    expect(payload.after).toMatchObject({ mobile: '9123456780' });
    expect(payload.after.authorities.map((grant) => grant.systemAuth)).toEqual([
      'UPLOAD_DASH_SAUTH',
      'REPORT_GENERATION_SAUTH',
    ]);
    // A second resubmit of the same version is stale; the maker still cannot approve.
    const again = await s.maker.post(`${REQUESTS}/${made.id}/resubmit`, body);
    expect(again.statusCode).toBe(409);
    expect((await decide(s.maker, waiting, 'approve')).statusCode).toBe(403);
    // A checker approving with the version from before the resubmit is stale.
    const stale = await decide(s.checker, pushedBack, 'approve');
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('STALE_VERSION');
    expect(await userRow(draft.username)).toBeUndefined();

    // The four-eyes rule holds for what was resubmitted: the checker holds neither new grant...
    const refused = await decide(s.checker, waiting, 'approve');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('AUTHORITY_MISSING');
    // ...and a checker who holds both approves it, which applies the resubmitted change.
    const holder = await createStaff(handle.db, s.org.zone, [
      'SCHED_PRO_COLL_SAUTH',
      'UPLOAD_DASH_SAUTH',
      'REPORT_GENERATION_SAUTH',
    ]);
    const approved = await decide(await apiAs(t, holder, s.org.zone), waiting, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await userRow(draft.username)).toMatchObject({ id: made.subjectId, mobile: '9123456780' });
    const detail = userReplySchema.parse((await s.maker.get(`/api/users/${made.subjectId}`)).json());
    expect(detail.user.authorities.map((grant) => grant.systemAuth).sort()).toEqual([
      'REPORT_GENERATION_SAUTH',
      'UPLOAD_DASH_SAUTH',
    ]);
    for (const action of ['pushback', 'resubmit', 'approve']) {
      expect(
        await auditRows(handle.db, { action: `users.user_change.${action}`, entityId: made.subjectId }),
      ).toHaveLength(1);
    }
    expect(await auditRows(handle.db, { action: 'users.create', entityId: made.subjectId })).toHaveLength(1);
  });

  it('checks a resubmit as a new request: 400 naming the field, the same action and user, against the user as now', async () => {
    const s = await setup();
    const staff = await createStaff(handle.db, s.org.branch, [{ code: 'UPLOAD_DASH_SAUTH', tabs: [] }]);
    const detail = userReplySchema.parse((await s.maker.get(`/api/users/${staff.id}`)).json());
    const details = {
      fullName: detail.user.fullName,
      email: detail.user.email,
      mobile: '9988776655',
      units: [s.org.branch.id],
      authorities: [{ unitId: s.org.branch.id, app: 'collapp', systemAuth: 'UPLOAD_DASH_SAUTH', tabs: [] }],
    };
    const made = await request(s.maker, { action: 'UPDATE', userId: staff.id, user: details });
    const pushed = approvalRequestReplySchema.parse(
      (await decide(s.checker, made, 'pushback', 'Use the branch e-mail')).json(),
    );
    const resubmit = (overrides: Record<string, unknown>, user: Record<string, unknown> = {}) =>
      s.maker.post(`${REQUESTS}/${made.id}/resubmit`, {
        version: pushed.version,
        action: 'UPDATE',
        userId: staff.id,
        user: { ...details, ...user },
        ...overrides,
      });
    const cases: [Record<string, unknown>, Record<string, unknown>, string][] = [
      [{}, { email: 'not-an-email' }, 'user.email'],
      [{}, { email: s.maker.user.email }, 'user.email'],
      [{}, { mobile: '12345' }, 'user.mobile'],
      [{}, { units: [s.org.foreign.id], authorities: [] }, 'user.units.0'],
      [
        {},
        { authorities: [{ unitId: s.org.sibling.id, app: 'collapp', systemAuth: 'UPLOAD_DASH_SAUTH', tabs: [] }] },
        'user.authorities.0.unitId',
      ],
      [{}, { mobile: detail.user.mobile }, 'user'],
      [{ userId: s.checker.user.id }, {}, 'userId'],
      [{ action: 'RESET_PASSWORD', user: undefined }, {}, 'action'],
    ];
    for (const [overrides, user, field] of cases) {
      const response = await resubmit(overrides, user);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(errorOf(response).fields).toContain(field);
    }
    // Without the version read: 428, like every versioned write.
    const unversioned = await resubmit({ version: undefined });
    expect(unversioned.statusCode).toBe(428);
    expect(errorOf(unversioned).fields).toContain('version');
    // Nothing was written by the refusals: the request is still pushed back at its version.
    const still = approvalRequestReplySchema.parse(
      (await s.maker.get(`/api/approvals/USER_CHANGE/requests/${made.id}`)).json(),
    );
    expect(still).toMatchObject({ status: 'PUSHBACK', version: pushed.version });

    // Outside the maker's subtree: 404.
    const outsider = await apiAs(
      t,
      await createStaff(handle.db, s.org.sibling, ['SCHED_PRO_COLL_SAUTH']),
      s.org.sibling,
    );
    expect(
      (
        await outsider.post(`${REQUESTS}/${made.id}/resubmit`, {
          version: pushed.version,
          action: 'UPDATE',
          userId: staff.id,
          user: details,
        })
      ).statusCode,
    ).toBe(404);

    // The resubmit is rebuilt against the user as they stand now: the diff's "before" is today's user.
    await handle.db.update(users).set({ fullName: 'Renamed Meanwhile' }).where(eq(users.id, staff.id));
    const ok = await resubmit({}, { email: `${staff.username}.branch@lender.test`, fullName: 'Renamed Meanwhile' });
    expect(ok.statusCode, ok.body).toBe(200);
    const payload = userChangePayloadSchema.parse(approvalRequestReplySchema.parse(ok.json()).payload);
    expect(payload.before).toMatchObject({ fullName: 'Renamed Meanwhile' });
    expect(payload.after).toMatchObject({ email: `${staff.username}.branch@lender.test`, mobile: '9988776655' });
    // Resubmitted, it is no longer pushed back: another resubmit answers 409.
    const late = await resubmit({ version: pushed.version + 1 });
    expect(late.statusCode).toBe(409);
  });

  it('lets the maker withdraw a pushed-back request, which frees the user for a new one', async () => {
    const s = await setup();
    const staff = await createStaff(handle.db, s.org.branch, [{ code: 'UPLOAD_DASH_SAUTH', tabs: [] }]);
    const made = await request(s.maker, { action: 'RESET_PASSWORD', userId: staff.id });
    const early = await s.maker.post(`${REQUESTS}/${made.id}/withdraw`, { version: made.version });
    expect(early.statusCode).toBe(409);
    const pushed = approvalRequestReplySchema.parse(
      (await decide(s.checker, made, 'pushback', 'The user can use Forgot Password')).json(),
    );
    const byChecker = await s.checker.post(`${REQUESTS}/${made.id}/withdraw`, { version: pushed.version });
    expect(byChecker.statusCode).toBe(403);
    expect(errorOf(byChecker).code).toBe('NOT_THE_MAKER');
    const stale = await s.maker.post(`${REQUESTS}/${made.id}/withdraw`, { version: made.version });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('STALE_VERSION');
    const withdrawn = await s.maker.post(`${REQUESTS}/${made.id}/withdraw`, {
      version: pushed.version,
      remarks: 'Not needed',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const reply = approvalRequestReplySchema.parse(withdrawn.json());
    expect(reply.status).toBe('WITHDRAWN');
    expect(reply.history.map((step) => step.action)).toEqual(['REQUEST', 'PUSHBACK', 'WITHDRAW']);
    expect(await auditRows(handle.db, { action: 'users.user_change.withdraw', entityId: staff.id })).toHaveLength(1);
    // A withdrawn request is neither resubmitted nor decided, and the user is free for a new request.
    const resubmit = await s.maker.post(`${REQUESTS}/${made.id}/resubmit`, {
      version: reply.version,
      action: 'RESET_PASSWORD',
      userId: staff.id,
    });
    expect(resubmit.statusCode).toBe(409);
    expect((await decide(s.checker, reply, 'approve')).statusCode).toBe(409);
    expect((await s.maker.post(REQUESTS, { action: 'RESET_PASSWORD', userId: staff.id })).statusCode).toBe(200);
  });
});
