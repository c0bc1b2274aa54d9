import { sql } from 'drizzle-orm';
import { caseEvents } from '@recovery-desk/db/workflow-schema.ts';
import type { CaseStatus } from '@recovery-desk/domain/workflow/definition.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor, Transaction } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';
import { LEGAL_CODE } from './legal-constants.ts';

// Reads of LEGAL cases within the acting unit's subtree (another unit's case is as good as missing), and the
// case events the legal module writes itself (notice generation).

export type LegalCase = {
  caseId: number;
  caseNo: string;
  accountId: number;
  definitionVersion: number;
  stage: string;
  status: CaseStatus;
  isClosed: boolean;
  fields: Record<string, unknown>;
  version: number;
};

const CASE_SELECT = sql`k.id as "caseId", k.case_no as "caseNo", k.account_id as "accountId",
  k.definition_version as "definitionVersion", k.stage, k.status, k.is_closed as "isClosed", k.fields, k.version`;

/** A LEGAL case by id (or case number) in the subtree; `forUpdate` locks it for the transaction. */
export async function findLegalCase(
  db: Executor,
  input: { caseId?: number; caseNo?: string; unitPath: string | null; forUpdate?: boolean },
): Promise<LegalCase | undefined> {
  const match = input.caseId !== undefined ? sql`k.id = ${input.caseId}` : sql`k.case_no = ${input.caseNo ?? ''}`;
  const scope = input.unitPath === null ? sql`` : sql`and k.unit_path like ${likePrefix(input.unitPath)}`;
  const [row] = await selectRows<LegalCase>(
    db,
    sql`select ${CASE_SELECT} from cases k
      where ${match} and k.definition_code = ${LEGAL_CODE} ${scope}
      ${input.forUpdate ? sql`for update` : sql``}`,
  );
  return row;
}

/** The account's open LEGAL case, when the case lies in the subtree. */
export async function findOpenCaseOfAccount(
  db: Executor,
  input: { accountId: number; unitPath: string },
): Promise<LegalCase | undefined> {
  const [row] = await selectRows<LegalCase>(
    db,
    sql`select ${CASE_SELECT} from cases k
      where k.account_id = ${input.accountId} and k.definition_code = ${LEGAL_CODE} and not k.is_closed
        and k.unit_path like ${likePrefix(input.unitPath)}`,
  );
  return row;
}

/** A history entry that records a step without moving the case (same stage and status, same version). */
export async function insertStillCaseEvent(
  tx: Transaction,
  input: {
    legalCase: LegalCase;
    action: string;
    actorUserId: number;
    actingUnitId: number;
    businessDate: string;
    remarks: string | null;
    /** deps.clock.now(), as every other event of the case is stamped */
    createdAt: Date;
  },
): Promise<number> {
  const { legalCase } = input;
  const [row] = await tx
    .insert(caseEvents)
    .values({
      caseId: legalCase.caseId,
      action: input.action,
      actionLabelKey: null,
      fromStage: legalCase.stage,
      fromStatus: legalCase.status,
      toStage: legalCase.stage,
      toStatus: legalCase.status,
      actorUserId: input.actorUserId,
      actingUnitId: input.actingUnitId,
      businessDate: input.businessDate,
      remarks: input.remarks,
      changes: [],
      effects: [],
      caseVersion: legalCase.version,
      createdAt: input.createdAt,
    })
    .returning({ id: caseEvents.id });
  if (!row) throw new Error('case event insert failed');
  return row.id;
}
