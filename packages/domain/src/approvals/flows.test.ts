import { describe, expect, it } from 'vitest';
import { ALL_AUTHORITY_CODES } from '../authorities.ts';
import { approvalFlowProblems, decisionKinds, flowAuthorities, type ApprovalFlow } from './flow.ts';
import { APPROVAL_FLOWS, findApprovalFlow } from './flows/index.ts';

describe('approval flows', () => {
  it('declares every built-in flow without a problem, with unique codes and the spec’s authority codes', () => {
    for (const flow of APPROVAL_FLOWS) {
      expect({ flow: flow.code, problems: approvalFlowProblems(flow) }).toEqual({ flow: flow.code, problems: [] });
      for (const authority of flowAuthorities(flow)) expect(ALL_AUTHORITY_CODES).toContain(authority);
    }
    const codes = APPROVAL_FLOWS.map((flow) => flow.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(findApprovalFlow('PTP_DEVIATION')?.amountLimited).toBe(true);
    expect(findApprovalFlow('NOPE')).toBeUndefined();
  });

  it('moves re-allocation, PTP deviation and escalation decisions onto the kit with the decisions they had', () => {
    const decisions = (code: string) => findApprovalFlow(code)!.decisions.map((decision) => decision.name);
    expect(decisions('REALLOCATION')).toEqual(['approve', 'reject']);
    expect(decisions('PTP_DEVIATION')).toEqual(['approve', 'reject']);
    expect(decisions('ESCALATION')).toEqual(['approve', 'reject', 'reallocate']);
    expect(decisionKinds(findApprovalFlow('ESCALATION')!)).toEqual(new Set(['approve', 'reject']));
  });

  it('names what is wrong with a flow', () => {
    const broken: ApprovalFlow = {
      ...findApprovalFlow('REALLOCATION')!,
      code: 'bad code',
      levels: [],
      routes: 'kit',
      makerAuthority: null,
      decisions: [
        { name: 'approve', kind: 'approve', labelKey: 'Approve' },
        { name: 'approve', kind: 'pushback', labelKey: 'Pushback' },
        { name: 'resubmit', kind: 'reconsider', labelKey: 'Resubmit' },
      ],
    };
    expect(approvalFlowProblems(broken)).toEqual([
      'code bad code is not UPPER_SNAKE',
      'a flow needs at least one checker level',
      'a flow needs a reject decision',
      'pushback needs a maker authority (the maker resubmits)',
      'resubmit is the maker’s answer to a pushback, not a decision',
      'decision names repeat',
      'a kit-routed flow needs a maker authority',
    ]);
  });
});
