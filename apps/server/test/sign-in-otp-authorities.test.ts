import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { APPROVER_AUTHORITIES } from '@recovery-desk/domain/authorities.ts';
import { parseConfig } from '../src/config.ts';
import { createUnit, createUser, ensureOrganisation, type Grant } from './factories.ts';
import { codeIn, createTestApp, latestMailTo, postToken, type TestApp } from './support/test-app.ts';

// A one-time code at sign-in per authority (SIGN_IN_OTP_AUTHORITIES, default `approvers`): holders of an approver
// authority need the mailed code (spec: /sendOtpApi, Get OTP); others do not.

const errorCode = (reply: { json: <T>() => T }) => reply.json<{ error_code: string }>().error_code;

describe.each(testDatabaseKinds())('one-time code by authority (%s)', (kind) => {
  let handle: DatabaseHandle;
  let byDefault: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    byDefault = await createTestApp(handle.db);
  });
  afterAll(async () => {
    await byDefault.close();
    await handle.close();
  });

  async function userWith(app: 'collapp' | 'legalapp' | 'repoapp', grants: Grant[]) {
    const unit = await createUnit(handle.db);
    return createUser(handle.db, { units: [{ unit, grants: { [app]: grants } }] });
  }

  it('is on by default for every approver authority of the spec', () => {
    expect(byDefault.config.signInOtpAuthorities).toEqual(expect.arrayContaining([...APPROVER_AUTHORITIES]));
    for (const code of ['MAN_REALLOC_APPROVAL_SAUTH', 'SETTLE_APP_SAUTH', 'LEGAL_FILE_APP_SAUTH', 'SARF_AUC_APP_SAUTH'])
      expect(APPROVER_AUTHORITIES).toContain(code);
    // Makers, officers and the trays unit managers work are not approver authorities.
    for (const code of ['MAN_REALLOC_SAUTH', 'LEGAL_APP_CASES_SAUTH', 'TELECALLER_SAUTH', 'REPO_WAIV_APP_RQST_SAUTH'])
      expect(APPROVER_AUTHORITIES).not.toContain(code);
  });

  it('asks an approver for the mailed code and signs them in with it', async () => {
    const approver = await userWith('collapp', [{ system_auth: 'SETTLE_APP_SAUTH' }]);
    const credentials = { username: approver.username, password: approver.password };
    const withoutCode = await postToken(byDefault, credentials);
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json()).toEqual({
      detail: 'Please enter the OTP sent to your registered email',
      error_code: 'OTP_REQUIRED',
    });
    const sent = await byDefault.inject({
      method: 'POST',
      url: '/sendOtpApi',
      payload: { userkey: await byDefault.seal(credentials) },
    });
    expect(sent.statusCode).toBe(200);
    const code = codeIn((await latestMailTo(handle.db, approver.email))!.body);
    expect(
      errorCode(await postToken(byDefault, { ...credentials, otp: '000000' === code ? '111111' : '000000' })),
    ).toBe('OTP_INVALID');
    const signedIn = await postToken(byDefault, { ...credentials, otp: code });
    expect(signedIn.statusCode).toBe(200);
  });

  it('asks a legal manager (filing approval) too, but not a legal officer or a telecaller', async () => {
    const manager = await userWith('legalapp', [{ system_auth: 'LEGAL_FILE_APP_SAUTH' }]);
    const officer = await userWith('legalapp', [
      { system_auth: 'LEGAL_INIT_SAUTH' },
      { system_auth: 'LEGAL_APP_CASES_SAUTH' },
    ]);
    const telecaller = await userWith('collapp', [{ system_auth: 'TELECALLER_SAUTH' }]);
    expect(errorCode(await postToken(byDefault, { username: manager.username, password: manager.password }))).toBe(
      'OTP_REQUIRED',
    );
    for (const user of [officer, telecaller])
      expect((await postToken(byDefault, { username: user.username, password: user.password })).statusCode).toBe(200);
  });

  it('follows the configured authorities: none, or a list of codes', async () => {
    const approver = await userWith('collapp', [{ system_auth: 'ACC_MARK_APP_SAUTH' }]);
    const telecaller = await userWith('collapp', [{ system_auth: 'TELECALLER_SAUTH' }]);
    const none = await createTestApp(handle.db, {
      config: { signInOtpAuthorities: parseConfig({ SIGN_IN_OTP_AUTHORITIES: 'none' }).signInOtpAuthorities },
    });
    const listed = await createTestApp(handle.db, {
      config: {
        signInOtpAuthorities: parseConfig({ SIGN_IN_OTP_AUTHORITIES: 'TELECALLER_SAUTH' }).signInOtpAuthorities,
      },
    });
    try {
      expect((await postToken(none, { username: approver.username, password: approver.password })).statusCode).toBe(
        200,
      );
      expect(errorCode(await postToken(listed, { username: telecaller.username, password: telecaller.password }))).toBe(
        'OTP_REQUIRED',
      );
      expect((await postToken(listed, { username: approver.username, password: approver.password })).statusCode).toBe(
        200,
      );
    } finally {
      await none.close();
      await listed.close();
    }
  });

  it('refuses an unknown authority code in SIGN_IN_OTP_AUTHORITIES', () => {
    expect(() => parseConfig({ SIGN_IN_OTP_AUTHORITIES: 'approvers,NOT_AN_AUTHORITY' })).toThrow(
      /SIGN_IN_OTP_AUTHORITIES/,
    );
  });
});
