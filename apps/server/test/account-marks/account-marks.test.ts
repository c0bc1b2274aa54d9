import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import {
  approvalListPageSchema,
  approvalRequestReplySchema,
  type ApprovalRequestReply,
} from '@recovery-desk/domain/approvals/contracts.ts';
import { activeMarksPageSchema, markLookupReplySchema } from '@recovery-desk/domain/collections/account-marks.ts';
import {
  createAccount,
  createOrg,
  createStaff,
  errorOf,
  apiAs,
  tabs,
  type Api,
  type Org,
} from '../collections/factories.ts';
import { BUSINESS_DATE, ensureOrganisation } from '../factories.ts';
import { auditRows, createTestApp, FakeClock, type TestApp } from '../support/test-app.ts';

// Account marking on the approval kit (flows ACCOUNT_MARKING and ACCOUNT_UNMARKING): maker ≠ checker, approval sets
// the mark, DO_NOT_CALL refuses a call follow-up, FRAUD refuses allocation, unmarking ends the mark, the history
// keeps both, other units answer 404 and bad input a 400 naming the field.

const MARK = '/api/approvals/ACCOUNT_MARKING/requests';
const UNMARK = '/api/approvals/ACCOUNT_UNMARKING/requests';
const IST_MORNING = Date.parse(`${BUSINESS_DATE}T06:00:00Z`);

