import { daysBetween } from '../dates.ts';
import { decisionNeedsRemarks, hasRemarks } from '../remarks.ts';
import { isFilled, matchesCondition, type CaseFields, type FieldValue } from './case-fields.ts';
import { isIsoDate, shiftDate } from './dates.ts';
import {
  STAGE_ENTERED_ON,
  canStartCases,
  findStage,
  ruleBases,
  stageFormFields,
  type ActionDefinition,
  type ActionName,
  type CaseStatus,
  type DateRule,
  type DocumentRequirement,
  type FieldDefinition,
  type StageDefinition,
  type WorkflowDefinition,
  type WorkflowEffect,
} from './definition.ts';
import { validateFields, type FieldError } from './field-validation.ts';

// The workflow engine: pure functions of (definition, case snapshot, action, actor, business date). No I/O, no
// clock: the server loads the snapshot, calls transition(), and applies the result in one transaction
// (optimistic concurrency on `version`, a case event, an audit row, the named effects).

export type UserId = string | number;

export type CaseSnapshot = {
  definitionCode: string;
  definitionVersion: number;
  stage: string;
  status: CaseStatus;
  fields: CaseFields;
  /** codes of the documents on the case */
  documents: readonly string[];
  /** who submitted or recommended the pending step (maker-checker); null when nothing is pending */
  makerUserId: UserId | null;
  /** business date the case entered its stage */
  stageEnteredOn: string;
  /** where a detour (release request, withdrawal, …) returns to; null outside a detour */
  returnStage?: string | null;
  version: number;
};

export type Actor = { userId: UserId; authorities: readonly string[] };

export type ActionRequest = {
  name: ActionName;
  remarks?: string;
  /** field values entered with the action; only the stage form's and the action dialog's fields */
  fields?: Readonly<Record<string, FieldValue>>;
  /** the stage the user saw; a case that has moved on is refused with WRONG_STAGE */
  expectedStage?: string;
};

export type Refusal =
  | {
      code: 'DEFINITION_MISMATCH';
      definition: { code: string; version: number };
      case: { code: string; version: number };
    }
  | { code: 'DEFINITION_NOT_ACTIVE'; status: WorkflowDefinition['status'] }
  | { code: 'CASE_CLOSED'; status: CaseStatus }
  | { code: 'WRONG_STAGE'; stage: string; expectedStage?: string }
  | { code: 'ACTION_NOT_ALLOWED'; stage: string; action: string }
  | { code: 'MISSING_AUTHORITY'; authority: string }
  | { code: 'MAKER_CANNOT_CHECK'; makerUserId: UserId }
  | { code: 'REMARKS_REQUIRED'; action: ActionName }
  | { code: 'FIELD_NOT_EDITABLE'; fields: string[] }
  | { code: 'NO_BRANCH_MATCHES'; action: ActionName; fields: string[] }
  | { code: 'NO_RETURN_STAGE'; action: ActionName }
  | { code: 'REQUIRED_FIELD_MISSING'; fields: string[] }
  | { code: 'FIELD_INVALID'; errors: FieldError[] }
  | { code: 'REQUIRED_DOCUMENT_MISSING'; documents: string[] }
  /** more than one kind of requirement is unmet: every one of them, so the user fixes all at once */
  | ({ code: 'REQUIREMENTS_UNMET' } & UnmetRequirements)
  | { code: 'TOO_EARLY'; rule: string; label: string; labelKey: string; earliest: string };

export type RefusalCode = Refusal['code'];

export type FieldChange = { field: string; from: FieldValue | null; to: FieldValue | null };

export type NextState = {
  stage: string;
  status: CaseStatus;
  stageEnteredOn: string;
  makerUserId: UserId | null;
  returnStage: string | null;
  fields: CaseFields;
  version: number;
  isClosed: boolean;
};

export type TransitionResult =
  | {
      ok: true;
      action: { name: ActionName; labelKey: string };
      from: { stage: string; status: CaseStatus };
      next: NextState;
      /** field values the action changed, for the case history ("data changed") */
      changes: FieldChange[];
      effects: WorkflowEffect[];
    }
  | { ok: false; refusal: Refusal };

const refuse = (refusal: Refusal): { ok: false; refusal: Refusal } => ({ ok: false, refusal });

