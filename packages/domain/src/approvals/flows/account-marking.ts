import { accountMarkingPayloadSchema, accountUnmarkingPayloadSchema } from '../../collections/account-marks.ts';
import type { ApprovalFlow } from '../flow.ts';

/**
 * Marking an account (FRAUD, DO_NOT_CALL, VIP …, packages/domain/src/collections/account-marks.ts): requested with a
 * reason and an optional document of the account by MAN_ACC_MARK_SAUTH (Manual Account Marking), decided by
 * ACC_MARK_APP_SAUTH (Account Marking Approval). Approval sets the mark.
 */
export const ACCOUNT_MARKING_FLOW: ApprovalFlow = {
  code: 'ACCOUNT_MARKING',
  app: 'collapp',
  subject: 'ACCOUNT',
  labelKey: 'AccountMarkingApproval',
  makerAuthority: 'MAN_ACC_MARK_SAUTH',
  levels: [{ authority: 'ACC_MARK_APP_SAUTH', labelKey: 'Approver' }],
  decisions: [
    { name: 'approve', kind: 'approve', labelKey: 'Approve' },
    { name: 'reject', kind: 'reject', labelKey: 'Reject' },
    { name: 'pushback', kind: 'pushback', labelKey: 'Pushback' },
  ],
  amountLimited: false,
  audit: { prefix: 'collections.account_marking', entity: 'account' },
  routes: 'kit',
  payloadSchema: accountMarkingPayloadSchema,
  texts: { name: 'Account marking', ownWork: 'an account marking', notFound: 'Account marking not found' },
};

/** Ending an active mark: requested by MAN_ACC_UNMARK_SAUTH, decided by ACC_MARK_APP_SAUTH. Approval ends it. */
export const ACCOUNT_UNMARKING_FLOW: ApprovalFlow = {
  code: 'ACCOUNT_UNMARKING',
  app: 'collapp',
  subject: 'ACCOUNT',
  labelKey: 'AccountMarkingApproval',
  makerAuthority: 'MAN_ACC_UNMARK_SAUTH',
  levels: [{ authority: 'ACC_MARK_APP_SAUTH', labelKey: 'Approver' }],
  decisions: [
    { name: 'approve', kind: 'approve', labelKey: 'Approve' },
    { name: 'reject', kind: 'reject', labelKey: 'Reject' },
    { name: 'pushback', kind: 'pushback', labelKey: 'Pushback' },
  ],
  amountLimited: false,
  audit: { prefix: 'collections.account_unmarking', entity: 'account' },
  routes: 'kit',
  payloadSchema: accountUnmarkingPayloadSchema,
  texts: { name: 'Account unmarking', ownWork: 'an account unmarking', notFound: 'Account unmarking not found' },
};
