import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { DICTIONARIES } from '@recovery-desk/i18n/languages.ts';
import { createUser, ensureOrganisation } from './factories.ts';
import { createTestApp, latestMailTo, type TestApp } from './support/test-app.ts';
import { apiAs, createAccount, createContact, createOrg, createStaff } from './collections/factories.ts';

// The server answers in the user's language: the web sends its `language` setting as Accept-Language, and exports,
// mails and error details follow it (English when it names no interface language).

const { hi, de } = DICTIONARIES;

describe.each(testDatabaseKinds())('server messages in the user language (%s)', (kind) => {
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

  it('exports a tray in Hindi: the screen’s headers in Hindi, labels instead of codes, a currency column', async () => {
    const org = await createOrg(handle.db);
    const me = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 40, allocatedTo: me, product: 'HOME' });
    const api = await apiAs(t, me, org.branch);
    const csv = await api.inject({
      method: 'GET',
      url: '/api/collections/trays/telecaller/export?format=csv',
      headers: { 'accept-language': 'hi' },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, line] = csv.body.trimEnd().split('\r\n');
    const headers = header!.split(',');
    expect(headers.slice(0, 3)).toEqual([hi.DelinquentAccount, hi.CustomerName, hi.Product]);
    expect(headers).toContain(hi.ExportCurrency);
    expect(headers).toContain(hi.TotalAmountOverdue);
    const cells = line!.split(',');
    expect(cells[0]).toBe(account.accountNo);
    expect(cells[headers.indexOf(hi.Product)]).toBe(hi.ProductHome);
    expect(cells[headers.indexOf(hi.DpdBucket)]).toBe('31–60');
    expect(cells[headers.indexOf(hi.ExportCurrency)]).toBe('INR');
    expect(cells[headers.indexOf(hi.TotalAmountOverdue)]).toBe('5000.00');
    // no cell is a code (a cell, not the line: a random account number may hold the letters B2)
    expect(cells).not.toContain('HOME');
    expect(cells).not.toContain('B2');

    // The same export without a language is English: the screen's English words.
    const english = await api.get('/api/collections/trays/telecaller/export?format=csv');
    expect(english.body.split('\r\n')[0]!.split(',').slice(0, 3)).toEqual([
      'Delinquent account',
      'Customer name',
      'Product',
    ]);
    expect(english.body).toContain(`${account.accountNo},`);
    expect(english.body).toContain(',Home,40,31–60,');
  });

  it('mails the password reset code in the language of the request', async () => {
    const user = await createUser(handle.db);
    const reply = await t.inject({
      method: 'POST',
      url: '/forPassEmailVerify',
      headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.5' },
      payload: { data: { email: user.email } },
    });
    expect(reply.statusCode).toBe(200);
    const mail = await latestMailTo(handle.db, user.email);
    expect(mail?.subject).toBe(hi.MailResetCodeSubject);
    expect(mail?.body).toMatch(/^आपका पासवर्ड रीसेट कोड \d{6} है।/);
    expect(mail?.body).toContain('5 मिनट');

    const other = await createUser(handle.db);
    await t.inject({
      method: 'POST',
      url: '/forPassEmailVerify',
      headers: { 'accept-language': 'fr-FR' },
      payload: { data: { email: other.email } },
    });
    expect((await latestMailTo(handle.db, other.email))?.subject).toBe('Your Recovery Desk password reset code');
  });

  it('words error details in German by their code, and keeps the exact English text otherwise', async () => {
    const org = await createOrg(handle.db);
    const me = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 10, allocatedTo: me });
    const contact = await createContact(handle.db, account.customerId);
    const api = await apiAs(t, me, org.branch);
    const german = { 'accept-language': 'de-DE,de;q=0.9' };
    const url = `/api/collections/accounts/${account.id}/contacts/${contact.id}?tray=telecaller`;

    // A field missing: the spec's rule message in German, the field still named.
    const invalid = await api.inject({ method: 'PATCH', url, headers: german, payload: { version: 1, mode: 'FAX' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ error_code: 'VALIDATION', fields: [{ field: 'mode' }] });
    // The version missing (an optimistic update without its precondition): 428 in German, the field named.
    const missing = await api.inject({ method: 'PATCH', url, headers: german, payload: { phone: '9123456780' } });
    expect(missing.statusCode).toBe(428);
    expect(missing.json()).toMatchObject({
      error_code: 'PRECONDITION_REQUIRED',
      detail: de.ErrorDetailPreconditionRequired,
      fields: [{ field: 'version', message: de.ValidationRequired }],
    });

    // A stale version: 409 in German.
    const saved = await api.patch(url, { version: 1, phone: '9123456780' });
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await api.inject({
      method: 'PATCH',
      url,
      headers: german,
      payload: { version: 1, phone: '9000000000' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error_code: 'STALE_VERSION', detail: de.ErrorDetailStaleVersion });

    // Another unit's record and an unknown path: 404 in German.
    const notFound = await api.inject({
      method: 'GET',
      url: '/api/collections/accounts/999999999?tray=telecaller',
      headers: german,
    });
    expect(notFound.json()).toMatchObject({ error_code: 'NOT_FOUND', detail: de.ErrorDetailNotFound });
    const noRoute = await t.inject({ method: 'POST', url: '/api/no-such-thing', headers: german });
    expect(noRoute.json()).toEqual({
      error_code: 'NOT_FOUND',
      detail: 'Unter diesem Pfad gibt es keinen POST-Endpunkt.',
    });

    // Signed out: the session message in German.
    const signedOut = await t.inject({ method: 'GET', url: '/api/collections/trays/telecaller', headers: german });
    expect(signedOut.json()).toMatchObject({ error_code: 'UNAUTHENTICATED', detail: de.ErrorDetailUnauthenticated });

    // English (no header, or a language the product does not have) keeps today's exact texts.
    for (const headers of [{}, { 'accept-language': 'fr' }]) {
      const english = await api.inject({ method: 'PATCH', url, headers, payload: { version: 1, phone: '9000000000' } });
      expect(english.json<{ detail: string }>().detail).toBe(
        'This contact was changed by someone else. Reload it and try again.',
      );
      const route = await t.inject({ method: 'POST', url: '/api/no-such-thing', headers });
      expect(route.json()).toEqual({ error_code: 'NOT_FOUND', detail: 'There is no POST endpoint at this path.' });
      const required = await api.inject({ method: 'PATCH', url, headers, payload: {} });
      expect(required.statusCode).toBe(428);
      expect(required.json()).toMatchObject({
        error_code: 'PRECONDITION_REQUIRED',
        detail: 'version: This field is required',
      });
    }
  });
});
