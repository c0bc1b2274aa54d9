import type { AppCode } from './apps.ts';

// Every route of spec §2 as data. The SPA router, the navigation menu, the route guard and the
// server's authorization tests derive from this list; a test holds it against the spec.

export type RouteModule = 'public' | 'home' | 'collections' | 'legal' | 'repossession' | 'sarfaesi' | 'cmdcenter';
export type RouteKind = 'public' | 'home' | 'dashboard' | 'settings' | 'list' | 'detail' | 'redirect';

export type RouteEntry = {
  /** react-router path, parameters as `:name` */
  path: string;
  /** stable name; list screens' detail tabs open as `<name>_tabView` */
  name: string;
  /** English label from the spec; the UI shows the translation key `labelKey` */
  label: string;
  labelKey: string;
  module: RouteModule;
  app: AppCode | null;
  kind: RouteKind;
  /** system authority code, verbatim from the spec; null where the spec gives none */
  authority: string | null;
  /** for a detail route, the name of its list route */
  listName?: string;
  /** for a redirect route, where it goes */
  redirectTo?: string;
  /** public routes are open to everyone; `loginOnly` routes only to signed-out users */
  access: 'public' | 'loginOnly' | 'signedIn';
};

function key(label: string): string {
  return label
    .replace(/&/g, ' And ')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}

type Base = { module: RouteModule; app: AppCode | null };

function list(base: Base, path: string, name: string, label: string, authority: string | null): RouteEntry {
  return { ...base, path, name, label, labelKey: key(label), kind: 'list', authority, access: 'signedIn' };
}

function detail(base: Base, path: string, listName: string, label: string, authority: string | null): RouteEntry {
  return {
    ...base,
    path,
    name: `${listName}Detail`,
    label,
    labelKey: key(label),
    kind: 'detail',
    authority,
    listName,
    access: 'signedIn',
  };
}

function screen(
  base: Base,
  kind: 'dashboard' | 'settings',
  path: string,
  name: string,
  label: string,
  authority: string | null,
): RouteEntry {
  return { ...base, path, name, label, labelKey: key(label), kind, authority, access: 'signedIn' };
}

function redirect(base: Base, path: string, name: string, to: string): RouteEntry {
  return {
    ...base,
    path,
    name,
    label: name,
    labelKey: key(name),
    kind: 'redirect',
    authority: null,
    redirectTo: to,
    access: 'signedIn',
  };
}

const ACC = '/account/:accountid';
const CASE_ACC = '/case/:caseid/account/:accountid';
const CASEID_ACC = '/caseid/:caseid/account/:accountid';
const CASEID_ACCID = '/caseid/:caseid/accountid/:accountid';

const PUB: Base = { module: 'public', app: null };
const publicRoutes: RouteEntry[] = [
  {
    ...PUB,
    path: '/',
    name: 'root',
    label: 'Root',
    labelKey: 'Root',
    kind: 'redirect',
    authority: null,
    redirectTo: '/login',
    access: 'public',
  },
  {
    ...PUB,
    path: '/login',
    name: 'login',
    label: 'Sign In',
    labelKey: 'SignIn',
    kind: 'public',
    authority: null,
    access: 'loginOnly',
  },
  {
    ...PUB,
    path: '/ForgotPassword',
    name: 'forgotPassword',
    label: 'Forgot Password',
    labelKey: 'ForgotPassword',
    kind: 'public',
    authority: null,
    access: 'public',
  },
  {
    ...PUB,
    path: '/changePassword',
    name: 'changePassword',
    label: 'Change Password',
    labelKey: 'ChangePassword',
    kind: 'public',
    authority: null,
    access: 'signedIn',
  },
  {
    ...PUB,
    path: '/changeOldPassword',
    name: 'changeOldPassword',
    label: 'Change Old Password',
    labelKey: 'ChangeOldPassword',
    kind: 'public',
    authority: null,
    access: 'signedIn',
  },
  {
    ...PUB,
    path: '/error',
    name: 'error',
    label: 'Error',
    labelKey: 'Error',
    kind: 'public',
    authority: null,
    access: 'public',
  },
  {
    ...PUB,
    path: '/callback',
    name: 'callback',
    label: 'Callback',
    labelKey: 'Callback',
    kind: 'public',
    authority: null,
    access: 'public',
  },
  {
    ...PUB,
    path: '/callmcollect',
    name: 'callmcollect',
    label: 'Mobile Continue',
    labelKey: 'MobileContinue',
    kind: 'public',
    authority: null,
    access: 'public',
  },
  {
    ...PUB,
    path: '/privacypolicy',
    name: 'privacyPolicy',
    label: 'Privacy Policy',
    labelKey: 'PrivacyPolicy',
    kind: 'public',
    authority: null,
    access: 'public',
  },
  {
    ...PUB,
    path: '/termsofservice',
    name: 'termsOfService',
    label: 'Terms of Service',
    labelKey: 'TermsOfService',
    kind: 'public',
    authority: null,
    access: 'public',
  },
  {
    module: 'home',
    app: null,
    path: '/home',
    name: 'home',
    label: 'App Selector',
    labelKey: 'AppSelector',
    kind: 'home',
    authority: null,
    access: 'signedIn',
  },
];

