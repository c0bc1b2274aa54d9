import { z } from 'zod';
import { APP_CODES } from '../apps.ts';

// A workflow definition is versioned data (architecture §3, style habit 7): stages with their route, authority,
// tray columns, form fields, documents and actions, plus named date rules. The pure functions of transition.ts
// evaluate it; cases pin the (code, version) they started on, so a definition is never edited in place — a change
// is a new version.

export const DEFINITION_STATUSES = ['DRAFT', 'ACTIVE', 'DEACTIVATED', 'ARCHIVED'] as const;
export type DefinitionStatus = (typeof DEFINITION_STATUSES)[number];

/** Case statuses. Legal uses the spec's list (§4); Submitted marks a completed work step awaiting the next one. */
export const CASE_STATUSES = [
  'Initiated',
  'Recommended',
  'Submitted',
  'Approved',
  'Rejected',
  'Reconsider',
  'Pushback',
  'Declined',
  'Withdrawn',
  'Closed',
] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** The tray tab a status belongs to (spec §4: pending approval, approved, rejected, pushback). */
export const STATUS_TAB: Record<CaseStatus, 'pendingApproval' | 'approved' | 'rejected' | 'pushback' | 'closed'> = {
  Initiated: 'pendingApproval',
  Recommended: 'pendingApproval',
  Submitted: 'pendingApproval',
  Reconsider: 'pendingApproval',
  Approved: 'approved',
  Rejected: 'rejected',
  Pushback: 'pushback',
  Declined: 'closed',
  Withdrawn: 'closed',
  Closed: 'closed',
};

export const ACTION_NAMES = [
  'submit',
  'recommend',
  'approve',
  'reject',
  'reconsider',
  'pushback',
  'decline',
  'withdraw',
  'close',
  'requestRelease',
  'requestPartialPayment',
] as const;
export type ActionName = (typeof ACTION_NAMES)[number];

/**
 * Named side effects the server runs when a transition is applied (in the same transaction, or as a job it
 * enqueues there). The engine only names them.
 */
export const WORKFLOW_EFFECTS = [
  /** legal notice (§138 / §25 / demand) rendered to PDF from its template */
  'generateLegalNotice',
  /** SARFAESI §13(2) demand notice */
  'generateDemandNotice',
  /** SARFAESI Rule 8(1) possession notice (Appendix IV) */
  'generatePossessionNotice',
  /** repossession pre-repossession notice to the borrower */
  'generateRepoNotice',
  /** repossession / possession kit: authorisation letter, police intimation letters */
  'generateRepoKit',
  /** Rule 8(6) / pre-sale notice to the borrower */
  'generateSaleNotice',
  /** SARFAESI Appendix V sale certificate */
  'generateSaleCertificate',
  /** repossession: the sale letter to the buyer once the sale is approved */
  'generateSaleLetter',
  /** SARFAESI §13(3A): the reply to the borrower's representation, from the reasons entered */
  'generateRepresentationReply',
  /** SARFAESI public e-auction sale notice (Appendix IV-A) */
  'generateAuctionNotice',
  /** allocation hold "legal sub-judice" on the account (domain §2.2) */
  'placeLegalHold',
  'releaseLegalHold',
  /** the account becomes eligible for the legal pool again */
  'returnToPool',
  /** tell the maker of the pending step what the checker decided */
  'notifyMaker',
  /** remind the advocate before the next hearing date */
  'scheduleHearingReminder',
  /** §13(8): full-dues redemption is no longer accepted once the auction notice is published */
  'lockRedemption',
  /** §13(8): refuses a redemption request on a case whose redemption is locked (a re-auction does not reopen it) */
  'requireRedeemable',
  /** repossession / SARFAESI closure (§13(7)): the net sale proceeds posted to the account; shortfall and surplus recorded */
  'settleClosure',
  /** refuses approving a sale whose H1 bid (the auction bids) is missing or below the reserve price */
  'requireReserveMet',
  /** a failed auction: the reserve price is kept as `previousReservePrice` and the auction's bids lapse */
  'reopenAuction',
  /** a re-auction's reserve price must be below the previous one (`previousReservePrice`) */
  'requireReducedReserve',
  /** refuses submitting Capture Valuation Details with fewer valuations than the policy asks for */
  'requireValuations',
  /** refuses a stage naming a registered agency that is deactivated or past its empanelment */
  'requireValidAgency',
  /** SARFAESI: refuses confirming a sale whose deposit, with the EMD, is below 25% of the price (Rule 9(3)) */
  'requireSaleDeposit',
  /** SARFAESI: refuses a balance that is not the rest of the price, or came late without a written extension (Rule 9(4)) */
  'requireSaleBalance',
  /** refuses submitting Asset Detail Capture until the asset's inventory is complete (details; a vehicle's photos) */
  'requireInventory',
  /** SARFAESI: refuses submitting a publication stage until its notice is in two papers, one English, one vernacular */
  'requirePublications',
  /** refuses submitting a stage until the case's asset is in a yard of the register (an open yard stay) */
  'requireYardIn',
  /** refuses a waiver request whose amount is above the account's dues (400 naming the waiver amount) */
  'requireWaiverWithinDues',
  /** the checker's approval records the waiver as money on the account; closure counts it against the shortfall */
  'recordWaiver',
  /** refuses a partial payment request above the account's dues, or breaking a receipt mode rule (§269ST cash) */
  'requirePartialPayment',
  /** the checker's approval posts the partial payment as a receipt on the account (once) */
  'postPartialPayment',
] as const;
export type WorkflowEffect = (typeof WORKFLOW_EFFECTS)[number];

