import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.ts';
import { accounts } from './collections-schema.ts';
import { jobs } from './jobs-schema.ts';
import { units, users } from './schema.ts';

// Staged cases on the workflow engine (issue 4): legal now, repossession and SARFAESI next. A case pins the
// definition (code, version) it started on; its stage, status, maker and fields change only through the engine's
// transition, applied by one conditional UPDATE on `version` with an append-only case event and an audit row.

/** Versioned workflow definitions (start publishes each built-in version a database lacks; settings add versions). */
export const workflowDefinitions = pgTable(
  'workflow_definitions',
  {
    code: text('code').notNull(),
    version: integer('version').notNull(),
    /** DRAFT | ACTIVE | DEACTIVATED | ARCHIVED — only one ACTIVE version per code starts new cases */
    status: text('status').notNull(),
    app: text('app').notNull(),
    /** the definition as data (packages/domain/src/workflow/definition.ts), validated on load */
    definition: jsonb('definition').notNull(),
    /**
     * The built-in version (packages/domain/src/workflow/definitions) the row was built from: a built-in published
     * at start, or a settings change (legal timelines) applied to it. Start publishes a built-in version no row has.
     */
    builtInVersion: integer('built_in_version'),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.code, t.version] }),
    uniqueIndex('workflow_definitions_one_active_uq')
      .on(t.code)
      .where(sql`status = 'ACTIVE'`),
  ],
);

export const cases = pgTable(
  'cases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** human case number, e.g. LGL/2026/000123 */
    caseNo: text('case_no').notNull(),
    definitionCode: text('definition_code').notNull(),
    definitionVersion: integer('definition_version').notNull(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    /** the account's branch at initiation; row scope is this unit's ancestry path */
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    unitPath: text('unit_path').notNull(),
    stage: text('stage').notNull(),
    status: text('status').notNull(),
    fields: jsonb('fields').notNull().default({}),
    /** who made the pending step (maker-checker); null when nothing awaits a checker */
    makerUserId: integer('maker_user_id').references(() => users.id),
    /** the case owner: My View of the stage trays */
    assignedUserId: integer('assigned_user_id').references(() => users.id),
    stageEnteredOn: date('stage_entered_on').notNull(),
    /** where a detour (withdrawal) returns to */
    returnStage: text('return_stage'),
    /** the earliest 'latest' date rule of the current stage (stageDueDate), for SLA/overdue queries */
    dueOn: date('due_on'),
    isClosed: boolean('is_closed').notNull().default(false),
    closedOn: date('closed_on'),
    version: integer('version').notNull().default(1),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cases_case_no_uq').on(t.caseNo),
    /** one open case per account and workflow */
    uniqueIndex('cases_one_open_per_account_uq')
      .on(t.accountId, t.definitionCode)
      .where(sql`NOT is_closed`),
    index('cases_stage_idx').on(t.definitionCode, t.stage, t.status, t.unitPath),
    index('cases_assigned_idx').on(t.assignedUserId, t.definitionCode, t.stage),
    index('cases_due_idx').on(t.definitionCode, t.dueOn),
  ],
);

/** The Case History: append-only (a trigger refuses UPDATE and DELETE). */
export const caseEvents = pgTable(
  'case_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => cases.id),
    /** engine action name, or CREATE / SAVE_FIELDS / DOCUMENT_ADDED / NOTICE_GENERATED */
    action: text('action').notNull(),
    actionLabelKey: text('action_label_key'),
    fromStage: text('from_stage'),
    fromStatus: text('from_status'),
    toStage: text('to_stage').notNull(),
    toStatus: text('to_status').notNull(),
    actorUserId: integer('actor_user_id')
      .notNull()
      .references(() => users.id),
    actingUnitId: integer('acting_unit_id')
      .notNull()
      .references(() => units.id),
    businessDate: date('business_date').notNull(),
    remarks: text('remarks'),
    /** [{field, from, to}] */
    changes: jsonb('changes').notNull().default([]),
    /** effects the server ran for this step */
    effects: jsonb('effects').notNull().default([]),
    /** case version after the step */
    caseVersion: integer('case_version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('case_events_case_idx').on(t.caseId, t.id),
    index('case_events_from_stage_idx').on(t.fromStage, t.toStatus, t.caseId),
  ],
);

/** Documents of a case: uploaded, or generated (notices). Bytes in the database or in DOCUMENT_DIR. */
export const caseDocuments = pgTable(
  'case_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => cases.id),
    /** the checklist requirement it satisfies (definition document code), or OTHER */
    code: text('code').notNull(),
    /** the stage the case was at when it was added */
    stage: text('stage').notNull(),
    fileName: text('file_name').notNull(),
    documentName: text('document_name').notNull(),
    remark: text('remark'),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** DB | FOLDER */
    storage: text('storage').notNull().default('DB'),
    content: bytea('content'),
    /** relative path under the configured folder when storage = FOLDER */
    storagePath: text('storage_path'),
    isGenerated: boolean('is_generated').notNull().default(false),
    uploadedByUserId: integer('uploaded_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('case_documents_case_idx').on(t.caseId, t.code)],
);

/** Reminders the engine's effects schedule (next hearing); shown on the dashboard. */
export const caseReminders = pgTable(
  'case_reminders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => cases.id),
    kind: text('kind').notNull(), // HEARING
    dueOn: date('due_on').notNull(),
    remindOn: date('remind_on').notNull(),
    /** OPEN | DONE | CANCELLED */
    status: text('status').notNull().default('OPEN'),
    /** when the reminder mail was queued (once), and to whom; null until the reminders job sends it */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentTo: text('sent_to'),
    createdAt: createdAt(),
  },
  (t) => [index('case_reminders_open_idx').on(t.status, t.remindOn)],
);