const C: Base = { module: 'collections', app: 'collapp' };
const collectionsRoutes: RouteEntry[] = [
  screen(C, 'dashboard', '/collapp', 'collappDashboard', 'Collections Dashboard', null),
  list(C, '/collapp/UploadDashboard', 'uploadDashboard', 'Upload Dashboard', 'UPLOAD_DASH_SAUTH'),
  screen(C, 'settings', '/collapp/settings', 'collappSettings', 'Collections Settings', null),
  list(C, '/collapp/telecaller', 'telecaller', 'Telecaller', 'TELECALLER_SAUTH'),
  detail(C, '/collapp/telecaller' + ACC, 'telecaller', 'Telecaller Account', 'TELECALLER_SAUTH'),
  list(C, '/collapp/nonDelinquentAccount', 'nonDelinquentAccount', 'Non Delinquent Accounts', 'NON_DELINQ_ACC_SAUTH'),
  detail(
    C,
    '/collapp/nonDelinquentAccount' + ACC,
    'nonDelinquentAccount',
    'Non Delinquent Account',
    'NON_DELINQ_ACC_SAUTH',
  ),
  list(C, '/collapp/escalcases', 'escalcases', 'Escalated Cases', 'ESCALATED_SAUTH'),
  detail(C, '/collapp/escalcases' + ACC, 'escalcases', 'Escalated Case Account', 'ESCALATED_SAUTH'),
  list(C, '/collapp/skiptrace', 'skiptrace', 'Skip Trace', 'SKIP_SAUTH'),
  detail(C, '/collapp/skiptrace' + ACC, 'skiptrace', 'Skip Trace Account', 'SKIP_SAUTH'),
  list(C, '/collapp/paymentCancellation', 'paymentCancellation', 'Payment Cancellation', 'PAY_CANCELLATION_SAUTH'),
  list(C, '/collapp/manualalloc', 'manualalloc', 'Manual Allocation', 'MAN_ALLOC_SAUTH'),
  detail(C, '/collapp/manualalloc' + ACC, 'manualalloc', 'Manual Allocation Account', 'MAN_ALLOC_SAUTH'),
  list(C, '/collapp/manualrealloc', 'manualrealloc', 'Manual Re-allocation', 'MAN_REALLOC_SAUTH'),
  detail(C, '/collapp/manualrealloc' + ACC, 'manualrealloc', 'Manual Re-allocation Account', 'MAN_REALLOC_SAUTH'),
  list(
    C,
    '/collapp/ManualReAllocListApproval',
    'manualReAllocListApproval',
    'Manual Re-allocation Approval',
    'MAN_REALLOC_APPROVAL_SAUTH',
  ),
  list(C, '/collapp/payBatchGeneration', 'payBatchGeneration', 'Payment Batch Generation', 'PAY_BATCH_GEN_SAUTH'),
  list(
    C,
    '/collapp/payBatchGenerationApproval',
    'payBatchGenerationApproval',
    'Payment Batch Generation Approval',
    'PAY_BATCH_GEN_APP_SAUTH',
  ),
  list(
    C,
    '/collapp/payBatchReconciliationReport',
    'payBatchReconciliationReport',
    'Payment Batch Reconciliation Report',
    'PAY_BATCH_RECONCILIATION_SAUTH',
  ),
  list(C, '/collapp/payBatchViewer', 'payBatchViewer', 'Payment Batch Viewer', 'PAY_BATCH_VIEWER_SAUTH'),
  list(C, '/collapp/eftReceiptCancel', 'eftReceiptCancel', 'EFT Receipt Cancel', 'PAY_BATCH_RECONCILIATION_SAUTH'),
  // Named by label only in the spec ("Electronic Payment (UPI collection)"): UPI collect requests through the
  // payment provider, for the payments desk that verifies receipts.
  list(
    C,
    '/collapp/electronicPayment',
    'electronicPayment',
    'Electronic Payment (UPI collection)',
    'PAY_VERIFICATION_SAUTH',
  ),
  list(
    C,
    '/collapp/activitySuppressRemoval',
    'activitySuppressRemoval',
    'Activity Suppress Removal',
    'ACTIVITY_SUPPRESS_SAUTH',
  ),
  list(C, '/collapp/ptpDeviation', 'ptpDeviation', 'PTP Deviation', 'PTP_DEVIATION_SAUTH'),
  list(C, '/collapp/ptpReferral', 'ptpReferral', 'PTP Referral', 'PTP_REFERRAL_SAUTH'),
  list(C, '/collapp/ptpReferralAgent', 'ptpReferralAgent', 'PTP Referral Agent', 'PTP_REFERAL_AGENT_SAUTH'),
  list(
    C,
    '/collapp/fieldCollectorPtpReferralList',
    'fieldCollectorPtpReferralList',
    'Field Collector PTP Referral List',
    'FIELD_COLLECTOR_SAUTH',
  ),
  detail(
    C,
    '/collapp/fieldCollectorPtpReferralList' + CASE_ACC,
    'fieldCollectorPtpReferralList',
    'Field Collector PTP Referral Case',
    'FIELD_COLLECTOR_SAUTH',
  ),
  list(C, '/collapp/allocationHold', 'allocationHold', 'Allocation Hold', 'ALLOCATION_HOLD_SAUTH'),
  list(C, '/collapp/reportGeneration', 'reportGeneration', 'Report Generation', 'REPORT_GENERATION_SAUTH'),
  list(C, '/collapp/workPlanDtl', 'workPlanDtl', 'Work Plan', 'COLLAPP_WORKPLAN_SAUTH'),
  list(C, '/collapp/upload', 'collUpload', 'File Upload', 'FILE_UPLOAD_COLL_SAUTH'),
  list(C, '/collapp/download', 'collDownload', 'File Download', 'FILE_DOWNLOAD_COLL_SAUTH'),
  list(C, '/collapp/manualAccountMarking', 'manualAccountMarking', 'Manual Account Marking', 'MAN_ACC_MARK_SAUTH'),
  list(
    C,
    '/collapp/accountMarkingapproval',
    'accountMarkingapproval',
    'Account Marking Approval',
    'ACC_MARK_APP_SAUTH',
  ),
  list(
    C,
    '/collapp/ManualAccountUnmarking',
    'manualAccountUnmarking',
    'Manual Account Unmarking',
    'MAN_ACC_UNMARK_SAUTH',
  ),
  list(C, '/collapp/scheduleproc', 'scheduleproc', 'Schedule Process', 'SCHED_PRO_COLL_SAUTH'),
  // Named by label only in the spec ("User Approval"): users and their changes, each approved by a second
  // administrator. The administrators' authority (SCHED_PRO_COLL_SAUTH), as for the audit verification.
  list(C, '/collapp/userApproval', 'userApproval', 'User Approval', 'SCHED_PRO_COLL_SAUTH'),
  list(C, '/collapp/daystartproc', 'daystartproc', 'Day Start Process', 'DAY_START_COLL_SAUTH'),
  list(C, '/collapp/initiatedPvrTray', 'initiatedPvrTray', 'Initiated PVR Tray', 'INIT_PVR_TRAY_SAUTH'),
  detail(C, '/collapp/initiatedPvrTray' + CASEID_ACC, 'initiatedPvrTray', 'Initiated PVR Case', 'INIT_PVR_TRAY_SAUTH'),
  { ...detail(C, '/collapp/PVRCaseDtl' + CASEID_ACC, 'pvrCaseDtl', 'PVR Case Details', null), name: 'pvrCaseDtl' },
  list(C, '/settelment/settelmentInitiate', 'settelmentInitiate', 'Settlement Initiate', 'SETTLE_INIT_SAUTH'),
  detail(
    C,
    '/settelment/settelmentInitiate' + ACC,
    'settelmentInitiate',
    'Settlement Initiate Account',
    'SETTLE_INIT_SAUTH',
  ),
  list(C, '/settelment/settelmentApproval', 'settelmentApproval', 'Settlement Approval', 'SETTLE_APP_SAUTH'),
  detail(
    C,
    '/settelment/settelmentApproval' + CASE_ACC,
    'settelmentApproval',
    'Settlement Approval Case',
    'SETTLE_APP_SAUTH',
  ),
  list(C, '/settelment/settelmentViewer', 'settelmentViewer', 'Settlement Viewer', 'SETTLE_VIEWER_SAUTH'),
  detail(
    C,
    '/settelment/settelmentViewer' + CASE_ACC,
    'settelmentViewer',
    'Settlement Viewer Case',
    'SETTLE_VIEWER_SAUTH',
  ),
  list(C, '/collapp/receiptVerification', 'receiptVerification', 'Receipt Verification', 'PAY_VERIFICATION_SAUTH'),
  list(C, '/collapp/receiptCancellation', 'receiptCancellation', 'Receipt Cancellation', 'PAY_CANCELLATION_SAUTH'),
  list(
    C,
    '/collapp/receiptCancelApproval',
    'receiptCancelApproval',
    'Receipt Cancel Approval',
    'RECEIPT_CANCEL_AUTHOR_SAUTH',
  ),
  list(C, '/collapp/receiptViewer', 'receiptViewer', 'Receipt Viewer', 'RECEIPT_VIEWER_SAUTH'),
  detail(C, '/collapp/receiptViewer/receipt/:receiptid', 'receiptViewer', 'Receipt', 'RECEIPT_VIEWER_SAUTH'),
  // Not a spec path: the spec names Receipt Capture by label only and gives it no authority. A collector captures
  // receipts, so it takes the collector's FIELD_COLLECTOR_SAUTH (docs/architecture.md "Receipts").
  list(C, '/collapp/receiptCapture', 'receiptCapture', 'Receipt Capture', 'FIELD_COLLECTOR_SAUTH'),
  list(C, '/collapp/allocationMap', 'allocationMap', 'Allocation Map', 'RECEIPT_VIEWER_SAUTH'),
  list(C, '/collapp/heatMap', 'heatMap', 'Heat Map', 'INIT_PVR_TRAY_SAUTH'),
  list(C, '/collapp/delegationPage', 'delegationPage', 'Delegation', 'INIT_PVR_TRAY_SAUTH'),
];

