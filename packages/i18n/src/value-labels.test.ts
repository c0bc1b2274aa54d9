import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_AUTHORITY_CODES } from '@recovery-desk/domain/authorities.ts';
import { describe, expect, it } from 'vitest';
import { authorityLabel } from './authority-labels.ts';
import { DICTIONARIES, LANGUAGES } from './languages.ts';
import { translator } from './translator.ts';
import { valueLabel, valueLabelKey, VALUE_KINDS, type ValueKind } from './value-labels.ts';

// Codes never reach a user as codes: every code list of the domain is either worded by a value kind, in every
// language, or listed below with the reason it is never shown as such.

/** domain export → the value kind that words its values */
const LABELLED: Record<string, ValueKind> = {
  DISPOSITIONS: 'disposition',
  CONTACT_MODES: 'contactMode',
  REMINDER_MODES: 'contactMode',
  ADDRESS_TYPES: 'addressType',
  CONTACT_TYPES: 'contactType',
  CONTACT_CATEGORIES: 'contactCategory',
  CONTACT_LEVELS: 'level',
  PTP_STATUSES: 'status',
  PTP_DEVIATION_REASONS: 'deviationReason',
  APPROVAL_STATUSES: 'approvalStatus',
  HOLD_REASONS: 'holdReason',
  PRODUCTS: 'product',
  JOB_STATUSES: 'jobStatus',
  UNIT_LEVELS: 'unitLevel',
  FI_FORUMS: 'fiForum',
  UPLOAD_KINDS: 'uploadKind',
  UPLOAD_STATUSES: 'uploadStatus',
  CASE_STATUSES: 'caseStatus',
  FINAL_COURT_OUTCOMES: 'courtOutcome',
  UPI_STATUSES: 'upiStatus',
  BATCH_STATUSES: 'batchStatus',
  EFT_CANCEL_REASONS: 'eftCancelReason',
  BATCH_MODES: 'receiptMode',
  ELECTRONIC_MODES: 'receiptMode',
  RECEIPT_MODES: 'receiptMode',
  CAPTURE_MODES: 'receiptMode',
  BOOK_MODES: 'receiptMode',
  INSTRUMENT_MODES: 'receiptMode',
  TRANSFER_MODES: 'receiptMode',
  RECEIPT_STATUSES: 'receiptStatus',
  RECEIPT_SOURCES: 'receiptSource',
  RECEIPT_KINDS: 'receiptKind',
  CANCEL_REASONS: 'cancelReason',
  POSTING_COMPONENTS: 'postingComponent',
  DEFAULT_POSTING_ORDER: 'postingComponent',
  FUEL_LEVELS: 'fuelLevel',
  ASSET_CONDITIONS: 'assetCondition',
  YARD_OUT_REASONS: 'yardOutReason',
  AGENCY_KINDS: 'agencyKind',
  ITEM_CONDITIONS: 'itemCondition',
  AREA_UNITS: 'areaUnit',
  PUBLICATION_LANGUAGES: 'publicationLanguage',
  PUBLICATION_PURPOSES: 'publicationPurpose',
  PROPERTY_OCCUPANCIES: 'propertyOccupancy',
  POSITION_EVENT_TYPES: 'positionEvent',
  TRACKING_STATUSES: 'trackingStatus',
  ACTIVE_STATUS_FILTERS: 'trackingStatus',
  ROUTE_EVENT_TYPES: 'positionEvent',
  SECURED_DOCUMENT_KINDS: 'securedDocumentKind',
  SHADY_RULES: 'shadyRule',
  SEVERITIES: 'severity',
  SHADY_BASES: 'shadyBasis',
  SHADY_MEASURES: 'shadyMeasure',
};