export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'amount',
  'date',
  'select',
  'boolean',
  /** a court picked from the court master (value: court code) */
  'court',
  /** eCourts case number record: 16 capital letters and digits */
  'cnr',
  'email',
  'phone',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Base of a date rule: the day the case entered its current stage. Any other base is a field name. */
export const STAGE_ENTERED_ON = 'stageEnteredOn';

const identifier = z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'must be an identifier');
const labelKey = z.string().regex(/^[A-Z][A-Za-z0-9]*$/, 'translation keys start with a capital letter (spec §9)');
const decimal = z.string().regex(/^\d{1,15}(\.\d{1,2})?$/, 'must be a decimal amount');
const offset = z.number().int().min(-1200).max(1200);

/** A condition on a case field: its value is one of `in`; it is empty or none of `notIn`; it is (not) filled. */
export const conditionSchema = z.union([
  z.object({ field: identifier, in: z.array(z.string()).min(1) }).strict(),
  z.object({ field: identifier, notIn: z.array(z.string()).min(1) }).strict(),
  z.object({ field: identifier, isPresent: z.boolean() }).strict(),
]);
export type Condition = z.infer<typeof conditionSchema>;

/**
 * Field rules. The static ones are validation.ts InputRule kinds (same messages); the date and amount ones are
 * resolved against the business date and the case's other fields when they are checked.
 */
export const fieldRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('email') }).strict(),
  z.object({ kind: z.literal('minLength'), length: z.number().int().positive() }).strict(),
  z.object({ kind: z.literal('maxLength'), length: z.number().int().positive() }).strict(),
  z.object({ kind: z.literal('name') }).strict(),
  z.object({ kind: z.literal('character') }).strict(),
  z.object({ kind: z.literal('number') }).strict(),
  z.object({ kind: z.literal('phone') }).strict(),
  z.object({ kind: z.literal('upperAlphaNum') }).strict(),
  /** a date on or before the business date */
  z.object({ kind: z.literal('notFuture') }).strict(),
  /** a date after the business date */
  z.object({ kind: z.literal('future') }).strict(),
  /** a date on or after another date field (+ offset), when that field is filled */
  z
    .object({
      kind: z.literal('onOrAfterField'),
      field: identifier,
      offsetDays: offset.optional(),
      offsetMonths: offset.optional(),
    })
    .strict(),
  /** a date on or before another date field (+ offset), when that field is filled */
  z
    .object({
      kind: z.literal('onOrBeforeField'),
      field: identifier,
      offsetDays: offset.optional(),
      offsetMonths: offset.optional(),
    })
    .strict(),
  /** an amount of at least `amount` (e.g. the ₹20 lakh DRT threshold), optionally only under a condition */
  z.object({ kind: z.literal('minAmount'), amount: decimal, when: conditionSchema.optional() }).strict(),
]);
export type FieldRule = z.infer<typeof fieldRuleSchema>;

export const fieldOptionSchema = z.object({ value: z.string().min(1), labelKey }).strict();

export const fieldDefinitionSchema = z
  .object({
    name: identifier,
    labelKey,
    type: z.enum(FIELD_TYPES),
    /** required to leave the stage (the form marks it); only while `when` holds */
    required: z.boolean().default(false),
    rules: z.array(fieldRuleSchema).default([]),
    options: z.array(fieldOptionSchema).optional(),
    /** shown (and required) only while this holds, e.g. cheque fields for §138 cases */
    when: conditionSchema.optional(),
  })
  .strict()
  .refine((field) => (field.type === 'select') === (field.options !== undefined && field.options.length > 0), {
    message: 'a select field has options, and only a select field has them',
  });