export function isClosed(definition: WorkflowDefinition, snapshot: Pick<CaseSnapshot, 'status'>): boolean {
  return definition.terminalStatuses.includes(snapshot.status);
}

/**
 * Whether the action must carry remarks: where its definition says so, and always for a reject, pushback or
 * decline (remarks.ts), whatever a definition says — a stored or published definition cannot drop the rule.
 */
export function actionNeedsRemarks(action: Pick<ActionDefinition, 'name' | 'remarksRequired'>): boolean {
  return action.remarksRequired || decisionNeedsRemarks(action.name);
}

function isSameUser(a: UserId | null, b: UserId): boolean {
  return a !== null && String(a) === String(b);
}

/** The state of a new case on a definition (the server inserts it, then usually applies a first action). */
export function startCase(
  definition: WorkflowDefinition,
  fields: CaseFields,
  businessDate: string,
): { ok: true; snapshot: CaseSnapshot } | { ok: false; refusal: Refusal } {
  if (!canStartCases(definition)) return refuse({ code: 'DEFINITION_NOT_ACTIVE', status: definition.status });
  return {
    ok: true,
    snapshot: {
      definitionCode: definition.code,
      definitionVersion: definition.version,
      stage: definition.initialStage,
      status: definition.initialStatus,
      fields,
      documents: [],
      makerUserId: null,
      stageEnteredOn: businessDate,
      returnStage: null,
      version: 1,
    },
  };
}

/** Decides an action on a case: the next state and named effects, or a typed refusal. Never throws on data. */
export function transition(
  definition: WorkflowDefinition,
  snapshot: CaseSnapshot,
  action: ActionName | ActionRequest,
  actor: Actor,
  businessDate: string,
): TransitionResult {
  const request: ActionRequest = typeof action === 'string' ? { name: action } : action;
  return evaluate(definition, snapshot, request, actor, businessDate, false);
}

function evaluate(
  definition: WorkflowDefinition,
  snapshot: CaseSnapshot,
  request: ActionRequest,
  actor: Actor,
  businessDate: string,
  isPreview: boolean,
): TransitionResult {
  if (snapshot.definitionCode !== definition.code || snapshot.definitionVersion !== definition.version) {
    return refuse({
      code: 'DEFINITION_MISMATCH',
      definition: { code: definition.code, version: definition.version },
      case: { code: snapshot.definitionCode, version: snapshot.definitionVersion },
    });
  }
  if (isClosed(definition, snapshot)) return refuse({ code: 'CASE_CLOSED', status: snapshot.status });
  const stage = findStage(definition, snapshot.stage);
  if (!stage) return refuse({ code: 'WRONG_STAGE', stage: snapshot.stage });
  if (request.expectedStage !== undefined && request.expectedStage !== snapshot.stage) {
    return refuse({ code: 'WRONG_STAGE', stage: snapshot.stage, expectedStage: request.expectedStage });
  }
  const branches = stage.actions.filter((candidate) => candidate.name === request.name);
  const first = branches[0];
  if (!first) return refuse({ code: 'ACTION_NOT_ALLOWED', stage: stage.code, action: String(request.name) });

  const patch = request.fields ?? {};
  const fields: CaseFields = { ...snapshot.fields, ...patch };
  const branch = branches.find((candidate) => matchesCondition(candidate.when, fields));
  const chosen = branch ?? first;

  const authority = chosen.authority ?? stage.authority;
  if (!actor.authorities.includes(authority)) return refuse({ code: 'MISSING_AUTHORITY', authority });
  if (chosen.isCheckerAction && snapshot.makerUserId !== null && isSameUser(snapshot.makerUserId, actor.userId)) {
    return refuse({ code: 'MAKER_CANNOT_CHECK', makerUserId: snapshot.makerUserId });
  }
  const editable = new Map<string, FieldDefinition>();
  for (const field of [...stageFormFields(stage), ...branches.flatMap((candidate) => candidate.fields)]) {
    if (!editable.has(field.name)) editable.set(field.name, field);
  }
  const notEditable = Object.keys(patch).filter((name) => !editable.has(name));
  if (notEditable.length > 0) return refuse({ code: 'FIELD_NOT_EDITABLE', fields: notEditable });

  if (!branch) {
    const guarded = [...new Set(branches.flatMap((candidate) => (candidate.when ? [candidate.when.field] : [])))];
    return refuse({ code: 'NO_BRANCH_MATCHES', action: chosen.name, fields: guarded });
  }
  const returnStage = snapshot.returnStage ?? null;
  if ('history' in branch.to && (returnStage === null || !findStage(definition, returnStage))) {
    return refuse({ code: 'NO_RETURN_STAGE', action: branch.name });
  }

  const unmet = unmetRequirements(stage, branch, {
    fields,
    patch,
    documents: snapshot.documents,
    remarks: isPreview ? null : (request.remarks ?? ''),
    businessDate,
  });
  const unmetRefusal = refusalOfUnmet(branch.name, unmet);
  if (unmetRefusal) return refuse(unmetRefusal);

  const timing = checkEarliestRules(definition, stage, branch, fields, snapshot.stageEnteredOn, businessDate);
  if (timing) return refuse(timing);

  const isTerminal = 'terminal' in branch.to;
  const nextStage = 'stage' in branch.to ? branch.to.stage : 'history' in branch.to ? returnStage! : stage.code;
  const makerUserId = branch.maker === 'actor' ? actor.userId : branch.maker === 'keep' ? snapshot.makerUserId : null;
  const nextReturnStage = branch.opensDetour ? stage.code : 'history' in branch.to ? null : returnStage;
  return {
    ok: true,
    action: { name: branch.name, labelKey: branch.labelKey },
    from: { stage: stage.code, status: snapshot.status },
    next: {
      stage: nextStage,
      status: branch.status,
      stageEnteredOn: businessDate,
      makerUserId,
      returnStage: isTerminal ? null : nextReturnStage,
      fields,
      version: snapshot.version + 1,
      isClosed: isTerminal,
    },
    changes: Object.keys(patch)
      .filter((name) => patch[name] !== snapshot.fields[name])
      .map((name) => ({ field: name, from: snapshot.fields[name] ?? null, to: patch[name] ?? null })),
    effects: [...branch.effects],
  };
}

