import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ApprovalFlow, ApprovalStep } from '@recovery-desk/domain/approvals/flow.ts';
import type { Executor, Transaction } from '../../db/transaction.ts';
import type { UnitContext } from '../../http/request-context.ts';
import type { ApprovalRecord } from './approvals.repository.ts';

// What a flow registers with the kit beyond its data: where its subject lives (the scope finder) and the effects
// of its decisions. A flow without side effects over an account or a case needs no handler of its own
// (`dataOnlyHandler`): the kit finds those subjects itself.

/** The subject of a new request, as its scope finder reads it. */
export type ApprovalSubject = {
  /** the ancestry path of the unit the subject belongs to: a checker sees the requests of their subtree */
  unitPath: string;
};

/** What an effect is given: the request after the step, the step, and the decision's own input. */
export type ApprovalEffect<Input = unknown> = {
  ctx: UnitContext;
  request: ApprovalRecord;
  step: ApprovalStep;
  /** the flow's decision name (approve, reject, reallocate, …) */
  decision: string;
  remarks: string | null;
  /** what the route passed besides version and remarks (e.g. the assignee of an escalation's reallocate) */
  input: Input;
  at: Date;
};

/** An effect returns what it did, for the history and the audit row (or nothing). */
export type EffectResult = Record<string, unknown> | void;
export type Effect<Input> = (tx: Transaction, effect: ApprovalEffect<Input>) => Promise<EffectResult>;

export type ApprovalHandler<Input = unknown> = {
  flow: ApprovalFlow;
  /** the scope finder: the subject in any unit (undefined: there is no such subject) */
  findSubject: (db: Executor, subjectId: number) => Promise<ApprovalSubject | undefined>;
  /**
   * When the flow's tray shows its own subject row (and that row's version), the checker's version is that row's:
   * the conditional UPDATE checks it, and the effects bump it at every step.
   */
  subjectVersion?: { table: PgTable; id: AnyPgColumn; version: AnyPgColumn };
  /**
   * The level a request waits at again when its maker resubmits it or a checker reconsiders it (default 1): a flow
   * whose request started above level 1 (`NewApproval.level`) returns there, e.g. from a value in its payload.
   */
  reopenLevel?: (request: ApprovalRecord) => number;
  /**
   * Refuses a maker's request (POST /api/approvals/<code>/requests) that could never be approved, inside its
   * transaction: e.g. a mark the account already carries (409) or a document of another account (400).
   */
  checkRequest?: (
    tx: Transaction,
    request: { ctx: UnitContext; subjectId: number; payload: Record<string, unknown> },
  ) => Promise<void>;
  /** what the subjects of a list's rows are called on screen (e.g. an account's number and borrower) */
  subjectLabels?: (db: Executor, subjectIds: readonly number[]) => Promise<Map<number, string>>;
  /** a request was approved at the last level it needed */
  onApproved?: Effect<Input>;
  /** an approval above the checker's limit moved the request up a level */
  onForwarded?: Effect<Input>;
  onRejected?: Effect<Input>;
  onPushback?: Effect<Input>;
  /** resubmitted by its maker, or reconsidered after a rejection: pending at level 1 again */
  onReopened?: Effect<Input>;
};