const L: Base = { module: 'legal', app: 'legalapp' };
const legalRoutes: RouteEntry[] = [
  redirect(L, '/LegalHome', 'legalHome', '/Legal'),
  screen(L, 'dashboard', '/Legal', 'legalRoot', 'Legal', null),
  screen(L, 'dashboard', '/legal', 'legalDashboard', 'Legal Dashboard', null),
  screen(L, 'settings', '/legal/settings', 'legalSettings', 'Legal Settings', 'LEGAL_SETTINGS_SAUTH'),
  list(L, '/legal/legalPool', 'legalPool', 'Legal Eligible Pool', 'LEGAL_POOL_SAUTH'),
  detail(L, '/legal/legalPool' + ACC, 'legalPool', 'Legal Eligible Pool Account', 'LEGAL_POOL_SAUTH'),
  list(L, '/legal/legalAgainstFI', 'legalAgainstFI', 'Legal Against Financial Institutions', 'LEGAL_AGAINST_FI_SAUTH'),
  list(L, '/legal/initiateLegal', 'initiateLegal', 'Initiate Legal', 'LEGAL_INIT_SAUTH'),
  detail(L, '/legal/initiateLegal' + ACC, 'initiateLegal', 'Initiate Legal Account', 'LEGAL_INIT_SAUTH'),
  list(L, '/legal/legalFilingApproval', 'legalFilingApproval', 'Legal Filing Approval', 'LEGAL_FILE_APP_SAUTH'),
  detail(
    L,
    '/legalFilingApproval' + CASEID_ACC,
    'legalFilingApproval',
    'Legal Filing Approval Case',
    'LEGAL_FILE_APP_SAUTH',
  ),
  list(L, '/legal/legalApprovedCase', 'legalApprovedCase', 'Approved Cases', 'LEGAL_APP_CASES_SAUTH'),
  detail(L, '/legal/legalApprovedCase' + CASEID_ACCID, 'legalApprovedCase', 'Approved Case', 'LEGAL_APP_CASES_SAUTH'),
  list(L, '/legal/legalLeedTeamTray', 'legalLeedTeamTray', 'Legal Team Tray', 'LEAD_TEAM_TRAY_SAUTH'),
  detail(L, '/legal/legalLeedTeamTray' + CASEID_ACC, 'legalLeedTeamTray', 'Legal Team Case', 'LEAD_TEAM_TRAY_SAUTH'),
  list(L, '/legal/legalManager', 'legalManager', 'Legal Manager Tray', 'LEGAL_MANAGER_SAUTH'),
  detail(L, '/legal/legalManager' + CASEID_ACC, 'legalManager', 'Legal Manager Case', 'LEGAL_MANAGER_SAUTH'),
  list(L, '/legal/legalNotice', 'legalNotice', 'Send Legal Notice', 'LEGAL_NOTICE_SAUTH'),
  detail(L, '/legal/legalNotice' + CASEID_ACC, 'legalNotice', 'Legal Notice Case', 'LEGAL_NOTICE_SAUTH'),
  list(L, '/legal/legalCaseFiling', 'legalCaseFiling', 'Case Filing', 'LEGAL_CASE_FILE_SAUTH'),
  detail(L, '/legal/legalCaseFiling' + CASEID_ACC, 'legalCaseFiling', 'Case Filing Case', 'LEGAL_CASE_FILE_SAUTH'),
  list(L, '/legal/legalCourtCaseUpdate', 'legalCourtCaseUpdate', 'Court Case Update', 'COURT_CASE_UPDT_SUATH'),
  detail(
    L,
    '/legal/legalCourtCaseUpdate' + CASEID_ACC,
    'legalCourtCaseUpdate',
    'Court Case Update Case',
    'COURT_CASE_UPDT_SUATH',
  ),
  list(
    L,
    '/legal/legalCourtCaseUpdateApproval',
    'legalCourtCaseUpdateApproval',
    'Court Case Update Approval',
    'COURT_CASE_APP_SUATH',
  ),
  detail(
    L,
    '/legalCourtCaseUpdateApproval' + CASEID_ACCID,
    'legalCourtCaseUpdateApproval',
    'Court Case Update Approval Case',
    'COURT_CASE_APP_SUATH',
  ),
  list(L, '/legal/LegalWithDrawal', 'legalWithDrawal', 'Withdrawal', 'LEGAL_WITHDRAWAL_SUATH'),
  list(L, '/legalapp/downloadLegal', 'downloadLegal', 'File Download', 'LEGAL_FILE_DOWNLOAD_SAUTH'),
  list(L, '/legalapp/UploadLegal', 'uploadLegal', 'File Upload', 'LEGAL_FILE_UPLOAD_SAUTH'),
  list(L, '/legalapp/legalRejectTray', 'legalRejectTray', 'Reject Tray', 'LEGAL_REJECT_TRAY_SAUTH'),
  detail(L, '/legalRejectReview' + CASEID_ACC, 'legalRejectTray', 'Reject Review', 'LEGAL_REJECT_TRAY_SAUTH'),
  {
    ...detail(L, '/LegalRejectReview' + CASEID_ACC, 'legalRejectTray', 'Reject Review', 'LEGAL_REJECT_TRAY_SAUTH'),
    name: 'legalRejectTrayDetailAlt',
  },
];

