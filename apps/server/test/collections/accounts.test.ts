import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountRestrictions,
  cheques,
  collaterals,
  contacts,
  documents,
  escalations,
  ptps,
} from '@recovery-desk/db/collections-schema.ts';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { accountViewSchema } from '@recovery-desk/domain/collections/contracts.ts';
import { TRAYS } from '@recovery-desk/domain/collections/trays.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import { BUSINESS_DATE, ensureOrganisation } from '../factories.ts';
import { auditRows, createTestApp, FakeClock, type TestApp } from '../support/test-app.ts';
import { selectRows } from '../../src/db/sql-rows.ts';
import {
  apiAs,
  createAccount,
  createAddress,
  createContact,
  createCustomer,
  createOrg,
  createStaff,
  errorOf,
  readAccount,
  tabs,
  type Api,
} from './factories.ts';

// 11:30 in Asia/Kolkata on the business date: inside the calling window.
const IST_MORNING = Date.parse(`${BUSINESS_DATE}T06:00:00Z`);
// 20:30 in Asia/Kolkata (11:00 in New York): outside the window in India only.
const IST_NIGHT = Date.parse(`${BUSINESS_DATE}T15:00:00Z`);

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);

/** A multipart/form-data body: the text fields, then the file parts. */
function multipart(fields: Record<string, string>, files: { field?: string; name: string; content: Buffer }[] = []) {
  const boundary = '----recovery-desk-test-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testDatabaseKinds())('collections account view and follow-ups (%s)', (kind) => {
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

  /** A telecaller of a fresh branch with one delinquent account allocated to them (DPD 10, bucket B1). */
  async function telecallerWithAccount(grantTabs = tabs(['Contact', 'Address', 'Followup']), app: TestApp = t) {
    const org = await createOrg(handle.db);
    const user = await createStaff(handle.db, org.branch, [{ code: 'TELECALLER_SAUTH', tabs: grantTabs }]);
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 10, allocatedTo: user });
    const contact = await createContact(handle.db, account.customerId);
    const address = await createAddress(handle.db, account.customerId);
    const api = await apiAs(app, user, org.branch);
    return { org, user, account, contact, address, api };
  }

  const followUp = (api: Api, accountId: number, body: Record<string, unknown>, tray = 'telecaller') =>
    api.post(`/api/collections/accounts/${accountId}/follow-ups?tray=${tray}`, body);

  it('shows every section of the account view, with the tabs of the tray’s authority entry', async () => {
    const { org, account, api } = await telecallerWithAccount();
    const customer = { id: account.customerId };
    const linked = await createAccount(handle.db, { unit: org.sibling, dpd: 3, customer, product: 'CREDIT_CARD' });
    await createAccount(handle.db, { unit: org.foreign, dpd: 3, customer });
    await handle.db.insert(collaterals).values({
      accountId: account.id,
      collateralType: 'VEHICLE',
      description: 'Swift VXi',
      registrationNo: 'MH12AB1234',
      value: '450000.00',
    });
    await handle.db.insert(cheques).values({
      accountId: account.id,
      chequeNo: '000123',
      chequeDate: '2026-02-01',
      amount: '5000.00',
      bounceDate: '2026-02-05',
      claimedAmount: '5500.00',
    });

    const branchView = await api.get(`/api/collections/accounts/${account.id}?tray=telecaller`);
    expect(branchView.statusCode, branchView.body).toBe(200);
    const view = accountViewSchema.parse(branchView.json());
    expect(view.tabs).toEqual(tabs(['Contact', 'Address', 'Followup']));
    expect(view.account).toMatchObject({
      id: account.id,
      accountNo: account.accountNo,
      dpd: 10,
      bucket: 'B1',
      assetClass: 'SMA-0',
      branchName: org.branch.name,
      totalPrincipalOutstanding: '150000.00',
      emiAmount: '5000.00',
      currency: 'INR',
      delinquentFlag: true,
      isOnHold: false,
    });
    expect(view.customer).toMatchObject({ id: account.customerId, pan: 'ABCDE1234F', timeZone: 'Asia/Kolkata' });
    expect(view.contacts).toHaveLength(1);
    expect(view.addresses).toHaveLength(1);
    expect(view.collaterals).toEqual([expect.objectContaining({ registrationNo: 'MH12AB1234', value: '450000.00' })]);
    expect(view.dues.map((due) => due.dueDate)).toEqual([addDays(BUSINESS_DATE, -9), addDays(BUSINESS_DATE, 10)]);
    expect(branchView.json().cheques).toEqual([
      expect.objectContaining({ chequeNo: '000123', claimedAmount: '5500.00' }),
    ]);
    // Linked accounts: the customer's other accounts this unit may see (not the other zone's).
    expect(view.linkedAccounts).toEqual([]);

    const zoneUser = await createStaff(handle.db, org.zone, ['TELECALLER_SAUTH']);
    const zone = await apiAs(t, zoneUser, org.zone);
    const zoneView = accountViewSchema.parse(
      (await zone.get(`/api/collections/accounts/${account.id}?tray=telecaller`)).json(),
    );
    expect(zoneView.linkedAccounts).toEqual([
      expect.objectContaining({
        id: linked.id,
        product: 'CREDIT_CARD',
        pos: '150000.00',
        totalOutstanding: '162750.75',
        dpd: 3,
      }),
    ]);
  });

  it('sends nothing of a tab the authority entry does not grant', async () => {
    const { account, api } = await telecallerWithAccount([
      { name: 'Account', editable: false },
      { name: 'Customer', editable: false },
    ]);
    const view = accountViewSchema.parse(
      (await api.get(`/api/collections/accounts/${account.id}?tray=telecaller`)).json(),
    );
    expect(view.tabs.map((tab) => tab.name)).toEqual(['Account', 'Customer']);
    expect(view.contacts).toEqual([]);
    expect(view.addresses).toEqual([]);
    expect(view.dues).toEqual([]);
    expect(view.followUps).toEqual([]);
  });

  it('answers 404 for another unit’s account, 400 for a missing or unknown tray, 403 without its authority', async () => {
    const { org, account, api } = await telecallerWithAccount();
    const foreign = await createAccount(handle.db, { unit: org.foreign, dpd: 10 });
    const sibling = await createAccount(handle.db, { unit: org.sibling, dpd: 10 });
    for (const id of [foreign.id, sibling.id, 987654321]) {
      const response = await api.get(`/api/collections/accounts/${id}?tray=telecaller`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Account not found', error_code: 'NOT_FOUND' });
      expect((await followUp(api, id, { contactMode: 'SMS', dispositionCode: 'RNR' })).statusCode).toBe(404);
    }
    for (const query of ['', '?tray=', '?tray=bogus']) {
      const response = await api.get(`/api/collections/accounts/${account.id}${query}`);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).fields).toEqual(['tray']);
    }
    const noAuthority = await api.get(`/api/collections/accounts/${account.id}?tray=manualalloc`);
    expect(noAuthority.statusCode).toBe(403);
    expect(errorOf(noAuthority).code).toBe('AUTHORITY_MISSING');
    for (const id of ['abc', '0', '1e40', '99999999999999999999']) {
      expect((await api.get(`/api/collections/accounts/${id}?tray=telecaller`)).statusCode).toBe(400);
    }
  });

  it('lists the active dispositions with what they require', async () => {
    const { api } = await telecallerWithAccount();
    const response = await api.get('/api/collections/dispositions');
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: { code: string }[] }>().data;
    expect(data[0]).toEqual({
      code: 'PTP',
      label: 'Promise to pay',
      contactKind: 'RPC',
      nextStep: 'PTP',
      requiresAmount: true,
      requiresNextActionDate: true,
    });
    expect(data.map((d) => d.code)).toContain('WN');
  });

  it('records a PTP follow-up: amount and date required; within policy it needs no approval', async () => {
    const { user, account, api } = await telecallerWithAccount();
    const missingAmount = await followUp(api, account.id, {
      contactMode: 'CALL',
      dispositionCode: 'PTP',
      nextActionDate: addDays(BUSINESS_DATE, 3),
    });
    expect(missingAmount.statusCode).toBe(400);
    expect(errorOf(missingAmount)).toMatchObject({
      fields: ['actionAmount'],
      detail: 'actionAmount: is required for PTP',
    });
    const missingDate = await followUp(api, account.id, {
      contactMode: 'CALL',
      dispositionCode: 'PTP',
      actionAmount: '5000',
    });
    expect(errorOf(missingDate).fields).toEqual(['nextActionDate']);
    const pastDate = await followUp(api, account.id, {
      contactMode: 'CALL',
      dispositionCode: 'PTP',
      actionAmount: '5000',
      nextActionDate: addDays(BUSINESS_DATE, -1),
    });
    expect(errorOf(pastDate).fields).toEqual(['nextActionDate']);
    const zero = await followUp(api, account.id, {
      contactMode: 'CALL',
      dispositionCode: 'PTP',
      actionAmount: '0',
      nextActionDate: BUSINESS_DATE,
    });
    expect(errorOf(zero).fields).toEqual(['actionAmount']);

    const response = await followUp(api, account.id, {
      contactMode: 'CALL',
      dispositionCode: 'PTP',
      actionAmount: '5000.00',
      nextActionDate: addDays(BUSINESS_DATE, 3),
      nextActionTime: '10:30',
      personContacted: 'Borrower',
      remarks: 'Will pay by UPI',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ followUp: Record<string, unknown>; ptp: Record<string, unknown> }>();
    expect(body.followUp).toMatchObject({
      dispositionCode: 'PTP',
      actionAmount: '5000.00',
      nextActionTime: '10:30',
      contactedBy: user.fullName,
      contactedAt: new Date(IST_MORNING).toISOString(),
      callingWindowOverride: null,
    });
    expect(body.ptp).toMatchObject({
      promisedAmount: '5000.00',
      promisedDate: addDays(BUSINESS_DATE, 3),
      ptpStatus: 'OPEN',
      deviationStatus: 'NONE',
      deviationReasons: [],
      capturedByUserId: user.id,
      currency: 'INR',
    });
    const after = await readAccount(handle.db, account.id);
    expect(after).toMatchObject({
      lastContactedByUserId: user.id,
      lastActionDate: BUSINESS_DATE,
      nextActionDate: addDays(BUSINESS_DATE, 3),
      lastDisposition: 'PTP',
      version: account.version + 1,
    });
    expect(after.lastContactedAt?.toISOString()).toBe(new Date(IST_MORNING).toISOString());
    const [audit] = await auditRows(handle.db, {
      action: 'collections.follow_up.create',
      entityId: body.followUp.id as number,
    });
    expect(audit?.after).toMatchObject({ accountId: account.id, dispositionCode: 'PTP', ptpId: body.ptp.ptpId });

    // The Followup tab shows it.
    const view = accountViewSchema.parse(
      (await api.get(`/api/collections/accounts/${account.id}?tray=telecaller`)).json(),
    );
    expect(view.followUps.map((f) => f.id)).toEqual([body.followUp.id]);
    expect(view.ptps.map((p) => p.ptpId)).toEqual([body.ptp.ptpId]);
  });

  it('sends a PTP outside policy to a supervisor (PENDING with its reasons); FPTP always; a new PTP replaces the open one', async () => {
    const { org, account, api } = await telecallerWithAccount();
    const first = await followUp(api, account.id, {
      contactMode: 'CALL',
      dispositionCode: 'PTP',
      actionAmount: '5000',
      nextActionDate: addDays(BUSINESS_DATE, 2),
    });
    const firstPtp = first.json<{ ptp: { ptpId: number } }>().ptp.ptpId;
    // Beyond 7 days for B1, beyond the next instalment (due in 10 days) and below one EMI.
    const outside = await followUp(api, account.id, {
      contactMode: 'CALL',
      dispositionCode: 'PTP',
      actionAmount: '100.50',
      nextActionDate: addDays(BUSINESS_DATE, 12),
      deviationReason: 'Salary is credited late this month',
    });
    expect(outside.statusCode, outside.body).toBe(200);
    expect(outside.json<{ ptp: unknown }>().ptp).toMatchObject({
      deviationStatus: 'PENDING',
      deviationReasons: ['BEYOND_HORIZON', 'BEYOND_NEXT_DUE', 'BELOW_MINIMUM'],
      ptpStatus: 'OPEN',
    });
    const [replaced] = await handle.db.select().from(ptps).where(eq(ptps.id, firstPtp));
    expect(replaced).toMatchObject({ status: 'CANCELLED', version: 2 });

    const future = await followUp(api, account.id, {
      contactMode: 'CALL',
      dispositionCode: 'FPTP',
      actionAmount: '5000',
      nextActionDate: addDays(BUSINESS_DATE, 1),
      deviationReason: 'Borrower abroad until next week',
    });
    expect(future.json<{ ptp: unknown }>().ptp).toMatchObject({
      deviationStatus: 'PENDING',
      deviationReasons: ['BEYOND_HORIZON'],
    });
    const open = await handle.db
      .select()
      .from(ptps)
      .where(sql`${ptps.accountId} = ${account.id} and ${ptps.status} = 'OPEN'`);
    expect(open).toHaveLength(1);

    // The replaced promise's deviation no longer waits for a supervisor; the new one does.
    const supervisor = await apiAs(t, await createStaff(handle.db, org.zone, ['PTP_DEVIATION_SAUTH']), org.zone);
    const outsidePtp = outside.json<{ ptp: { ptpId: number; version: number } }>().ptp;
    const withdrawn = await supervisor.post(`/api/collections/ptps/${outsidePtp.ptpId}/approve`, { version: 2 });
    expect(withdrawn.statusCode).toBe(409);
    expect(errorOf(withdrawn).code).toBe('ALREADY_DECIDED');
    expect(
      await auditRows(handle.db, { action: 'collections.ptp_deviation.withdraw', entityId: outsidePtp.ptpId }),
    ).toHaveLength(1);
    const futurePtp = future.json<{ ptp: { ptpId: number } }>().ptp.ptpId;
    const approved = await supervisor.post(`/api/collections/ptps/${futurePtp}/approve`, { version: 1 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ deviationStatus: 'APPROVED', version: 2 });
  });

  it('refuses a PTP above the total due (400 naming actionAmount); a promise beyond the horizon needs the deviation reason, which the supervisor’s request carries', async () => {
    const org = await createOrg(handle.db);
    const user = await createStaff(handle.db, org.branch, [{ code: 'TELECALLER_SAUTH', tabs: tabs(['Followup']) }]);
    const account = await createAccount(handle.db, {
      unit: org.branch,
      dpd: 400,
      allocatedTo: user,
      totalDue: '153281.15',
    });
    const api = await apiAs(t, user, org.branch);

    const tooMuch = await followUp(api, account.id, {
      contactMode: 'CALL',
      dispositionCode: 'PTP',
      actionAmount: '999999999',
      nextActionDate: addDays(BUSINESS_DATE, 2),
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(errorOf(tooMuch)).toMatchObject({
      fields: ['actionAmount'],
      detail: 'actionAmount: must not be more than the total due amount ₹1,53,281.15',
    });
    // One paisa above the total due is refused too; the total due itself is a promise within policy.
    const paisaAbove = await followUp(api, account.id, {
      contactMode: 'CALL',
      dispositionCode: 'PTP',
      actionAmount: '153281.16',
      nextActionDate: addDays(BUSINESS_DATE, 2),
    });
    expect(errorOf(paisaAbove).fields).toEqual(['actionAmount']);
    const whole = await followUp(api, account.id, {
      contactMode: 'CALL',
      dispositionCode: 'PTP',
      actionAmount: '153281.15',
      nextActionDate: addDays(BUSINESS_DATE, 2),
    });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json<{ ptp: unknown }>().ptp).toMatchObject({ deviationStatus: 'NONE', deviationReasons: [] });

    // Seven months ahead: beyond the 15-day horizon of a 365+ account. Without a reason it is refused.
    const farAhead = addDays(BUSINESS_DATE, 210);
    const silent = await followUp(api, account.id, {
      contactMode: 'CALL',
      dispositionCode: 'PTP',
      actionAmount: '10000',
      nextActionDate: farAhead,
    });
    expect(silent.statusCode).toBe(400);
    expect(errorOf(silent).fields).toEqual(['deviationReason']);
    expect(errorOf(silent).detail).toContain('BEYOND_HORIZON');
    const short = await followUp(api, account.id, {
      contactMode: 'CALL',
      dispositionCode: 'PTP',
      actionAmount: '10000',
      nextActionDate: farAhead,
      deviationReason: 'later',
    });
    expect(errorOf(short).fields).toEqual(['deviationReason']);
    const open = await handle.db
      .select()
      .from(ptps)
      .where(sql`${ptps.accountId} = ${account.id} and ${ptps.status} = 'OPEN'`);
    expect(open.map((ptp) => ptp.promisedAmount)).toEqual(['153281.15']);

    const reason = 'Crop harvest money arrives in the seventh month';
    const deviation = await followUp(api, account.id, {
      contactMode: 'CALL',
      dispositionCode: 'PTP',
      actionAmount: '10000',
      nextActionDate: farAhead,
      deviationReason: reason,
    });
    expect(deviation.statusCode, deviation.body).toBe(200);
    const ptp = deviation.json<{ ptp: { ptpId: number } }>().ptp;
    expect(ptp).toMatchObject({ deviationStatus: 'PENDING', deviationReasons: ['BEYOND_HORIZON', 'BEYOND_NEXT_DUE'] });
    const requests = await selectRows<{ remarks: string | null; status: string }>(
      handle.db,
      sql`select remarks, status from approval_requests where flow_code = 'PTP_DEVIATION' and subject_id = ${ptp.ptpId}`,
    );
    expect(requests).toEqual([{ remarks: reason, status: 'PENDING' }]);
  });

  it('takes a USD promise in cents, and refuses more decimals than the currency has', async () => {
    const org = await createOrg(handle.db);
    const user = await createStaff(handle.db, org.branch, [{ code: 'TELECALLER_SAUTH', tabs: tabs(['Followup']) }]);
    const account = await createAccount(handle.db, {
      unit: org.branch,
      dpd: 10,
      allocatedTo: user,
      currency: 'USD',
      emi: '500.00',
      totalDue: '5927.59',
    });
    const api = await apiAs(t, user, org.branch);
    const cents = await followUp(api, account.id, {
      contactMode: 'EMAIL',
      dispositionCode: 'PTP',
      actionAmount: '1250.75',
      nextActionDate: addDays(BUSINESS_DATE, 3),
    });
    expect(cents.statusCode, cents.body).toBe(200);
    expect(cents.json<{ ptp: unknown }>().ptp).toMatchObject({ promisedAmount: '1250.75', currency: 'USD' });
    const tooFine = await followUp(api, account.id, {
      contactMode: 'EMAIL',
      dispositionCode: 'PTP',
      actionAmount: '1250.755',
      nextActionDate: addDays(BUSINESS_DATE, 3),
    });
    expect(errorOf(tooFine).fields).toEqual(['actionAmount']);
    const above = await followUp(api, account.id, {
      contactMode: 'EMAIL',
      dispositionCode: 'PTP',
      actionAmount: '5927.60',
      nextActionDate: addDays(BUSINESS_DATE, 3),
    });
    expect(errorOf(above).detail).toBe('actionAmount: must not be more than the total due amount $5,927.59');
  });

  it('needs an override reason for a call outside 08:00–19:00 of the borrower’s time, and stores and audits it', async () => {
    const night = await createTestApp(handle.db, { clock: new FakeClock(IST_NIGHT) });
    try {
      const { org, user, account, api } = await telecallerWithAccount(undefined, night);
      const refused = await followUp(api, account.id, { contactMode: 'CALL', dispositionCode: 'RNR' });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).fields).toEqual(['callingWindowOverride']);
      expect(errorOf(refused).detail).toContain('08:00–19:00');
      expect(errorOf(refused).detail).toContain('Asia/Kolkata');
      const short = await followUp(api, account.id, {
        contactMode: 'CALL',
        dispositionCode: 'RNR',
        callingWindowOverride: 'late',
      });
      expect(errorOf(short).fields).toEqual(['callingWindowOverride']);
      // Not a call: no window.
      expect((await followUp(api, account.id, { contactMode: 'SMS', dispositionCode: 'RNR' })).statusCode).toBe(200);

      const reason = 'Borrower asked to be called after work hours';
      const allowed = await followUp(api, account.id, {
        contactMode: 'CALL',
        dispositionCode: 'CB',
        nextActionDate: addDays(BUSINESS_DATE, 1),
        nextActionTime: '18:00',
        callingWindowOverride: reason,
      });
      expect(allowed.statusCode, allowed.body).toBe(200);
      const recorded = allowed.json<{ followUp: { id: number; callingWindowOverride: string } }>().followUp;
      expect(recorded.callingWindowOverride).toBe(reason);
      const [audit] = await auditRows(handle.db, { action: 'collections.follow_up.create', entityId: recorded.id });
      expect(audit).toMatchObject({ actorUserId: user.id, actingUnitId: org.branch.id });
      expect(audit?.after).toMatchObject({ callingWindowOverride: reason, nextStep: 'CALLBACK' });
      expect(await readAccount(handle.db, account.id)).toMatchObject({
        nextActionDate: addDays(BUSINESS_DATE, 1),
        lastDisposition: 'CB',
      });

      // 11:00 in New York: inside that borrower's window.
      const customer = await createCustomer(handle.db, { timeZone: 'America/New_York' });
      const abroad = await createAccount(handle.db, { unit: org.branch, customer, allocatedTo: user, currency: 'USD' });
      expect((await followUp(api, abroad.id, { contactMode: 'CALL', dispositionCode: 'RNR' })).statusCode).toBe(200);
    } finally {
      await night.close();
    }
  });

  it('carries out each disposition’s next step: WN, DISPUTE, RTP, DNC and PAID', async () => {
    const { org, user, account, contact, api } = await telecallerWithAccount();
    const wnWithout = await followUp(api, account.id, { contactMode: 'CALL', dispositionCode: 'WN' });
    expect(errorOf(wnWithout).fields).toEqual(['contactId']);
    const strangerContact = await createContact(handle.db, (await createCustomer(handle.db)).id);
    const wnStranger = await followUp(api, account.id, {
      contactMode: 'CALL',
      dispositionCode: 'WN',
      contactId: strangerContact.id,
    });
    expect(errorOf(wnStranger).fields).toEqual(['contactId']);

    expect(
      (await followUp(api, account.id, { contactMode: 'CALL', dispositionCode: 'WN', contactId: contact.id }))
        .statusCode,
    ).toBe(200);
    const [invalid] = await handle.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(invalid).toMatchObject({ isValid: false, invalidReason: 'Wrong number', version: 2 });
    expect(await readAccount(handle.db, account.id)).toMatchObject({ inSkipTrace: true, lastDisposition: 'WN' });

    const disputed = await createAccount(handle.db, { unit: org.branch, allocatedTo: user });
    expect((await followUp(api, disputed.id, { contactMode: 'CALL', dispositionCode: 'DISPUTE' })).statusCode).toBe(
      200,
    );
    expect((await followUp(api, disputed.id, { contactMode: 'CALL', dispositionCode: 'DISPUTE' })).statusCode).toBe(
      200,
    );
    expect(await readAccount(handle.db, disputed.id)).toMatchObject({ isOnHold: true });
    const holds = await handle.db
      .select()
      .from(accountRestrictions)
      .where(eq(accountRestrictions.accountId, disputed.id));
    expect(holds).toEqual([
      expect.objectContaining({ kind: 'ALLOCATION_HOLD', action: 'START', reason: 'Dispute', byUserId: user.id }),
    ]);

    const refused = await createAccount(handle.db, { unit: org.branch, allocatedTo: user });
    expect((await followUp(api, refused.id, { contactMode: 'CALL', dispositionCode: 'RTP' })).statusCode).toBe(200);
    const raised = await handle.db.select().from(escalations).where(eq(escalations.accountId, refused.id));
    expect(raised).toEqual([
      expect.objectContaining({ reason: 'RTP', status: 'OPEN', raisedByUserId: user.id, raisedOn: BUSINESS_DATE }),
    ]);

    for (const code of ['DNC', 'PAID']) {
      const suppressed = await createAccount(handle.db, { unit: org.branch, allocatedTo: user });
      expect((await followUp(api, suppressed.id, { contactMode: 'CALL', dispositionCode: code })).statusCode).toBe(200);
      expect(await readAccount(handle.db, suppressed.id)).toMatchObject({ isSuppressed: true });
      const [row] = await handle.db
        .select()
        .from(accountRestrictions)
        .where(eq(accountRestrictions.accountId, suppressed.id));
      expect(row).toMatchObject({ kind: 'ACTIVITY_SUPPRESSION', action: 'START' });
    }
    // The skip-trace tray now holds the WN account.
    const skip = await createStaff(handle.db, org.branch, ['SKIP_SAUTH']);
    const skipApi = await apiAs(t, skip, org.branch);
    const tray = await skipApi.get('/api/collections/trays/skiptrace?view=team');
    expect(tray.json<{ data: { accountId: number }[] }>().data.map((row) => row.accountId)).toEqual([account.id]);
  });

  it('answers bad follow-up bodies with 400 naming the field', async () => {
    const { account, api } = await telecallerWithAccount();
    const cases: [Record<string, unknown>, string][] = [
      [{ contactMode: 'CALL', dispositionCode: 'NOPE' }, 'dispositionCode'],
      [{ contactMode: 'PIGEON', dispositionCode: 'RNR' }, 'contactMode'],
      [{ dispositionCode: 'RNR' }, 'contactMode'],
      [{ contactMode: 'CALL', dispositionCode: 'RNR', nextActionDate: '2026-02-30' }, 'nextActionDate'],
      [{ contactMode: 'CALL', dispositionCode: 'RNR', nextActionTime: '25:00' }, 'nextActionTime'],
      [
        { contactMode: 'CALL', dispositionCode: 'PTP', actionAmount: '12.345', nextActionDate: BUSINESS_DATE },
        'actionAmount',
      ],
      [{ contactMode: 'CALL', dispositionCode: 'RNR', contactId: 3_000_000_000_000_000 }, 'contactId'],
      [{ contactMode: 'CALL', dispositionCode: 'RNR', documentId: 424242 }, 'documentId'],
      [{ contactMode: 'CALL', dispositionCode: 'RNR', remarks: 'bad\u0000byte' }, 'remarks'],
      [{ contactMode: 'CALL', dispositionCode: 'RNR', isAdmin: true }, 'body'],
    ];
    for (const [body, field] of cases) {
      const response = await followUp(api, account.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).fields, JSON.stringify(body)).toContain(field);
    }
    await handle.db.execute(sql`update dispositions set is_active = false where code = 'SW'`);
    try {
      const inactive = await followUp(api, account.id, { contactMode: 'CALL', dispositionCode: 'SW' });
      expect(errorOf(inactive).fields).toEqual(['dispositionCode']);
    } finally {
      await handle.db.execute(sql`update dispositions set is_active = true where code = 'SW'`);
    }
  });

  it('refuses writes through a read-only tab with 403 TAB_READ_ONLY, even with the tray’s authority', async () => {
    const { account, contact, address, api } = await telecallerWithAccount(tabs([]));
    const before = await readAccount(handle.db, account.id);
    const writes = [
      await followUp(api, account.id, { contactMode: 'SMS', dispositionCode: 'RNR' }),
      await api.patch(`/api/collections/accounts/${account.id}/contacts/${contact.id}?tray=telecaller`, {
        version: 1,
        phone: '9123456780',
      }),
      await api.patch(`/api/collections/accounts/${account.id}/addresses/${address.id}?tray=telecaller`, {
        version: 1,
        city: 'Nagpur',
      }),
      await api.inject({
        method: 'POST',
        url: `/api/collections/accounts/${account.id}/documents?tray=telecaller`,
        ...multipart({ documentName: 'Receipt', category: 'RECEIPT' }, [{ name: 'r.pdf', content: PDF }]),
      }),
    ];
    for (const response of writes) {
      expect(response.statusCode, response.body).toBe(403);
      expect(errorOf(response).code).toBe('TAB_READ_ONLY');
    }
    expect(await readAccount(handle.db, account.id)).toEqual(before);
    // Reading still works.
    expect((await api.get(`/api/collections/accounts/${account.id}?tray=telecaller`)).statusCode).toBe(200);
  });

  it('edits contacts and addresses with optimistic concurrency (stale → 409) and audits before and after', async () => {
    const { account, contact, address, api } = await telecallerWithAccount();
    const url = `/api/collections/accounts/${account.id}/contacts/${contact.id}?tray=telecaller`;
    const updated = await api.patch(url, { version: 1, phone: '9123456780', mode: 'WHATSAPP' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id: contact.id, phone: '9123456780', mode: 'WHATSAPP', version: 2 });
    const stale = await api.patch(url, { version: 1, phone: '9000000000' });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('STALE_VERSION');
    const [audit] = await auditRows(handle.db, { action: 'collections.contact.update', entityId: contact.id });
    expect(audit?.before).toMatchObject({ phone: '9876543210', version: 1 });
    expect(audit?.after).toMatchObject({ phone: '9123456780', version: 2 });

    const addressUrl = `/api/collections/accounts/${account.id}/addresses/${address.id}?tray=telecaller`;
    const moved = await api.patch(addressUrl, { version: 1, line1: '7 FC Road', pinCode: '411004' });
    expect(moved.json()).toMatchObject({ line1: '7 FC Road', pinCode: '411004', version: 2 });
    expect(errorOf(await api.patch(addressUrl, { version: 1, city: 'Nashik' })).code).toBe('STALE_VERSION');
    expect(errorOf(await api.patch(addressUrl, { version: 2, pinCode: '4110' })).fields).toEqual(['pinCode']);
    expect(errorOf(await api.patch(addressUrl, { city: 'Nashik' })).fields).toEqual(['version']);
    expect((await auditRows(handle.db, { action: 'collections.address.update', entityId: address.id })).length).toBe(1);

    // Another customer's contact through this account: 404.
    const stranger = await createContact(handle.db, (await createCustomer(handle.db)).id);
    const foreign = await api.patch(`/api/collections/accounts/${account.id}/contacts/${stranger.id}?tray=telecaller`, {
      version: 1,
      phone: '9000000000',
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('stores PDF, PNG or JPEG documents up to 5 MB, serves them in scope, and lets a follow-up refer to one', async () => {
    const { org, account, api } = await telecallerWithAccount();
    const url = `/api/collections/accounts/${account.id}/documents?tray=telecaller`;
    const upload = await api.inject({
      method: 'POST',
      url,
      ...multipart({ documentName: 'Payment receipt', category: 'RECEIPT', remark: 'UPI' }, [
        { name: '../../etc/receipt.pdf', content: PDF },
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const document = upload.json<{ id: number; fileName: string; mimeType: string; sizeBytes: number }>();
    expect(document).toMatchObject({ fileName: 'receipt.pdf', mimeType: 'application/pdf', sizeBytes: PDF.length });
    expect(await auditRows(handle.db, { action: 'collections.document.upload', entityId: document.id })).toHaveLength(
      1,
    );

    const download = await api.get(`/api/collections/accounts/${account.id}/documents/${document.id}?tray=telecaller`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="receipt.pdf"');
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const png = await api.inject({
      method: 'POST',
      url,
      ...multipart({ documentName: 'Photo', category: 'VISIT' }, [{ name: 'visit.bin', content: PNG }]),
    });
    expect(png.json()).toMatchObject({ mimeType: 'image/png' });

    const refused: [ReturnType<typeof multipart>, number, string][] = [
      [
        multipart({ documentName: 'Script', category: 'X' }, [
          { name: 'x.pdf', content: Buffer.from('<script>alert(1)</script>') },
        ]),
        400,
        'file',
      ],
      [multipart({ category: 'X' }, [{ name: 'x.pdf', content: PDF }]), 400, 'documentName'],
      [multipart({ documentName: 'No file', category: 'X' }), 400, 'file'],
      [
        multipart({ documentName: 'Big', category: 'X' }, [
          { name: 'big.pdf', content: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]) },
        ]),
        413,
        '',
      ],
      [
        multipart({ documentName: 'Two', category: 'X' }, [
          { name: 'a.pdf', content: PDF },
          { name: 'b.pdf', content: PDF },
        ]),
        400,
        'file',
      ],
    ];
    for (const [body, status, field] of refused) {
      const response = await api.inject({ method: 'POST', url, ...body });
      expect(response.statusCode, response.body).toBe(status);
      if (field) expect(errorOf(response).fields).toContain(field);
    }
    expect((await api.post(url, { documentName: 'json' })).statusCode).toBe(415);

    const withDocument = await followUp(api, account.id, {
      contactMode: 'FIELD_VISIT',
      dispositionCode: 'PAID',
      documentId: document.id,
    });
    expect(withDocument.json()).toMatchObject({ followUp: { documentId: document.id } });
    const view = (await api.get(`/api/collections/accounts/${account.id}?tray=telecaller`)).json<{
      documents: { id: number }[];
    }>();
    expect(view.documents.map((d) => d.id).sort()).toEqual([document.id, png.json<{ id: number }>().id].sort());

    // Another unit cannot fetch it, and a document of another account is not served through this one.
    const outsider = await createStaff(handle.db, org.foreign, ['TELECALLER_SAUTH']);
    const outsiderApi = await apiAs(t, outsider, org.foreign);
    expect(
      (await outsiderApi.get(`/api/collections/accounts/${account.id}/documents/${document.id}?tray=telecaller`))
        .statusCode,
    ).toBe(404);
    const other = await createAccount(handle.db, { unit: org.branch, dpd: 5 });
    expect(
      (await api.get(`/api/collections/accounts/${other.id}/documents/${document.id}?tray=telecaller`)).statusCode,
    ).toBe(404);
    const otherFollowUp = await followUp(api, other.id, {
      contactMode: 'SMS',
      dispositionCode: 'RNR',
      documentId: document.id,
    });
    expect(errorOf(otherFollowUp).fields).toEqual(['documentId']);
  });

  it('keeps account documents in the same document store as case documents: under DOCUMENT_DIR when it is set', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-account-docs-'));
    const app = await createTestApp(handle.db, { clock: new FakeClock(IST_MORNING), config: { documentDir: folder } });
    try {
      const { account, api } = await telecallerWithAccount(undefined, app);
      const upload = await api.inject({
        method: 'POST',
        url: `/api/collections/accounts/${account.id}/documents?tray=telecaller`,
        ...multipart({ documentName: 'Visit photo', category: 'VISIT' }, [{ name: 'visit.png', content: PNG }]),
      });
      expect(upload.statusCode, upload.body).toBe(200);
      const { id } = upload.json<{ id: number }>();
      const sha = createHash('sha256').update(PNG).digest('hex');
      const [stored] = await handle.db
        .select({ storage: documents.storage, storagePath: documents.storagePath, content: documents.content })
        .from(documents)
        .where(eq(documents.id, id));
      expect(stored).toEqual({
        storage: 'FOLDER',
        storagePath: `accounts/${account.id}/${id}-${sha.slice(0, 16)}.png`,
        content: null,
      });
      const file = path.join(folder, stored!.storagePath!);
      expect(fs.readFileSync(file).equals(PNG)).toBe(true);
      const url = `/api/collections/accounts/${account.id}/documents/${id}?tray=telecaller`;
      const download = await api.get(url);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(PNG)).toBe(true);

      // Bytes changed on disk no longer match their SHA-256 and are not served.
      fs.writeFileSync(file, Buffer.concat([PNG, Buffer.from('tampered')]));
      const tampered = await api.get(url);
      expect(tampered.statusCode).toBe(500);
      expect(tampered.rawPayload.equals(PNG)).toBe(false);
    } finally {
      await app.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('never answers 5xx to odd ids, queries and bodies on any collections route', async () => {
    const org = await createOrg(handle.db);
    const authorities = [...TRAYS.map((tray) => tray.authority), 'DAY_START_COLL_SAUTH'];
    const user = await createStaff(handle.db, org.branch, authorities);
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 10, allocatedTo: user });
    const api = await apiAs(t, user, org.branch);
    const routes = t.app.routeDeclarations().filter((route) => route.url.startsWith('/api/collections'));
    expect(routes.length).toBeGreaterThan(40);
    const bodies: unknown[] = [
      undefined,
      null,
      [],
      {},
      { version: 99_999_999_999, accountIds: [1, 'x'], toUserId: -1, action: 'START', reason: 'x'.repeat(5000) },
    ];
    let requests = 0;
    for (const route of routes) {
      for (const id of [String(account.id), 'abc', '99999999999999999999']) {
        const path = route.url.replace(/:[A-Za-z]+/g, id);
        for (const query of ['?tray=telecaller', '?tray=skiptrace&view=all&dpdFrom=-1&cursor=%00&format=doc']) {
          for (const payload of route.method === 'GET' ? [undefined] : bodies) {
            const response = await api.inject({
              method: route.method as 'GET' | 'POST' | 'PATCH',
              url: `${path}${query}`,
              ...(payload === undefined
                ? {}
                : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
            });
            requests += 1;
            expect(
              response.statusCode,
              `${route.method} ${path}${query} ${JSON.stringify(payload)}: ${response.body}`,
            ).toBeLessThan(500);
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(300);
  });
});
