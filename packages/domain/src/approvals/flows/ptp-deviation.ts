import type { ApprovalFlow } from '../flow.ts';

/**
 * A PTP outside policy waits for a supervisor. The promised amount is held against the supervisor's delegation
 * limit: above it the approval moves the deviation to a second supervisor whose limit covers it (or who has none).
 * The request is made by the follow-up that records the promise.
 */
export const PTP_DEVIATION_FLOW: ApprovalFlow = {
  code: 'PTP_DEVIATION',
  app: 'collapp',
  subject: 'PTP',
  labelKey: 'PtpDeviationApproval',
  makerAuthority: null,
  levels: [
    { authority: 'PTP_DEVIATION_SAUTH', labelKey: 'Supervisor' },
    { authority: 'PTP_DEVIATION_SAUTH', labelKey: 'SeniorSupervisor' },
  ],
  decisions: [
    { name: 'approve', kind: 'approve', labelKey: 'Approve' },
    { name: 'reject', kind: 'reject', labelKey: 'Reject' },
  ],
  amountLimited: true,
  audit: { prefix: 'collections.ptp_deviation', entity: 'ptp' },
  routes: 'module',
  texts: { name: 'PTP deviation', ownWork: 'a PTP deviation on a promise', notFound: 'PTP not found' },
};