/**
 * The stage form's value errors, judged the same way wherever the form is judged — on Save (`POST …/fields`), before
 * an action that validates the form, and by the case screen before it sends either: every field the form shows (its
 * `when` holds on the merged values) and every field being changed, each filled value against its type and rules,
 * with the merged values (so a rule that compares with another field, e.g. next hearing after the hearing, is
 * judged again when either changes). Empty values are the business of `required` (checked on actions only: a draft
 * may be incomplete, never wrong).
 */
export function stageFormErrors(
  stage: StageDefinition,
  fields: CaseFields,
  businessDate: string,
  changed: readonly string[] = [],
): FieldError[] {
  const toCheck = stageFormFields(stage).filter(
    (field) => changed.includes(field.name) || (stage.fields.includes(field) && matchesCondition(field.when, fields)),
  );
  return validateFields(toCheck, fields, businessDate);
}

/** Everything an action still needs, all at once (empty lists and `remarks: false`: nothing). */
export type UnmetRequirements = {
  /** remarks are required and empty */
  remarks: boolean;
  /** required fields that are empty */
  fields: string[];
  /** filled values that break their rules */
  errors: FieldError[];
  /** required documents not on the case */
  documents: string[];
};

/** Whether a document requirement of a stage applies to a case with these values (its `when` holds). */
export function documentApplies(requirement: DocumentRequirement, fields: CaseFields): boolean {
  return matchesCondition(requirement.when, fields);
}

/** Whether a document of a stage's checklist is needed to leave the stage now: required and applicable. */
export function documentRequiredNow(requirement: DocumentRequirement, fields: CaseFields): boolean {
  return requirement.required && documentApplies(requirement, fields);
}

/**
 * Every requirement of an action the case does not meet yet — remarks, required fields, invalid values, required
 * documents — judged on the values the action would leave (`fields`: saved values with `patch` over them). The
 * engine refuses with all of them in one refusal, and the case screen runs the same function on the form's values
 * before it sends, so the user sees everything an action needs up front. `remarks: null` skips the remarks check
 * (a preview, or the screen before the remarks dialog).
 */