describe.each(testDatabaseKinds())('account marking (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db, { clock: new FakeClock(IST_MORNING) });
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  type Setup = { org: Org; maker: Api; checker: Api };

  async function setup(): Promise<Setup> {
    const org = await createOrg(handle.db);
    const maker = await createStaff(handle.db, org.branch, [
      'MAN_ACC_MARK_SAUTH',
      'MAN_ACC_UNMARK_SAUTH',
      'ACC_MARK_APP_SAUTH',
    ]);
    const checker = await createStaff(handle.db, org.zone, ['ACC_MARK_APP_SAUTH']);
    return { org, maker: await apiAs(t, maker, org.branch), checker: await apiAs(t, checker, org.zone) };
  }

  async function requestMark(api: Api, accountId: number, mark: string): Promise<ApprovalRequestReply> {
    const response = await api.post(MARK, {
      subjectId: accountId,
      payload: { mark, reason: `Marked ${mark} by test` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return approvalRequestReplySchema.parse(response.json());
  }

  async function approve(api: Api, base: string, made: ApprovalRequestReply) {
    const response = await api.post(`${base}/${made.id}/approve`, { version: made.version, remarks: 'Checked' });
    expect(response.statusCode, response.body).toBe(200);
    return approvalRequestReplySchema.parse(response.json());
  }

  it('sets a mark only when another user approves it, and keeps the history through unmarking', async () => {
    const s = await setup();
    const account = await createAccount(handle.db, { unit: s.org.branch, customerName: 'Meera Iyer' });
    const made = await requestMark(s.maker, account.id, 'VIP');
    expect(made.status).toBe('PENDING');

    const lookup = async () => {
      const response = await s.maker.get(`/api/account-marks/lookup?accountNo=${account.accountNo}`);
      expect(response.statusCode, response.body).toBe(200);
      return markLookupReplySchema.parse(response.json());
    };
    expect((await lookup()).marks).toEqual([]);
    expect((await lookup()).codes).toEqual(expect.arrayContaining(['FRAUD', 'DO_NOT_CALL', 'VIP', 'DECEASED']));

    const pending = approvalListPageSchema.parse((await s.checker.get(`${MARK}?tab=pending`)).json());
    expect(pending.data.map((row) => row.subjectLabel)).toEqual([`${account.accountNo} · Meera Iyer`]);

    const own = await s.maker.post(`${MARK}/${made.id}/approve`, { version: made.version });
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).code).toBe('MAKER_CANNOT_CHECK');
    expect((await lookup()).marks).toEqual([]);

    const approved = await approve(s.checker, MARK, made);
    expect(approved.status).toBe('APPROVED');
    const [active] = (await lookup()).marks;
    expect(active).toMatchObject({ mark: 'VIP', reason: 'Marked VIP by test', endedAt: null });
    expect(
      await auditRows(handle.db, { action: 'collections.account_marking.approve', entityId: account.id }),
    ).toHaveLength(1);

    const again = await s.maker.post(MARK, { subjectId: account.id, payload: { mark: 'VIP', reason: 'Once more' } });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('MARK_ACTIVE');

    const list = await s.maker.get('/api/account-marks/active');
    expect(list.statusCode, list.body).toBe(200);
    expect(activeMarksPageSchema.parse(list.json()).rows.map((row) => row.id)).toEqual([active!.id]);

    const unmark = await s.maker.post(UNMARK, {
      subjectId: account.id,
      payload: { markId: active!.id, reason: 'No longer a VIP' },
    });
    expect(unmark.statusCode, unmark.body).toBe(200);
    const unmarkRequest = approvalRequestReplySchema.parse(unmark.json());
    expect((await lookup()).marks[0]!.endedAt).toBeNull();
    await approve(s.checker, UNMARK, unmarkRequest);

    const history = (await lookup()).marks;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ mark: 'VIP', endReason: 'No longer a VIP', endedAt: expect.any(String) });
    const after = activeMarksPageSchema.parse((await s.maker.get('/api/account-marks/active')).json());
    expect(after.rows).toEqual([]);

    const ended = await s.maker.post(UNMARK, {
      subjectId: account.id,
      payload: { markId: active!.id, reason: 'Again' },
    });
    expect(ended.statusCode).toBe(400);
    expect(errorOf(ended).fields).toEqual(['payload.markId']);

    // A new mark of the same kind is a new row; the ended one stays in the history.
    await approve(s.checker, MARK, await requestMark(s.maker, account.id, 'VIP'));
    expect((await lookup()).marks).toHaveLength(2);
  });

  it('DO_NOT_CALL refuses a call follow-up; FRAUD refuses allocation; a rejected mark does nothing', async () => {
    const s = await setup();
    const telecaller = await createStaff(handle.db, s.org.branch, [
      { code: 'TELECALLER_SAUTH', tabs: tabs(['Contact', 'Address', 'Followup']) },
    ]);
    const account = await createAccount(handle.db, { unit: s.org.branch, dpd: 10, allocatedTo: telecaller });
    const caller = await apiAs(t, telecaller, s.org.branch);
    const followUp = (contactMode: string) =>
      caller.post(`/api/collections/accounts/${account.id}/follow-ups?tray=telecaller`, {
        contactMode,
        dispositionCode: 'RNR',
      });

    const rejected = await requestMark(s.maker, account.id, 'DO_NOT_CALL');
    const reject = await s.checker.post(`${MARK}/${rejected.id}/reject`, { version: rejected.version, remarks: '' });
    expect(reject.statusCode).toBe(400);
    const rejectedOk = await s.checker.post(`${MARK}/${rejected.id}/reject`, {
      version: rejected.version,
      remarks: 'No consent withdrawal on file',
    });
    expect(rejectedOk.statusCode, rejectedOk.body).toBe(200);
    expect((await followUp('CALL')).statusCode).toBe(200);

    await approve(s.checker, MARK, await requestMark(s.maker, account.id, 'DO_NOT_CALL'));
    const view = await caller.get(`/api/collections/accounts/${account.id}?tray=telecaller`);
    expect(view.json<{ account: { marks: string[] } }>().account.marks).toEqual(['DO_NOT_CALL']);
    const refused = await followUp('CALL');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'ACCOUNT_MARKED' });
    expect(errorOf(refused).detail).toContain('DO_NOT_CALL');
    expect((await followUp('SMS')).statusCode).toBe(200);

    const manager = await createStaff(handle.db, s.org.branch, ['MAN_ALLOC_SAUTH']);
    const allocatorApi = await apiAs(t, manager, s.org.branch);
    const fraud = await createAccount(handle.db, { unit: s.org.branch, dpd: 40 });
    await approve(s.checker, MARK, await requestMark(s.maker, fraud.id, 'FRAUD'));
    const allocation = await allocatorApi.post('/api/collections/allocations', {
      accountIds: [fraud.id],
      toUserId: telecaller.id,
    });
    expect(allocation.statusCode).toBe(409);
    expect(errorOf(allocation)).toMatchObject({ code: 'ACCOUNT_MARKED' });
    expect(errorOf(allocation).detail).toContain(fraud.accountNo);
  });

  it('checks a pushed-back request again when its maker resubmits it', async () => {
    const s = await setup();
    const account = await createAccount(handle.db, { unit: s.org.branch });
    const made = await requestMark(s.maker, account.id, 'DISPUTE');
    const pushed = approvalRequestReplySchema.parse(
      (
        await s.checker.post(`${MARK}/${made.id}/pushback`, { version: made.version, remarks: 'Which charges?' })
      ).json(),
    );
    expect(pushed.status).toBe('PUSHBACK');
    const alien = await s.maker.post(`${MARK}/${made.id}/resubmit`, {
      version: pushed.version,
      payload: { mark: 'ALIEN', reason: 'Unknown mark' },
    });
    expect(alien.statusCode).toBe(400);
    expect(errorOf(alien).fields).toEqual(['payload.mark']);
    const resubmitted = await s.maker.post(`${MARK}/${made.id}/resubmit`, {
      version: pushed.version,
      payload: { mark: 'DISPUTE', reason: 'The bounce charges of two EMIs' },
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    const approved = await approve(s.checker, MARK, approvalRequestReplySchema.parse(resubmitted.json()));
    expect(approved.status).toBe('APPROVED');
  });

  it('answers 404 for another unit’s account and 400 naming the fields', async () => {
    const s = await setup();
    const foreign = await createAccount(handle.db, { unit: s.org.foreign });
    const outside = await s.maker.post(MARK, { subjectId: foreign.id, payload: { mark: 'VIP', reason: 'Outside' } });
    expect(outside.statusCode).toBe(404);
    const lookup = await s.maker.get(`/api/account-marks/lookup?accountNo=${foreign.accountNo}`);
    expect(lookup.statusCode).toBe(404);

    const account = await createAccount(handle.db, { unit: s.org.branch });
    const bad = await s.maker.post(MARK, { subjectId: account.id, payload: { mark: 'vip', reason: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields.sort()).toEqual(['payload.mark', 'payload.reason']);
    const unknown = await s.maker.post(MARK, {
      subjectId: account.id,
      payload: { mark: 'ALIEN', reason: 'Unknown mark' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).fields).toEqual(['payload.mark']);
    const document = await s.maker.post(MARK, {
      subjectId: account.id,
      payload: { mark: 'DISPUTE', reason: 'Disputed charges', documentId: 2_000_000_000 },
    });
    expect(document.statusCode).toBe(400);
    expect(errorOf(document).fields).toEqual(['payload.documentId']);
    const [{ count }] = (
      (await handle.db.execute(
        sql`select count(*)::int as count from account_marks where account_id = ${account.id}`,
      )) as unknown as {
        rows: { count: number }[];
      }
    ).rows as [{ count: number }];
    expect(count).toBe(0);
  });
});
