import type { z } from 'zod';
import type { AppCode } from '../apps.ts';
import type { AuthorityCode } from '../authorities.ts';
import { UNIT_LEVELS, type UnitLevel } from '../units.ts';

// A maker-checker approval flow as data (issue 10): what it approves, who requests it, which authority checks it at
// each level, which decisions it allows and whether a checker's delegation limit applies. The server's approval kit
// (apps/server/src/modules/approvals) runs every flow through one decision chain: scope → maker check → one
// conditional UPDATE → conflict → effect → history → audit.

/**
 * What a request is about. The first six are the spec's subjects; the next three are collections records; JOB is a
 * background job (a day start run to force-complete).
 */
export const APPROVAL_SUBJECT_KINDS = [
  'ACCOUNT',
  'RECEIPT',
  'PAYMENT_BATCH',
  'SETTLEMENT',
  'USER',
  'CASE',
  'REALLOCATION_REQUEST',
  'PTP',
  'ESCALATION',
  'JOB',
] as const;
export type ApprovalSubjectKind = (typeof APPROVAL_SUBJECT_KINDS)[number];

/**
 * PENDING waits for a checker (at its level); PUSHBACK waits for its maker to resubmit; APPROVED and REJECTED are
 * decided; WITHDRAWN ended without a decision (its subject went away, e.g. a PTP replaced by a new promise).
 */
export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'PUSHBACK', 'WITHDRAWN'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * What a decision does:
 * - approve: completes the request (or, above the checker's delegation limit, moves it to the next level);
 * - reject: closes it;
 * - pushback: returns it to its maker, who resubmits it (back to level 1);
 * - reconsider: reopens a rejected request at level 1.
 */
export const DECISION_KINDS = ['approve', 'reject', 'pushback', 'reconsider'] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

/** The steps of a request's history (approval_events.action). */
export const APPROVAL_STEPS = [
  'REQUEST',
  'APPROVE',
  'FORWARD',
  'REJECT',
  'PUSHBACK',
  'RESUBMIT',
  'RECONSIDER',
  'WITHDRAW',
] as const;
export type ApprovalStep = (typeof APPROVAL_STEPS)[number];

export type ApprovalDecision = {
  /** the route segment and audit verb, e.g. approve, reject, reallocate */
  name: string;
  kind: DecisionKind;
  /** translation key of the button */
  labelKey: string;
};

export type ApprovalLevel = {
  /** the authority a checker needs at this level (in the acting unit, for the flow's app) */
  authority: AuthorityCode;
  labelKey: string;
  /**
   * The checker acts in a unit of this organisational level or above (e.g. ZONE: a zone or the head office).
   * Leave it out when any unit holding the authority may decide. A request may start above level 1 (the owning
   * module says where, `NewApproval.level`), so a flow's levels can be a ladder of delegation (branch → board).
   */
  unitLevel?: UnitLevel;
};

/** Whether a unit of level `actual` is at `required` or above it (HO is the top). */
export function unitLevelReaches(actual: UnitLevel, required: UnitLevel): boolean {
  return UNIT_LEVELS.indexOf(actual) <= UNIT_LEVELS.indexOf(required);
}

export type ApprovalFlow = {
  /** UPPER_SNAKE, stored on every request */
  code: string;
  app: AppCode;
  subject: ApprovalSubjectKind;
  labelKey: string;
  /**
   * Who requests: an authority (the kit serves POST /api/approvals/<code>/requests with it), or null when the
   * request is made inside another verb of the owning module (a follow-up records a PTP outside policy).
   */
  makerAuthority: AuthorityCode | null;
  /** checker levels, first to top; a request starts at level 1 */
  levels: readonly ApprovalLevel[];
  decisions: readonly ApprovalDecision[];
  /**
   * A checker's delegation limit (approval_limits, per user, unit, authority and currency) applies: above it an
   * approval does not complete but moves the request to the next level; at the top level it is refused.
   */
  amountLimited: boolean;
  /** audit actions are `<prefix>.<decision name>` (and `.request`, `.forward`, `.resubmit`, `.withdraw`) */
  audit: { prefix: string; entity: string };
  /**
   * 'kit': the kit serves the flow's request and decision routes under /api/approvals/<code>/requests;
   * 'module': the owning module keeps its own routes (and reply shapes) and calls the kit's services.
   */
  routes: 'kit' | 'module';
  /** the flow's own request fields (`payload`), checked when a maker requests or resubmits (400 naming the field) */
  payloadSchema?: z.ZodType<Record<string, unknown>>;
  /** the words of its messages */
  texts: {
    /** 'Re-allocation request' — "This re-allocation request has already been decided." */
    name: string;
    /** 'a re-allocation request' — "You cannot decide a re-allocation request you made yourself." */
    ownWork: string;
    /** 'Re-allocation request not found' */
    notFound: string;
  };
};

/** The decision kinds a flow allows. */
export function decisionKinds(flow: ApprovalFlow): Set<DecisionKind> {
  return new Set(flow.decisions.map((decision) => decision.kind));
}

/** What is wrong with a flow's data (empty when nothing is): checked by a unit test for every built-in flow. */
export function approvalFlowProblems(flow: ApprovalFlow): string[] {
  const problems: string[] = [];
  if (!/^[A-Z][A-Z0-9_]*$/.test(flow.code)) problems.push(`code ${flow.code} is not UPPER_SNAKE`);
  if (flow.levels.length === 0) problems.push('a flow needs at least one checker level');
  const kinds = decisionKinds(flow);
  if (!kinds.has('approve')) problems.push('a flow needs an approve decision');
  if (!kinds.has('reject')) problems.push('a flow needs a reject decision');
  if (kinds.has('pushback') && flow.makerAuthority === null && flow.routes === 'kit') {
    problems.push('pushback needs a maker authority (the maker resubmits)');
  }
  const names = flow.decisions.map((decision) => decision.name);
  for (const name of names) {
    if (!/^[a-z][A-Za-z]*$/.test(name)) problems.push(`decision ${name} is not a route segment`);
    if (name === 'resubmit') problems.push('resubmit is the maker’s answer to a pushback, not a decision');
  }
  if (new Set(names).size !== names.length) problems.push('decision names repeat');
  if (flow.routes === 'kit' && flow.makerAuthority === null) problems.push('a kit-routed flow needs a maker authority');
  return problems;
}

/** The authorities that may see a flow's requests: its maker's and every level's. */
export function flowAuthorities(flow: ApprovalFlow): Set<AuthorityCode> {
  const codes = new Set<AuthorityCode>(flow.levels.map((level) => level.authority));
  if (flow.makerAuthority) codes.add(flow.makerAuthority);
  return codes;
}