/** domain export → why its values are never shown as codes */
const NOT_SHOWN: Record<string, string> = {
  PHOTO_MIME_TYPES: 'file types the photo upload accepts; the screens word them as PNG or JPEG',
  SCAN_MIME_TYPES: 'file types a newspaper scan may be; the screens word them as PDF, JPEG or PNG',
  AGENCY_LETTER_MIME_TYPES: 'file types an agency authorisation letter may be; the file chooser filters by them',
  LETTER_REQUIRED_KINDS: 'the agency kinds that need the letter (a subset of agencyKind, labelled as that)',
  PUBLICATION_MISSING: 'what the publication rule lacks, worded by the Publications tab (RepoPubMissing* keys)',
  ALL_AUTHORITY_CODES: 'shown as the screen an authority opens (authority-labels.ts, checked below)',
  APPROVER_AUTHORITIES: 'authority codes, shown as the screen an authority opens (authority-labels.ts)',
  APPS: 'apps are shown by their labelKey',
  APP_CODES: 'apps are shown by their labelKey',
  APPROVAL_FLOWS: 'flows are data of the approval kit; requests show their subject',
  APPROVAL_TABS: 'URL names of tabs; the tabs show CaseTab* labels',
  APPROVAL_STEPS: 'history rows show the decision words of the approval kit',
  APPROVAL_SUBJECT_KINDS: 'internal kind of an approval request; the screens show the subject',
  DECISION_KINDS: 'API verbs; buttons carry their own labels',
  DECISIONS_NEEDING_REMARKS: 'API verbs that need remarks; buttons carry their own labels',
  ERROR_CODES: 'worded by describe-error.ts and errors-*.ts',
  WORKFLOW_ERROR_CODES: 'worded by describe-error.ts and Refusal* keys',
  JOB_KINDS: 'worded by the jobs screens (Job* keys)',
  COLL_UPLOAD_TYPES: 'worded by the collections upload screens (CollUploadType* keys)',
  COLL_UPLOAD_STATUSES: 'worded by the collections upload screens (CollUploadStatus* keys)',
  BANK_STATEMENT_COLUMNS: 'column names of the bank statement upload file, shown as they are typed in the file',
  BANK_STATEMENT_REQUIRED: 'column names of the bank statement upload file, shown as they are typed in the file',
  NACH_COLUMNS: 'column names of the NACH upload file, shown as they are typed in the file',
  NACH_REQUIRED: 'column names of the NACH upload file, shown as they are typed in the file',
  NACH_STATUSES: 'values typed in the NACH upload file (status column); row errors quote them as typed',
  CONTACT_UPLOAD_TYPES: 'values of the contactType column of a contact-updates file, file syntax like its header',
  TEMPLATE_FORMATS: 'file formats, shown as XLSX and CSV on the template buttons',
  NOTICE_PLACEHOLDERS: 'placeholder syntax of notice templates, shown to the template author as syntax',
  SECURED_PLACEHOLDERS: 'placeholder syntax of the repossession and SARFAESI document templates, shown as syntax',
  CLOSURE_TYPES_WITH_PROCEEDS: "closure type values, shown by the definitions' option labels (ClosureSold)",
  REFUND_STATUSES: "shown as the closure statement's sentences (ClosureRefundDue, ClosureRefundPaid)",
  BID_STATUSES: 'the bids tab words a bid status with its own keys (AuctionBidStatus*, repo-ui)',
  AUCTION_BATCH_STATUSES: 'the batch screen shows a status as its tab (AuctionBatchTab*, repo-ui)',
  CURRENCIES: 'ISO 4217 codes, shown inside formatted amounts',
  CASE_TABS: 'URL names of tabs; the tabs show CaseTab* labels',
  ACTION_NAMES: 'actions are shown by the definition’s labelKey',
  FIELD_TYPES: 'field kinds of the workflow definition syntax',
  WORKFLOW_EFFECTS: 'effects run by the engine, never listed to users',
  DEFINITION_STATUSES: 'definition lifecycle of the built-in catalogue, not shown',
  BUILT_IN_DEFINITIONS: 'definitions are shown by their labelKey',
  NEXT_STEPS: 'what a disposition does to the account; never shown as such',
  BUCKETS: 'shown as day ranges (bucketText), Current translated',
  ASSET_CLASSES: 'RBI asset classes (SMA-0, NPA) read the same in every language; Standard is translated',
  // Settlements (issue 13): the screens word each code with their own Settlement* keys (settlements-*.ts).
  SETTLEMENT_COMPONENTS: 'shown as SettlementPrincipal / SettlementInterest / SettlementCharges',
  SETTLEMENT_LEVELS: 'shown as SettlementLevel* (the flow’s level labelKeys)',
  SANCTION_LEVELS: 'shown as SettlementSanction*',
  SETTLEMENT_DECISIONS: 'API verbs; the buttons carry SettlementApprove / SettlementPushback / SettlementReject',
  SETTLEMENT_TABS: 'URL names of the views; the tabs show SettlementTab*',
  SETTLEMENT_SCREENS: 'API path segments of the three screens, never shown',
  SETTLEMENT_STATUSES: 'shown as SettlementStatus*',
  // Map-based allocation (issue 16): the screens word each code with their own CcAl* keys (cmdcenter-*.ts).
  ALLOCATION_SKIP_REASONS: 'shown as CcAlReason*',
  ALLOCATION_MAP_STATUSES: 'shown as CcAlStatus*',
  ALLOCATION_BATCH_STATUSES: 'shown as CcAlBatch*',
  ALLOCATION_ITEM_OUTCOMES: 'shown as CcAlOutcome*',
  ALLOCATION_MODES: 'one mode (PROXIMITY), never shown as a code',
  SETTLEMENT_STAGES: 'shown as SettlementStage*',
  STATEMENT_COLUMNS: 'the header names of the statement file format, shown as file syntax',
  MATCH_KINDS: 'the reconciliation report groups credits by section (PayRecon* labels), never shows the kind',
  // User Approval (issue 14): the screen words each code with its own Usr* keys (users-*.ts).
  ACCOUNT_VIEW_TABS: 'shown as UsrTab* (the account view tabs a grant opens)',
  USER_CHANGE_ACTIONS: 'shown as UsrAction*',
  USER_STATUSES: 'shown as UsrStatus*',
  BUILT_IN_ACCOUNT_MARKS: 'shown as MarkCode* (markLabel in features/account-marks; configured codes as they are)',
  // Day start steps and Schedule Process (issue 14): their screens word each code with their own keys.
  DAY_START_STEPS: 'shown as DayStartStep* (daystart-*.ts)',
  RULE_BUCKETS: 'allocation rule buckets, shown as the code with its day range (bucketText)',
  PROCESS_MODES: 'shown as ProcessEveryMinutes / ProcessDailyAt / ProcessOnDemand',
  PROCESS_ORDER: 'job kinds in display order, shown as ProcessName*',
  // Reports (issue 14): a report, a grouping and a cell kind are shown by the report definition's labelKeys.
  REPORT_KEYS: 'shown as Report* (each report definition names its labelKey)',
  REPORT_CELL_KINDS: 'how a cell is formatted (money, rate, bucket…), never shown',
  COLLECTION_DIMENSIONS: 'shown as ReportBy* (Bucket, Product, Branch, Agent, Account)',
  // Work plan and PVR (issue 14): the field screens word each code with their own Field* / Pvr* / Heat* keys.
  VISIT_PRIORITIES: 'shown as FieldPriority*',
  VISIT_STATUSES: 'shown as FieldVisit*',
  PVR_STATUSES: 'shown as PvrStatus*',
  OCCUPANCIES: 'shown as PvrOccupancy*',
  PROPERTY_CONDITIONS: 'shown as PvrCondition*',
  PVR_REVIEW_DECISIONS: 'API verbs; the buttons carry PvrApprove / PvrSendBack',
  HEAT_LAYERS: 'shown as HeatAwaiting / HeatVisits',
  // Repossession dashboard and settings (issue 15).
  AGEING_BUCKETS: 'shown as RepoAgeing* (days at the stage)',
  REPO_WORKFLOW_CODES: 'workflow codes, shown by their definition labelKey',
  REPO_UPLOAD_KINDS: 'shown as RepoUploadKindInitiation / RepoUploadKindStageUpdate (with the stage)',
  CASE_EXPORT_STATES: 'shown as the download filter RepoDownloadState* options',
  CASE_EXPORT_COLUMNS: 'spreadsheet column headings of the case download, written in the file as they are',
  SALE_PROBLEMS: 'shown as SaleProblem* sentences built from the figures',
  DM_FILING_STEPS: 'shown as DmStep* (the DM Filing register)',
  DM_ORDER_CLOCKS: 'shown as DmClock* badges with their dates',
  // Command center domain rules (issue 16, helper "ccdomain"): no screen shows these yet. The screens that show a
  // rule, a severity, a basis or a status must label them (a value kind) and move them to LABELLED.
  SHADY_REPORTS: 'which report lists a rule (Shady Transaction Time or Location); the screens are those reports',
  ACTIVITY_EXPORT_FORMATS: 'file formats, shown as CSV and XLSX on the export buttons',
  PLANT_KINDS: 'the demo simulator’s planted cases, for tests and the demo seed; never shown',
};

