import type { ApprovalFlow } from '../flow.ts';
import { forceCompletionPayloadSchema } from '../../collections/day-start.ts';

/**
 * Request Force Completion of a FAILED day start run (issue 14, /collapp/daystartproc): one user with
 * DAY_START_COLL_SAUTH asks, with a reason; a second one approves (the maker cannot). Approval ends the run DONE as
 * force-completed and moves the business date to the run's target date (apps/server/src/modules/collections/
 * day-start-approval-handler.ts). The subject is the run's job.
 */
export const DAY_START_FORCE_COMPLETION_FLOW: ApprovalFlow = {
  code: 'DAY_START_FORCE_COMPLETION',
  app: 'collapp',
  subject: 'JOB',
  labelKey: 'DayStartForceCompletion',
  makerAuthority: 'DAY_START_COLL_SAUTH',
  levels: [{ authority: 'DAY_START_COLL_SAUTH', labelKey: 'Approver' }],
  decisions: [
    { name: 'approve', kind: 'approve', labelKey: 'Approve' },
    { name: 'reject', kind: 'reject', labelKey: 'Reject' },
  ],
  amountLimited: false,
  audit: { prefix: 'collections.day_start_force_completion', entity: 'job' },
  routes: 'kit',
  payloadSchema: forceCompletionPayloadSchema,
  texts: {
    name: 'Force completion request',
    ownWork: 'a force completion you requested',
    notFound: 'Failed day start run not found',
  },
};
