import type { MailMessage } from './mail-service.ts';

// Texts of the mails the server sends. The code is the only secret in them.

export function signInCodeMail(to: string, code: string, ttlMinutes: number): MailMessage {
  return {
    to,
    subject: 'Your Recovery Desk sign-in code',
    body:
      `Your one-time sign-in code is ${code}.\n\n` +
      `It expires in ${ttlMinutes} minutes and works once. If you did not try to sign in, ` +
      'tell your administrator and change your password.\n',
  };
}

export function resetCodeMail(to: string, code: string, ttlMinutes: number): MailMessage {
  return {
    to,
    subject: 'Your Recovery Desk password reset code',
    body:
      `Your password reset code is ${code}.\n\n` +
      `It expires in ${ttlMinutes} minutes and works once. If you did not ask to reset your password, ` +
      'ignore this message; your password has not changed.\n',
  };
}

export function hearingReminderMail(
  to: string,
  hearing: { caseNo: string; hearingDate: string; court: string | null },
): MailMessage {
  return {
    to,
    subject: `Hearing reminder: case ${hearing.caseNo} on ${hearing.hearingDate}`,
    body:
      `Case ${hearing.caseNo} has its next hearing on ${hearing.hearingDate}` +
      `${hearing.court ? ` at ${hearing.court}` : ''}.\n\n` +
      'Prepare the file and record the outcome in Recovery Desk (Court Case Update) after the hearing.\n',
  };
}
