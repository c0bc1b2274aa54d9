// Count-bearing strings, one key per plural form of the language (i18next's `_one`/`_other`, and Arabic's
// `_zero`/`_one`/`_two`/`_few`/`_many`/`_other`). t('Key', { count }) picks the form; plurals.test.ts checks that every
// key with a {{count}} has each form of each language.
export const pluralsEn = {
  SelectedCount_one: '{{count}} selected',
  SelectedCount_other: '{{count}} selected',
  LinkedAccountsCount_one: '{{count}} account',
  LinkedAccountsCount_other: '{{count}} accounts',
  LinkedOutsideScope_one: 'The borrower has {{count}} more loan account in other units, not shown here.',
  LinkedOutsideScope_other: 'The borrower has {{count}} more loan accounts in other units, not shown here.',
  AllocationDone_one: '{{count}} account allocated.',
  AllocationDone_other: '{{count}} accounts allocated.',
  ReallocationSummary_one: '{{count}} account selected. The request goes to a checker for approval.',
  ReallocationSummary_other: '{{count}} accounts selected. The request goes to a checker for approval.',
  TenureMonths_one: '{{count}} month',
  TenureMonths_other: '{{count}} months',
  DpdWithBucket_one: '{{count}} day ({{bucket}})',
  DpdWithBucket_other: '{{count}} days ({{bucket}})',
  ResendOtpIn_one: 'Resend OTP in {{count}} second',
  ResendOtpIn_other: 'Resend OTP in {{count}} seconds',
  OtpCooldown_one: 'Please wait {{count}} second before asking for another code.',
  OtpCooldown_other: 'Please wait {{count}} seconds before asking for another code.',
  PasswordHint_one: 'At least {{count}} character.',
  PasswordHint_other: 'At least {{count}} characters.',
  NoScreensText_one:
    'None of the {{app}} screens that your authorities allow is available in this version yet. You hold {{count}} authority in this app for the acting unit.',
  NoScreensText_other:
    'None of the {{app}} screens that your authorities allow is available in this version yet. You hold {{count}} authorities in this app for the acting unit.',
  NoticesRunAsJob_one: 'The notice of {{count}} case is generated in the background; the PDF can be downloaded here.',
  NoticesRunAsJob_other:
    'The notices of {{count}} cases are generated in the background; the PDF can be downloaded here.',
  LegalOverdueCount_one: '{{count}} overdue',
  LegalOverdueCount_other: '{{count}} overdue',
  PoolInitiateSummary_one:
    '{{count}} account selected. One legal case is opened for it and goes to the Initiate Legal tray.',
  PoolInitiateSummary_other:
    '{{count}} accounts selected. One legal case is opened for each and goes to the Initiate Legal tray.',
  PoolDeclineSummary_one:
    '{{count}} account selected. It leaves the pool for the review cool-off period set in Legal Settings.',
  PoolDeclineSummary_other:
    '{{count}} accounts selected. They leave the pool for the review cool-off period set in Legal Settings.',
  PoolDeclined_one: '{{count}} account marked not fit for legal.',
  PoolDeclined_other: '{{count}} accounts marked not fit for legal.',
  UploadFileRules_one: 'An .xlsx or .csv file with at most {{count}} row; the first row holds the column names.',
  UploadFileRules_other: 'An .xlsx or .csv file with at most {{count}} rows; the first row holds the column names.',
  UploadFinished_one: '{{ok}} of {{count}} row processed, {{failed}} failed.',
  UploadFinished_other: '{{ok}} of {{count}} rows processed, {{failed}} failed.',
  UploadTotalRows_one: 'Rows in the file: {{count}}',
  UploadTotalRows_other: 'Rows in the file: {{count}}',
  UploadOkRows_one: 'Rows processed: {{count}}',
  UploadOkRows_other: 'Rows processed: {{count}}',
  UploadFailedRows_one: 'Rows with errors: {{count}}',
  UploadFailedRows_other: 'Rows with errors: {{count}}',
  ErrorDetailRateLimited_one: 'Too many attempts. Try again in {{count}} second.',
  ErrorDetailRateLimited_other: 'Too many attempts. Try again in {{count}} seconds.',
  WorkflowNoticesGenerated_one: 'Notices generated: {{count}}. The PDF has been downloaded.',
  WorkflowNoticesGenerated_other: 'Notices generated: {{count}}. The PDF has been downloaded.',
  WorkflowDaysLeft_one: '{{count}} day left',
  WorkflowDaysLeft_other: '{{count}} days left',
  WorkflowOverdueByDays_one: 'Overdue by {{count}} day',
  WorkflowOverdueByDays_other: 'Overdue by {{count}} days',
  WorkflowAllowedInDays_one: 'Allowed in {{count}} day',
  WorkflowAllowedInDays_other: 'Allowed in {{count}} days',
  MailSignInCodeBody_one:
    'Your one-time sign-in code is {{code}}.\n\nIt expires in {{count}} minute and works once. If you did not try to sign in, tell your administrator and change your password.\n',
  MailSignInCodeBody_other:
    'Your one-time sign-in code is {{code}}.\n\nIt expires in {{count}} minutes and works once. If you did not try to sign in, tell your administrator and change your password.\n',
  MailResetCodeBody_one:
    'Your password reset code is {{code}}.\n\nIt expires in {{count}} minute and works once. If you did not ask to reset your password, ignore this message; your password has not changed.\n',
  MailResetCodeBody_other:
    'Your password reset code is {{code}}.\n\nIt expires in {{count}} minutes and works once. If you did not ask to reset your password, ignore this message; your password has not changed.\n',
  PendingApprovalsCount_one: '{{count}} pending approval',
  PendingApprovalsCount_other: '{{count}} pending approvals',
  PtpDeviationText_one:
    'In this bucket a promise may lie at most {{count}} day ahead, not after the next instalment and not below one EMI. Outside that, a supervisor decides, and reads your reason.',
  PtpDeviationText_other:
    'In this bucket a promise may lie at most {{count}} days ahead, not after the next instalment and not below one EMI. Outside that, a supervisor decides, and reads your reason.',
  CcShadyWordsStationary_one: '{{count}} receipt at one stop of {{minutes}} min',
  CcShadyWordsStationary_other: '{{count}} receipts at one stop of {{minutes}} min',
  CcShadyWordsCancellations_one: '{{count}} receipt cancelled that day',
  CcShadyWordsCancellations_other: '{{count}} receipts cancelled that day',
  CcShadyFindings_one: '{{count}} finding',
  CcShadyFindings_other: '{{count}} findings',
  CcRouteGeofences_one: 'Circles: the geofence of the {{count}} customer visited that day (radius {{radius}} m).',
  CcRouteGeofences_other: 'Circles: the geofences of the {{count}} customers visited that day (radius {{radius}} m).',
};

export type PluralKey = keyof typeof pluralsEn;
export type PluralBase = PluralKey extends `${infer Base}_${'one' | 'other'}` ? Base : never;
