// English strings of the repossession app's own screens (issue 15): the dashboard (/Reposition) and Repossession
// Settings (/Repo/Settings). The REPOSSESSION and SARFAESI definitions' label keys live in repo-definition-en.ts and
// sarfaesi-definition-en.ts; the tab counts' words are the legal screens' (legal-ui-en.ts), which these screens load.
export const repoUiEn = {
  // Dashboard
  RepoDashboardLoading: 'Loading the repossession dashboard…',
  RepoDashboardLoadFailed: 'The repossession dashboard could not be loaded',
  RepoTotalOpen: 'Open cases',
  RepoTotalOverdue: 'Cases past a statutory or policy date',
  RepoTotalClosedThisMonth: 'Closed this month',
  RepoChartOpenByStage: 'Open cases by stage',
  RepoChartAgeingByStage: 'Days at the stage (open cases)',
  RepoChartOverdueByStage: 'Overdue cases by stage',
  RepoChartStage: 'Stage',
  RepoChartCases: 'Cases',
  RepoAgeingUpTo7: 'Up to 7 days',
  RepoAgeingUpTo30: '8 to 30 days',
  RepoAgeingUpTo90: '31 to 90 days',
  RepoAgeingOver90: 'Over 90 days',
  RepoNoOpenCases: 'No open case in this unit.',
  RepoWorkByStage: 'Work by stage',
  RepoOverdueDates: 'Overdue statutory and policy dates',
  RepoNoOverdue: 'No case is past a statutory or policy date.',
  RepoDateRule: 'Date rule',
  RepoOpenTray: 'Open the {{stage}} tray',
  // Settings
  RepoSettingsLoading: 'Loading the repossession settings…',
  RepoSettingsLoadFailed: 'The repossession settings could not be loaded',
  RepoSettingsRepossession: 'Repossession timelines',
  RepoSettingsSarfaesi: 'SARFAESI timelines',
  RepoSettingsNote:
    'Saving a change to these timelines publishes version {{next}} of the workflow for new cases. Open cases keep the version they started on (current version: {{current}}).',
  RepoSettingsSave: 'Save timelines',
  RepoSettingsSavedWithVersion: 'The timelines have been saved. New cases now start on version {{version}}.',
  RepoSettingsStale:
    'Someone else saved these timelines in the meantime. The latest timelines have been loaded; make your changes again.',
  RepoTimelinePreRepossessionNoticeDays: 'Pre-repossession notice period (days)',
  RepoTimelinePolicePostIntimationDays: 'Police post-intimation after repossession (days)',
  RepoTimelinePostRepossessionLetterDays: 'Post-repossession letter to the borrower (days)',
  RepoTimelineValuationDays: 'Valuation after yard-in (days)',
  RepoTimelineSaleDays: 'Sale after repossession (days)',
  RepoTimelineAuctionNoticeDays: 'Auction notice period (days)',
  RepoTimelinePreSaleNoticeDays: 'Pre-sale "final chance" notice period (days)',
  RepoTimelineReleaseDays: 'Release after the payment is realised (days)',
  RepoTimelineApprovalSlaDays: 'Approval decision due (days)',
  RepoTimelineDemandNoticeDays: '§13(2) notice period before possession (days)',
  RepoTimelineRepresentationReplyDays: '§13(3A) reply to a representation (days)',
  RepoTimelinePossessionPublicationDays: 'Possession notice publication, Rule 8(2) (days)',
  RepoTimelineDrtChallengeDays: '§17 DRT challenge period (days)',
  RepoTimelineMagistrateOrderDays: '§14 magistrate order (days)',
  RepoTimelineMagistrateEscalationDays: '§14 magistrate order, extended (days)',
  RepoTimelineSaleNoticeDays: 'Sale notice before the sale, Rules 8(6) and 9(1) (days)',
  RepoTimelineResaleNoticeDays: 'Sale notice for a subsequent sale (days)',
  RepoTimelineBalancePaymentDays: 'Balance 75% after confirmation, Rule 9(4) (days)',
  RepoTimelineNbfcMinimumDebt: 'Minimum secured debt for an NBFC',
} as const;

export type RepoUiKey = keyof typeof repoUiEn;