export type FieldDefinition = z.infer<typeof fieldDefinitionSchema>;

export const documentRequirementSchema = z
  .object({
    code: identifier,
    labelKey,
    required: z.boolean().default(true),
    when: conditionSchema.optional(),
  })
  .strict();
export type DocumentRequirement = z.infer<typeof documentRequirementSchema>;

/** Where an action leads: a stage, a terminal status (the case closes), or back to the stage a detour began at. */
export const actionTargetSchema = z.union([
  z.object({ stage: identifier }).strict(),
  z.object({ terminal: z.literal(true) }).strict(),
  z.object({ history: z.literal(true) }).strict(),
]);
export type ActionTarget = z.infer<typeof actionTargetSchema>;

export const actionDefinitionSchema = z
  .object({
    name: z.enum(ACTION_NAMES),
    labelKey,
    to: actionTargetSchema,
    /** several entries with the same name form guarded branches: the first whose `when` holds is taken */
    when: conditionSchema.optional(),
    /** the status the case gets */
    status: z.enum(CASE_STATUSES),
    remarksRequired: z.boolean().default(false),
    /** maker-checker: the actor must differ from the maker of the pending step */
    isCheckerAction: z.boolean().default(false),
    /** the maker of the step the case enters: the actor, the current maker, or nobody */
    maker: z.enum(['actor', 'keep', 'clear']),
    /** the stage form must be complete and valid: required fields and documents present, values valid */
    validateForm: z.boolean().default(false),
    /** further fields (of any stage) that must be filled */
    requiredFields: z.array(identifier).default([]),
    /** further documents that must be on the case */
    requiredDocuments: z.array(identifier).default([]),
    /** fields the action's own dialog collects (e.g. the withdrawal reason) */
    fields: z.array(fieldDefinitionSchema).default([]),
    /** authority needed instead of the stage's (e.g. raising a release request from any stage) */
    authority: z.string().min(1).optional(),
    /** the action starts a detour (request → approval) that returns here through a `history` target */
    opensDetour: z.boolean().default(false),
    effects: z.array(z.enum(WORKFLOW_EFFECTS)).default([]),
  })
  .strict();
export type ActionDefinition = z.infer<typeof actionDefinitionSchema>;

export const stageDefinitionSchema = z
  .object({
    code: identifier,
    labelKey,
    /** route-catalogue name of the stage's list (tray) route */
    routeSlug: z.string().min(1),
    /** system authority code, verbatim from authorities.ts */
    authority: z.string().min(1),
    trayColumns: z.array(identifier).min(1),
    fields: z.array(fieldDefinitionSchema).default([]),
    documents: z.array(documentRequirementSchema).default([]),
    actions: z.array(actionDefinitionSchema).min(1),
    /**
     * Screen widgets of the stage, by name (e.g. `bounceCheque`, `noticeCopy`): a feature of the web app registers
     * a component under each name, and the workflow screens render what the case's stage names. Left out = none.
     */
    widgets: z.array(identifier).optional(),
  })
  .strict();
export type StageDefinition = z.infer<typeof stageDefinitionSchema>;

export const dateRuleSchema = z
  .object({
    /** stable name, carried by TOO_EARLY refusals and overdue reports */
    name: identifier,
    /** English text shown next to the date (the UI shows the translation of labelKey) */
    label: z.string().min(1),
    labelKey,
    kind: z.enum(['earliest', 'latest']),
    /** 'stageEnteredOn' or date field names; with several, the latest filled one counts */
    base: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
    /** added first */
    offsetDays: offset.default(0),
    /** added after the days, clamped to the month end (31 Jan + 1 month = 28/29 Feb) */
    offsetMonths: offset.default(0),
    /** the stages where the rule is shown and (for 'latest') where the case is overdue after the date */
    stages: z.array(identifier).min(1),
    /** 'earliest' only: the actions at those stages refused before the date; none = shown, not enforced */
    actions: z.array(z.enum(ACTION_NAMES)).default([]),
    /** the rule applies only while this holds (e.g. §138 rules for §138 and §25 cases) */
    when: conditionSchema.optional(),
    /** statute, rule or policy the number comes from */
    source: z.string().min(1),
  })
  .strict();