export function unmetRequirements(
  stage: StageDefinition,
  action: ActionDefinition,
  input: {
    fields: CaseFields;
    patch?: Readonly<Record<string, FieldValue>>;
    documents: readonly string[];
    remarks: string | null;
    businessDate: string;
  },
): UnmetRequirements {
  const { fields, businessDate } = input;
  const patch = input.patch ?? {};
  const requirement = requirementsOf(stage, action, fields);
  const missingFields = requirement.fields.filter((name) => !isFilled(fields[name]));
  const editable = new Map<string, FieldDefinition>();
  for (const field of [...stageFormFields(stage), ...action.fields]) {
    if (!editable.has(field.name)) editable.set(field.name, field);
  }
  const toCheck = [...editable.values()].filter(
    (field) => !missingFields.includes(field.name) && (field.name in patch || requirement.validated.has(field.name)),
  );
  return {
    remarks: input.remarks !== null && actionNeedsRemarks(action) && !hasRemarks(input.remarks),
    fields: missingFields,
    errors: validateFields(toCheck, fields, businessDate),
    documents: requirement.documents.filter((code) => !input.documents.includes(code)),
  };
}

/** Nothing unmet → null; one kind unmet → its own refusal; several kinds → REQUIREMENTS_UNMET naming them all. */
function refusalOfUnmet(action: ActionName, unmet: UnmetRequirements): Refusal | null {
  const kinds: Refusal[] = [
    ...(unmet.remarks ? [{ code: 'REMARKS_REQUIRED' as const, action }] : []),
    ...(unmet.fields.length > 0 ? [{ code: 'REQUIRED_FIELD_MISSING' as const, fields: unmet.fields }] : []),
    ...(unmet.errors.length > 0 ? [{ code: 'FIELD_INVALID' as const, errors: unmet.errors }] : []),
    ...(unmet.documents.length > 0 ? [{ code: 'REQUIRED_DOCUMENT_MISSING' as const, documents: unmet.documents }] : []),
  ];
  if (kinds.length === 0) return null;
  if (kinds.length === 1) return kinds[0]!;
  return { code: 'REQUIREMENTS_UNMET', ...unmet };
}

/** What an action needs: the fields that must be filled, the fields whose values are checked, the documents. */
function requirementsOf(
  stage: StageDefinition,
  action: ActionDefinition,
  fields: CaseFields,
): { fields: string[]; validated: Set<string>; documents: string[] } {
  const shown = (field: FieldDefinition) => matchesCondition(field.when, fields);
  const formFields = action.validateForm ? stage.fields.filter(shown) : [];
  const dialogFields = action.fields.filter(shown);
  const required = [...formFields, ...dialogFields].filter((field) => field.required).map((field) => field.name);
  const documents = action.validateForm
    ? stage.documents.filter((doc) => documentRequiredNow(doc, fields)).map((doc) => doc.code)
    : [];
  return {
    fields: [...new Set([...required, ...action.requiredFields])],
    validated: new Set([...formFields, ...dialogFields].map((field) => field.name)),
    documents: [...new Set([...documents, ...action.requiredDocuments])],
  };
}

type RuleDate = { date: string | null; missing: string[] };

/** The date a rule computes on a case: the latest filled base date plus the offsets; null while no base is filled. */
export function ruleDate(
  rule: Pick<DateRule, 'base' | 'offsetDays' | 'offsetMonths'>,
  fields: CaseFields,
  stageEnteredOn: string,
): RuleDate {
  const dates: string[] = [];
  const missing: string[] = [];
  for (const base of ruleBases(rule)) {
    const value = base === STAGE_ENTERED_ON ? stageEnteredOn : fields[base];
    if (isIsoDate(value)) dates.push(value);
    else missing.push(base);
  }
  if (dates.length === 0) return { date: null, missing };
  const latest = dates.reduce((a, b) => (a > b ? a : b));
  return { date: shiftDate(latest, rule.offsetDays, rule.offsetMonths), missing };
}

/** The rules shown at a stage for this case (their `when` holds). */
export function rulesAt(definition: WorkflowDefinition, stageCode: string, fields: CaseFields): DateRule[] {
  return definition.dateRules.filter((rule) => rule.stages.includes(stageCode) && matchesCondition(rule.when, fields));
}

