import type { AppCode } from '@recovery-desk/domain/apps.ts';
import type { UnitLevel } from '@recovery-desk/domain/units.ts';

// The demo organisation: a realistic Indian lender's hierarchy and the people who work in it.
// Listed in the README; the server prints it at start in demo mode.

export const DEMO_ORGANISATION_NAME = 'Sahyadri Finance Ltd (demo)';
export const DEMO_PASSWORD = 'Recovery@Desk2026';
export const DEMO_EMAIL_DOMAIN = 'demo.recoverydesk.in';

export type DemoUnit = { code: string; name: string; level: UnitLevel; parent: string | null };

export const DEMO_UNITS: readonly DemoUnit[] = [
  { code: 'HO', name: 'Head Office, Mumbai', level: 'HO', parent: null },
  { code: 'ZN-N', name: 'North Zone', level: 'ZONE', parent: 'HO' },
  { code: 'ZN-S', name: 'South Zone', level: 'ZONE', parent: 'HO' },
  { code: 'ZN-W', name: 'West Zone', level: 'ZONE', parent: 'HO' },
  { code: 'ZN-E', name: 'East Zone', level: 'ZONE', parent: 'HO' },
  { code: 'RG-DEL', name: 'Delhi NCR Region', level: 'REGION', parent: 'ZN-N' },
  { code: 'RG-KAR', name: 'Karnataka Region', level: 'REGION', parent: 'ZN-S' },
  { code: 'RG-TN', name: 'Tamil Nadu Region', level: 'REGION', parent: 'ZN-S' },
  { code: 'RG-MUM', name: 'Mumbai Region', level: 'REGION', parent: 'ZN-W' },
  { code: 'RG-PUN', name: 'Pune Region', level: 'REGION', parent: 'ZN-W' },
  { code: 'RG-WB', name: 'West Bengal Region', level: 'REGION', parent: 'ZN-E' },
  { code: 'BR-CP', name: 'Connaught Place Branch', level: 'BRANCH', parent: 'RG-DEL' },
  { code: 'BR-GGN', name: 'Gurugram Branch', level: 'BRANCH', parent: 'RG-DEL' },
  { code: 'BR-BLR', name: 'Bengaluru MG Road Branch', level: 'BRANCH', parent: 'RG-KAR' },
  { code: 'BR-CHN', name: 'Chennai T Nagar Branch', level: 'BRANCH', parent: 'RG-TN' },
  { code: 'BR-AND', name: 'Andheri Branch', level: 'BRANCH', parent: 'RG-MUM' },
  { code: 'BR-THN', name: 'Thane Branch', level: 'BRANCH', parent: 'RG-MUM' },
  { code: 'BR-PUN', name: 'Pune Shivajinagar Branch', level: 'BRANCH', parent: 'RG-PUN' },
  { code: 'BR-NSK', name: 'Nashik Branch', level: 'BRANCH', parent: 'RG-PUN' },
  { code: 'BR-KOL', name: 'Kolkata Park Street Branch', level: 'BRANCH', parent: 'RG-WB' },
];

/** The account view's tabs (spec §2.3). */
export const ACCOUNT_TABS = [
  'Account',
  'Customer',
  'Address',
  'Contact',
  'CollateralDetails',
  'Payments',
  'LinkedAccounts',
  'Followup',
] as const;

type Tabs = { name: string; editable: boolean }[];

const tabs = (editable: readonly string[]): Tabs =>
  ACCOUNT_TABS.map((name) => ({ name, editable: editable.includes(name) }));
const allEditable = tabs(ACCOUNT_TABS);
const readOnly = tabs([]);
const telecallerTabs = tabs(['Contact', 'Address', 'Followup']);

export type DemoGrant = { system_auth: string; tabs: Tabs };
const grant = (systemAuth: string, grantTabs: Tabs = []): DemoGrant => ({ system_auth: systemAuth, tabs: grantTabs });