const domainRoot = join(dirname(fileURLToPath(import.meta.url)), '../../domain/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.includes('.test.') && !path.endsWith('testing.ts') ? [path] : [];
  });
}

type CodeList = { name: string; file: string; codes: string[] };

/** Every exported list of codes of the domain: arrays of strings, or of records with a string `code`. */
async function domainCodeLists(): Promise<CodeList[]> {
  const lists: CodeList[] = [];
  for (const file of sourceFiles(domainRoot)) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (!Array.isArray(value) || value.length === 0) continue;
      const codes = value.every((item) => typeof item === 'string')
        ? (value as string[])
        : value.every((item) => typeof (item as { code?: unknown } | null)?.code === 'string')
          ? (value as { code: string }[]).map((item) => item.code)
          : null;
      if (codes) lists.push({ name, file: relative(domainRoot, file), codes });
    }
  }
  return lists;
}

describe('value labels', () => {
  it('every code list of the domain is labelled, or listed as never shown with a reason', async () => {
    const lists = await domainCodeLists();
    expect(lists.map((list) => list.name)).toEqual(expect.arrayContaining(['DISPOSITIONS', 'CONTACT_TYPES']));
    const unaccounted = lists
      .filter((list) => !(list.name in LABELLED) && !(list.name in NOT_SHOWN))
      .map((list) => `${list.file}: ${list.name}`);
    expect(unaccounted).toEqual([]);
  });

  it.each(LANGUAGES)('every value of every labelled list has a label in %s', async (language) => {
    const dictionary = DICTIONARIES[language] as Record<string, string | undefined>;
    const missing: string[] = [];
    for (const list of await domainCodeLists()) {
      const kind = LABELLED[list.name];
      if (!kind) continue;
      for (const code of list.codes) {
        const key = valueLabelKey(kind, code);
        if (!key || !dictionary[key]?.trim()) missing.push(`${list.name}.${code} (${key ?? 'no key'})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every kind words its values the same way on the server and the web', () => {
    const de = translator('de');
    expect(valueLabel('addressType', 'RESIDENCE', de.tr)).toBe('Wohnsitz');
    expect(valueLabel('contactCategory', 'SELF', translator('en').tr)).toBe('Self');
    expect(valueLabel('level', 'PRIMARY', translator('hi').tr)).toBe('प्राथमिक');
    expect(valueLabel('disposition', 'SETTLEMENT REQ', translator('en').tr)).toBe('Asks for a settlement (OTS)');
    expect(valueLabel('contactType', 'MOBILE', translator('ar').tr)).toBe('جوال');
    expect(valueLabel('contactType', 'PAGER', de.tr)).toBe('PAGER');
    expect(Object.keys(VALUE_KINDS).length).toBeGreaterThan(10);
  });

  it.each(LANGUAGES)('every authority is named by a screen in %s, never by its code', (language) => {
    const { tr } = translator(language);
    const raw = ALL_AUTHORITY_CODES.filter((code) => authorityLabel(code, tr) === code);
    expect(raw).toEqual([]);
    if (language === 'en') expect(authorityLabel('LEGAL_FILE_APP_SAUTH', tr)).toBe('Legal Filing Approval');
  });
});
