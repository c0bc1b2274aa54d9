// English strings of the workflow screens (issue 4): the stage trays and the case screen. Words of the definitions
// themselves (stages, fields, options, actions, statuses, refusals, effects) are in the definition dictionaries.
export const workflowEn = {
  // Stage trays
  WorkflowCaseTabs: 'Case tabs',
  WorkflowSearchCases: 'Case no, account no or customer name',
  WorkflowOverdueOnly: 'Overdue only',
  WorkflowRowOverdue: 'Overdue',
  WorkflowNoCasesMatch: 'No cases match these filters',
  WorkflowNoCasesInTab: 'There are no cases in this tab.',
  WorkflowOpenCase: 'Open case {{caseNo}}',
  WorkflowPopupBlocked: 'The browser blocked the new tab. Allow pop-ups for Recovery Desk to open cases.',
  WorkflowGenerateNotices: 'Generate notices',
  WorkflowGenerateNotice: 'Generate notice',
  WorkflowNoticeFailed: 'The notice could not be generated',
  WorkflowReview: 'Review',
  WorkflowReviewCase: 'Review case {{caseNo}}',
  WorkflowStage: 'Stage',
  WorkflowRequestedBy: 'Requested by',

  // Case screen
  WorkflowLoadingCase: 'Loading the case…',
  WorkflowCaseLoadFailed: 'The case could not be loaded',
  WorkflowCaseNotInScope: 'This case is not in the scope of your acting unit, or it does not exist.',
  WorkflowNoOpenCase:
    'This account has no open legal case. Start one from the Legal Eligible Pool, or check the account number.',
  WorkflowNoOpenCaseStart: 'This account has no open case of this workflow. Initiate one to work it here.',
  WorkflowStartCase: 'Start a case',
  WorkflowCaseStarted: 'Case {{caseNo}} initiated.',
  WorkflowCaseScreenTabs: 'Case details',
  WorkflowTabCase: 'Case',
  WorkflowTabBounceCheque: 'Bounce Cheque Details',
  WorkflowTabChecklist: 'Document Checklist',
  WorkflowTabHistory: 'Case History',
  WorkflowCaseHeading: 'Case {{caseNo}} · {{stage}}',
  WorkflowCaseClosed: 'This case is closed ({{status}}). It accepts no further action.',
  WorkflowInStageSince: 'In this stage since',
  WorkflowMaker: 'Submitted by',
  WorkflowStageDetails: '{{stage}}: details',
  WorkflowFieldsSaved: 'The case details have been saved.',
  WorkflowNoBounceDetails: 'No cheque or dishonour details apply to this case type.',
  WorkflowEarlierStages: 'Recorded at earlier stages',
  WorkflowCorrectFields: 'Correct the marked fields, then try again.',
  WorkflowCaseChanged: 'This case changed since you opened it. It has been reloaded; check it and try again.',
  WorkflowReloadCase: 'Case reloaded',

  // Field checks of the engine
  WorkflowInvalidValue: 'Enter a valid value',
  WorkflowInvalidDate: 'Enter a valid date (YYYY-MM-DD)',
  WorkflowInvalidOption: 'Select a value from the list',
  WorkflowInvalidBoolean: 'Choose yes or no',
  WorkflowMinAmount: 'Amount should be at least {{amount}}',

  // Dates and deadlines
  WorkflowDateRules: 'Dates and deadlines',
  WorkflowDateNotYetKnown: 'Not known yet',
  WorkflowDateWaiting: 'Waiting for dates',
  WorkflowDateNeedsFields: 'Counted from {{fields}}, which is not filled in yet.',
  WorkflowDueToday: 'Due today',
  WorkflowAllowedNow: 'Allowed now',
  WorkflowRuleSource: 'Source: {{source}}',

  // Actions
  WorkflowActions: 'Actions',
  WorkflowNoActions: 'There is nothing for you to do on this case at this stage.',
  WorkflowActionUnavailable: 'This action is not available now.',
  WorkflowActionQuestion: '{{action}} for case {{caseNo}}. The step is recorded with your name.',
  WorkflowActionDone: '{{action}}: the case is now at {{stage}} with status {{status}}.',
  WorkflowActionDoneClosed: '{{action}}: the case is closed with status {{status}}.',

  // Document checklist
  WorkflowCurrentStage: 'Current stage',
  WorkflowRequired: 'Required',
  WorkflowOptional: 'Optional',
  WorkflowDoesNotApply: 'Does not apply to this case',
  WorkflowUploaded: 'Uploaded',
  WorkflowNotUploaded: 'Not uploaded',
  WorkflowNoChecklist: 'No documents are listed for this workflow.',
  WorkflowOtherDocument: 'Other document',
  WorkflowOtherDocuments: 'Other documents',
  WorkflowUploadNamed: 'Upload {{name}}',
  WorkflowUploadOther: 'Upload another document',
  WorkflowDocumentMeta: '{{file}}, added by {{by}} on {{at}}',
  WorkflowGenerated: 'Generated',

  // Case history
  WorkflowNoHistory: 'Nothing has happened on this case yet.',
  WorkflowEventWhen: 'Business date {{date}} · {{at}}',
  WorkflowEventMove: '{{from}} → {{to}}',
  WorkflowEventActor: 'By {{name}} ({{username}}), unit {{unit}}',
  WorkflowEventRemarks: 'Remarks: {{remarks}}',
  WorkflowDataChanged: 'Data changed',
  WorkflowChange: '{{field}}: {{from}} → {{to}}',
} as const;

export type WorkflowKey = keyof typeof workflowEn;