// Repossession and SARFAESI stages: [path segment, authority, label].
const REPO_STAGES: [string, string, string][] = [
  ['RepoInitiate', 'REPO_INITIATE_SAUTH', 'Repossession Initiate'],
  ['RepoInitiateApproval', 'REPO_INIT_APP_SAUTH', 'Repossession Initiate Approval'],
  ['Notice', 'REPO_NOTICE_CAP_SAUTH', 'Notice'],
  ['KitGeneration', 'REPO_KIT_GEN_SAUTH', 'Kit Generation'],
  ['AssetDtlCapture', 'REPO_ASSET_DTL_CAP_SAUTH', 'Asset Detail Capture'],
  ['ValuationAgcAllocation', 'REPO_VAL_AGC_ALLOC_SAUTH', 'Valuation Agency Allocation'],
  ['CaptureValDtl', 'REPO_CAP_VAL_DTL_SAUTH', 'Capture Valuation Details'],
  ['ValuationCompletion', 'REPO_VAL_COMP_SAUTH', 'Valuation Completion'],
  ['FprAllocation', 'REPO_FPR_ALLOC_SAUTH', 'FPR Allocation'],
  ['DisposalIdentification', 'REPO_DISP_IDEN_SAUTH', 'Disposal Identification'],
  ['DirectSale', 'REPO_DIRECT_SALE_SAUTH', 'Direct Sale'],
  ['AuctionNotice', 'REPO_AUC_NOTICE_SAUTH', 'Auction Notice'],
  ['AllocateActionAgc', 'REPO_AUC_AGC_ALLOC_SAUTH', 'Auction Agency Allocation'],
  ['AssetAuctionDtl', 'REPO_ASSET_AUC_DTL_SAUTH', 'Asset Auction Details'],
  ['AuctionApproval', 'REPO_AUC_APP_SAUTH', 'Auction Approval'],
  ['WaverApprovalReq', 'REPO_WAIV_APP_RQST_SAUTH', 'Waiver Approval Request'],
  ['WaverApproval', 'REPO_WAIV_APP_SAUTH', 'Waiver Approval'],
  ['AssetSaleNotice', 'REPO_ASSET_SALE_NOTICE_SAUTH', 'Asset Sale Notice'],
  ['AssetSale', 'REPO_ASSET_SALE_SAUTH', 'Asset Sale'],
  ['AssetSaleApproval', 'REPO_ASSET_SALE_APP_SAUTH', 'Asset Sale Approval'],
  ['Closure', 'REPO_ASSET_CLOSE_SAUTH', 'Closure'],
  // not named by spec §2.5 for repossession (it names them for SARFAESI): the partial payment detour of REPOSSESSION v9
  ['PartialPaymentReq', 'PAR_PAY_RQST_SAUTH', 'Partial Payment Request'],
  ['PartialPaymentApproval', 'PAR_PAY_APP_SAUTH', 'Partial Payment Approval'],
];

