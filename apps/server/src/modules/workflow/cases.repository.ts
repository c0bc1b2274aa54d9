import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { users } from '@recovery-desk/db/schema.ts';
import { caseDocuments, caseEvents, cases } from '@recovery-desk/db/workflow-schema.ts';
import type { CaseFields } from '@recovery-desk/domain/workflow/case-fields.ts';
import type { CaseStatus } from '@recovery-desk/domain/workflow/definition.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';

// The SQL of cases and their history. A case changes only by one conditional UPDATE on its version (optimistic
// concurrency); every change appends a case event (the table refuses UPDATE and DELETE).

export type CaseRecord = {
  id: number;
  caseNo: string;
  definitionCode: string;
  definitionVersion: number;
  accountId: number;
  unitId: number;
  unitPath: string;
  stage: string;
  status: CaseStatus;
  fields: CaseFields;
  makerUserId: number | null;
  assignedUserId: number | null;
  stageEnteredOn: string;
  returnStage: string | null;
  dueOn: string | null;
  isClosed: boolean;
  closedOn: string | null;
  version: number;
  createdByUserId: number;
  createdAt: Date;
};

/** The case, if it belongs to the unit subtree of `unitPath` (another unit's case is as absent as a missing one). */
export async function findCaseInScope(
  db: Executor,
  input: { caseId: number; unitPath: string },
): Promise<CaseRecord | undefined> {
  const [row] = await db
    .select()
    .from(cases)
    .where(and(eq(cases.id, input.caseId), sql`${cases.unitPath} like ${likePrefix(input.unitPath)}`));
  if (!row) return undefined;
  return { ...row, status: row.status as CaseStatus, fields: (row.fields ?? {}) as CaseFields };
}

export async function findOpenCaseOfAccount(
  db: Executor,
  input: { accountId: number; definitionCode: string },
): Promise<{ id: number; caseNo: string } | undefined> {
  const [row] = await db
    .select({ id: cases.id, caseNo: cases.caseNo })
    .from(cases)
    .where(
      and(
        eq(cases.accountId, input.accountId),
        eq(cases.definitionCode, input.definitionCode),
        eq(cases.isClosed, false),
      ),
    );
  return row;
}

/** The account a case would be opened on, if it is in the unit subtree. */
export async function findAccountInScope(
  db: Executor,
  input: { accountId: number; unitPath: string },
): Promise<{ id: number; accountNo: string; unitId: number; unitPath: string } | undefined> {
  const [row] = await selectRows<{ id: number; accountNo: string; unitId: number; unitPath: string }>(
    db,
    sql`select id, account_no as "accountNo", unit_id as "unitId", unit_path as "unitPath"
      from accounts where id = ${input.accountId} and unit_path like ${likePrefix(input.unitPath)}`,
  );
  return row;
}

export async function nextCaseSequence(db: Executor): Promise<number> {
  const [row] = await selectRows<{ value: number }>(db, sql`select nextval('case_no_seq') as value`);
  if (!row) throw new Error('case_no_seq returned nothing');
  return row.value;
}

export async function insertCase(db: Executor, values: typeof cases.$inferInsert): Promise<{ id: number }> {
  const [row] = await db.insert(cases).values(values).returning({ id: cases.id });
  if (!row) throw new Error('cases insert returned nothing');
  return row;
}

export type CaseChange = {
  stage: string;
  status: CaseStatus;
  fields: CaseFields;
  makerUserId: number | null;
  returnStage: string | null;
  stageEnteredOn: string;
  dueOn: string | null;
  isClosed: boolean;
  closedOn: string | null;
  version: number;
  updatedAt: Date;
};

/**
 * Applies a change only if the case is still at `expectedVersion`: the one statement that makes N parallel
 * decisions give one success. Returns false when another change came first.
 */
export async function updateCaseIfVersion(
  db: Executor,
  input: { caseId: number; expectedVersion: number; change: CaseChange },
): Promise<boolean> {
  const rows = await db
    .update(cases)
    .set(input.change)
    .where(and(eq(cases.id, input.caseId), eq(cases.version, input.expectedVersion)))
    .returning({ id: cases.id });
  return rows.length === 1;
}

export type CaseEventInsert = typeof caseEvents.$inferInsert;

export async function insertCaseEvent(db: Executor, values: CaseEventInsert): Promise<number> {
  const [row] = await db.insert(caseEvents).values(values).returning({ id: caseEvents.id });
  if (!row) throw new Error('case_events insert returned nothing');
  return row.id;
}

/** Codes of the documents on the case (what the engine's document requirements look for). */
export async function listDocumentCodes(db: Executor, caseId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ code: caseDocuments.code })
    .from(caseDocuments)
    .where(eq(caseDocuments.caseId, caseId))
    .orderBy(asc(caseDocuments.code));
  return rows.map((row) => row.code);
}

