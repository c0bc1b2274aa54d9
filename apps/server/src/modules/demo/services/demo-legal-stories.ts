// The demo legal cases as stories: a case type, where the account lives, the dates that anchor its timeline
// (offsets in days from the business date: negative = past), and the steps staff took. The seed walks each story
// through the real workflow services; steps after `initiate` follow the legal workflow's stages.
//
// Stories are listed most advanced first, so older matters carry lower case numbers.

export type DemoRegion = 'MUM' | 'DEL';
export type DemoCaseType = 'S138' | 'S25' | 'CIVIL_SUIT' | 'ARBITRATION' | 'DRT';

export type CourtUpdateStep = {
  do: 'courtUpdate';
  /** hearing date (offset) */
  hearing: number;
  courtStage: string;
  outcome: string;
  /** next hearing (offset) for an interim outcome */
  next?: number;
  notes: string;
  /** §143A interim compensation ordered at this hearing (cheque cases) */
  interimCompensation?: boolean;
  /** the officer forgot the order sheet (the manager pushes the update back) */
  withoutOrderSheet?: boolean;
};

export type DemoStep =
  /** INITIATE → FILING_APPROVAL: the initiation form and its checklist */
  | { do: 'recommend' }
  /** documents of the initiation checklist only (a case still being prepared) */
  | { do: 'prepareInitiation'; codes: string[] }
  | { do: 'approveFiling' }
  | { do: 'pushbackFiling'; remarks: string }
  | { do: 'rejectFiling'; reason: string; remarks: string }
  | { do: 'reconsider'; remarks: string }
  | { do: 'declineRejected'; remarks: string }
  | { do: 'assignAdvocate' }
  | { do: 'teamRecommend' }
  | { do: 'approveNotice' }
  | { do: 'pushbackNotice'; remarks: string }
  | { do: 'rejectNotice'; reason: string; remarks: string }
  | { do: 'sendNotice' }
  /** CASE_FILING: service of the notice recorded (saved), the complaint not filed yet */
  | { do: 'recordService' }
  | { do: 'fileCase' }
  | CourtUpdateStep
  | { do: 'approveUpdate' }
  | { do: 'pushbackUpdate'; remarks: string }
  | { do: 'withdraw'; reason: 'SETTLED' | 'COMPROMISE_OTS' | 'PAID_IN_FULL'; remarks: string }
  | { do: 'approveWithdrawal'; remarks: string }
  | { do: 'rejectWithdrawal'; remarks: string };

export type DemoStory = {
  key: string;
  region: DemoRegion;
  /** preferred branch of the account */
  branch: string;
  caseType: DemoCaseType;
  /** "not fit for legal" at the pool instead of an initiation */
  declineAtPool?: string;
  /** days since the return memo was received (cheque and mandate cases before the notice) */
  memoAgo?: number;
  /** days since the notice date (0: the notice the manager's approval generated today) */
  noticeAgo?: number;
  /** first hearing (offset) of a case filed in court; the whole timeline is counted back from it */
  firstHearing?: number;
  steps: DemoStep[];
};

// The main road of the workflow, stage by stage.
const TO_FILING_APPROVAL: DemoStep[] = [{ do: 'recommend' }];
const TO_APPROVED: DemoStep[] = [...TO_FILING_APPROVAL, { do: 'approveFiling' }];
const TO_TEAM: DemoStep[] = [...TO_APPROVED, { do: 'assignAdvocate' }];
const TO_MANAGER: DemoStep[] = [...TO_TEAM, { do: 'teamRecommend' }];
const TO_NOTICE: DemoStep[] = [...TO_MANAGER, { do: 'approveNotice' }];
const TO_CASE_FILING: DemoStep[] = [...TO_NOTICE, { do: 'sendNotice' }];
const TO_COURT: DemoStep[] = [...TO_CASE_FILING, { do: 'fileCase' }];