const SARF_STAGES: [string, string | null, string, string?][] = [
  ['SarfInitiate', 'SARF_INIT_SAUTH', 'Sarfaesi Initiate'],
  ['SarfInitiateApprove', 'SARF_INIT_APP_SAUTH', 'Sarfaesi Initiate Approval'],
  ['NoticeCapture', 'SARF_NOTICE_CAP_SAUTH', 'Notice Capture'],
  ['NoticeApproval', 'SARF_NOTICE_APP_SAUTH', 'Notice Approval'],
  ['NewspaperPublication', 'SARF_NEWS_PUB_SAUTH', 'Newspaper Publication'],
  ['TypeIdentification', 'SARF_TYPE_IDEN_SAUTH', 'Type Identification'],
  ['PreIntimationNotice', 'SARF_PRE_INTI_NOTICE_SAUTH', 'Pre Intimation Notice'],
  ['PossessionDtlCapture', 'SARF_POSS_DTL_CAP_SAUTH', 'Possession Detail Capture'],
  ['AgencyAllocation', 'SARF_DM_AGC_ALLOC_SAUTH', 'DM Agency Allocation'],
  ['DmUpdate', 'SARF_DM_UPDT_SAUTH', 'DM Update'],
  ['OrderCapture', 'SARF_DM_ORDER_CAP_SAUTH', 'DM Order Capture'],
  ['KitGeneration', 'SARF_KIT_GEN_SAUTH', 'Sarfaesi Kit Generation'],
  ['AssetDtlCapture', 'SARF_ASSET_DTL_CAP_SAUTH', 'Sarfaesi Asset Detail Capture'],
  ['ValAgencyAllocation', 'SARF_VAL_AGC_ALLOC_SAUTH', 'Sarfaesi Valuation Agency Allocation'],
  ['CaptureValDtl', 'SARF_CAP_VAL_DTL_SAUTH', 'Sarfaesi Capture Valuation Details'],
  ['ValCompletion', 'SARF_VAL_COMP_SAUTH', 'Sarfaesi Valuation Completion'],
  ['FprAllocation', 'SARF_FPR_ALLOC_SAUTH', 'Sarfaesi FPR Allocation'],
  ['PvrCapture', 'SARF_PVR_CAP_SAUTH', 'PVR Capture'],
  ['DisposalIdentification', 'SARF_DISP_IDEN_SAUTH', 'Sarfaesi Disposal Identification'],
  ['BasePriceInitiate', 'SARF_BASE_PRICE_INIT_SAUTH', 'Base Price Initiate'],
  ['BasePriceApprove', 'SARF_BASE_PRICE_APP_SAUTH', 'Base Price Approval'],
  ['BatchGen', null, 'Auction Batch', 'AUC_BATCH_GEN_SAUTH'],
  ['AuctionNotice', 'SARF_AUC_NOTICE_SAUTH', 'Sarfaesi Auction Notice'],
  ['UploadArtwork', 'SARF_UPLOAD_ARTWORK_SAUTH', 'Upload Artwork'],
  ['ConfirmArtwork', 'SARF_CNFR_ARTWORK_SAUTH', 'Confirm Artwork'],
  ['Publication&Upload', 'SARF_PUB_UPLOAD_SAUTH', 'Publication & Upload'],
  ['AllocateAuctionAgency', 'SARF_ALLOC_AUC_AGC_SAUTH', 'Allocate Auction Agency'],
  ['AssetAuctionCapture', 'SARF_ASSET_AUC_CAP_SAUTH', 'Asset Auction Capture'],
  ['AuctionApproval', 'SARF_AUC_APP_SAUTH', 'Sarfaesi Auction Approval'],
  ['DirectSale', 'SARF_DIRECT_SALE_SAUTH', 'Sarfaesi Direct Sale'],
  ['WaiverRequest', 'SARF_WAIV_APP_RQST_SAUTH', 'Waiver Request'],
  ['WaiverApproval', 'SARF_WAIV_APP_SAUTH', 'Sarfaesi Waiver Approval'],
  ['AssetSaleNotice', 'SARF_ASSET_SALE_NOTICE_SAUTH', 'Sarfaesi Asset Sale Notice'],
  ['AssetSale', 'SARF_ASSET_SALE_SAUTH', 'Sarfaesi Asset Sale'],
  ['AssetSaleApproval', 'SARF_ASSET_SALE_APP_SAUTH', 'Sarfaesi Asset Sale Approval'],
  ['SarfClosure', 'SARF_ASSET_CLOSE_SAUTH', 'Sarfaesi Closure'],
  ['AssetReleaseRequest', 'ASSET_RELEASE_RQST_SAUTH', 'Asset Release Request'],
  ['AssetReleaseApproval', 'ASSET_RELEASE_APP_SAUTH', 'Asset Release Approval'],
  ['PartialPaymentReq', 'PAR_PAY_RQST_SAUTH', 'Partial Payment Request'],
  ['PartialPaymentApproval', 'PAR_PAY_APP_SAUTH', 'Partial Payment Approval'],
];