export type DateRule = z.infer<typeof dateRuleSchema>;

export const columnDefinitionSchema = z
  .object({
    key: identifier,
    labelKey,
    type: z.enum(['text', 'number', 'money', 'date', 'status', 'user']),
    /** case: a case column (status, stage dates, maker); account: the account summary; field: a case field */
    source: z.enum(['case', 'account', 'field']),
    sortable: z.boolean().default(false),
  })
  .strict();
export type ColumnDefinition = z.infer<typeof columnDefinitionSchema>;

const definitionObjectSchema = z
  .object({
    code: identifier,
    version: z.number().int().positive(),
    status: z.enum(DEFINITION_STATUSES),
    app: z.enum(APP_CODES),
    labelKey,
    initialStage: identifier,
    /** the status of a new case */
    initialStatus: z.enum(CASE_STATUSES),
    /** a case with one of these statuses is closed and accepts no action */
    terminalStatuses: z.array(z.enum(CASE_STATUSES)).min(1),
    columns: z.array(columnDefinitionSchema).min(1),
    stages: z.array(stageDefinitionSchema).min(1),
    dateRules: z.array(dateRuleSchema).default([]),
  })
  .strict();

export type WorkflowDefinition = z.infer<typeof definitionObjectSchema>;
/** The authoring shape (defaults may be left out). */
export type WorkflowDefinitionInput = z.input<typeof definitionObjectSchema>;

/** Internal consistency: every reference names something the definition holds. */
export const workflowDefinitionSchema = definitionObjectSchema.superRefine((def, ctx) => {
  const issue = (message: string, path: (string | number)[]) => ctx.addIssue({ code: 'custom', message, path });
  const stageCodes = new Set<string>();
  def.stages.forEach((stage, i) => {
    if (stageCodes.has(stage.code)) issue(`duplicate stage ${stage.code}`, ['stages', i, 'code']);
    stageCodes.add(stage.code);
  });
  if (!stageCodes.has(def.initialStage)) issue(`unknown initial stage ${def.initialStage}`, ['initialStage']);
  if (def.terminalStatuses.includes(def.initialStatus))
    issue('the initial status cannot be terminal', ['initialStatus']);

  // Every field name means one thing across the definition.
  const fieldTypes = new Map<string, FieldType>();
  const noteField = (field: FieldDefinition, path: (string | number)[]) => {
    const known = fieldTypes.get(field.name);
    if (known && known !== field.type) issue(`field ${field.name} is both ${known} and ${field.type}`, path);
    fieldTypes.set(field.name, field.type);
  };
  def.stages.forEach((stage, i) => {
    stage.fields.forEach((field, j) => noteField(field, ['stages', i, 'fields', j]));
    stage.actions.forEach((action, j) =>
      action.fields.forEach((field, k) => noteField(field, ['stages', i, 'actions', j, 'fields', k])),
    );
  });
  const checkCondition = (condition: Condition | undefined, path: (string | number)[]) => {
    if (condition && !fieldTypes.has(condition.field)) issue(`condition on unknown field ${condition.field}`, path);
  };

  const columnKeys = new Set(def.columns.map((column) => column.key));
  def.columns.forEach((column, i) => {
    if (column.source === 'field' && !fieldTypes.has(column.key))
      issue(`column ${column.key} names no field`, ['columns', i]);
  });

  def.stages.forEach((stage, i) => {
    const names = new Set<string>();
    stage.fields.forEach((field, j) => {
      if (names.has(field.name)) issue(`duplicate field ${field.name}`, ['stages', i, 'fields', j]);
      names.add(field.name);
      checkCondition(field.when, ['stages', i, 'fields', j, 'when']);
      field.rules.forEach((rule, k) => {
        if ((rule.kind === 'onOrAfterField' || rule.kind === 'onOrBeforeField') && !fieldTypes.has(rule.field))
          issue(`rule on unknown field ${rule.field}`, ['stages', i, 'fields', j, 'rules', k]);
        if (rule.kind === 'minAmount') checkCondition(rule.when, ['stages', i, 'fields', j, 'rules', k]);
      });
    });
    const widgetNames = new Set<string>();
    stage.widgets?.forEach((name, j) => {
      if (widgetNames.has(name)) issue(`duplicate widget ${name}`, ['stages', i, 'widgets', j]);
      widgetNames.add(name);
    });
    stage.documents.forEach((doc, j) => checkCondition(doc.when, ['stages', i, 'documents', j, 'when']));
    stage.trayColumns.forEach((key, j) => {
      if (!columnKeys.has(key)) issue(`unknown tray column ${key}`, ['stages', i, 'trayColumns', j]);
    });
    const byName = new Map<string, ActionDefinition[]>();
    stage.actions.forEach((action, j) => {
      const path = ['stages', i, 'actions', j];
      byName.set(action.name, [...(byName.get(action.name) ?? []), action]);
      if ('stage' in action.to && !stageCodes.has(action.to.stage))
        issue(`action ${action.name} leads to unknown stage ${action.to.stage}`, [...path, 'to']);
      if ('terminal' in action.to && !def.terminalStatuses.includes(action.status))
        issue(`terminal action ${action.name} sets non-terminal status ${action.status}`, [...path, 'status']);
      if (!('terminal' in action.to) && def.terminalStatuses.includes(action.status))
        issue(`action ${action.name} sets terminal status ${action.status} but does not close`, [...path, 'status']);
      checkCondition(action.when, [...path, 'when']);
      action.requiredFields.forEach((name, k) => {
        if (!fieldTypes.has(name)) issue(`required field ${name} is not defined`, [...path, 'requiredFields', k]);
      });
    });
    for (const [name, branches] of byName) {
      // Only the last branch of a name may go without a guard; an unguarded branch earlier would hide the rest.
      branches.slice(0, -1).forEach((branch) => {
        if (!branch.when) issue(`action ${name} has an unguarded branch before others`, ['stages', i, 'actions']);
      });
    }
  });

  const ruleNames = new Set<string>();
  def.dateRules.forEach((rule, i) => {
    if (ruleNames.has(rule.name)) issue(`duplicate date rule ${rule.name}`, ['dateRules', i, 'name']);
    ruleNames.add(rule.name);
    for (const base of ruleBases(rule)) {
      if (base !== STAGE_ENTERED_ON && fieldTypes.get(base) !== 'date')
        issue(`rule base ${base} is not a date field`, ['dateRules', i, 'base']);
    }
    checkCondition(rule.when, ['dateRules', i, 'when']);
    if (rule.kind === 'latest' && rule.actions.length > 0)
      issue('only an earliest rule gates actions', ['dateRules', i, 'actions']);
    rule.stages.forEach((code, j) => {
      const stage = def.stages.find((s) => s.code === code);
      if (!stage) return issue(`rule on unknown stage ${code}`, ['dateRules', i, 'stages', j]);
      for (const action of rule.actions) {
        if (!stage.actions.some((a) => a.name === action))
          issue(`rule gates ${action}, which stage ${code} does not offer`, ['dateRules', i, 'actions']);
      }
    });
  });
});