function checkEarliestRules(
  definition: WorkflowDefinition,
  stage: StageDefinition,
  action: ActionDefinition,
  fields: CaseFields,
  stageEnteredOn: string,
  businessDate: string,
): Refusal | null {
  const gating = rulesAt(definition, stage.code, fields).filter(
    (rule) => rule.kind === 'earliest' && rule.actions.includes(action.name),
  );
  let binding: { rule: DateRule; date: string } | null = null;
  for (const rule of gating) {
    const { date, missing } = ruleDate(rule, fields, stageEnteredOn);
    if (date === null) return { code: 'REQUIRED_FIELD_MISSING', fields: missing };
    if (businessDate < date && (!binding || date > binding.date)) binding = { rule, date };
  }
  if (!binding) return null;
  const { rule, date } = binding;
  return { code: 'TOO_EARLY', rule: rule.name, label: rule.label, labelKey: rule.labelKey, earliest: date };
}

export type AvailableAction = {
  name: ActionName;
  labelKey: string;
  remarksRequired: boolean;
  isCheckerAction: boolean;
  /** the dialog fields of the action (e.g. the withdrawal reason) */
  fields: FieldDefinition[];
  enabled: boolean;
  /** why the action is not available now (remarks are not judged here: the user types them in the dialog) */
  refusal: Refusal | null;
};

/** The actions of the case's stage for this actor today, each enabled or with its refusal, for the UI. */
export function availableActions(
  definition: WorkflowDefinition,
  snapshot: CaseSnapshot,
  actor: Actor,
  businessDate: string,
): AvailableAction[] {
  if (snapshot.definitionCode !== definition.code || snapshot.definitionVersion !== definition.version) return [];
  if (isClosed(definition, snapshot)) return [];
  const stage = findStage(definition, snapshot.stage);
  if (!stage) return [];
  const names = [...new Set(stage.actions.map((action) => action.name))];
  return names.map((name) => {
    const branches = stage.actions.filter((action) => action.name === name);
    const shown = branches.find((action) => matchesCondition(action.when, snapshot.fields)) ?? branches[0]!;
    const result = evaluate(definition, snapshot, { name }, actor, businessDate, true);
    return {
      name,
      labelKey: shown.labelKey,
      remarksRequired: actionNeedsRemarks(shown),
      isCheckerAction: shown.isCheckerAction,
      fields: branches.flatMap((action) => action.fields),
      enabled: result.ok,
      refusal: result.ok ? null : result.refusal,
    };
  });
}

export type StageDate = {
  rule: string;
  label: string;
  labelKey: string;
  kind: DateRule['kind'];
  source: string;
  /** null while the fields it counts from are empty */
  date: string | null;
  /** the base fields still empty */
  missingFields: string[];
  /** days from the business date to the date (negative: past) */
  daysLeft: number | null;
  /** a 'latest' date that has passed while the case is still at the stage */
  isOverdue: boolean;
};

/** The dated rules of the case's current stage, for the case screen and SLA/overdue dashboards. */
export function stageDates(definition: WorkflowDefinition, snapshot: CaseSnapshot, businessDate: string): StageDate[] {
  if (isClosed(definition, snapshot)) return [];
  return rulesAt(definition, snapshot.stage, snapshot.fields).map((rule) => {
    const { date, missing } = ruleDate(rule, snapshot.fields, snapshot.stageEnteredOn);
    return {
      rule: rule.name,
      label: rule.label,
      labelKey: rule.labelKey,
      kind: rule.kind,
      source: rule.source,
      date,
      missingFields: date === null ? missing : [],
      daysLeft: date === null ? null : daysBetween(businessDate, date),
      isOverdue: rule.kind === 'latest' && date !== null && businessDate > date,
    };
  });
}

/** The earliest 'latest' date of the case's stage: the server stores it on the case so dashboards query it in SQL. */
export function stageDueDate(definition: WorkflowDefinition, snapshot: CaseSnapshot): string | null {
  if (isClosed(definition, snapshot)) return null;
  let due: string | null = null;
  for (const rule of rulesAt(definition, snapshot.stage, snapshot.fields)) {
    if (rule.kind !== 'latest') continue;
    const { date } = ruleDate(rule, snapshot.fields, snapshot.stageEnteredOn);
    if (date !== null && (due === null || date < due)) due = date;
  }
  return due;
}