/** Authority sets per persona and app. */
export const PERSONA_AUTHORITIES: Record<string, Partial<Record<AppCode, DemoGrant[]>>> = {
  telecaller: {
    collapp: [
      grant('TELECALLER_SAUTH', telecallerTabs),
      grant('NON_DELINQ_ACC_SAUTH', readOnly),
      grant('PTP_REFERAL_AGENT_SAUTH', telecallerTabs),
    ],
  },
  telecallerReadOnly: {
    collapp: [grant('TELECALLER_SAUTH', readOnly), grant('NON_DELINQ_ACC_SAUTH', readOnly)],
  },
  skipTracer: {
    collapp: [grant('SKIP_SAUTH', tabs(['Contact', 'Address', 'Followup'])), grant('TELECALLER_SAUTH', readOnly)],
  },
  fieldCollector: {
    collapp: [
      grant('FIELD_COLLECTOR_SAUTH', tabs(['Followup', 'Address', 'Contact'])),
      grant('RECEIPT_VIEWER_SAUTH'),
      grant('INIT_PVR_TRAY_SAUTH'),
      grant('COLLAPP_WORKPLAN_SAUTH'),
    ],
  },
  unitManager: {
    collapp: [
      grant('TELECALLER_SAUTH', allEditable),
      grant('NON_DELINQ_ACC_SAUTH', allEditable),
      grant('ESCALATED_SAUTH', allEditable),
      grant('SKIP_SAUTH', allEditable),
      grant('MAN_ALLOC_SAUTH', readOnly),
      grant('MAN_REALLOC_SAUTH', readOnly),
      grant('ALLOCATION_HOLD_SAUTH'),
      grant('ACTIVITY_SUPPRESS_SAUTH'),
      grant('PTP_DEVIATION_SAUTH'),
      grant('PTP_REFERRAL_SAUTH'),
      grant('REPORT_GENERATION_SAUTH'),
      grant('COLLAPP_WORKPLAN_SAUTH'),
      grant('UPLOAD_DASH_SAUTH'),
      grant('FILE_UPLOAD_COLL_SAUTH'),
      grant('FILE_DOWNLOAD_COLL_SAUTH'),
      grant('INIT_PVR_TRAY_SAUTH'),
    ],
  },
  collectionsApprover: {
    collapp: [
      grant('MAN_REALLOC_APPROVAL_SAUTH', readOnly),
      grant('PTP_DEVIATION_SAUTH'),
      grant('SETTLE_APP_SAUTH', readOnly),
      grant('SETTLE_VIEWER_SAUTH', readOnly),
      grant('RECEIPT_CANCEL_AUTHOR_SAUTH'),
      grant('ACC_MARK_APP_SAUTH'),
      grant('PAY_BATCH_GEN_APP_SAUTH'),
      grant('ESCALATED_SAUTH', readOnly),
    ],
  },
  paymentsOfficer: {
    collapp: [
      grant('PAY_VERIFICATION_SAUTH'),
      grant('PAY_CANCELLATION_SAUTH'),
      grant('RECEIPT_VIEWER_SAUTH'),
      grant('PAY_BATCH_GEN_SAUTH'),
      grant('PAY_BATCH_VIEWER_SAUTH'),
      grant('PAY_BATCH_RECONCILIATION_SAUTH'),
      grant('FILE_UPLOAD_COLL_SAUTH'),
      grant('UPLOAD_DASH_SAUTH'),
      grant('MAN_ACC_MARK_SAUTH'),
      grant('MAN_ACC_UNMARK_SAUTH'),
    ],
  },
  /** head office: settlements at credit-committee and board level (a board resolution recorded by its secretary) */
  creditCommittee: {
    collapp: [grant('SETTLE_APP_SAUTH', readOnly), grant('SETTLE_VIEWER_SAUTH', readOnly)],
  },
  settlementOfficer: {
    collapp: [
      grant('SETTLE_INIT_SAUTH', readOnly),
      grant('SETTLE_VIEWER_SAUTH', readOnly),
      grant('TELECALLER_SAUTH', readOnly),
    ],
  },
  legalOfficer: {
    legalapp: [
      grant('LEGAL_POOL_SAUTH', readOnly),
      grant('LEGAL_AGAINST_FI_SAUTH'),
      grant('LEGAL_INIT_SAUTH', readOnly),
      grant('LEGAL_APP_CASES_SAUTH'),
      grant('LEAD_TEAM_TRAY_SAUTH'),
      grant('LEGAL_NOTICE_SAUTH'),
      grant('LEGAL_CASE_FILE_SAUTH'),
      grant('COURT_CASE_UPDT_SUATH'),
      grant('LEGAL_REJECT_TRAY_SAUTH'),
      grant('LEGAL_FILE_UPLOAD_SAUTH'),
      grant('LEGAL_FILE_DOWNLOAD_SAUTH'),
    ],
  },
  legalManager: {
    legalapp: [
      grant('LEGAL_FILE_APP_SAUTH'),
      grant('LEGAL_APP_CASES_SAUTH'),
      grant('LEGAL_MANAGER_SAUTH'),
      grant('COURT_CASE_APP_SUATH'),
      grant('LEGAL_WITHDRAWAL_SUATH'),
      grant('LEGAL_REJECT_TRAY_SAUTH'),
      grant('LEGAL_SETTINGS_SAUTH'),
      grant('LEGAL_FILE_DOWNLOAD_SAUTH'),
    ],
  },
  repoOfficer: {
    repoapp: [
      'DASH_REPO_SAUTH',
      'REPO_INITIATE_SAUTH',
      'REPO_NOTICE_CAP_SAUTH',
      'REPO_KIT_GEN_SAUTH',
      'REPO_ASSET_DTL_CAP_SAUTH',
      'REPO_VAL_AGC_ALLOC_SAUTH',
      'REPO_CAP_VAL_DTL_SAUTH',
      'REPO_VAL_COMP_SAUTH',
      'REPO_FPR_ALLOC_SAUTH',
      'REPO_DISP_IDEN_SAUTH',
      'REPO_DIRECT_SALE_SAUTH',
      'REPO_AUC_NOTICE_SAUTH',
      'REPO_AUC_AGC_ALLOC_SAUTH',
      'REPO_ASSET_AUC_DTL_SAUTH',
      'REPO_WAIV_APP_RQST_SAUTH',
      'REPO_ASSET_SALE_NOTICE_SAUTH',
      'REPO_ASSET_SALE_SAUTH',
      'REPO_ASSET_CLOSE_SAUTH',
      // a borrower's part payment while the vehicle is held (the partial payment detour; SARFAESI's authorities)
      'PAR_PAY_RQST_SAUTH',
      'FILE_UPLOAD_REPO_SAUTH',
      'Link_Lan_AccDtl_SAUTH',
    ].map((code) => grant(code)),
  },
  repoApprover: {
    repoapp: [
      'DASH_REPO_SAUTH',
      'REPO_INIT_APP_SAUTH',
      // checker stages the officer's own steps lead to (maker-checker: the officer cannot approve them)
      'REPO_VAL_COMP_SAUTH',
      'REPO_DISP_IDEN_SAUTH',
      'REPO_AUC_APP_SAUTH',
      'REPO_WAIV_APP_SAUTH',
      'REPO_ASSET_SALE_APP_SAUTH',
      'PAR_PAY_APP_SAUTH',
      'REPO_SETTINGS_SAUTH',
      'Link_Lan_AccDtl_SAUTH',
    ].map((code) => grant(code)),
  },
  sarfaesiOfficer: {
    repoapp: [
      'DASH_REPO_SAUTH',
      'SARF_INIT_SAUTH',
      'SARF_NOTICE_CAP_SAUTH',
      'SARF_NEWS_PUB_SAUTH',
      'SARF_TYPE_IDEN_SAUTH',
      'SARF_PRE_INTI_NOTICE_SAUTH',
      'SARF_POSS_DTL_CAP_SAUTH',
      'SARF_DM_AGC_ALLOC_SAUTH',
      'SARF_DM_UPDT_SAUTH',
      'SARF_DM_ORDER_CAP_SAUTH',
      'SARF_KIT_GEN_SAUTH',
      'SARF_ASSET_DTL_CAP_SAUTH',
      'SARF_VAL_AGC_ALLOC_SAUTH',
      'SARF_CAP_VAL_DTL_SAUTH',
      'SARF_VAL_COMP_SAUTH',
      'SARF_FPR_ALLOC_SAUTH',
      'SARF_PVR_CAP_SAUTH',
      'SARF_DISP_IDEN_SAUTH',
      'SARF_BASE_PRICE_INIT_SAUTH',
      'AUC_BATCH_GEN_SAUTH',
      'SARF_AUC_NOTICE_SAUTH',
      'SARF_UPLOAD_ARTWORK_SAUTH',
      'SARF_PUB_UPLOAD_SAUTH',
      'SARF_ALLOC_AUC_AGC_SAUTH',
      'SARF_ASSET_AUC_CAP_SAUTH',
      'SARF_DIRECT_SALE_SAUTH',
      'SARF_WAIV_APP_RQST_SAUTH',
      'SARF_ASSET_SALE_NOTICE_SAUTH',
      'SARF_ASSET_SALE_SAUTH',
      'SARF_ASSET_CLOSE_SAUTH',
      'ASSET_RELEASE_RQST_SAUTH',
      'PAR_PAY_RQST_SAUTH',
      'SARF_UPLOAD_DASH_SAUTH',
    ].map((code) => grant(code)),
  },
  sarfaesiApprover: {
    repoapp: [
      'DASH_REPO_SAUTH',
      'SARF_INIT_APP_SAUTH',
      'SARF_NOTICE_APP_SAUTH',
      // a checker stage the officer's own valuation capture leads to (maker-checker)
      'SARF_VAL_COMP_SAUTH',
      'SARF_BASE_PRICE_APP_SAUTH',
      'SARF_CNFR_ARTWORK_SAUTH',
      'SARF_AUC_APP_SAUTH',
      'SARF_WAIV_APP_SAUTH',
      'SARF_ASSET_SALE_APP_SAUTH',
      'ASSET_RELEASE_APP_SAUTH',
      'PAR_PAY_APP_SAUTH',
    ].map((code) => grant(code)),
  },
  /** a PVR officer: opens property visit reports, delegates them, reviews the visits; sees the team's work plans */
  pvrOfficer: {
    collapp: [grant('INIT_PVR_TRAY_SAUTH'), grant('COLLAPP_WORKPLAN_SAUTH'), grant('RECEIPT_VIEWER_SAUTH')],
  },
  commandCenterSupervisor: {
    cmdcenter: [grant('ACTIVE_INACTIVE_SAUTH'), grant('LEGAL_POOL_SAUTH', readOnly)],
    collapp: [grant('RECEIPT_VIEWER_SAUTH'), grant('INIT_PVR_TRAY_SAUTH')],
  },
  administrator: {
    collapp: [
      grant('SCHED_PRO_COLL_SAUTH'),
      grant('DAY_START_COLL_SAUTH'),
      grant('UPLOAD_DASH_SAUTH'),
      grant('FILE_UPLOAD_COLL_SAUTH'),
      grant('FILE_DOWNLOAD_COLL_SAUTH'),
      grant('REPORT_GENERATION_SAUTH'),
    ],
    legalapp: [grant('LEGAL_SETTINGS_SAUTH')],
    repoapp: [grant('DASH_REPO_SAUTH'), grant('REPO_SETTINGS_SAUTH')],
    cmdcenter: [grant('LEGAL_SETTINGS_SAUTH')],
  },
};

