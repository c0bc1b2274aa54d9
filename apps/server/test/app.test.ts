import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { openTestDatabase } from '@recovery-desk/db/test-database.ts';
import { publicConfigSchema } from '@recovery-desk/domain/sign-in.ts';
import { createUser, ensureOrganisation, uniqueName } from './factories.ts';
import { createTestApp, TEST_USERKEY_KEY, type TestApp } from './support/test-app.ts';

describe.each(testDatabaseKinds())('application shell (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(async () => {
    t = await createTestApp(handle.db);
  });
  afterEach(async () => {
    await t.close();
  });

  it('declares the authorization of every route (sorted list)', () => {
    const declarations = t.app.routeDeclarations().map((route) => `${route.method} ${route.url} → ${route.auth}`);
    expect(declarations).toMatchInlineSnapshot(`
      [
        "GET /* → public",
        "POST /VerifyOtpApi → public",
        "GET /api/account-marks/active → collapp:MAN_ACC_UNMARK_SAUTH",
        "GET /api/account-marks/lookup → collapp:MAN_ACC_MARK_SAUTH",
        "GET /api/admin/audit/verify → collapp:SCHED_PRO_COLL_SAUTH",
        "GET /api/approvals/ACCOUNT_MARKING/requests → actingUnit",
        "POST /api/approvals/ACCOUNT_MARKING/requests → collapp:MAN_ACC_MARK_SAUTH",
        "GET /api/approvals/ACCOUNT_MARKING/requests/:id → actingUnit",
        "POST /api/approvals/ACCOUNT_MARKING/requests/:id/approve → collapp:ACC_MARK_APP_SAUTH",
        "POST /api/approvals/ACCOUNT_MARKING/requests/:id/pushback → collapp:ACC_MARK_APP_SAUTH",
        "POST /api/approvals/ACCOUNT_MARKING/requests/:id/reject → collapp:ACC_MARK_APP_SAUTH",
        "POST /api/approvals/ACCOUNT_MARKING/requests/:id/resubmit → collapp:MAN_ACC_MARK_SAUTH",
        "GET /api/approvals/ACCOUNT_UNMARKING/requests → actingUnit",
        "POST /api/approvals/ACCOUNT_UNMARKING/requests → collapp:MAN_ACC_UNMARK_SAUTH",
        "GET /api/approvals/ACCOUNT_UNMARKING/requests/:id → actingUnit",
        "POST /api/approvals/ACCOUNT_UNMARKING/requests/:id/approve → collapp:ACC_MARK_APP_SAUTH",
        "POST /api/approvals/ACCOUNT_UNMARKING/requests/:id/pushback → collapp:ACC_MARK_APP_SAUTH",
        "POST /api/approvals/ACCOUNT_UNMARKING/requests/:id/reject → collapp:ACC_MARK_APP_SAUTH",
        "POST /api/approvals/ACCOUNT_UNMARKING/requests/:id/resubmit → collapp:MAN_ACC_UNMARK_SAUTH",
        "GET /api/approvals/DAY_START_FORCE_COMPLETION/requests → actingUnit",
        "POST /api/approvals/DAY_START_FORCE_COMPLETION/requests → collapp:DAY_START_COLL_SAUTH",
        "GET /api/approvals/DAY_START_FORCE_COMPLETION/requests/:id → actingUnit",
        "POST /api/approvals/DAY_START_FORCE_COMPLETION/requests/:id/approve → collapp:DAY_START_COLL_SAUTH",
        "POST /api/approvals/DAY_START_FORCE_COMPLETION/requests/:id/reject → collapp:DAY_START_COLL_SAUTH",
        "GET /api/approvals/ESCALATION/requests → actingUnit",
        "GET /api/approvals/ESCALATION/requests/:id → actingUnit",
        "GET /api/approvals/PAY_BATCH/requests → actingUnit",
        "GET /api/approvals/PAY_BATCH/requests/:id → actingUnit",
        "GET /api/approvals/PTP_DEVIATION/requests → actingUnit",
        "GET /api/approvals/PTP_DEVIATION/requests/:id → actingUnit",
        "GET /api/approvals/REALLOCATION/requests → actingUnit",
        "GET /api/approvals/REALLOCATION/requests/:id → actingUnit",
        "GET /api/approvals/RECEIPT_CANCELLATION/requests → actingUnit",
        "GET /api/approvals/RECEIPT_CANCELLATION/requests/:id → actingUnit",
        "GET /api/approvals/RECEIPT_VERIFICATION/requests → actingUnit",
        "GET /api/approvals/RECEIPT_VERIFICATION/requests/:id → actingUnit",
        "GET /api/approvals/SETTLEMENT/requests → actingUnit",
        "GET /api/approvals/SETTLEMENT/requests/:id → actingUnit",
        "GET /api/approvals/USER_CHANGE/requests → actingUnit",
        "GET /api/approvals/USER_CHANGE/requests/:id → actingUnit",
        "GET /api/cmd-center/accounts/:accountId/field-activity → cmdcenter:LEGAL_POOL_SAUTH",
        "GET /api/cmd-center/active-users → cmdcenter:ACTIVE_INACTIVE_SAUTH",
        "GET /api/cmd-center/active-users/export → cmdcenter:ACTIVE_INACTIVE_SAUTH",
        "GET /api/cmd-center/allocation-map → collapp:RECEIPT_VIEWER_SAUTH",
        "GET /api/cmd-center/allocation/accounts → cmdcenter:ACTIVE_INACTIVE_SAUTH",
        "GET /api/cmd-center/allocation/assignees → cmdcenter:ACTIVE_INACTIVE_SAUTH",
        "GET /api/cmd-center/allocation/batches → cmdcenter:ACTIVE_INACTIVE_SAUTH",
        "POST /api/cmd-center/allocation/batches → cmdcenter:ACTIVE_INACTIVE_SAUTH",
        "GET /api/cmd-center/allocation/batches/:id → cmdcenter:ACTIVE_INACTIVE_SAUTH",
        "POST /api/cmd-center/allocation/plan → cmdcenter:ACTIVE_INACTIVE_SAUTH",
        "GET /api/cmd-center/dashboard → actingUnit",
        "GET /api/cmd-center/field-users → cmdcenter:ACTIVE_INACTIVE_SAUTH",
        "GET /api/cmd-center/idle-report → cmdcenter:ACTIVE_INACTIVE_SAUTH",
        "GET /api/cmd-center/idle-report/export → cmdcenter:ACTIVE_INACTIVE_SAUTH",
        "GET /api/cmd-center/positions → cmdcenter:ACTIVE_INACTIVE_SAUTH",
        "POST /api/cmd-center/positions → collapp:FIELD_COLLECTOR_SAUTH",
        "GET /api/cmd-center/route → cmdcenter:ACTIVE_INACTIVE_SAUTH",
        "GET /api/cmd-center/settings → cmdcenter:LEGAL_SETTINGS_SAUTH",
        "PUT /api/cmd-center/settings → cmdcenter:LEGAL_SETTINGS_SAUTH",
        "GET /api/cmd-center/shady → cmdcenter:ACTIVE_INACTIVE_SAUTH",
        "GET /api/cmd-center/shady/export → cmdcenter:ACTIVE_INACTIVE_SAUTH",
        "GET /api/cmd-center/time-spent-report → cmdcenter:ACTIVE_INACTIVE_SAUTH",
        "GET /api/cmd-center/time-spent-report/export → cmdcenter:ACTIVE_INACTIVE_SAUTH",
        "GET /api/collections/accounts/:accountId → actingUnit",
        "PATCH /api/collections/accounts/:accountId/addresses/:addressId → actingUnit",
        "PATCH /api/collections/accounts/:accountId/contacts/:contactId → actingUnit",
        "POST /api/collections/accounts/:accountId/documents → actingUnit",
        "GET /api/collections/accounts/:accountId/documents/:documentId → actingUnit",
        "POST /api/collections/accounts/:accountId/follow-ups → actingUnit",
        "POST /api/collections/accounts/:accountId/holds → collapp:ALLOCATION_HOLD_SAUTH",
        "POST /api/collections/accounts/:accountId/suppressions → collapp:ACTIVITY_SUPPRESS_SAUTH",
        "GET /api/collections/allocation-rules → collapp:DAY_START_COLL_SAUTH",
        "POST /api/collections/allocation-rules → collapp:DAY_START_COLL_SAUTH",
        "DELETE /api/collections/allocation-rules/:id → collapp:DAY_START_COLL_SAUTH",
        "PUT /api/collections/allocation-rules/:id → collapp:DAY_START_COLL_SAUTH",
        "GET /api/collections/allocation-rules/form → collapp:DAY_START_COLL_SAUTH",
        "POST /api/collections/allocations → collapp:MAN_ALLOC_SAUTH",
        "GET /api/collections/assignees → actingUnit",
        "GET /api/collections/dashboard → actingUnit",
        "POST /api/collections/day-start → collapp:DAY_START_COLL_SAUTH",
        "POST /api/collections/day-start/bom-refresh → collapp:DAY_START_COLL_SAUTH",
        "POST /api/collections/day-start/business-date → collapp:DAY_START_COLL_SAUTH",
        "POST /api/collections/day-start/cycle-refresh → collapp:DAY_START_COLL_SAUTH",
        "GET /api/collections/day-start/runs → collapp:DAY_START_COLL_SAUTH",
        "POST /api/collections/day-start/runs/:id/retry → collapp:DAY_START_COLL_SAUTH",
        "GET /api/collections/dispositions → actingUnit",
        "GET /api/collections/downloads → collapp:FILE_DOWNLOAD_COLL_SAUTH",
        "GET /api/collections/downloads/:id/file → collapp:FILE_DOWNLOAD_COLL_SAUTH",
        "POST /api/collections/escalations/:id/approve → collapp:ESCALATED_SAUTH",
        "POST /api/collections/escalations/:id/reallocate → collapp:ESCALATED_SAUTH",
        "POST /api/collections/escalations/:id/reject → collapp:ESCALATED_SAUTH",
        "POST /api/collections/ptps/:id/approve → collapp:PTP_DEVIATION_SAUTH",
        "POST /api/collections/ptps/:id/refer → collapp:PTP_REFERRAL_SAUTH",
        "POST /api/collections/ptps/:id/reject → collapp:PTP_DEVIATION_SAUTH",
        "POST /api/collections/reallocation-requests → collapp:MAN_REALLOC_SAUTH",
        "POST /api/collections/reallocation-requests/:id/approve → collapp:MAN_REALLOC_APPROVAL_SAUTH",
        "POST /api/collections/reallocation-requests/:id/reject → collapp:MAN_REALLOC_APPROVAL_SAUTH",
        "GET /api/collections/reports/:report → collapp:REPORT_GENERATION_SAUTH",
        "POST /api/collections/reports/:report/export → collapp:REPORT_GENERATION_SAUTH",
        "GET /api/collections/reports/rollRates/trend → collapp:REPORT_GENERATION_SAUTH",
        "GET /api/collections/settings → actingUnit",
        "PATCH /api/collections/settings → collapp:SCHED_PRO_COLL_SAUTH",
        "GET /api/collections/targets → collapp:REPORT_GENERATION_SAUTH",
        "PUT /api/collections/targets → collapp:REPORT_GENERATION_SAUTH",
        "GET /api/collections/trays/activitySuppressRemoval → collapp:ACTIVITY_SUPPRESS_SAUTH",
        "GET /api/collections/trays/activitySuppressRemoval/export → collapp:ACTIVITY_SUPPRESS_SAUTH",
        "GET /api/collections/trays/allocationHold → collapp:ALLOCATION_HOLD_SAUTH",
        "GET /api/collections/trays/allocationHold/export → collapp:ALLOCATION_HOLD_SAUTH",
        "GET /api/collections/trays/escalcases → collapp:ESCALATED_SAUTH",
        "GET /api/collections/trays/escalcases/export → collapp:ESCALATED_SAUTH",
        "GET /api/collections/trays/fieldCollectorPtpReferralList → collapp:FIELD_COLLECTOR_SAUTH",
        "GET /api/collections/trays/fieldCollectorPtpReferralList/export → collapp:FIELD_COLLECTOR_SAUTH",
        "GET /api/collections/trays/manualReAllocListApproval → collapp:MAN_REALLOC_APPROVAL_SAUTH",
        "GET /api/collections/trays/manualReAllocListApproval/export → collapp:MAN_REALLOC_APPROVAL_SAUTH",
        "GET /api/collections/trays/manualalloc → collapp:MAN_ALLOC_SAUTH",
        "GET /api/collections/trays/manualalloc/export → collapp:MAN_ALLOC_SAUTH",
        "GET /api/collections/trays/manualrealloc → collapp:MAN_REALLOC_SAUTH",
        "GET /api/collections/trays/manualrealloc/export → collapp:MAN_REALLOC_SAUTH",
        "GET /api/collections/trays/nonDelinquentAccount → collapp:NON_DELINQ_ACC_SAUTH",
        "GET /api/collections/trays/nonDelinquentAccount/export → collapp:NON_DELINQ_ACC_SAUTH",
        "GET /api/collections/trays/ptpDeviation → collapp:PTP_DEVIATION_SAUTH",
        "GET /api/collections/trays/ptpDeviation/export → collapp:PTP_DEVIATION_SAUTH",
        "GET /api/collections/trays/ptpReferral → collapp:PTP_REFERRAL_SAUTH",
        "GET /api/collections/trays/ptpReferral/export → collapp:PTP_REFERRAL_SAUTH",
        "GET /api/collections/trays/ptpReferralAgent → collapp:PTP_REFERAL_AGENT_SAUTH",
        "GET /api/collections/trays/ptpReferralAgent/export → collapp:PTP_REFERAL_AGENT_SAUTH",
        "GET /api/collections/trays/skiptrace → collapp:SKIP_SAUTH",
        "GET /api/collections/trays/skiptrace/export → collapp:SKIP_SAUTH",
        "GET /api/collections/trays/telecaller → collapp:TELECALLER_SAUTH",
        "GET /api/collections/trays/telecaller/export → collapp:TELECALLER_SAUTH",
        "GET /api/collections/uploads → collapp:FILE_UPLOAD_COLL_SAUTH",
        "POST /api/collections/uploads → collapp:FILE_UPLOAD_COLL_SAUTH",
        "GET /api/collections/uploads/:id → collapp:FILE_UPLOAD_COLL_SAUTH",
        "GET /api/collections/uploads/:id/errors → collapp:FILE_UPLOAD_COLL_SAUTH",
        "GET /api/collections/uploads/template → collapp:FILE_UPLOAD_COLL_SAUTH",
        "GET /api/demo/outbox → public",
        "GET /api/field/work-plan → collapp:COLLAPP_WORKPLAN_SAUTH",
        "POST /api/field/work-plan/visits → collapp:COLLAPP_WORKPLAN_SAUTH",
        "DELETE /api/field/work-plan/visits/:visitId → collapp:COLLAPP_WORKPLAN_SAUTH",
        "POST /api/field/work-plan/visits/:visitId/status → collapp:COLLAPP_WORKPLAN_SAUTH",
        "POST /api/field/work-plans/:planId/optimise → collapp:COLLAPP_WORKPLAN_SAUTH",
        "PUT /api/field/work-plans/:planId/order → collapp:COLLAPP_WORKPLAN_SAUTH",
        "GET /api/field/work-plans/team → collapp:COLLAPP_WORKPLAN_SAUTH",
        "GET /api/jobs → actingUnit",
        "GET /api/jobs/:id → actingUnit",
        "GET /api/jobs/:id/result → actingUnit",
        "GET /api/jobs/dashboard → collapp:UPLOAD_DASH_SAUTH",
        "GET /api/jobs/dashboard/:id/result → collapp:UPLOAD_DASH_SAUTH",
        "GET /api/legal/against-fi → legalapp:LEGAL_AGAINST_FI_SAUTH",
        "POST /api/legal/against-fi → legalapp:LEGAL_AGAINST_FI_SAUTH",
        "PATCH /api/legal/against-fi/:id → legalapp:LEGAL_AGAINST_FI_SAUTH",
        "GET /api/legal/dashboard → actingUnit",
        "GET /api/legal/documents → legalapp:LEGAL_FILE_DOWNLOAD_SAUTH",
        "POST /api/legal/notices → legalapp:LEGAL_NOTICE_SAUTH",
        "GET /api/legal/pool → legalapp:LEGAL_POOL_SAUTH",
        "GET /api/legal/pool/accounts/:accountId → legalapp:LEGAL_POOL_SAUTH",
        "POST /api/legal/pool/decline → legalapp:LEGAL_POOL_SAUTH",
        "POST /api/legal/pool/initiate → legalapp:LEGAL_POOL_SAUTH",
        "GET /api/legal/settings → legalapp:LEGAL_SETTINGS_SAUTH",
        "PUT /api/legal/settings → legalapp:LEGAL_SETTINGS_SAUTH",
        "GET /api/legal/uploads → legalapp:LEGAL_FILE_UPLOAD_SAUTH",
        "POST /api/legal/uploads → legalapp:LEGAL_FILE_UPLOAD_SAUTH",
        "GET /api/legal/uploads/:id/errors → legalapp:LEGAL_FILE_UPLOAD_SAUTH",
        "GET /api/legal/uploads/template → legalapp:LEGAL_FILE_UPLOAD_SAUTH",
        "GET /api/lists/views → signedIn",
        "POST /api/lists/views → signedIn",
        "DELETE /api/lists/views/:id → signedIn",
        "GET /api/map-settings → signedIn",
        "GET /api/menu-counts → actingUnit",
        "POST /api/payments/batches → collapp:PAY_BATCH_GEN_SAUTH",
        "POST /api/payments/batches/:id/approve → collapp:PAY_BATCH_GEN_APP_SAUTH",
        "POST /api/payments/batches/:id/reject → collapp:PAY_BATCH_GEN_APP_SAUTH",
        "GET /api/payments/batches/approval → collapp:PAY_BATCH_GEN_APP_SAUTH",
        "GET /api/payments/batches/approval/:id → collapp:PAY_BATCH_GEN_APP_SAUTH",
        "GET /api/payments/batches/candidates → collapp:PAY_BATCH_GEN_SAUTH",
        "GET /api/payments/batches/generation → collapp:PAY_BATCH_GEN_SAUTH",
        "GET /api/payments/batches/generation/:id → collapp:PAY_BATCH_GEN_SAUTH",
        "GET /api/payments/batches/undeposited-cash → collapp:PAY_BATCH_GEN_SAUTH",
        "GET /api/payments/batches/viewer → collapp:PAY_BATCH_VIEWER_SAUTH",
        "GET /api/payments/batches/viewer/:id → collapp:PAY_BATCH_VIEWER_SAUTH",
        "GET /api/payments/eft-receipts → collapp:PAY_BATCH_RECONCILIATION_SAUTH",
        "POST /api/payments/eft-receipts/:id/cancel → collapp:PAY_BATCH_RECONCILIATION_SAUTH",
        "GET /api/payments/reconciliation/demo-statement → collapp:PAY_BATCH_RECONCILIATION_SAUTH",
        "GET /api/payments/reconciliation/statements → collapp:PAY_BATCH_RECONCILIATION_SAUTH",
        "POST /api/payments/reconciliation/statements → collapp:PAY_BATCH_RECONCILIATION_SAUTH",
        "GET /api/payments/reconciliation/statements/:id → collapp:PAY_BATCH_RECONCILIATION_SAUTH",
        "GET /api/payments/reconciliation/statements/:id/export → collapp:PAY_BATCH_RECONCILIATION_SAUTH",
        "POST /api/payments/upi/callback → public",
        "GET /api/payments/upi/requests → collapp:PAY_VERIFICATION_SAUTH",
        "POST /api/payments/upi/requests → collapp:PAY_VERIFICATION_SAUTH",
        "GET /api/payments/upi/requests/:id → collapp:PAY_VERIFICATION_SAUTH",
        "POST /api/payments/upi/requests/:id/sandbox-payer-approve → collapp:PAY_VERIFICATION_SAUTH",
        "POST /api/payments/upi/requests/:id/sandbox-payer-decline → collapp:PAY_VERIFICATION_SAUTH",
        "GET /api/processes → collapp:SCHED_PRO_COLL_SAUTH",
        "POST /api/processes/:code/run → collapp:SCHED_PRO_COLL_SAUTH",
        "GET /api/processes/:code/runs → collapp:SCHED_PRO_COLL_SAUTH",
        "PUT /api/processes/:code/schedule → collapp:SCHED_PRO_COLL_SAUTH",
        "GET /api/public-config → public",
        "GET /api/pvr/cases → collapp:INIT_PVR_TRAY_SAUTH",
        "POST /api/pvr/cases → collapp:INIT_PVR_TRAY_SAUTH",
        "GET /api/pvr/cases/:caseId → actingUnit",
        "POST /api/pvr/cases/:caseId/delegate → collapp:INIT_PVR_TRAY_SAUTH",
        "POST /api/pvr/cases/:caseId/photos → collapp:INIT_PVR_TRAY_SAUTH",
        "GET /api/pvr/cases/:caseId/photos/:documentId → actingUnit",
        "POST /api/pvr/cases/:caseId/review → collapp:INIT_PVR_TRAY_SAUTH",
        "POST /api/pvr/cases/:caseId/visit → collapp:INIT_PVR_TRAY_SAUTH",
        "GET /api/pvr/delegates → collapp:INIT_PVR_TRAY_SAUTH",
        "GET /api/pvr/heat-map → collapp:INIT_PVR_TRAY_SAUTH",
        "GET /api/receipts → collapp:RECEIPT_VIEWER_SAUTH",
        "POST /api/receipts → collapp:FIELD_COLLECTOR_SAUTH",
        "GET /api/receipts/:id → collapp:RECEIPT_VIEWER_SAUTH",
        "POST /api/receipts/:id/cancellation → collapp:PAY_CANCELLATION_SAUTH",
        "POST /api/receipts/:id/cancellation/approve → collapp:RECEIPT_CANCEL_AUTHOR_SAUTH",
        "POST /api/receipts/:id/cancellation/reject → collapp:RECEIPT_CANCEL_AUTHOR_SAUTH",
        "POST /api/receipts/:id/reject → collapp:PAY_VERIFICATION_SAUTH",
        "POST /api/receipts/:id/verify → collapp:PAY_VERIFICATION_SAUTH",
        "GET /api/receipts/accounts/:id → actingUnit",
        "GET /api/receipts/books → collapp:RECEIPT_VIEWER_SAUTH",
        "GET /api/receipts/cancel-requests → collapp:RECEIPT_CANCEL_AUTHOR_SAUTH",
        "GET /api/receipts/cancellable → collapp:PAY_CANCELLATION_SAUTH",
        "GET /api/receipts/capture/account → collapp:FIELD_COLLECTOR_SAUTH",
        "GET /api/receipts/export → collapp:RECEIPT_VIEWER_SAUTH",
        "GET /api/receipts/verification → collapp:PAY_VERIFICATION_SAUTH",
        "POST /api/repo/REPOSSESSION/accounts/:accountId/cases → repoapp:REPO_INITIATE_SAUTH",
        "GET /api/repo/REPOSSESSION/candidates → repoapp:REPO_INITIATE_SAUTH",
        "GET /api/repo/REPOSSESSION/uploads → repoapp:FILE_UPLOAD_REPO_SAUTH",
        "POST /api/repo/REPOSSESSION/uploads → repoapp:FILE_UPLOAD_REPO_SAUTH",
        "GET /api/repo/REPOSSESSION/uploads/:id/errors → repoapp:FILE_UPLOAD_REPO_SAUTH",
        "GET /api/repo/REPOSSESSION/uploads/kinds → repoapp:FILE_UPLOAD_REPO_SAUTH",
        "GET /api/repo/REPOSSESSION/uploads/template → repoapp:FILE_UPLOAD_REPO_SAUTH",
        "POST /api/repo/SARFAESI/accounts/:accountId/cases → repoapp:SARF_INIT_SAUTH",
        "GET /api/repo/SARFAESI/candidates → repoapp:SARF_INIT_SAUTH",
        "GET /api/repo/SARFAESI/uploads → repoapp:SARF_UPLOAD_DASH_SAUTH",
        "POST /api/repo/SARFAESI/uploads → repoapp:SARF_UPLOAD_DASH_SAUTH",
        "GET /api/repo/SARFAESI/uploads/:id/errors → repoapp:SARF_UPLOAD_DASH_SAUTH",
        "GET /api/repo/SARFAESI/uploads/kinds → repoapp:SARF_UPLOAD_DASH_SAUTH",
        "GET /api/repo/SARFAESI/uploads/template → repoapp:SARF_UPLOAD_DASH_SAUTH",
        "GET /api/repo/accounts/:accountId/linked → repoapp:Link_Lan_AccDtl_SAUTH",
        "GET /api/repo/dashboard → repoapp:DASH_REPO_SAUTH",
        "GET /api/repo/dm-filings → actingUnit",
        "GET /api/repo/dm-filings/:caseId → actingUnit",
        "GET /api/repo/downloads/cases → repoapp:DASH_REPO_SAUTH",
        "GET /api/repo/settings → repoapp:REPO_SETTINGS_SAUTH",
        "PUT /api/repo/settings/:code → repoapp:REPO_SETTINGS_SAUTH",
        "GET /api/search/accounts → actingUnit",
        "GET /api/secured-assets/agencies → actingUnit",
        "POST /api/secured-assets/agencies → repoapp:REPO_SETTINGS_SAUTH",
        "PUT /api/secured-assets/agencies/:agencyId → repoapp:REPO_SETTINGS_SAUTH",
        "GET /api/secured-assets/agencies/:agencyId/letter → actingUnit",
        "POST /api/secured-assets/agencies/:agencyId/letter → repoapp:REPO_SETTINGS_SAUTH",
        "GET /api/secured-assets/auction-batches → repoapp:AUC_BATCH_GEN_SAUTH",
        "POST /api/secured-assets/auction-batches → repoapp:AUC_BATCH_GEN_SAUTH",
        "GET /api/secured-assets/auction-batches/:batchId → repoapp:AUC_BATCH_GEN_SAUTH",
        "POST /api/secured-assets/auction-batches/:batchId/complete → repoapp:AUC_BATCH_GEN_SAUTH",
        "POST /api/secured-assets/auction-batches/:batchId/lots → repoapp:AUC_BATCH_GEN_SAUTH",
        "POST /api/secured-assets/auction-batches/:batchId/publish → repoapp:AUC_BATCH_GEN_SAUTH",
        "GET /api/secured-assets/cases/:caseId/auction-batch → repoapp:AUC_BATCH_GEN_SAUTH",
        "GET /api/secured-assets/cases/:caseId/bids → actingUnit",
        "POST /api/secured-assets/cases/:caseId/bids → actingUnit",
        "PUT /api/secured-assets/cases/:caseId/bids/:bidId → actingUnit",
        "POST /api/secured-assets/cases/:caseId/bids/:bidId/withdraw → actingUnit",
        "GET /api/secured-assets/cases/:caseId/closure → actingUnit",
        "POST /api/secured-assets/cases/:caseId/closure/refund → actingUnit",
        "GET /api/secured-assets/cases/:caseId/inventory → actingUnit",
        "PUT /api/secured-assets/cases/:caseId/inventory → actingUnit",
        "GET /api/secured-assets/cases/:caseId/publications → actingUnit",
        "POST /api/secured-assets/cases/:caseId/publications → actingUnit",
        "DELETE /api/secured-assets/cases/:caseId/publications/:publicationId → actingUnit",
        "GET /api/secured-assets/cases/:caseId/redemption → actingUnit",
        "GET /api/secured-assets/cases/:caseId/sale-deposits → actingUnit",
        "GET /api/secured-assets/cases/:caseId/valuations → actingUnit",
        "POST /api/secured-assets/cases/:caseId/valuations → actingUnit",
        "DELETE /api/secured-assets/cases/:caseId/valuations/:valuationId → actingUnit",
        "PUT /api/secured-assets/cases/:caseId/valuations/:valuationId → actingUnit",
        "GET /api/secured-assets/cases/:caseId/yard → actingUnit",
        "POST /api/secured-assets/cases/:caseId/yard-in → actingUnit",
        "POST /api/secured-assets/cases/:caseId/yard-out → actingUnit",
        "GET /api/secured-assets/register-units → repoapp:REPO_SETTINGS_SAUTH",
        "GET /api/secured-assets/templates → repoapp:REPO_SETTINGS_SAUTH",
        "PUT /api/secured-assets/templates → repoapp:REPO_SETTINGS_SAUTH",
        "POST /api/secured-assets/templates/preview → repoapp:REPO_SETTINGS_SAUTH",
        "GET /api/secured-assets/yard-inventory → repoapp:DASH_REPO_SAUTH",
        "GET /api/secured-assets/yards → actingUnit",
        "POST /api/secured-assets/yards → repoapp:REPO_SETTINGS_SAUTH",
        "PUT /api/secured-assets/yards/:yardId → repoapp:REPO_SETTINGS_SAUTH",
        "POST /api/settlements → collapp:SETTLE_INIT_SAUTH",
        "POST /api/settlements/:id/approve → collapp:SETTLE_APP_SAUTH",
        "POST /api/settlements/:id/pushback → collapp:SETTLE_APP_SAUTH",
        "POST /api/settlements/:id/reject → collapp:SETTLE_APP_SAUTH",
        "POST /api/settlements/:id/resubmit → collapp:SETTLE_INIT_SAUTH",
        "GET /api/settlements/account-lookup → collapp:SETTLE_INIT_SAUTH",
        "GET /api/settlements/accounts/:id → collapp:SETTLE_INIT_SAUTH",
        "GET /api/settlements/accounts/:id/summary → actingUnit",
        "GET /api/settlements/screens/approval → collapp:SETTLE_APP_SAUTH",
        "GET /api/settlements/screens/approval/:id → collapp:SETTLE_APP_SAUTH",
        "GET /api/settlements/screens/approval/:id/letter → collapp:SETTLE_APP_SAUTH",
        "GET /api/settlements/screens/initiate → collapp:SETTLE_INIT_SAUTH",
        "GET /api/settlements/screens/initiate/:id → collapp:SETTLE_INIT_SAUTH",
        "GET /api/settlements/screens/initiate/:id/letter → collapp:SETTLE_INIT_SAUTH",
        "GET /api/settlements/screens/viewer → collapp:SETTLE_VIEWER_SAUTH",
        "GET /api/settlements/screens/viewer/:id → collapp:SETTLE_VIEWER_SAUTH",
        "GET /api/settlements/screens/viewer/:id/letter → collapp:SETTLE_VIEWER_SAUTH",
        "GET /api/users → collapp:SCHED_PRO_COLL_SAUTH",
        "GET /api/users/:id → collapp:SCHED_PRO_COLL_SAUTH",
        "POST /api/users/requests → collapp:SCHED_PRO_COLL_SAUTH",
        "POST /api/users/requests/:id/approve → collapp:SCHED_PRO_COLL_SAUTH",
        "POST /api/users/requests/:id/pushback → collapp:SCHED_PRO_COLL_SAUTH",
        "POST /api/users/requests/:id/reject → collapp:SCHED_PRO_COLL_SAUTH",
        "POST /api/users/requests/:id/resubmit → collapp:SCHED_PRO_COLL_SAUTH",
        "POST /api/users/requests/:id/withdraw → collapp:SCHED_PRO_COLL_SAUTH",
        "GET /api/users/units → collapp:SCHED_PRO_COLL_SAUTH",
        "GET /api/workflow/LEGAL/accounts/:accountId/open-case → actingUnit",
        "GET /api/workflow/LEGAL/stages/APPROVED_CASES/cases → legalapp:LEGAL_APP_CASES_SAUTH",
        "GET /api/workflow/LEGAL/stages/APPROVED_CASES/cases/export → legalapp:LEGAL_APP_CASES_SAUTH",
        "GET /api/workflow/LEGAL/stages/CASE_FILING/cases → legalapp:LEGAL_CASE_FILE_SAUTH",
        "GET /api/workflow/LEGAL/stages/CASE_FILING/cases/export → legalapp:LEGAL_CASE_FILE_SAUTH",
        "GET /api/workflow/LEGAL/stages/COURT_CASE_UPDATE/cases → legalapp:COURT_CASE_UPDT_SUATH",
        "GET /api/workflow/LEGAL/stages/COURT_CASE_UPDATE/cases/export → legalapp:COURT_CASE_UPDT_SUATH",
        "GET /api/workflow/LEGAL/stages/COURT_UPDATE_APPROVAL/cases → legalapp:COURT_CASE_APP_SUATH",
        "GET /api/workflow/LEGAL/stages/COURT_UPDATE_APPROVAL/cases/export → legalapp:COURT_CASE_APP_SUATH",
        "GET /api/workflow/LEGAL/stages/FILING_APPROVAL/cases → legalapp:LEGAL_FILE_APP_SAUTH",
        "GET /api/workflow/LEGAL/stages/FILING_APPROVAL/cases/export → legalapp:LEGAL_FILE_APP_SAUTH",
        "GET /api/workflow/LEGAL/stages/INITIATE/cases → legalapp:LEGAL_INIT_SAUTH",
        "GET /api/workflow/LEGAL/stages/INITIATE/cases/export → legalapp:LEGAL_INIT_SAUTH",
        "GET /api/workflow/LEGAL/stages/MANAGER/cases → legalapp:LEGAL_MANAGER_SAUTH",
        "GET /api/workflow/LEGAL/stages/MANAGER/cases/export → legalapp:LEGAL_MANAGER_SAUTH",
        "GET /api/workflow/LEGAL/stages/NOTICE/cases → legalapp:LEGAL_NOTICE_SAUTH",
        "GET /api/workflow/LEGAL/stages/NOTICE/cases/export → legalapp:LEGAL_NOTICE_SAUTH",
        "GET /api/workflow/LEGAL/stages/POOL/cases → legalapp:LEGAL_POOL_SAUTH",
        "GET /api/workflow/LEGAL/stages/POOL/cases/export → legalapp:LEGAL_POOL_SAUTH",
        "GET /api/workflow/LEGAL/stages/REJECT_TRAY/cases → legalapp:LEGAL_REJECT_TRAY_SAUTH",
        "GET /api/workflow/LEGAL/stages/REJECT_TRAY/cases/export → legalapp:LEGAL_REJECT_TRAY_SAUTH",
        "GET /api/workflow/LEGAL/stages/TEAM_TRAY/cases → legalapp:LEAD_TEAM_TRAY_SAUTH",
        "GET /api/workflow/LEGAL/stages/TEAM_TRAY/cases/export → legalapp:LEAD_TEAM_TRAY_SAUTH",
        "GET /api/workflow/LEGAL/stages/WITHDRAWAL/cases → legalapp:LEGAL_WITHDRAWAL_SUATH",
        "GET /api/workflow/LEGAL/stages/WITHDRAWAL/cases/export → legalapp:LEGAL_WITHDRAWAL_SUATH",
        "GET /api/workflow/REPOSSESSION/accounts/:accountId/open-case → actingUnit",
        "GET /api/workflow/REPOSSESSION/stages/AllocateActionAgc/cases → repoapp:REPO_AUC_AGC_ALLOC_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/AllocateActionAgc/cases/export → repoapp:REPO_AUC_AGC_ALLOC_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/AssetAuctionDtl/cases → repoapp:REPO_ASSET_AUC_DTL_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/AssetAuctionDtl/cases/export → repoapp:REPO_ASSET_AUC_DTL_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/AssetDtlCapture/cases → repoapp:REPO_ASSET_DTL_CAP_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/AssetDtlCapture/cases/export → repoapp:REPO_ASSET_DTL_CAP_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/AssetSale/cases → repoapp:REPO_ASSET_SALE_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/AssetSale/cases/export → repoapp:REPO_ASSET_SALE_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/AssetSaleApproval/cases → repoapp:REPO_ASSET_SALE_APP_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/AssetSaleApproval/cases/export → repoapp:REPO_ASSET_SALE_APP_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/AssetSaleNotice/cases → repoapp:REPO_ASSET_SALE_NOTICE_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/AssetSaleNotice/cases/export → repoapp:REPO_ASSET_SALE_NOTICE_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/AuctionApproval/cases → repoapp:REPO_AUC_APP_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/AuctionApproval/cases/export → repoapp:REPO_AUC_APP_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/AuctionNotice/cases → repoapp:REPO_AUC_NOTICE_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/AuctionNotice/cases/export → repoapp:REPO_AUC_NOTICE_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/CaptureValDtl/cases → repoapp:REPO_CAP_VAL_DTL_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/CaptureValDtl/cases/export → repoapp:REPO_CAP_VAL_DTL_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/Closure/cases → repoapp:REPO_ASSET_CLOSE_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/Closure/cases/export → repoapp:REPO_ASSET_CLOSE_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/DirectSale/cases → repoapp:REPO_DIRECT_SALE_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/DirectSale/cases/export → repoapp:REPO_DIRECT_SALE_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/DisposalIdentification/cases → repoapp:REPO_DISP_IDEN_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/DisposalIdentification/cases/export → repoapp:REPO_DISP_IDEN_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/FprAllocation/cases → repoapp:REPO_FPR_ALLOC_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/FprAllocation/cases/export → repoapp:REPO_FPR_ALLOC_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/KitGeneration/cases → repoapp:REPO_KIT_GEN_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/KitGeneration/cases/export → repoapp:REPO_KIT_GEN_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/Notice/cases → repoapp:REPO_NOTICE_CAP_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/Notice/cases/export → repoapp:REPO_NOTICE_CAP_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/PartialPaymentApproval/cases → repoapp:PAR_PAY_APP_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/PartialPaymentApproval/cases/export → repoapp:PAR_PAY_APP_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/PartialPaymentReq/cases → repoapp:PAR_PAY_RQST_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/PartialPaymentReq/cases/export → repoapp:PAR_PAY_RQST_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/RepoInitiate/cases → repoapp:REPO_INITIATE_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/RepoInitiate/cases/export → repoapp:REPO_INITIATE_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/RepoInitiateApproval/cases → repoapp:REPO_INIT_APP_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/RepoInitiateApproval/cases/export → repoapp:REPO_INIT_APP_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/ValuationAgcAllocation/cases → repoapp:REPO_VAL_AGC_ALLOC_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/ValuationAgcAllocation/cases/export → repoapp:REPO_VAL_AGC_ALLOC_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/ValuationCompletion/cases → repoapp:REPO_VAL_COMP_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/ValuationCompletion/cases/export → repoapp:REPO_VAL_COMP_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/WaverApproval/cases → repoapp:REPO_WAIV_APP_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/WaverApproval/cases/export → repoapp:REPO_WAIV_APP_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/WaverApprovalReq/cases → repoapp:REPO_WAIV_APP_RQST_SAUTH",
        "GET /api/workflow/REPOSSESSION/stages/WaverApprovalReq/cases/export → repoapp:REPO_WAIV_APP_RQST_SAUTH",
        "GET /api/workflow/SARFAESI/accounts/:accountId/open-case → actingUnit",
        "GET /api/workflow/SARFAESI/stages/AgencyAllocation/cases → repoapp:SARF_DM_AGC_ALLOC_SAUTH",
        "GET /api/workflow/SARFAESI/stages/AgencyAllocation/cases/export → repoapp:SARF_DM_AGC_ALLOC_SAUTH",
        "GET /api/workflow/SARFAESI/stages/AllocateAuctionAgency/cases → repoapp:SARF_ALLOC_AUC_AGC_SAUTH",
        "GET /api/workflow/SARFAESI/stages/AllocateAuctionAgency/cases/export → repoapp:SARF_ALLOC_AUC_AGC_SAUTH",
        "GET /api/workflow/SARFAESI/stages/AssetAuctionCapture/cases → repoapp:SARF_ASSET_AUC_CAP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/AssetAuctionCapture/cases/export → repoapp:SARF_ASSET_AUC_CAP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/AssetDtlCapture/cases → repoapp:SARF_ASSET_DTL_CAP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/AssetDtlCapture/cases/export → repoapp:SARF_ASSET_DTL_CAP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/AssetReleaseApproval/cases → repoapp:ASSET_RELEASE_APP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/AssetReleaseApproval/cases/export → repoapp:ASSET_RELEASE_APP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/AssetReleaseRequest/cases → repoapp:ASSET_RELEASE_RQST_SAUTH",
        "GET /api/workflow/SARFAESI/stages/AssetReleaseRequest/cases/export → repoapp:ASSET_RELEASE_RQST_SAUTH",
        "GET /api/workflow/SARFAESI/stages/AssetSale/cases → repoapp:SARF_ASSET_SALE_SAUTH",
        "GET /api/workflow/SARFAESI/stages/AssetSale/cases/export → repoapp:SARF_ASSET_SALE_SAUTH",
        "GET /api/workflow/SARFAESI/stages/AssetSaleApproval/cases → repoapp:SARF_ASSET_SALE_APP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/AssetSaleApproval/cases/export → repoapp:SARF_ASSET_SALE_APP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/AssetSaleNotice/cases → repoapp:SARF_ASSET_SALE_NOTICE_SAUTH",
        "GET /api/workflow/SARFAESI/stages/AssetSaleNotice/cases/export → repoapp:SARF_ASSET_SALE_NOTICE_SAUTH",
        "GET /api/workflow/SARFAESI/stages/AuctionApproval/cases → repoapp:SARF_AUC_APP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/AuctionApproval/cases/export → repoapp:SARF_AUC_APP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/AuctionNotice/cases → repoapp:SARF_AUC_NOTICE_SAUTH",
        "GET /api/workflow/SARFAESI/stages/AuctionNotice/cases/export → repoapp:SARF_AUC_NOTICE_SAUTH",
        "GET /api/workflow/SARFAESI/stages/BasePriceApprove/cases → repoapp:SARF_BASE_PRICE_APP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/BasePriceApprove/cases/export → repoapp:SARF_BASE_PRICE_APP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/BasePriceInitiate/cases → repoapp:SARF_BASE_PRICE_INIT_SAUTH",
        "GET /api/workflow/SARFAESI/stages/BasePriceInitiate/cases/export → repoapp:SARF_BASE_PRICE_INIT_SAUTH",
        "GET /api/workflow/SARFAESI/stages/BatchGen/cases → actingUnit",
        "GET /api/workflow/SARFAESI/stages/BatchGen/cases/export → actingUnit",
        "GET /api/workflow/SARFAESI/stages/CaptureValDtl/cases → repoapp:SARF_CAP_VAL_DTL_SAUTH",
        "GET /api/workflow/SARFAESI/stages/CaptureValDtl/cases/export → repoapp:SARF_CAP_VAL_DTL_SAUTH",
        "GET /api/workflow/SARFAESI/stages/ConfirmArtwork/cases → repoapp:SARF_CNFR_ARTWORK_SAUTH",
        "GET /api/workflow/SARFAESI/stages/ConfirmArtwork/cases/export → repoapp:SARF_CNFR_ARTWORK_SAUTH",
        "GET /api/workflow/SARFAESI/stages/DirectSale/cases → repoapp:SARF_DIRECT_SALE_SAUTH",
        "GET /api/workflow/SARFAESI/stages/DirectSale/cases/export → repoapp:SARF_DIRECT_SALE_SAUTH",
        "GET /api/workflow/SARFAESI/stages/DisposalIdentification/cases → repoapp:SARF_DISP_IDEN_SAUTH",
        "GET /api/workflow/SARFAESI/stages/DisposalIdentification/cases/export → repoapp:SARF_DISP_IDEN_SAUTH",
        "GET /api/workflow/SARFAESI/stages/DmUpdate/cases → repoapp:SARF_DM_UPDT_SAUTH",
        "GET /api/workflow/SARFAESI/stages/DmUpdate/cases/export → repoapp:SARF_DM_UPDT_SAUTH",
        "GET /api/workflow/SARFAESI/stages/FprAllocation/cases → repoapp:SARF_FPR_ALLOC_SAUTH",
        "GET /api/workflow/SARFAESI/stages/FprAllocation/cases/export → repoapp:SARF_FPR_ALLOC_SAUTH",
        "GET /api/workflow/SARFAESI/stages/KitGeneration/cases → repoapp:SARF_KIT_GEN_SAUTH",
        "GET /api/workflow/SARFAESI/stages/KitGeneration/cases/export → repoapp:SARF_KIT_GEN_SAUTH",
        "GET /api/workflow/SARFAESI/stages/NewspaperPublication/cases → repoapp:SARF_NEWS_PUB_SAUTH",
        "GET /api/workflow/SARFAESI/stages/NewspaperPublication/cases/export → repoapp:SARF_NEWS_PUB_SAUTH",
        "GET /api/workflow/SARFAESI/stages/NoticeApproval/cases → repoapp:SARF_NOTICE_APP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/NoticeApproval/cases/export → repoapp:SARF_NOTICE_APP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/NoticeCapture/cases → repoapp:SARF_NOTICE_CAP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/NoticeCapture/cases/export → repoapp:SARF_NOTICE_CAP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/OrderCapture/cases → repoapp:SARF_DM_ORDER_CAP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/OrderCapture/cases/export → repoapp:SARF_DM_ORDER_CAP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/PartialPaymentApproval/cases → repoapp:PAR_PAY_APP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/PartialPaymentApproval/cases/export → repoapp:PAR_PAY_APP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/PartialPaymentReq/cases → repoapp:PAR_PAY_RQST_SAUTH",
        "GET /api/workflow/SARFAESI/stages/PartialPaymentReq/cases/export → repoapp:PAR_PAY_RQST_SAUTH",
        "GET /api/workflow/SARFAESI/stages/PossessionDtlCapture/cases → repoapp:SARF_POSS_DTL_CAP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/PossessionDtlCapture/cases/export → repoapp:SARF_POSS_DTL_CAP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/PreIntimationNotice/cases → repoapp:SARF_PRE_INTI_NOTICE_SAUTH",
        "GET /api/workflow/SARFAESI/stages/PreIntimationNotice/cases/export → repoapp:SARF_PRE_INTI_NOTICE_SAUTH",
        "GET /api/workflow/SARFAESI/stages/PublicationUpload/cases → repoapp:SARF_PUB_UPLOAD_SAUTH",
        "GET /api/workflow/SARFAESI/stages/PublicationUpload/cases/export → repoapp:SARF_PUB_UPLOAD_SAUTH",
        "GET /api/workflow/SARFAESI/stages/PvrCapture/cases → repoapp:SARF_PVR_CAP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/PvrCapture/cases/export → repoapp:SARF_PVR_CAP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/SarfClosure/cases → repoapp:SARF_ASSET_CLOSE_SAUTH",
        "GET /api/workflow/SARFAESI/stages/SarfClosure/cases/export → repoapp:SARF_ASSET_CLOSE_SAUTH",
        "GET /api/workflow/SARFAESI/stages/SarfInitiate/cases → repoapp:SARF_INIT_SAUTH",
        "GET /api/workflow/SARFAESI/stages/SarfInitiate/cases/export → repoapp:SARF_INIT_SAUTH",
        "GET /api/workflow/SARFAESI/stages/SarfInitiateApprove/cases → repoapp:SARF_INIT_APP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/SarfInitiateApprove/cases/export → repoapp:SARF_INIT_APP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/TypeIdentification/cases → repoapp:SARF_TYPE_IDEN_SAUTH",
        "GET /api/workflow/SARFAESI/stages/TypeIdentification/cases/export → repoapp:SARF_TYPE_IDEN_SAUTH",
        "GET /api/workflow/SARFAESI/stages/UploadArtwork/cases → repoapp:SARF_UPLOAD_ARTWORK_SAUTH",
        "GET /api/workflow/SARFAESI/stages/UploadArtwork/cases/export → repoapp:SARF_UPLOAD_ARTWORK_SAUTH",
        "GET /api/workflow/SARFAESI/stages/ValAgencyAllocation/cases → repoapp:SARF_VAL_AGC_ALLOC_SAUTH",
        "GET /api/workflow/SARFAESI/stages/ValAgencyAllocation/cases/export → repoapp:SARF_VAL_AGC_ALLOC_SAUTH",
        "GET /api/workflow/SARFAESI/stages/ValCompletion/cases → repoapp:SARF_VAL_COMP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/ValCompletion/cases/export → repoapp:SARF_VAL_COMP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/WaiverApproval/cases → repoapp:SARF_WAIV_APP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/WaiverApproval/cases/export → repoapp:SARF_WAIV_APP_SAUTH",
        "GET /api/workflow/SARFAESI/stages/WaiverRequest/cases → repoapp:SARF_WAIV_APP_RQST_SAUTH",
        "GET /api/workflow/SARFAESI/stages/WaiverRequest/cases/export → repoapp:SARF_WAIV_APP_RQST_SAUTH",
        "GET /api/workflow/cases/:caseId → actingUnit",
        "POST /api/workflow/cases/:caseId/actions → actingUnit",
        "POST /api/workflow/cases/:caseId/documents → actingUnit",
        "GET /api/workflow/cases/:caseId/documents/:documentId/content → actingUnit",
        "POST /api/workflow/cases/:caseId/fields → actingUnit",
        "GET /api/workflow/definitions/:code/:version → actingUnit",
        "GET /collapp/getUserProfileNew/:activeApp → signedIn",
        "GET /collapp/getuserprofile → signedIn",
        "POST /collapp/userChangePasswordApi → signedIn",
        "GET /demo-idp/* → public",
        "POST /demo-idp/* → public",
        "GET /demo-idp/interaction/:uid → public",
        "POST /demo-idp/interaction/:uid/abort → public",
        "POST /demo-idp/interaction/:uid/login → public",
        "POST /forPassEmailVerify → public",
        "POST /googleApiTrackerApi → actingUnit",
        "GET /healthz → public",
        "GET /readyz → public",
        "POST /sendOtpApi → public",
        "GET /sso/callback → public",
        "GET /sso/login → public",
        "POST /token/ → public",
        "POST /token/logout/ → public",
        "POST /token/refresh/ → public",
      ]
    `);
  });

  it('refuses to boot with a route that declares no authorization', async () => {
    await expect(
      createTestApp(handle.db, { routes: (app) => app.get('/api/test/undeclared', () => ({ ok: true })) }),
    ).rejects.toThrow(/GET \/api\/test\/undeclared declares no authorization/);
  });

  it('answers /healthz and /readyz, with a request id on every reply', async () => {
    const health = await t.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const ready = await t.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ready' });
    const other = await t.inject({ method: 'GET', url: '/healthz' });
    expect(other.headers['x-request-id']).not.toBe(health.headers['x-request-id']);
  });

  it('serves the public configuration', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/public-config' });
    expect(response.statusCode).toBe(200);
    expect(publicConfigSchema.parse(response.json())).toEqual({
      otpForLogin: 'NO',
      userkeyKey: TEST_USERKEY_KEY,
      ssoEnabled: true,
      chatWidgetUrl: '',
      mapsApiKey: '',
      demoMode: true,
      mobileDeepLink: '',
    });
  });

  it('sends security headers with a self-only Content-Security-Policy, on errors too', async () => {
    for (const url of ['/healthz', '/collapp/getuserprofile', '/api/nothing-here']) {
      const response = await t.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("img-src 'self' data:");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('adds the chat widget and maps origins to the CSP only when configured', async () => {
    const app = await createTestApp(handle.db, {
      config: {
        chatWidgetUrl: 'https://chat.example.in/widget.js',
        mapsApiKey: 'AIzaTestKey',
        mobileDeepLink: 'mcollect://login',
      },
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/public-config' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain(
        "script-src 'self' https://chat.example.in https://maps.googleapis.com https://maps.gstatic.com",
      );
      expect(response.json()).toMatchObject({
        chatWidgetUrl: 'https://chat.example.in/widget.js',
        mapsApiKey: 'AIzaTestKey',
        mobileDeepLink: 'mcollect://login',
      });
    } finally {
      await app.close();
    }
  });

  it('keeps CORS closed by default and opens it only to configured origins', async () => {
    const closed = await t.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://evil.example' } });
    expect(closed.headers['access-control-allow-origin']).toBeUndefined();

    const app = await createTestApp(handle.db, { config: { corsOrigins: ['https://desk.lender.in'] } });
    try {
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/token/',
        headers: { origin: 'https://desk.lender.in', 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://desk.lender.in');
      const other = await app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://evil.example' } });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('publishes the OpenAPI document and a Swagger UI served from this server', async () => {
    const json = await t.inject({ method: 'GET', url: '/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toBe('3.1.0');
    for (const route of [
      '/token/',
      '/token/refresh/',
      '/sendOtpApi',
      '/VerifyOtpApi',
      '/collapp/getUserProfileNew/{activeApp}',
    ]) {
      expect(Object.keys(document.paths)).toContain(route);
    }
    expect(document.paths['/token/']?.post).toMatchObject({ requestBody: expect.anything() });
    expect(Object.keys(document.paths)).not.toContain('/*');

    const ui = await t.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui-bundle.js');
    expect(ui.body).not.toMatch(/https?:\/\/(cdn|unpkg|cdnjs)/);
    const bundle = await t.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    const initializer = await t.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
  });

  it('answers unknown API paths with JSON 404 and explains an unbuilt web app', async () => {
    const get = await t.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ detail: 'There is no GET endpoint at this path.', error_code: 'NOT_FOUND' });
    const post = await t.inject({ method: 'POST', url: '/collapp/unknownApi', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json<{ error_code: string }>().error_code).toBe('NOT_FOUND');
    const page = await t.inject({ method: 'GET', url: '/login' });
    expect(page.statusCode).toBe(404);
    expect(page.json<{ detail: string }>().detail).toMatch(/web app is not built/);
  });

  it('serves the built web app with a fallback to index.html for app routes', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    const app = await createTestApp(handle.db, { config: { webDist: dist } });
    try {
      for (const url of ['/', '/login', '/collapp/telecaller/account/42', '/Repo/RepoInitiate?x=1']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body).toContain('<div id="root">');
        expect(response.headers['cache-control']).toBe('no-cache');
      }
      const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('console.log(1)');
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/favicon.ico' })).statusCode).toBe(404);
      const traversal = await app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
      expect(traversal.body).not.toContain('root:');
      const api = await app.inject({ method: 'GET', url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.json<{ error_code: string }>().error_code).toBe('NOT_FOUND');
      const spec = await app.inject({ method: 'GET', url: '/collapp/getuserprofile' });
      expect(spec.statusCode).toBe(401);
    } finally {
      await app.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('serves precompressed copies by Accept-Encoding, caches hashed assets for a year and index.html never', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    const html = `<!doctype html><link rel="icon" href="/favicon.ico"><div id="root"></div>${' '.repeat(2000)}`;
    const script = `console.log(${JSON.stringify('recovery desk '.repeat(200))});`;
    const icon = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]);
    fs.writeFileSync(path.join(dist, 'index.html'), html);
    fs.writeFileSync(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(html));
    fs.writeFileSync(path.join(dist, 'index.html.gz'), zlib.gzipSync(html));
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(script));
    fs.writeFileSync(path.join(dist, 'favicon.ico'), icon);
    const app = await createTestApp(handle.db, { config: { webDist: dist } });
    try {
      const url = '/assets/index-abc123.js';
      const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['vary']).toBe('Accept-Encoding');
      expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(br.headers['content-length'])).toBeLessThan(script.length / 4);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(script);

      const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers['vary']).toBe('Accept-Encoding');
      expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(script);

      const refusedBr = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br;q=0, gzip;q=0.5' } });
      expect(refusedBr.headers['content-encoding']).toBe('gzip');

      const identity = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.headers['vary']).toBe('Accept-Encoding');
      expect(identity.body).toBe(script);

      // A revalidation of the same copy answers 304; another encoding has its own ETag.
      const again = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(gz.headers.etag).not.toBe(br.headers.etag);

      // The app shell: compressed, and revalidated on every load so a new build shows at once.
      for (const route of ['/', '/login', '/collapp/telecaller']) {
        const shell = await app.inject({ method: 'GET', url: route, headers: { 'accept-encoding': 'gzip, br' } });
        expect(shell.statusCode, route).toBe(200);
        expect(shell.headers['content-encoding']).toBe('br');
        expect(shell.headers['cache-control']).toBe('no-cache');
        expect(shell.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(zlib.brotliDecompressSync(shell.rawPayload).toString('utf8')).toBe(html);
      }

      const favicon = await app.inject({ method: 'GET', url: '/favicon.ico', headers: { 'accept-encoding': 'br' } });
      expect(favicon.statusCode).toBe(200);
      expect(favicon.headers['content-type']).toBe('image/x-icon');
      expect(favicon.headers['content-encoding']).toBeUndefined();
      expect(favicon.headers['cache-control']).toBe('public, max-age=86400');
      expect(favicon.rawPayload.equals(icon)).toBe(true);

      // The copies are not addressable by themselves, and HEAD answers the headers without a body.
      expect((await app.inject({ method: 'GET', url: `${url}.br` })).statusCode).toBe(404);
      const head = await app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'gzip' } });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-encoding']).toBe('gzip');
      expect(head.body).toBe('');
    } finally {
      await app.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('takes the client address from X-Forwarded-For only behind a configured proxy', async () => {
    const echo = (instance: FastifyInstance) =>
      instance.get('/api/test/ip', { config: { auth: 'public' } }, (request) => ({ ip: request.ctx.ip }));
    const request = {
      method: 'GET' as const,
      url: '/api/test/ip',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    };
    const direct = await createTestApp(handle.db, { routes: echo });
    const proxied = await createTestApp(handle.db, { routes: echo, config: { trustProxy: 1 } });
    try {
      expect((await direct.inject(request)).json()).toEqual({ ip: '10.0.0.5' });
      expect((await proxied.inject(request)).json()).toEqual({ ip: '203.0.113.9' });
    } finally {
      await direct.close();
      await proxied.close();
    }
  });

  it('answers an unexpected error with a generic 500 carrying the request id, never its text', async () => {
    const app = await createTestApp(handle.db, {
      routes: (instance) =>
        instance.get('/api/test/explode', { config: { auth: 'public' } }, () => {
          throw new Error('relation "secret_table" does not exist: SELECT * FROM secret_table');
        }),
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/test/explode' });
      expect(response.statusCode).toBe(500);
      const requestId = response.headers['x-request-id'];
      expect(response.json()).toEqual({
        detail: `Something went wrong on our side. Quote request id ${String(requestId)} to support.`,
        error_code: 'INTERNAL',
        request_id: requestId,
      });
      expect(response.body).not.toContain('secret_table');
    } finally {
      await app.close();
    }
  });

  it('never answers 5xx to arbitrary bodies on the public POST routes', async () => {
    const user = await createUser(handle.db);
    const routes = [
      '/token/',
      '/token/refresh/',
      '/token/logout/',
      '/sendOtpApi',
      '/forPassEmailVerify',
      '/VerifyOtpApi',
    ];
    const userkeys = fc.oneof(
      fc.string(),
      fc.base64String(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.constantFrom(user.username, '', ' ', '\u0000', 'a'.repeat(9000)),
    );
    const bodies = fc.oneof(
      fc.jsonValue(),
      fc.record({ userkey: userkeys }),
      fc.record({ data: fc.record({ email: fc.string() }) }),
      fc.record({ refresh: fc.string() }),
      fc.record({ refresh_token: fc.string() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), bodies, async (url, payload) => {
        const response = await t.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode, `${url} ${JSON.stringify(payload)} → ${response.body}`).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it('answers malformed URLs and odd GET inputs with 4xx in the API shape, never 5xx', async () => {
    const malformed = await t.inject({ method: 'GET', url: '/collapp/getUserProfileNew/%E0%A4%A' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      detail: 'The request URL or headers are malformed.',
      error_code: 'BAD_REQUEST',
    });
    expect(malformed.headers['x-request-id']).toBeDefined();

    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (segment, query) => {
        for (const url of [
          `/collapp/getUserProfileNew/${encodeURIComponent(segment)}`,
          `/api/demo/outbox?email=${encodeURIComponent(query)}`,
          `/sso/login?resourceApp=${encodeURIComponent(query)}`,
          `/${encodeURIComponent(segment)}`,
        ]) {
          const response = await t.inject({ method: 'GET', url, headers: { 'x-acting-unit': query } });
          expect(response.statusCode, `${url} → ${response.body}`).toBeLessThan(500);
        }
      }),
      { numRuns: 60 },
    );
  });

  describe('demo outbox', () => {
    it('lists the newest mails (max 20) for one address in demo mode', async () => {
      const user = await createUser(handle.db);
      const email = user.email;
      for (let index = 0; index < 3; index += 1) {
        await t.inject({ method: 'POST', url: '/forPassEmailVerify', payload: { data: { email } } });
        t.clock.advance(121);
      }
      const response = await t.inject({
        method: 'GET',
        url: `/api/demo/outbox?email=${encodeURIComponent(email.toUpperCase())}`,
      });
      expect(response.statusCode).toBe(200);
      const { data } = response.json<{
        data: { id: number; to: string; subject: string; body: string; created_at: string }[];
      }>();
      expect(data).toHaveLength(3);
      expect(data.map((mail) => mail.id)).toEqual([...data.map((mail) => mail.id)].sort((a, b) => b - a));
      expect(data[0]).toMatchObject({ to: email, subject: 'Your Recovery Desk password reset code' });
      expect(Date.parse(data[0]!.created_at)).not.toBeNaN();
      const none = await t.inject({ method: 'GET', url: `/api/demo/outbox?email=${uniqueName('x')}%40lender.test` });
      expect(none.json()).toEqual({ data: [] });
      const bad = await t.inject({ method: 'GET', url: '/api/demo/outbox?email=nope' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ fields: { field: string }[] }>().fields[0]?.field).toBe('email');
    });

    it('does not exist outside demo mode', async () => {
      const app = await createTestApp(handle.db, { config: { demoMode: false } });
      try {
        const response = await app.inject({ method: 'GET', url: '/api/demo/outbox?email=a%40b.in' });
        expect(response.statusCode).toBe(404);
        expect(response.json<{ error_code: string }>().error_code).toBe('NOT_FOUND');
        expect(app.app.routeDeclarations().some((route) => route.url === '/api/demo/outbox')).toBe(false);
      } finally {
        await app.close();
      }
    });
  });
});