export const DEMO_LEGAL_STORIES: readonly DemoStory[] = [
  // Closed: conviction after trial, final order approved.
  {
    key: 'closed-conviction',
    region: 'MUM',
    branch: 'BR-AND',
    caseType: 'S138',
    firstHearing: -150,
    steps: [
      ...TO_COURT,
      {
        do: 'courtUpdate',
        hearing: -150,
        courtStage: 'EVIDENCE',
        outcome: 'PART_HEARD',
        next: -60,
        notes: "Complainant's evidence affidavit taken on record; cross-examination of the bank's witness begun.",
      },
      { do: 'approveUpdate' },
      {
        do: 'courtUpdate',
        hearing: -60,
        courtStage: 'JUDGMENT',
        outcome: 'CONVICTED',
        notes: 'Accused convicted under §138; sentenced to pay compensation of twice the cheque amount.',
      },
      { do: 'approveUpdate' },
    ],
  },
  // Withdrawn: settled during the trial, withdrawal approved.
  {
    key: 'withdrawn-settled',
    region: 'MUM',
    branch: 'BR-THN',
    caseType: 'S25',
    firstHearing: -40,
    steps: [
      ...TO_COURT,
      {
        do: 'courtUpdate',
        hearing: -40,
        courtStage: 'APPEARANCE',
        outcome: 'ADJOURNED',
        next: 20,
        notes: 'Accused appeared through counsel and sought time to settle; matter adjourned.',
      },
      { do: 'approveUpdate' },
      {
        do: 'withdraw',
        reason: 'SETTLED',
        remarks: 'Borrower paid the agreed settlement amount; no dues certificate issued. Withdraw the complaint.',
      },
      { do: 'approveWithdrawal', remarks: 'Settlement credited in full. Withdrawal approved; file the pursis.' },
    ],
  },
  // Court update approval: a final award waiting for the manager.
  {
    key: 'approval-award',
    region: 'MUM',
    branch: 'BR-AND',
    caseType: 'ARBITRATION',
    firstHearing: -120,
    steps: [
      ...TO_COURT,
      {
        do: 'courtUpdate',
        hearing: -120,
        courtStage: 'EVIDENCE',
        outcome: 'PART_HEARD',
        next: -10,
        notes: 'Statement of claim and documents admitted; respondent absent despite notice, proceeded ex parte.',
      },
      { do: 'approveUpdate' },
      {
        do: 'courtUpdate',
        hearing: -10,
        courtStage: 'JUDGMENT',
        outcome: 'AWARD_PASSED',
        notes: 'Award passed for the full claim with interest at 12% p.a. from the date of the claim.',
      },
    ],
  },
  // Court update approval: an adjournment waiting for the manager.
  {
    key: 'approval-adjourned',
    region: 'MUM',
    branch: 'BR-THN',
    caseType: 'CIVIL_SUIT',
    firstHearing: -6,
    steps: [
      ...TO_COURT,
      {
        do: 'courtUpdate',
        hearing: -6,
        courtStage: 'SUMMONS',
        outcome: 'ADJOURNED',
        next: 10,
        notes: 'Summons returned unserved (house locked); court ordered fresh summons by RPAD and affixation.',
      },
    ],
  },
  // Withdrawal pending: a one-time settlement during the trial.
  {
    key: 'withdrawal-ots',
    region: 'MUM',
    branch: 'BR-AND',
    caseType: 'S138',
    firstHearing: -25,
    steps: [
      ...TO_COURT,
      {
        do: 'courtUpdate',
        hearing: -25,
        courtStage: 'APPEARANCE',
        outcome: 'ADJOURNED',
        next: 15,
        notes: 'Accused appeared and pleaded for time; one-time settlement talks under way with the branch.',
      },
      { do: 'approveUpdate' },
      {
        do: 'withdraw',
        reason: 'COMPROMISE_OTS',
        remarks: 'OTS sanctioned by the zonal credit committee and the amount received. Request withdrawal.',
      },
    ],
  },
  // Court case update: first hearing in three days.
  { key: 'court-first-hearing', region: 'MUM', branch: 'BR-THN', caseType: 'S138', firstHearing: 3, steps: TO_COURT },
  // Court case update: interim compensation ordered, next hearing in nine days.
  {
    key: 'court-interim-compensation',
    region: 'MUM',
    branch: 'BR-AND',
    caseType: 'S138',
    firstHearing: -20,
    steps: [
      ...TO_COURT,
      {
        do: 'courtUpdate',
        hearing: -20,
        courtStage: 'PLEA',
        outcome: 'INTERIM_ORDER',
        next: 9,
        interimCompensation: true,
        notes: 'Plea recorded, accused pleaded not guilty. Interim compensation of 20% of the cheque ordered (§143A).',
      },
      { do: 'approveUpdate' },
    ],
  },
  // Court case update: a DRT application, first hearing in twelve days.
  { key: 'court-drt', region: 'MUM', branch: 'BR-AND', caseType: 'DRT', firstHearing: 12, steps: TO_COURT },
  // Court case update: hearings held but not updated (overdue).
  { key: 'court-overdue-cheque', region: 'MUM', branch: 'BR-THN', caseType: 'S138', firstHearing: -9, steps: TO_COURT },
  {
    key: 'court-overdue-arbitration',
    region: 'MUM',
    branch: 'BR-THN',
    caseType: 'ARBITRATION',
    firstHearing: -5,
    steps: TO_COURT,
  },
  // Court case update: the manager pushed an update back.
  {
    key: 'court-pushback',
    region: 'MUM',
    branch: 'BR-AND',
    caseType: 'S25',
    firstHearing: -14,
    steps: [
      ...TO_COURT,
      {
        do: 'courtUpdate',
        hearing: -14,
        courtStage: 'APPEARANCE',
        outcome: 'ADJOURNED',
        next: 6,
        notes: 'Accused absent; bailable warrant not pressed. Adjourned for appearance.',
        withoutOrderSheet: true,
      },
      {
        do: 'pushbackUpdate',
        remarks: 'Order sheet not attached and the stage does not match the e-Courts roznama. Correct and resubmit.',
      },
    ],
  },
  // Withdrawal pending: paid in full after the notice was approved.
  {
    key: 'withdrawal-paid',
    region: 'MUM',
    branch: 'BR-THN',
    caseType: 'CIVIL_SUIT',
    steps: [
      ...TO_NOTICE,
      {
        do: 'withdraw',
        reason: 'PAID_IN_FULL',
        remarks: 'Borrower cleared the entire overdue at the branch before the notice went out. Drop the matter.',
      },
    ],
  },
  // Case filing: the notice went out today, waiting for service.
  { key: 'filing-notice-sent', region: 'MUM', branch: 'BR-AND', caseType: 'S138', memoAgo: 18, steps: TO_CASE_FILING },
  // Case filing: notice served; the complaint may be filed once the 15 days to pay are over.
  {
    key: 'filing-served',
    region: 'MUM',
    branch: 'BR-THN',
    caseType: 'S138',
    noticeAgo: 16,
    steps: [...TO_CASE_FILING, { do: 'recordService' }],
  },
  // Case filing: a withdrawal request was rejected.
  {
    key: 'filing-withdrawal-rejected',
    region: 'MUM',
    branch: 'BR-AND',
    caseType: 'S25',
    memoAgo: 15,
    steps: [
      ...TO_CASE_FILING,
      {
        do: 'withdraw',
        reason: 'COMPROMISE_OTS',
        remarks: 'Borrower offered a one-time settlement at 80% of the dues; request to withdraw the matter.',
      },
      {
        do: 'rejectWithdrawal',
        remarks: 'OTS was conditional on an upfront 25% that has not been credited. Continue with the complaint.',
      },
    ],
  },
  // Send legal notice: notices generated by the manager's approval today.
  { key: 'notice-cheque', region: 'MUM', branch: 'BR-THN', caseType: 'S138', memoAgo: 10, steps: TO_NOTICE },
  { key: 'notice-mandate', region: 'MUM', branch: 'BR-AND', caseType: 'S25', memoAgo: 14, steps: TO_NOTICE },
  { key: 'notice-arbitration', region: 'MUM', branch: 'BR-THN', caseType: 'ARBITRATION', steps: TO_NOTICE },
  // Manager: recommended for the notice.
  { key: 'manager-cheque', region: 'MUM', branch: 'BR-AND', caseType: 'S138', memoAgo: 8, steps: TO_MANAGER },
  { key: 'manager-suit', region: 'MUM', branch: 'BR-THN', caseType: 'CIVIL_SUIT', steps: TO_MANAGER },
  // Team tray: one pushed back by the manager, one with the advocate just assigned.
  {
    key: 'team-pushback',
    region: 'MUM',
    branch: 'BR-THN',
    caseType: 'S25',
    memoAgo: 12,
    steps: [
      ...TO_MANAGER,
      {
        do: 'pushbackNotice',
        remarks: 'Case summary should quote the mandate amount and the NPCI return reason. Please revise.',
      },
    ],
  },
  { key: 'team-cheque', region: 'MUM', branch: 'BR-AND', caseType: 'S138', memoAgo: 9, steps: TO_TEAM },
  // Approved cases: waiting for an advocate.
  { key: 'approved-drt', region: 'MUM', branch: 'BR-THN', caseType: 'DRT', steps: TO_APPROVED },
  { key: 'approved-cheque', region: 'MUM', branch: 'BR-THN', caseType: 'S138', memoAgo: 6, steps: TO_APPROVED },
  // Reject tray: rejected by the manager at the notice stage and at filing approval.
  {
    key: 'rejected-at-manager',
    region: 'MUM',
    branch: 'BR-AND',
    caseType: 'CIVIL_SUIT',
    steps: [
      ...TO_MANAGER,
      {
        do: 'rejectNotice',
        reason: 'MISSING_DOCUMENTS',
        remarks: 'Loan agreement on file is unsigned on page 4 and the guarantor schedule is missing.',
      },
    ],
  },
  {
    key: 'rejected-at-filing',
    region: 'MUM',
    branch: 'BR-THN',
    caseType: 'S138',
    memoAgo: 7,
    steps: [
      ...TO_FILING_APPROVAL,
      {
        do: 'rejectFiling',
        reason: 'DISPUTE_PENDING',
        remarks: 'Borrower has a complaint on the bounce charges pending with the RBI Ombudsman. Hold until decided.',
      },
    ],
  },
  // Declined from the reject tray.
  {
    key: 'declined-after-rejection',
    region: 'MUM',
    branch: 'BR-AND',
    caseType: 'ARBITRATION',
    steps: [
      ...TO_FILING_APPROVAL,
      {
        do: 'rejectFiling',
        reason: 'INSUFFICIENT_GROUNDS',
        remarks:
          'Borrower is paying part EMIs every month since the restructuring request. Not a case for arbitration.',
      },
      {
        do: 'declineRejected',
        remarks: 'Agree with the manager. Returned to collections to process the restructuring request.',
      },
    ],
  },
  // Filing approval: one reconsidered after a rejection, two fresh recommendations.
  {
    key: 'filing-reconsider',
    region: 'MUM',
    branch: 'BR-THN',
    caseType: 'S25',
    memoAgo: 11,
    steps: [
      ...TO_FILING_APPROVAL,
      {
        do: 'rejectFiling',
        reason: 'DISPUTE_PENDING',
        remarks: 'Borrower disputes the NACH debit date. Get the bank confirmation before we proceed.',
      },
      {
        do: 'reconsider',
        remarks: 'Bank confirmation received: debit presented on the mandated date and returned for funds. Reconsider.',
      },
    ],
  },
  { key: 'filing-cheque', region: 'MUM', branch: 'BR-AND', caseType: 'S138', memoAgo: 5, steps: TO_FILING_APPROVAL },
  { key: 'filing-arbitration', region: 'MUM', branch: 'BR-AND', caseType: 'ARBITRATION', steps: TO_FILING_APPROVAL },
  // Initiate legal: pushed back, and freshly initiated ones.
  {
    key: 'initiate-pushback',
    region: 'MUM',
    branch: 'BR-THN',
    caseType: 'S138',
    memoAgo: 4,
    steps: [
      ...TO_FILING_APPROVAL,
      {
        do: 'pushbackFiling',
        remarks: 'Return memo copy is illegible. Upload a clear scan and confirm the presentation date with the bank.',
      },
    ],
  },
  {
    key: 'initiate-cheque',
    region: 'MUM',
    branch: 'BR-AND',
    caseType: 'S138',
    memoAgo: 3,
    steps: [{ do: 'prepareInitiation', codes: ['loanAgreement', 'statementOfAccount'] }],
  },
  {
    key: 'initiate-mandate',
    region: 'MUM',
    branch: 'BR-THN',
    caseType: 'S25',
    memoAgo: 2,
    steps: [{ do: 'prepareInitiation', codes: ['loanAgreement'] }],
  },
  // Not fit for legal (declined at the pool).
  {
    key: 'pool-not-fit',
    region: 'MUM',
    branch: 'BR-AND',
    caseType: 'CIVIL_SUIT',
    declineAtPool: 'Borrower deceased (death certificate received); claim lodged with the credit-life insurer.',
    steps: [],
  },
  // Delhi: the region's legal officer initiates; no North-zone approver is in the demo.
  {
    key: 'delhi-cheque',
    region: 'DEL',
    branch: 'BR-CP',
    caseType: 'S138',
    memoAgo: 6,
    steps: [{ do: 'prepareInitiation', codes: ['loanAgreement', 'statementOfAccount', 'chequeCopy'] }],
  },
  { key: 'delhi-suit', region: 'DEL', branch: 'BR-GGN', caseType: 'CIVIL_SUIT', steps: [] },
  {
    key: 'delhi-mandate',
    region: 'DEL',
    branch: 'BR-GGN',
    caseType: 'S25',
    memoAgo: 9,
    steps: TO_FILING_APPROVAL,
  },
];
