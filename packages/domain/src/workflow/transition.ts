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
  if (!isPreview && actionNeedsRemarks(chosen) && !hasRemarks(request.remarks)) {
    return refuse({ code: 'REMARKS_REQUIRED', action: chosen.name });
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

  const requirement = requirementsOf(stage, branch, fields);
  const missingFields = requirement.fields.filter((name) => !isFilled(fields[name]));
  if (missingFields.length > 0) return refuse({ code: 'REQUIRED_FIELD_MISSING', fields: missingFields });

  const toCheck = [...editable.values()].filter(
    (field) => field.name in patch || requirement.validated.has(field.name),
  );
  const errors = validateFields(toCheck, fields, businessDate);
  if (errors.length > 0) return refuse({ code: 'FIELD_INVALID', errors });

  const missingDocuments = requirement.documents.filter((code) => !snapshot.documents.includes(code));
  if (missingDocuments.length > 0) return refuse({ code: 'REQUIRED_DOCUMENT_MISSING', documents: missingDocuments });

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
    ? stage.documents.filter((doc) => doc.required && matchesCondition(doc.when, fields)).map((doc) => doc.code)
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
