import { translator } from '@recovery-desk/i18n/translator.ts';
import { describe, expect, it } from 'vitest';
import { decisionMail, resetCodeMail, signInCodeMail } from './templates.ts';

describe('mail texts', () => {
  it('keeps the English texts word for word', () => {
    expect(signInCodeMail('a@lender.test', '123456', 5)).toEqual({
      to: 'a@lender.test',
      subject: 'Your Recovery Desk sign-in code',
      body:
        'Your one-time sign-in code is 123456.\n\nIt expires in 5 minutes and works once. If you did not try to ' +
        'sign in, tell your administrator and change your password.\n',
    });
    expect(resetCodeMail('a@lender.test', '654321', 5).body).toBe(
      'Your password reset code is 654321.\n\nIt expires in 5 minutes and works once. If you did not ask to reset ' +
        'your password, ignore this message; your password has not changed.\n',
    );
  });

  it('writes the codes in the language given, with the code and minutes filled', () => {
    const mail = resetCodeMail('a@lender.test', '654321', 5, translator('de'));
    expect(mail.subject).toBe('Ihr Code zum Zurücksetzen des Passworts für Recovery Desk');
    expect(mail.body).toMatch(/^Ihr Code zum Zurücksetzen des Passworts lautet 654321\.\n\nEr läuft in 5 Minuten ab/);
    expect(signInCodeMail('a@lender.test', '123456', 5, translator('ar')).body).toContain('123456');
  });

  it('words a decision with the dictionary’s action and status names, remarks or "none"', () => {
    const facts = {
      to: 'maker@lender.test',
      makerName: 'Asha Kulkarni',
      checkerName: 'Ravi Menon',
      caseNo: 'LGL/2026/000001',
      decisionKey: 'RejectWithdrawal',
      decisionFallback: 'Reject Withdrawal',
      fromStage: 'Withdrawal',
      stage: 'Send Legal Notice',
      status: 'Rejected',
      remarks: null,
    };
    const english = decisionMail(facts);
    expect(english.subject).toBe('Case LGL/2026/000001: Reject withdrawal');
    expect(english.body).toBe(
      'Dear Asha Kulkarni,\n\nRavi Menon decided "Reject withdrawal" on case LGL/2026/000001 at stage Withdrawal, ' +
        'on the step you made.\nThe case is now at stage Send Legal Notice with status Rejected.\n\n' +
        'Remarks: (none)\n\nOpen the case in Recovery Desk to see the decision and act on it.\n',
    );
    const german = decisionMail({ ...facts, remarks: 'Betrag fehlt' }, translator('de'));
    expect(german.subject).toMatch(/^Fall LGL\/2026\/000001: /);
    expect(german.subject).not.toContain('Reject');
    expect(german.body).toContain('Bemerkungen: Betrag fehlt');
    expect(decisionMail({ ...facts, decisionKey: 'NoSuchAction' }).subject).toBe(
      'Case LGL/2026/000001: Reject Withdrawal',
    );
  });
});
