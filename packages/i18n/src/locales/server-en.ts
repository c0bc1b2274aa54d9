// English strings the server writes: error details, mails and the fixed words of exports and notices. The web never
// shows these keys itself; they live here so every text the product sends is in the same dictionaries.
export const serverEn = {
  // Error details by code (the English reply keeps each refusal's own exact text; these word the other languages)
  ErrorDetailNotFound: 'Not found, or not in the scope of your acting unit.',
  ErrorDetailNoEndpoint: 'There is no {{method}} endpoint at this path.',
  ErrorDetailBadRequest: 'The request could not be read (send a JSON body).',
  ErrorDetailMethodNotAllowed: 'Method not allowed',
  ErrorDetailNotAcceptable: 'Not acceptable',
  ErrorDetailMalformed: 'The request URL or headers are malformed.',
  ErrorDetailUnauthenticated: 'Your session has ended or is invalid. Please sign in again.',
  ErrorDetailUnitNotAllowed: 'Choose one of your units as the acting unit.',
  ErrorDetailRateLimited: 'Too many attempts. Try again in {{count}} seconds.',
  ErrorDetailStaleVersion: 'This record changed since you opened it. Reload it and try again.',
  ErrorDetailPayloadTooLarge: 'The request body is too large.',
  ErrorDetailUnsupportedMediaType: 'Send the request body as application/json.',
  ErrorDetailServiceUnavailable: 'This service is not available right now. Try again later.',
  ErrorDetailInternal: 'Something went wrong on our side. Quote request id {{requestId}} to support.',
  ErrorDetailCaseAlreadyOpen: 'The account already has an open case of this workflow.',

  // Mails
  MailSignInCodeSubject: 'Your Recovery Desk sign-in code',
  MailSignInCodeBody:
    'Your one-time sign-in code is {{code}}.\n\nIt expires in {{minutes}} minutes and works once. If you did not try to sign in, tell your administrator and change your password.\n',
  MailResetCodeSubject: 'Your Recovery Desk password reset code',
  MailResetCodeBody:
    'Your password reset code is {{code}}.\n\nIt expires in {{minutes}} minutes and works once. If you did not ask to reset your password, ignore this message; your password has not changed.\n',
  MailDecisionSubject: 'Case {{caseNo}}: {{decision}}',
  MailDecisionBody:
    'Dear {{name}},\n\n{{checker}} decided "{{decision}}" on case {{caseNo}} at stage {{fromStage}}, on the step you made.\nThe case is now at stage {{stage}} with status {{status}}.\n\nRemarks: {{remarks}}\n\nOpen the case in Recovery Desk to see the decision and act on it.\n',
  MailNoRemarks: '(none)',
  MailHearingReminderSubject: 'Hearing reminder: case {{caseNo}} on {{date}}',
  MailHearingReminderBody:
    'Case {{caseNo}} has its next hearing on {{date}}{{atCourt}}.\n\nPrepare the file and record the outcome in Recovery Desk (Court Case Update) after the hearing.\n',
  MailHearingReminderAtCourt: ' at {{court}}',

  // Legal notice PDF (the notice's fixed words; the template text is the lender's)
  NoticePageOf: 'Page {{page}} of {{pages}}',
  NoticeSubject: 'Legal notice {{caseNo}}, loan account {{accountNo}}',

  // Exports
  ExportCurrency: 'Currency',
} as const;

export type ServerKey = keyof typeof serverEn;