export type DemoUser = {
  username: string;
  fullName: string;
  persona: keyof typeof PERSONA_AUTHORITIES;
  personaLabel: string;
  units: string[];
  otpRequired?: boolean;
};

export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'tc.andheri',
    fullName: 'Priya Sharma',
    persona: 'telecaller',
    personaLabel: 'Telecaller',
    units: ['BR-AND'],
  },
  {
    username: 'tc.thane',
    fullName: 'Rahul Patil',
    persona: 'telecaller',
    personaLabel: 'Telecaller',
    units: ['BR-THN'],
  },
  { username: 'tc.blr', fullName: 'Kavya Reddy', persona: 'telecaller', personaLabel: 'Telecaller', units: ['BR-BLR'] },
  { username: 'tc.delhi', fullName: 'Aman Verma', persona: 'telecaller', personaLabel: 'Telecaller', units: ['BR-CP'] },
  {
    username: 'tc.readonly',
    fullName: 'Sneha Iyer',
    persona: 'telecallerReadOnly',
    personaLabel: 'Telecaller (read-only tabs)',
    units: ['BR-AND'],
  },
  {
    username: 'skip.mumbai',
    fullName: 'Farhan Shaikh',
    persona: 'skipTracer',
    personaLabel: 'Skip tracer',
    units: ['RG-MUM'],
  },
  {
    username: 'fc.andheri',
    fullName: 'Santosh Jadhav',
    persona: 'fieldCollector',
    personaLabel: 'Field collector',
    units: ['BR-AND'],
  },
  {
    username: 'fc.chennai',
    fullName: 'Murugan Pillai',
    persona: 'fieldCollector',
    personaLabel: 'Field collector',
    units: ['BR-CHN'],
  },
  {
    username: 'fc.thane',
    fullName: 'Ganesh Patil',
    persona: 'fieldCollector',
    personaLabel: 'Field collector',
    units: ['BR-THN'],
  },
  {
    username: 'fc.delhi',
    fullName: 'Vikram Chauhan',
    persona: 'fieldCollector',
    personaLabel: 'Field collector',
    units: ['BR-CP'],
  },
  {
    username: 'pvr.mumbai',
    fullName: 'Anita Gokhale',
    persona: 'pvrOfficer',
    personaLabel: 'PVR officer (region)',
    units: ['RG-MUM'],
  },
  {
    username: 'mgr.andheri',
    fullName: 'Neha Kulkarni',
    persona: 'unitManager',
    personaLabel: 'Unit manager (branch)',
    units: ['BR-AND'],
  },
  {
    username: 'mgr.mumbai',
    fullName: 'Vikram Desai',
    persona: 'unitManager',
    personaLabel: 'Unit manager (region, several units)',
    units: ['RG-MUM', 'BR-AND', 'BR-THN'],
  },
  {
    username: 'mgr.delhi',
    fullName: 'Rohit Malhotra',
    persona: 'unitManager',
    personaLabel: 'Unit manager (region)',
    units: ['RG-DEL'],
  },
  {
    username: 'appr.west',
    fullName: 'Anjali Mehta',
    persona: 'collectionsApprover',
    personaLabel: 'Collections approver (OTP required)',
    units: ['ZN-W'],
  },
  {
    username: 'appr.south',
    fullName: 'Suresh Naidu',
    persona: 'collectionsApprover',
    personaLabel: 'Collections approver (OTP required)',
    units: ['ZN-S'],
  },
  {
    username: 'pay.mumbai',
    fullName: 'Deepak Joshi',
    persona: 'paymentsOfficer',
    personaLabel: 'Receipts and payment batches',
    units: ['RG-MUM'],
  },
  {
    username: 'pay.delhi',
    fullName: 'Manish Arora',
    persona: 'paymentsOfficer',
    personaLabel: 'Receipts and payment batches',
    units: ['RG-DEL'],
  },
  {
    username: 'pay.chennai',
    fullName: 'Revathi Subramanian',
    persona: 'paymentsOfficer',
    personaLabel: 'Receipts and payment batches',
    units: ['RG-TN'],
  },
  {
    username: 'appr.north',
    fullName: 'Jaspreet Bhatia',
    persona: 'collectionsApprover',
    personaLabel: 'Collections approver (OTP required)',
    units: ['ZN-N'],
  },
  {
    username: 'settle.west',
    fullName: 'Pooja Bhatt',
    persona: 'settlementOfficer',
    personaLabel: 'Settlement officer',
    units: ['ZN-W'],
  },
  {
    username: 'credit.ho',
    fullName: 'Ramesh Iyer',
    persona: 'creditCommittee',
    personaLabel: 'Credit committee secretary (HO settlements, OTP required)',
    units: ['HO'],
  },
  {
    username: 'legal.mumbai',
    fullName: 'Adv. Meera Nair',
    persona: 'legalOfficer',
    personaLabel: 'Legal officer',
    units: ['RG-MUM'],
  },
  {
    username: 'legal.delhi',
    fullName: 'Adv. Karan Singh',
    persona: 'legalOfficer',
    personaLabel: 'Legal officer',
    units: ['RG-DEL'],
  },
  {
    username: 'legalmgr.west',
    fullName: 'Adv. Rajesh Gupta',
    persona: 'legalManager',
    personaLabel: 'Legal manager (approver, OTP required)',
    units: ['ZN-W'],
  },
  {
    username: 'legalmgr.north',
    fullName: 'Adv. Sunita Malhotra',
    persona: 'legalManager',
    personaLabel: 'Legal manager (approver, OTP required)',
    units: ['ZN-N'],
  },
  {
    username: 'tc.kolkata',
    fullName: 'Sourav Banerjee',
    persona: 'telecaller',
    personaLabel: 'Telecaller',
    units: ['BR-KOL'],
  },
  {
    username: 'mgr.kolkata',
    fullName: 'Debjani Ghosh',
    persona: 'unitManager',
    personaLabel: 'Unit manager (region)',
    units: ['RG-WB'],
  },
  {
    username: 'appr.east',
    fullName: 'Arindam Sen',
    persona: 'collectionsApprover',
    personaLabel: 'Collections approver (OTP required)',
    units: ['ZN-E'],
  },
  {
    username: 'repo.pune',
    fullName: 'Ganesh Pawar',
    persona: 'repoOfficer',
    personaLabel: 'Repossession officer',
    units: ['RG-PUN'],
  },
  {
    username: 'repoappr.west',
    fullName: 'Sunita Rao',
    persona: 'repoApprover',
    personaLabel: 'Repossession approver (OTP required)',
    units: ['ZN-W'],
  },
  {
    username: 'sarf.mumbai',
    fullName: 'Arvind Kumar',
    persona: 'sarfaesiOfficer',
    personaLabel: 'SARFAESI officer',
    units: ['RG-MUM'],
  },
  {
    username: 'sarfappr.ho',
    fullName: 'Lakshmi Krishnan',
    persona: 'sarfaesiApprover',
    personaLabel: 'SARFAESI approver (OTP required)',
    units: ['HO'],
  },
  {
    username: 'cc.west',
    fullName: 'Imran Khan',
    persona: 'commandCenterSupervisor',
    personaLabel: 'Command-center supervisor',
    units: ['ZN-W'],
  },
  {
    username: 'cc.north',
    fullName: 'Harpreet Kaur',
    persona: 'commandCenterSupervisor',
    personaLabel: 'Command-center supervisor',
    units: ['ZN-N'],
  },
  {
    username: 'admin',
    fullName: 'System Administrator',
    persona: 'administrator',
    personaLabel: 'Administrator (OTP required)',
    units: ['HO'],
    otpRequired: true,
  },
  {
    username: 'admin.west',
    fullName: 'Nikhil Shinde',
    persona: 'administrator',
    personaLabel: 'Administrator',
    units: ['ZN-W'],
  },
];

export function demoEmail(username: string): string {
  return `${username}@${DEMO_EMAIL_DOMAIN}`;
}
