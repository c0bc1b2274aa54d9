import { ERROR_CODES, ERROR_STATUS } from '@recovery-desk/domain/errors.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { describeError, ERROR_MESSAGE_KEYS, errorCodeMessage } from './describe-error.ts';
import { HttpError, InvalidReplyError, NetworkError } from './http-client.ts';
import { DICTIONARIES } from '@recovery-desk/i18n/languages.ts';
import { changeLanguage, i18n, LANGUAGES } from './i18n/i18n.ts';

const t = i18n.t.bind(i18n);

function refusal(code: string, extra: Record<string, unknown> = {}): HttpError {
  const status = (ERROR_STATUS as Record<string, number>)[code] ?? 400;
  return new HttpError(status, { error_code: code, detail: `server words for ${code}`, ...extra });
}

describe('describeError over the shared ErrorCode list', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it.each(LANGUAGES)('every ErrorCode has a message of its own in %s', (language) => {
    const dictionary: Record<string, string> = DICTIONARIES[language];
    for (const code of ERROR_CODES) {
      const key = ERROR_MESSAGE_KEYS[code];
      expect(dictionary[key]?.trim(), `${language}: ${code} → ${key}`).toBeTruthy();
    }
  });

  it('describes each code by its message, in the language chosen', async () => {
    expect(describeError(refusal('ASSIGNEE_OUT_OF_REACH'), t)).toBe(
      'The chosen user or agency does not work the branch of these accounts. Choose another.',
    );
    await changeLanguage('de');
    expect(describeError(refusal('ASSIGNEE_OUT_OF_REACH'))).toBe(DICTIONARIES.de.ErrorAssigneeOutOfReach);
    expect(errorCodeMessage('CASE_CLOSED')).toBe(DICTIONARIES.de.ErrorCaseClosed);
  });

  it("shows the server's own words where only it can name the reason, and the accounts a refusal names", () => {
    expect(describeError(refusal('NOT_ELIGIBLE'), t)).toBe('server words for NOT_ELIGIBLE');
    expect(describeError(new HttpError(409, { error_code: 'NOT_ELIGIBLE' }), t)).toBe(
      'The account does not meet the legal pool rule.',
    );
    expect(describeError(refusal('ACCOUNT_ON_HOLD', { accounts: 'ACC-1, ACC-2' }), t)).toBe(
      `${DICTIONARIES.en.ErrorAccountOnHold} (ACC-1, ACC-2)`,
    );
  });

  it('falls back by status for a reply without a known code, and names network and contract failures', () => {
    expect(describeError(new HttpError(404, {}), t)).toBe(DICTIONARIES.en.ErrorNotInScope);
    expect(describeError(new HttpError(403, { error_code: 'SOMETHING_NEW' }), t)).toBe(DICTIONARIES.en.ErrorForbidden);
    expect(describeError(new HttpError(418, { detail: 'I am a teapot' }), t)).toBe('I am a teapot');
    expect(describeError(new NetworkError('down'), t)).toBe(DICTIONARIES.en.CouldNotConnect);
    expect(describeError(new InvalidReplyError(), t)).toBe(DICTIONARIES.en.ErrorUnexpectedReply);
  });
});