const R: Base = { module: 'repossession', app: 'repoapp' };
const S: Base = { module: 'sarfaesi', app: 'repoapp' };

function stageRoutes(
  base: Base,
  prefix: string,
  segment: string,
  authority: string | null,
  label: string,
  detailAuthority?: string,
): RouteEntry[] {
  const name = `${prefix.slice(1).toLowerCase()}${segment.replace(/[^A-Za-z0-9]/g, '')}`;
  const isInitiate = segment === 'RepoInitiate' || segment === 'SarfInitiate';
  return [
    list(base, `${prefix}/${segment}`, name, label, authority),
    detail(base, `${prefix}/${segment}${isInitiate ? ACC : CASEID_ACC}`, name, label, detailAuthority ?? authority),
  ];
}

const repoRoutes: RouteEntry[] = [
  redirect(R, '/RepoHome', 'repoHome', '/Reposition'),
  screen(R, 'dashboard', '/Reposition', 'repoDashboard', 'Repossession Dashboard', 'DASH_REPO_SAUTH'),
  screen(R, 'settings', '/Repo/Settings', 'repoSettings', 'Repossession Settings', 'REPO_SETTINGS_SAUTH'),
  ...REPO_STAGES.flatMap(([segment, authority, label]) => stageRoutes(R, '/Repo', segment, authority, label)),
  ...SARF_STAGES.flatMap(([segment, authority, label, detailAuthority]) =>
    stageRoutes(S, '/Sarf', segment, authority, label, detailAuthority),
  ),
  list(R, '/repoapp/auctionBatchGenTabs', 'auctionBatchGenTabs', 'Auction Batch Generation', 'AUC_BATCH_GEN_SAUTH'),
  detail(
    R,
    '/repoapp/auctionBatchGenTabs' + CASEID_ACC,
    'auctionBatchGenTabs',
    'Auction Batch Generation Case',
    'AUC_BATCH_GEN_SAUTH',
  ),
  list(R, '/Repo/DmFiling', 'dmFiling', 'DM Filing', null),
  detail(R, '/Repo/DmFiling' + CASEID_ACC, 'dmFiling', 'DM Filing Case', null),
  list(R, '/Repoapp/UploadRepo', 'uploadRepo', 'Repossession File Upload', 'FILE_UPLOAD_REPO_SAUTH'),
  list(S, '/Sarfaesi/UploadRepo', 'uploadSarfaesi', 'Sarfaesi File Upload', 'SARF_UPLOAD_DASH_SAUTH'),
  list(R, '/Repoapp/DownloadRepo', 'downloadRepo', 'Repossession File Download', 'DASH_REPO_SAUTH'),
  { ...detail(R, '/Repo/PVRCaseDtl' + CASEID_ACC, 'repoPvrCaseDtl', 'PVR Case Details', null), name: 'repoPvrCaseDtl' },
  {
    ...detail(
      R,
      '/Repo/linkLanVueAccount' + ACC,
      'linkLanVueAccount',
      'Linked Account Details',
      'Link_Lan_AccDtl_SAUTH',
    ),
    name: 'linkLanVueAccount',
  },
];