export type CaseHeader = {
  makerName: string | null;
  assignedName: string | null;
  createdByName: string;
  accountNo: string;
  customerName: string;
  product: string;
  currency: 'INR' | 'USD';
  dpd: number;
  bucket: string;
  assetClass: string;
  totalDueAmount: string;
  totalPrincipalOutstanding: string;
  unitCode: string;
  branchName: string;
  isOnHold: boolean;
};

/** Names of the case's people and the summary of its account (the account's own branch). */
export async function readCaseHeader(db: Executor, caseId: number): Promise<CaseHeader | undefined> {
  const [row] = await selectRows<CaseHeader>(
    db,
    sql`select mk.full_name as "makerName", asg.full_name as "assignedName", cr.full_name as "createdByName",
        a.account_no as "accountNo", cu.name as "customerName", a.product, a.currency, a.dpd, a.bucket,
        a.asset_class as "assetClass", a.total_due_amount as "totalDueAmount",
        a.total_principal_outstanding as "totalPrincipalOutstanding", un.unit_code as "unitCode",
        un.name as "branchName", a.is_on_hold as "isOnHold"
      from cases c
      join accounts a on a.id = c.account_id
      join customers cu on cu.id = a.customer_id
      join units un on un.id = a.unit_id
      join users cr on cr.id = c.created_by_user_id
      left join users mk on mk.id = c.maker_user_id
      left join users asg on asg.id = c.assigned_user_id
      where c.id = ${caseId}`,
  );
  return row;
}

export type CaseEventRow = {
  eventId: number;
  action: string;
  actionLabelKey: string | null;
  fromStage: string | null;
  fromStatus: string | null;
  toStage: string;
  toStatus: string;
  actorName: string;
  actorUsername: string;
  unitCode: string;
  businessDate: string;
  at: Date | string;
  remarks: string | null;
  changes: unknown;
  effects: unknown;
  caseVersion: number;
};

/** The Case History, oldest first. */
export async function listCaseEvents(db: Executor, caseId: number): Promise<CaseEventRow[]> {
  return selectRows<CaseEventRow>(
    db,
    sql`select e.id as "eventId", e.action, e.action_label_key as "actionLabelKey", e.from_stage as "fromStage",
        e.from_status as "fromStatus", e.to_stage as "toStage", e.to_status as "toStatus",
        u.full_name as "actorName", u.username as "actorUsername", un.unit_code as "unitCode",
        e.business_date as "businessDate", e.created_at as "at", e.remarks, e.changes, e.effects,
        e.case_version as "caseVersion"
      from case_events e
      join users u on u.id = e.actor_user_id
      join units un on un.id = e.acting_unit_id
      where e.case_id = ${caseId}
      order by e.id`,
  );
}

export type CaseDocumentRow = {
  documentId: number;
  code: string;
  stage: string;
  fileName: string;
  documentName: string;
  remark: string | null;
  mimeType: string;
  sizeBytes: number;
  isGenerated: boolean;
  uploadedBy: string;
  createdAt: Date | string;
};

/** The case's documents, newest first (metadata only). */
export async function listCaseDocuments(db: Executor, caseId: number): Promise<CaseDocumentRow[]> {
  return db
    .select({
      documentId: caseDocuments.id,
      code: caseDocuments.code,
      stage: caseDocuments.stage,
      fileName: caseDocuments.fileName,
      documentName: caseDocuments.documentName,
      remark: caseDocuments.remark,
      mimeType: caseDocuments.mimeType,
      sizeBytes: caseDocuments.sizeBytes,
      isGenerated: caseDocuments.isGenerated,
      uploadedBy: users.fullName,
      createdAt: caseDocuments.createdAt,
    })
    .from(caseDocuments)
    .innerJoin(users, eq(users.id, caseDocuments.uploadedByUserId))
    .where(eq(caseDocuments.caseId, caseId))
    .orderBy(desc(caseDocuments.id));
}

/** The mail address and name of a user (the maker a decision is reported to). */
export async function findUserContact(
  db: Executor,
  userId: number,
): Promise<{ email: string; fullName: string; isActive: boolean; language: string | null } | undefined> {
  const [row] = await selectRows<{ email: string; fullName: string; isActive: boolean; language: string | null }>(
    db,
    sql`select email, full_name as "fullName", is_active as "isActive", language from users where id = ${userId}`,
  );
  return row;
}

/** The account's open case of a workflow, if it belongs to the unit subtree of `unitPath`. */
export async function findOpenCaseOfAccountInScope(
  db: Executor,
  input: { accountId: number; definitionCode: string; unitPath: string },
): Promise<{ caseId: number; caseNo: string; stage: string; definitionVersion: number } | undefined> {
  const [row] = await db
    .select({
      caseId: cases.id,
      caseNo: cases.caseNo,
      stage: cases.stage,
      definitionVersion: cases.definitionVersion,
    })
    .from(cases)
    .where(
      and(
        eq(cases.accountId, input.accountId),
        eq(cases.definitionCode, input.definitionCode),
        eq(cases.isClosed, false),
        sql`${cases.unitPath} like ${likePrefix(input.unitPath)}`,
      ),
    );
  return row;
}