export function ruleBases(rule: Pick<DateRule, 'base'>): readonly string[] {
  return typeof rule.base === 'string' ? [rule.base] : rule.base;
}

/** Parses authoring data into a checked definition; throws with every problem listed. */
export function defineWorkflow(input: WorkflowDefinitionInput): WorkflowDefinition {
  return workflowDefinitionSchema.parse(input);
}

export function findStage(definition: WorkflowDefinition, code: string): StageDefinition | undefined {
  return definition.stages.find((stage) => stage.code === code);
}

/** Whether new cases may start on this definition (existing cases run on the version they pinned). */
export function canStartCases(definition: WorkflowDefinition): boolean {
  return definition.status === 'ACTIVE';
}

/** The widgets a stage names (none when it names none). */
export function stageWidgets(stage: StageDefinition | undefined): readonly string[] {
  return stage?.widgets ?? [];
}

/** A stage where a checker decides on someone else's step. */
export function isApprovalStage(stage: StageDefinition): boolean {
  return stage.actions.some((action) => action.isCheckerAction);
}

/** Every field a stage's form shows: its own fields, then its actions' dialog fields (first definition wins). */
export function stageFormFields(stage: StageDefinition): FieldDefinition[] {
  const seen = new Map<string, FieldDefinition>();
  for (const field of [...stage.fields, ...stage.actions.flatMap((action) => action.fields)]) {
    if (!seen.has(field.name)) seen.set(field.name, field);
  }
  return [...seen.values()];
}

/** All fields of a definition by name (the first definition of a name). */
export function definitionFields(definition: WorkflowDefinition): Map<string, FieldDefinition> {
  const fields = new Map<string, FieldDefinition>();
  for (const stage of definition.stages) {
    for (const field of stageFormFields(stage)) if (!fields.has(field.name)) fields.set(field.name, field);
  }
  return fields;
}