const M: Base = { module: 'cmdcenter', app: 'cmdcenter' };
const CMD = 'ACTIVE_INACTIVE_SAUTH';
const cmdCenterRoutes: RouteEntry[] = [
  redirect(M, '/cmdCenterHome', 'cmdCenterHome', '/cmdCenter'),
  screen(M, 'dashboard', '/cmdCenter', 'cmdCenterDashboard', 'Command Center', null),
  screen(M, 'dashboard', '/dashcmdCenter', 'dashCmdCenter', 'Command Center Dashboard', null),
  screen(M, 'settings', '/cmdCenter/settings', 'cmdCenterSettings', 'Command Center Settings', 'LEGAL_SETTINGS_SAUTH'),
  list(M, '/cmdCenter/activeinactiveuser', 'activeinactiveuser', 'Active Inactive Users', CMD),
  list(M, '/cmdCenter/mapBasedAllocation', 'mapBasedAllocation', 'Map Based Allocation', CMD),
  list(M, '/cmdCenter/mapBasedAllocationStatus', 'mapBasedAllocationStatus', 'Map Based Allocation Status', CMD),
  list(M, '/cmdCenter/idealTimeReport', 'idealTimeReport', 'Idle Time Report', CMD),
  list(M, '/cmdCenter/timeSpentReport', 'timeSpentReport', 'Time Spent Report', CMD),
  list(M, '/cmdCenter/animateRouteTaken', 'animateRouteTaken', 'Animated Route Taken', CMD),
  list(M, '/cmdCenter/shadyTimeReport', 'shadyTimeReport', 'Shady Transaction Time', CMD),
  list(M, '/cmdCenter/shadyTransactionLoc', 'shadyTransactionLoc', 'Shady Transaction Location', CMD),
  detail(
    M,
    '/cmdCenter/activeinactiveuser' + ACC,
    'activeinactiveuser',
    'Active Inactive User Account',
    'LEGAL_POOL_SAUTH',
  ),
];

export const ROUTE_CATALOGUE: readonly RouteEntry[] = [
  ...publicRoutes,
  ...collectionsRoutes,
  ...legalRoutes,
  ...repoRoutes,
  ...cmdCenterRoutes,
];

export function findRouteByName(name: string): RouteEntry | undefined {
  return ROUTE_CATALOGUE.find((route) => route.name === name);
}

/** The catalogue entry whose path pattern matches a concrete pathname (case-sensitive, as the spec's paths are). */
export function matchRoute(pathname: string): RouteEntry | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTE_CATALOGUE.find((route) => pathPattern(route.path).test(clean));
}

function pathPattern(path: string): RegExp {
  const escaped = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\&]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}$`);
}

/** Spec §2.1: the document body id is set from the current path. */
export function bodyIdFromPath(pathname: string): string {
  const id = pathname.replace(/^\/+|\/+$/g, '').replace(/[^A-Za-z0-9]+/g, '-');
  return id === '' ? 'root' : id;
}

/** Spec §2.1: a list screen's detail opens in a new browser tab named `<screen>_tabView`. */
export function tabViewName(listName: string): string {
  return `${listName}_tabView`;
}
