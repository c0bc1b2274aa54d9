import type { ApprovalRequestReply } from '@recovery-desk/domain/approvals/contracts.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { approvalReply, decideApproval, type ApprovalHandler } from '../../approvals/index.ts';

/**
 * POST /api/users/requests/:id/approve|reject|pushback — the kit's decision chain (scope, maker ≠ checker, one conditional
 * UPDATE, effect, history, audit); approval applies the change (approval-handler.ts). A reset code mailed by the
 * approval is sent after the commit.
 */
export async function decideUserChange(
  deps: AppDeps,
  args: {
    ctx: UnitContext;
    handler: ApprovalHandler<never>;
    id: number;
    decision: 'approve' | 'reject' | 'pushback';
    version: number;
    remarks: string | undefined;
  },
): Promise<ApprovalRequestReply> {
  const decided = await decideApproval(deps, {
    ctx: args.ctx,
    handler: args.handler,
    by: { id: args.id },
    decision: args.decision,
    version: args.version,
    remarks: args.remarks,
    input: undefined as never,
  });
  const reply = await approvalReply(deps.db, args.handler, decided);
  const mailId = reply.history.at(-1)?.effects.mailId;
  if (typeof mailId === 'number') deps.mail.deliver([mailId]);
  return reply;
}
