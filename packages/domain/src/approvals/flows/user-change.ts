import { USER_ADMIN_AUTHORITY } from '../../users/contracts.ts';
import type { ApprovalFlow } from '../flow.ts';

/**
 * Every change to a user (create, edit, deactivate, reactivate, reset password) on User Approval: requested by an
 * administrator (SCHED_PRO_COLL_SAUTH) through POST /api/users/requests, decided by a second administrator through
 * POST /api/users/requests/:id/approve|reject|pushback; the maker answers a pushback through
 * POST /api/users/requests/:id/resubmit (the module's routes: a new user has no row before approval, so the
 * request's subject is the id the user will have, drawn from the users' sequence). The kit serves the lists.
 */
export const USER_CHANGE_FLOW: ApprovalFlow = {
  code: 'USER_CHANGE',
  app: 'collapp',
  subject: 'USER',
  labelKey: 'UserApproval',
  makerAuthority: USER_ADMIN_AUTHORITY,
  levels: [{ authority: USER_ADMIN_AUTHORITY, labelKey: 'Approver' }],
  decisions: [
    { name: 'approve', kind: 'approve', labelKey: 'Approve' },
    { name: 'reject', kind: 'reject', labelKey: 'Reject' },
    { name: 'pushback', kind: 'pushback', labelKey: 'Pushback' },
  ],
  amountLimited: false,
  audit: { prefix: 'users.user_change', entity: 'user' },
  routes: 'module',
  texts: { name: 'User change', ownWork: 'a user change', notFound: 'User change request not found' },
};