/** Organisation-wide legal settings: the pool eligibility rule and the timelines (one row, id = 1). */
export const legalSettings = pgTable('legal_settings', {
  id: integer('id').primaryKey().default(1),
  /** {assetClasses, minDpd, minOutstanding, products, excludeOnHold, reviewCooloffDays} */
  poolRule: jsonb('pool_rule').notNull(),
  /** the legal timelines (LegalTimelines) the active LEGAL definition version was built from */
  timelines: jsonb('timelines').notNull(),
  version: integer('version').notNull().default(1),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The configurable numbers of a workflow other than LEGAL (whose are in legal_settings): the repossession and
 * SARFAESI timelines its active definition version was built from. No row = the built-in defaults; the first change
 * inserts it (Repossession Settings). Optimistic `version`.
 */
export const workflowSettings = pgTable('workflow_settings', {
  definitionCode: text('definition_code').primaryKey(),
  timelines: jsonb('timelines').notNull(),
  version: integer('version').notNull().default(1),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Notice templates, one per case type (and language); placeholders {{name}}. */
export const noticeTemplates = pgTable(
  'notice_templates',
  {
    id: serial('id').primaryKey(),
    /** S138 | S25 | CIVIL_SUIT | ARBITRATION | DRT */
    caseType: text('case_type').notNull(),
    language: text('language').notNull().default('en'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    version: integer('version').notNull().default(1),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notice_templates_type_lang_uq').on(t.caseType, t.language)],
);

/** Legal Against Financial Institutions: matters where the lender is the respondent (consumer forum, ombudsman…). */
export const legalMattersAgainstFi = pgTable(
  'legal_matters_against_fi',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    matterNo: text('matter_no').notNull(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    unitPath: text('unit_path').notNull(),
    accountId: bigint('account_id', { mode: 'number' }).references(() => accounts.id),
    petitionerName: text('petitioner_name').notNull(),
    forum: text('forum').notNull(),
    court: text('court'),
    caseNumber: text('case_number'),
    filedOn: date('filed_on').notNull(),
    claimAmount: numeric('claim_amount', { precision: 18, scale: 2 }),
    currency: text('currency').notNull().default('INR'),
    subject: text('subject').notNull(),
    nextHearingDate: date('next_hearing_date'),
    advocateName: text('advocate_name'),
    /** OPEN | DISPOSED */
    status: text('status').notNull().default('OPEN'),
    outcome: text('outcome'),
    version: integer('version').notNull().default(1),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('legal_matters_against_fi_no_uq').on(t.matterNo),
    index('legal_matters_fi_unit_idx').on(t.unitPath),
  ],
);

/**
 * Bulk uploads of the workflow apps (legal File Upload, repossession and SARFAESI File Upload; their upload
 * dashboards): one row per file, row results in `errors`. The table keeps its first name; `definition_code` says
 * whose upload it is.
 */
export const legalUploads = pgTable(
  'legal_uploads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** the workflow definition the rows work on: LEGAL | REPOSSESSION | SARFAESI */
    definitionCode: text('definition_code').notNull().default('LEGAL'),
    /** legal: CASE_INITIATION | HEARING_UPDATE; repossession and SARFAESI: INITIATION | STAGE_UPDATE */
    kind: text('kind').notNull(),
    /** the stage a STAGE_UPDATE file moves its cases from; null for the other kinds */
    stageCode: text('stage_code'),
    fileName: text('file_name').notNull(),
    /**
     * PROCESSING (its job is applying the rows; the counts are the rows applied so far), then COMPLETED |
     * COMPLETED_WITH_ERRORS | FAILED, or INTERRUPTED when its job failed for good before the last row
     */
    status: text('status').notNull(),
    /** the job applying the rows (created with it, in the request's transaction); null for uploads before 0014 */
    jobId: bigint('job_id', { mode: 'number' }).references(() => jobs.id),
    totalRows: integer('total_rows').notNull(),
    okRows: integer('ok_rows').notNull(),
    failedRows: integer('failed_rows').notNull(),
    /** [{row, field, message}] */
    errors: jsonb('errors').notNull().default([]),
    uploadedByUserId: integer('uploaded_by_user_id')
      .notNull()
      .references(() => users.id),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    unitPath: text('unit_path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('legal_uploads_unit_idx').on(t.unitPath, t.createdAt),
    index('legal_uploads_definition_idx').on(t.definitionCode, t.unitPath, t.createdAt),
    uniqueIndex('legal_uploads_job_idx').on(t.jobId),
  ],
);
