import type { Database } from '@recovery-desk/db/client.ts';
import { DEMO_ORGANISATION_NAME } from '@recovery-desk/db/demo-organisation.ts';
import { addDays, daysBetween } from '@recovery-desk/domain/dates.ts';
import { fromCents } from '@recovery-desk/domain/collections/ptp-policy.ts';
import { toCents } from '@recovery-desk/domain/money.ts';
import { matchesCondition, type CaseFields, type FieldValue } from '@recovery-desk/domain/workflow/case-fields.ts';
import { findStage, type ActionName, type WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import type { LegalTimelines } from '@recovery-desk/domain/workflow/definitions/legal.ts';
import { shiftDate } from '@recovery-desk/domain/workflow/dates.ts';
import type { Transaction } from '../../../db/transaction.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { MailService } from '../../../mail/mail-service.ts';
import { replayBusinessDateInTx, requireBusinessDate } from '../../organisation/index.ts';
import {
  LEGAL_APP,
  LEGAL_CODE,
  formatNoticeAmount,
  formatNoticeDate,
  declinePoolAccounts,
  initiatePoolCases,
  generateNotices,
  loadLegalSettings,
} from '../../legal/index.ts';
import {
  findCaseInScope,
  insertCaseEvent,
  applyCaseActionInTx,
  addGeneratedDocument,
  activeDefinition,
  saveCaseFields,
} from '../../workflow/index.ts';
import {
  countLegalCases,
  findUnitsByCode,
  findUsersByUsername,
  listPoolCandidates,
  type DemoUnitRow,
  type DemoUserRow,
  type PoolCandidateRow,
} from '../demo-seed.repository.ts';
import { renderDemoPdf } from './demo-pdf.ts';
import { ReplayClock } from './replay-clock.ts';
import {
  DEMO_LEGAL_STORIES,
  type CourtUpdateStep,
  type DemoCaseType,
  type DemoRegion,
  type DemoStep,
  type DemoStory,
} from './demo-legal-stories.ts';
import { withDocumentTransaction } from '../../../documents/document-store.ts';

// The demo's legal cases (first start in demo mode): about three dozen cases at every stage of the legal workflow,
// made the way staff make them — pool initiation, the engine's actions, document uploads, notice generation — as
// the demo's legal officers (legal.mumbai, legal.delhi) and the West-zone legal manager (legalmgr.west) acting in
// their units. Every case therefore has its CREATE event, a consistent history, its checklist documents and audit
// rows. Field dates are counted back from the business date so that no statutory rule is broken: §138/§25 notices
// within 30 days of the return memo, complaints after the 15 days to pay and within the month after. Each case is
// replayed day by day (storySchedule): initiated after its return memo (or some weeks before its notice), each step
// on its day — the notice approved (and so generated) on the notice's date, sent, served, filed, heard on theirs —
// with the organisation's business date set to that day inside the seed's transaction and the seed's clock
// (ReplayClock) on it, so the services record a history in date order. The real business date is set back before
// the commit. All of it runs in one transaction: a failed seed leaves no half-made case.

export const DEMO_SEED_REQUEST_ID = 'demo-seed';

const OFFICERS: Record<DemoRegion, { username: string; unit: string }> = {
  MUM: { username: 'legal.mumbai', unit: 'RG-MUM' },
  DEL: { username: 'legal.delhi', unit: 'RG-DEL' },
};
const MANAGER = { username: 'legalmgr.west', unit: 'ZN-W' };

const PDF = 'application/pdf';
const DISHONOUR_TYPES: readonly DemoCaseType[] = ['S138', 'S25'];

type Timeline = {
  chequeDate: string;
  presentationDate: string;
  chequeReturnDate: string;
  returnMemoReceivedDate: string;
  noticeDate: string;
  noticeSentDate: string;
  noticeServedDate: string;
  filingDate: string;
  firstHearing: string;
};

/**
 * The story's dates. A case in court counts back from its first hearing: filed five weeks before it; for cheque and
 * mandate cases the notice served 21 days before filing (after the 15 days to pay, inside the month after), sent
 * four days before service, dated the day before sending and a week after the return memo; the cheque presented
 * three days before its return and dated six days before presentation. Other cases take the notice date (today
 * unless `noticeAgo`) or the return memo (`memoAgo`) as their anchor.
 */
export function storyTimeline(story: DemoStory, businessDate: string, timelines: LegalTimelines): Timeline {
  const dishonour = DISHONOUR_TYPES.includes(story.caseType);
  const noticeToFiling = dishonour ? timelines.paymentDaysAfterService + 6 : 21;
  let notice: number;
  let filing: number;
  if (story.firstHearing !== undefined) {
    filing = story.firstHearing - 35;
    notice = filing - noticeToFiling - 5;
  } else {
    notice = -(story.noticeAgo ?? 0);
    filing = notice + 5 + noticeToFiling;
  }
  const sent = Math.min(notice + 1, 0);
  const served = sent + 4;
  const memo = story.memoAgo !== undefined ? -story.memoAgo : notice - 7;
  const at = (offset: number) => addDays(businessDate, offset);
  return {
    chequeDate: at(memo - 11),
    presentationDate: at(memo - 5),
    chequeReturnDate: at(memo - 2),
    returnMemoReceivedDate: at(memo),
    noticeDate: at(notice),
    noticeSentDate: at(sent),
    noticeServedDate: at(served),
    filingDate: at(filing),
    firstHearing: at(story.firstHearing ?? filing + 35),
  };
}

/** The days a story's case was initiated and each of its steps taken, in order, none after the business date. */
export type StorySchedule = { initiatedOn: string; stepDays: string[] };

/**
 * When the staff did what the story says. Some steps have their day in the timeline: the manager approves the
 * notice (which generates it) on the notice's date, the notice is sent and served, the case filed and heard on
 * theirs. A cheque or mandate case is initiated the day after the return memo came in (at the latest on the notice
 * date); another case a few days per step before its notice. The other steps fall evenly between the days around
 * them, and the last step, without a day of its own, is taken on the business date: where the case stands, it stands
 * since today. Days never go back and never pass the business date.
 */
export function storySchedule(story: DemoStory, timeline: Timeline, businessDate: string): StorySchedule {
  const latest = (a: string, b: string) => (a > b ? a : b);
  const earliest = (a: string, b: string) => (a < b ? a : b);
  const steps = story.steps;
  const beforeNotice = steps.findIndex((step) => step.do === 'approveNotice');
  const stepsToNotice = beforeNotice === -1 ? steps.length : beforeNotice;
  const initiatedOn = earliest(
    DISHONOUR_TYPES.includes(story.caseType)
      ? earliest(addDays(timeline.returnMemoReceivedDate, 1), timeline.noticeDate)
      : addDays(timeline.noticeDate, -(3 + 2 * stepsToNotice)),
    businessDate,
  );
  const anchors = steps.map((step, index): string | undefined => {
    switch (step.do) {
      case 'approveNotice':
        return timeline.noticeDate;
      case 'sendNotice':
        return timeline.noticeSentDate;
      case 'recordService':
        return timeline.noticeServedDate;
      case 'fileCase':
        return timeline.filingDate;
      case 'courtUpdate':
        return addDays(businessDate, step.hearing);
      default:
        return index === steps.length - 1 ? businessDate : undefined;
    }
  });
  const stepDays: string[] = [];
  let previous = { index: -1, day: initiatedOn };
  for (const [index, anchor] of anchors.entries()) {
    let day = anchor;
    if (day === undefined) {
      const nextIndex = anchors.findIndex((candidate, at) => at > index && candidate !== undefined);
      const next = anchors[nextIndex]!;
      const span = Math.max(0, daysBetween(previous.day, next));
      day = addDays(previous.day, Math.floor((span * (index - previous.index)) / (nextIndex - previous.index)));
    }
    day = latest(earliest(day, businessDate), stepDays.at(-1) ?? initiatedOn);
    stepDays.push(day);
    if (anchor !== undefined) previous = { index, day };
  }
  return { initiatedOn, stepDays };
}

type Actors = { officer: UnitContext; manager: UnitContext };

type SeedRun = {
  tx: Transaction;
  /** the services' dependencies, their database being the seed's transaction (services nest as savepoints) */
  deps: AppDeps;
  businessDate: string;
  timelines: LegalTimelines;
  definition: WorkflowDefinition;
  actors: Record<DemoRegion, Actors>;
  clock: ReplayClock;
  /** the day being replayed: the business date the services read now */
  day: string;
};

/** From here on the services run on `day` (business date and clock). */
async function replayDay(run: SeedRun, day: string): Promise<void> {
  if (day !== run.day) await replayBusinessDateInTx(run.tx, day);
  run.day = day;
  run.clock.setDay(day);
}

function unitContext(user: DemoUserRow, unit: DemoUnitRow): UnitContext {
  return {
    requestId: DEMO_SEED_REQUEST_ID,
    ip: '127.0.0.1',
    user: { id: user.id, username: user.username, email: user.email, fullName: user.fullName, familyId: 'demo-seed' },
    actingUnit: { id: unit.id, code: unit.code, path: unit.path, hasChildren: unit.hasChildren },
    app: LEGAL_APP,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Choosing accounts

/** How well an account suits a case type: cheque cases on post-dated-cheque accounts, mandate cases on NACH… */
function typeFit(caseType: DemoCaseType, account: PoolCandidateRow, drtMinimum: bigint): boolean {
  switch (caseType) {
    case 'S138':
      return account.bouncedCheques > 0;
    case 'S25':
      return account.repaymentMode === 'NACH' || account.repaymentMode === 'AUTO_DEBIT';
    case 'DRT':
      return toCents(account.claimAmount) >= drtMinimum;
    case 'ARBITRATION':
      return ['AUTO', 'TWO_WHEELER', 'PERSONAL'].includes(account.product) && account.bouncedCheques === 0;
    case 'CIVIL_SUIT':
      return ['CREDIT_CARD', 'HOME', 'PERSONAL'].includes(account.product) && account.bouncedCheques === 0;
  }
}

const ONE_LAKH = 100_000_00n;

/**
 * The best unused account for the story (type fit, then branch, then a claim worth the cost of litigation). A cheque
 * case is never started on an account whose bounced cheques came after the day it is initiated: the initiation
 * copies the latest one into the case, and a cheque cannot bounce after the case about it began.
 */
function pickAccount(
  story: DemoStory,
  caseType: DemoCaseType,
  candidates: readonly PoolCandidateRow[],
  used: Set<number>,
  drtMinimum: bigint,
  initiatedOn: string,
  pool: { minDpd: number; businessDate: string },
): PoolCandidateRow | undefined {
  let best: { account: PoolCandidateRow; score: number } | undefined;
  // DPD is derived from the business date (migration 0029), so on the day the story initiates the case, which may be
  // weeks before today, the account must already be past the pool's minimum.
  const daysBefore = daysBetween(initiatedOn, pool.businessDate);
  for (const account of candidates) {
    if (used.has(account.accountId)) continue;
    if (account.dpd - daysBefore < pool.minDpd) continue;
    if (caseType === 'S138' && account.lastBounce !== null && account.lastBounce > initiatedOn) continue;
    const fits = typeFit(caseType, account, drtMinimum);
    if (caseType === 'DRT' && !fits) continue;
    const score =
      (fits ? 4 : 0) +
      (account.branchCode === story.branch ? 2 : 0) +
      (toCents(account.claimAmount) >= ONE_LAKH ? 1 : 0);
    if (!best || score > best.score) best = { account, score };
    if (score === 7) break;
  }
  return best?.account;
}

// ---------------------------------------------------------------------------------------------------------------
// Values of the case

const BANKS: readonly { name: string; ifscPrefix: string; micr: string }[] = [
  { name: 'HDFC Bank', ifscPrefix: 'HDFC', micr: '240' },
  { name: 'State Bank of India', ifscPrefix: 'SBIN', micr: '002' },
  { name: 'ICICI Bank', ifscPrefix: 'ICIC', micr: '229' },
  { name: 'Axis Bank', ifscPrefix: 'UTIB', micr: '211' },
  { name: 'Bank of Baroda', ifscPrefix: 'BARB', micr: '012' },
  { name: 'Kotak Mahindra Bank', ifscPrefix: 'KKBK', micr: '485' },
  { name: 'Punjab National Bank', ifscPrefix: 'PUNB', micr: '024' },
  { name: 'Canara Bank', ifscPrefix: 'CNRB', micr: '015' },
];

const BRANCH_PLACES: Record<string, { place: string; micrCity: string }> = {
  'BR-AND': { place: 'Andheri (East), Mumbai', micrCity: '400' },
  'BR-THN': { place: 'Thane (West)', micrCity: '400' },
  'BR-CP': { place: 'Connaught Place, New Delhi', micrCity: '110' },
  'BR-GGN': { place: 'Sector 14, Gurugram', micrCity: '110' },
};

const ADVOCATES = [
  { name: 'Adv. Sunil D. Patil', enrolment: 'MAH/1534/2004', phone: '9820145678', email: 'sunil.patil@example.com' },
  {
    name: 'Adv. Farida K. Shaikh',
    enrolment: 'MAH/2871/2009',
    phone: '9833072214',
    email: 'farida.shaikh@example.com',
  },
  { name: 'Adv. Ramesh V. Iyer', enrolment: 'MAH/0982/1998', phone: '9869011532', email: 'ramesh.iyer@example.com' },
  {
    name: 'Adv. Priya S. Kulkarni',
    enrolment: 'MAH/4410/2013',
    phone: '9821908877',
    email: 'priya.kulkarni@example.com',
  },
];

type Court = { courtType: string; court: string; caseNumber: string; cnr: string; filedDocument: string };

function courtOf(caseType: DemoCaseType, branchCode: string, claim: string, serial: number, year: string): Court {
  const number = String(1000 + ((serial * 7919) % 8000));
  const cnr = (prefix: string) => `${prefix}${String(100000 + ((serial * 104729) % 900000))}${year}`;
  const thane = branchCode === 'BR-THN';
  switch (caseType) {
    case 'S138':
    case 'S25': {
      const act = caseType === 'S138' ? 'Complaint under §138 NI Act' : 'Complaint under §25 PSS Act';
      return thane
        ? {
            courtType: 'JMFC',
            court: 'Judicial Magistrate First Class, Court No. 4, Thane',
            caseNumber: `SCC/${number}/${year}`,
            cnr: cnr('MHTH03'),
            filedDocument: act,
          }
        : {
            courtType: 'MM',
            court: "Metropolitan Magistrate's Court, 66th Court, Andheri, Mumbai",
            caseNumber: `${number}/SS/${year}`,
            cnr: cnr('MHMM13'),
            filedDocument: act,
          };
    }
    case 'CIVIL_SUIT':
      // Banks' recovery suits are commercial disputes from ₹3 lakh (Commercial Courts Act, 2015).
      return toCents(claim) >= 3n * ONE_LAKH
        ? {
            courtType: 'COMMERCIAL_COURT',
            court: thane ? 'Commercial Court, District Court, Thane' : 'Commercial Court, City Civil Court, Mumbai',
            caseNumber: `COMS/${number}/${year}`,
            cnr: cnr(thane ? 'MHTH01' : 'MHCC01'),
            filedDocument: 'Plaint',
          }
        : {
            courtType: 'CIVIL_COURT',
            court: thane ? 'Civil Judge Senior Division, Thane' : 'City Civil Court, Dindoshi, Mumbai',
            caseNumber: `SCS/${number}/${year}`,
            cnr: cnr(thane ? 'MHTH02' : 'MHCC05'),
            filedDocument: 'Plaint',
          };
    case 'ARBITRATION':
      return {
        courtType: 'ARBITRAL_TRIBUNAL',
        court: 'Sole Arbitrator Adv. S. P. Kulkarni, Fort, Mumbai',
        caseNumber: `ARB/${number}/${year}`,
        cnr: cnr('MHCC01'),
        filedDocument: 'Statement of claim',
      };
    case 'DRT':
      return {
        courtType: 'DRT',
        court: 'Debts Recovery Tribunal-I, Mumbai',
        caseNumber: `OA/${number}/${year}`,
        cnr: cnr('MHDR01'),
        filedDocument: 'Original application under §19 RDB Act',
      };
  }
}

const TYPE_WORDS: Record<DemoCaseType, string> = {
  S138: 'cheque dishonour (§138 NI Act)',
  S25: 'mandate dishonour (§25 PSS Act)',
  CIVIL_SUIT: 'recovery suit',
  ARBITRATION: 'arbitration',
  DRT: 'DRT original application',
};

const PRODUCT_WORDS: Record<string, string> = {
  AUTO: 'car loan',
  TWO_WHEELER: 'two-wheeler loan',
  HOME: 'home loan',
  PERSONAL: 'personal loan',
  CREDIT_CARD: 'credit card',
  MOBILE: 'consumer durable loan',
};

const OUTCOME_WORDS: Record<string, string> = {
  ADJOURNED: 'adjourned',
  PART_HEARD: 'part heard',
  INTERIM_ORDER: 'interim order passed',
  WARRANT_ISSUED: 'warrant issued',
  CONVICTED: 'accused convicted',
  ACQUITTED: 'accused acquitted',
  DECREED: 'suit decreed',
  DISMISSED: 'dismissed',
  AWARD_PASSED: 'award passed',
  SETTLED: 'settled',
};

const FINAL_OUTCOMES = new Set(['CONVICTED', 'ACQUITTED', 'DECREED', 'DISMISSED', 'AWARD_PASSED', 'SETTLED']);

const rupees = (amount: string) => formatNoticeAmount(amount, 'INR');
const day = (date: string) => formatNoticeDate(date);
const share = (amount: string, percent: bigint) => fromCents((toCents(amount) * percent) / 100n);

// ---------------------------------------------------------------------------------------------------------------
// Walking one case

class DemoCase {
  private version = 0;
  private stage = 'POOL';
  private status = 'Initiated';
  private fields: Record<string, FieldValue> = {};
  private readonly documents = new Set<string>();
  /** the date of the notice the manager's approval generated (the day it was approved) */
  private noticeGeneratedOn: string | null = null;
  readonly timeline: Timeline;
  readonly court: Court;
  readonly advocate: (typeof ADVOCATES)[number];
  private readonly bank: (typeof BANKS)[number];

  constructor(
    private readonly run: SeedRun,
    private readonly story: DemoStory,
    readonly caseType: DemoCaseType,
    private readonly account: PoolCandidateRow,
    readonly caseId: number,
    readonly caseNo: string,
    index: number,
    timeline: Timeline,
  ) {
    this.timeline = timeline;
    this.court = courtOf(
      caseType,
      account.branchCode,
      account.claimAmount,
      caseId,
      this.timeline.filingDate.slice(0, 4),
    );
    this.advocate = ADVOCATES[index % ADVOCATES.length]!;
    this.bank = BANKS[account.accountId % BANKS.length]!;
  }

  private get actors(): Actors {
    return this.run.actors[this.story.region];
  }

  private get isDishonour(): boolean {
    return DISHONOUR_TYPES.includes(this.caseType);
  }

  async load(): Promise<void> {
    const record = await findCaseInScope(this.run.tx, {
      caseId: this.caseId,
      unitPath: this.actors.officer.actingUnit.path,
    });
    if (!record) throw new Error(`demo case ${this.caseNo} vanished`);
    this.version = record.version;
    this.stage = record.stage;
    this.status = record.status;
    this.fields = { ...(record.fields as Record<string, FieldValue>) };
  }

  private async act(
    by: 'officer' | 'manager',
    action: ActionName,
    options: { fields?: Record<string, FieldValue>; remarks?: string } = {},
  ): Promise<void> {
    const applied = await applyCaseActionInTx(this.run.tx, this.run.deps, this.actors[by], {
      caseId: this.caseId,
      input: {
        action,
        version: this.version,
        expectedStage: this.stage,
        ...(options.fields ? { fields: options.fields } : {}),
        ...(options.remarks ? { remarks: options.remarks } : {}),
      },
    });
    // Outbox mail of the effects (a maker told of a pushback) stays in the demo outbox: demo addresses are not real.
    this.version = applied.version;
    this.stage = applied.stage;
    this.status = applied.status;
    Object.assign(this.fields, options.fields ?? {});
    if (action === 'approve' && applied.effects.includes('generateLegalNotice')) {
      this.documents.add('noticeCopy');
      this.noticeGeneratedOn = this.run.day;
    }
  }

  private async save(fields: Record<string, FieldValue>): Promise<void> {
    const view = await saveCaseFields(this.run.deps, {
      ctx: this.actors.officer,
      caseId: this.caseId,
      input: { version: this.version, fields },
    });
    this.version = view.case.version;
    Object.assign(this.fields, fields);
  }

  private async upload(code: string, title: string, lines: string[]): Promise<void> {
    const content = await renderDemoPdf({
      issuer: DEMO_ORGANISATION_NAME,
      title,
      lines: [
        `Account no: ${this.account.accountNo}`,
        `Borrower: ${this.account.customerName}`,
        `Branch: ${this.account.branchName}`,
        `Legal case: ${this.caseNo}`,
        ...lines,
      ],
      createdAt: this.run.deps.clock.now(),
    });
    const fileName = `${code}-${this.caseNo.replace(/\//g, '-')}.pdf`;
    const ctx = this.actors.officer;
    // A generated document (a demo copy), recorded as the upload service records an upload: an event and an audit.
    const { documentId } = await addGeneratedDocument(this.run.tx, this.run.deps, {
      caseId: this.caseId,
      code,
      stage: this.stage,
      fileName,
      documentName: title,
      mimeType: PDF,
      content,
      actorUserId: ctx.user.id,
    });
    await insertCaseEvent(this.run.tx, {
      caseId: this.caseId,
      action: 'DOCUMENT_ADDED',
      actionLabelKey: null,
      fromStage: this.stage,
      fromStatus: this.status,
      toStage: this.stage,
      toStatus: this.status,
      actorUserId: ctx.user.id,
      actingUnitId: ctx.actingUnit.id,
      businessDate: this.run.day,
      remarks: null,
      changes: [{ field: `documents.${code}`, from: null, to: fileName }],
      effects: [],
      caseVersion: this.version,
      createdAt: this.run.deps.clock.now(),
    });
    await emitAudit(this.run.tx, ctx, {
      action: 'case.document.add',
      entity: 'case_document',
      entityId: documentId,
      after: {
        caseId: this.caseId,
        code,
        stage: this.stage,
        fileName,
        documentName: title,
        mimeType: PDF,
        sizeBytes: content.length,
        isGenerated: true,
      },
    });
    this.documents.add(code);
  }

  /** Uploads the stage's required documents that apply to the fields (after `patch`) and are missing. */
  private async uploadChecklist(stageCode: string, patch: Record<string, FieldValue> = {}, only?: string[]) {
    const stage = findStage(this.run.definition, stageCode);
    if (!stage) throw new Error(`no stage ${stageCode}`);
    const fields: CaseFields = { ...this.fields, ...patch };
    for (const requirement of stage.documents) {
      if (only ? !only.includes(requirement.code) : !requirement.required) continue;
      if (!matchesCondition(requirement.when, fields) || this.documents.has(requirement.code)) continue;
      const { title, lines } = this.documentText(requirement.code, fields);
      await this.upload(requirement.code, title, lines);
    }
  }

  private documentText(code: string, fields: CaseFields): { title: string; lines: string[] } {
    const t = this.timeline;
    const text = (name: string) => String(fields[name] ?? '');
    switch (code) {
      case 'loanAgreement':
        return {
          title: `Loan agreement — ${this.account.accountNo} (demo copy)`,
          lines: [`Facility: ${PRODUCT_WORDS[this.account.product] ?? this.account.product}`],
        };
      case 'statementOfAccount':
        return {
          title: `Statement of account — ${this.account.accountNo}`,
          lines: [
            `As on: ${day(this.run.day)}`,
            `Outstanding: ${rupees(this.account.claimAmount)}`,
            `Overdue: ${rupees(this.account.totalDueAmount)} (${this.account.dpd} days past due)`,
          ],
        };
      case 'chequeCopy':
        return {
          title: `Cheque no. ${text('chequeNumber')} — ${text('drawerBank')} (copy)`,
          lines: [`Cheque date: ${day(text('chequeDate'))}`, `Amount: ${rupees(text('chequeAmount'))}`],
        };
      case 'returnMemo':
        return this.caseType === 'S25'
          ? {
              title: `NACH return memo — UMRN ${text('mandateReference')}`,
              lines: [`Returned on: ${day(t.chequeReturnDate)}`, `Reason: ${text('bounceReason')}`],
            }
          : {
              title: `Cheque return memo — ${text('drawerBank')}`,
              lines: [
                `Cheque no: ${text('chequeNumber')}`,
                `Returned on: ${day(t.chequeReturnDate)}`,
                `Reason: ${text('bounceReason')}`,
              ],
            };
      case 'mandateCopy':
        return {
          title: `NACH mandate — UMRN ${text('mandateReference')}`,
          lines: [`Debit amount: ${rupees(text('debitAmount'))}`],
        };
      case 'authorisationLetter':
        return {
          title: `Authorisation letter and vakalatnama — ${this.advocate.name}`,
          lines: [`Advocate enrolment no: ${this.advocate.enrolment}`],
        };
      case 'postalReceipt':
        return {
          title: `Postal receipt — ${text('trackingNumber')}`,
          lines: [`Booked on: ${day(text('noticeSentDate'))}`],
        };
      case 'serviceProof':
        return {
          title: `Delivery report — ${text('trackingNumber')}`,
          lines: [`Delivered on: ${day(text('noticeServedDate'))}`],
        };
      case 'filedComplaint':
        return {
          title: `${this.court.filedDocument} as filed — ${text('caseNumber')}`,
          lines: [`Filed on: ${day(text('filingDate'))}`, `Before: ${text('court')}`],
        };
      case 'affidavitOfEvidence':
        return {
          title: `Affidavit of evidence — ${text('caseNumber')}`,
          lines: [`Sworn on: ${day(text('filingDate'))}`],
        };
      case 'orderSheet':
        return {
          title: `Order sheet of ${day(text('hearingDate'))} — ${text('caseNumber')}`,
          lines: [`Outcome: ${OUTCOME_WORDS[text('outcome')] ?? text('outcome')}`],
        };
      case 'judgmentCopy':
        return {
          title: `${this.caseType === 'ARBITRATION' ? 'Arbitral award' : 'Judgment'} of ${day(text('hearingDate'))} — ${text('caseNumber')}`,
          lines: [`Certified copy, ${text('court')}`],
        };
      case 'settlementLetter':
        return {
          title: `Settlement letter — ${text('settlementReference')}`,
          lines: [`Settlement amount: ${rupees(text('settlementAmount'))}`],
        };
      case 'withdrawalApplication':
        return {
          title: `Withdrawal application — ${text('caseNumber')}`,
          lines: [`Before: ${text('court')}`],
        };
      default:
        return { title: `${code} — ${this.account.accountNo}`, lines: [] };
    }
  }

  /** The initiation form: cheque or mandate and its dishonour, dated back from the return memo. */
  private initiationFields(): Record<string, FieldValue> {
    const t = this.timeline;
    const dishonour = {
      presentationDate: t.presentationDate,
      chequeReturnDate: t.chequeReturnDate,
      returnMemoReceivedDate: t.returnMemoReceivedDate,
    };
    if (this.caseType === 'S138') {
      // A security cheque from the borrower's cheque book, presented for the overdue amount.
      const leaf = /^\d{6}$/.test(String(this.fields.chequeNumber ?? ''))
        ? (Number(this.fields.chequeNumber) + 3) % 1_000_000
        : 100_000 + ((this.account.accountId * 7919) % 900_000);
      const drawerBank = String(this.fields.drawerBank ?? this.bank.name);
      const place = BRANCH_PLACES[this.account.branchCode] ?? { place: this.account.branchName, micrCity: '400' };
      const reason = String(this.fields.bounceReason ?? '');
      return {
        claimAmount: this.account.totalDueAmount,
        chequeNumber: String(leaf).padStart(6, '0'),
        chequeDate: t.chequeDate,
        chequeAmount: this.account.totalDueAmount,
        drawerBank,
        drawerBranch: place.place,
        micrCode: `${place.micrCity}${this.bank.micr}${String(100 + (this.account.accountId % 900)).padStart(3, '0')}`,
        ...dishonour,
        bounceReason: reason && reason !== 'OTHER' ? reason : 'FUNDS_INSUFFICIENT',
      };
    }
    if (this.caseType === 'S25') {
      return {
        claimAmount: this.account.totalDueAmount,
        mandateReference: `${this.bank.ifscPrefix}7${String(this.account.accountId).padStart(15, '0')}`,
        debitAmount: this.account.totalDueAmount,
        ...dishonour,
        bounceReason: 'FUNDS_INSUFFICIENT',
      };
    }
    return {};
  }

  private noticeMode(): { mode: string; words: string; tracking: string } {
    const serial = String(100_000_000 + ((this.caseId * 7_654_321) % 900_000_000));
    if (this.caseType === 'ARBITRATION') return { mode: 'COURIER', words: 'courier', tracking: `D${serial}` };
    if (this.caseType === 'CIVIL_SUIT') return { mode: 'RPAD', words: 'RPAD', tracking: `RW${serial}IN` };
    return { mode: 'SPEED_POST', words: 'Speed Post', tracking: `EM${serial}IN` };
  }

  private caseSummary(): string {
    const a = this.account;
    const facility = PRODUCT_WORDS[a.product] ?? a.product;
    const head =
      `${a.customerName} (${a.accountNo}, ${a.branchName}) is in default on a ${facility}: ` +
      `${rupees(a.claimAmount)} outstanding, ${rupees(a.totalDueAmount)} overdue, ${a.dpd} days past due.`;
    const t = this.timeline;
    switch (this.caseType) {
      case 'S138':
        return (
          `${head} Cheque no. ${String(this.fields.chequeNumber)} for ${rupees(String(this.fields.chequeAmount))} ` +
          `returned unpaid on ${day(t.chequeReturnDate)}; memo received on ${day(t.returnMemoReceivedDate)}. ` +
          'Statutory notice to demand payment within 15 days, then complaint under §138 NI Act.'
        );
      case 'S25':
        return (
          `${head} NACH debit of ${rupees(String(this.fields.debitAmount))} under UMRN ` +
          `${String(this.fields.mandateReference)} returned on ${day(t.chequeReturnDate)}. ` +
          'Demand notice, then complaint under §25 Payment and Settlement Systems Act.'
        );
      case 'ARBITRATION':
        return `${head} Agreement carries an arbitration clause; invoke arbitration after the recall notice.`;
      case 'DRT':
        return `${head} Debt above the DRT limit: original application under §19 RDB Act after the recall notice.`;
      default:
        return `${head} Recall notice, then a recovery suit for the outstanding with interest and costs.`;
    }
  }

  // --- steps ---------------------------------------------------------------------------------------------------

  async step(step: DemoStep): Promise<void> {
    const t = this.timeline;
    switch (step.do) {
      case 'prepareInitiation': {
        const fields = this.initiationFields();
        if (Object.keys(fields).length > 0) await this.save(fields);
        await this.uploadChecklist('INITIATE', {}, step.codes);
        return;
      }
      case 'recommend': {
        const fields = this.initiationFields();
        await this.uploadChecklist('INITIATE', fields);
        const noticeDue = shiftDate(t.returnMemoReceivedDate, this.run.timelines.noticeDaysFromReturnMemo);
        const remarks = this.isDishonour
          ? `Checklist complete. Return memo received on ${day(t.returnMemoReceivedDate)}; notice due by ${day(noticeDue)}.`
          : `Agreement and statement of account on file; ${rupees(this.account.claimAmount)} outstanding. ` +
            `Recommend ${TYPE_WORDS[this.caseType]}.`;
        await this.act('officer', 'recommend', { fields, remarks });
        return;
      }
      case 'approveFiling':
        return this.act('manager', 'approve', {
          remarks: 'Claim verified against the statement of account. Approved for filing.',
        });
      case 'pushbackFiling':
        return this.act('manager', 'pushback', { remarks: step.remarks });
      case 'rejectFiling':
      case 'rejectNotice':
        return this.act('manager', 'reject', { fields: { rejectionReason: step.reason }, remarks: step.remarks });
      case 'reconsider':
        return this.act('officer', 'reconsider', { remarks: step.remarks });
      case 'declineRejected':
        return this.act('officer', 'decline', { remarks: step.remarks });
      case 'assignAdvocate':
        return this.act('officer', 'submit', {
          fields: {
            advocateName: this.advocate.name,
            advocateEnrolmentNo: this.advocate.enrolment,
            advocatePhone: this.advocate.phone,
            advocateEmail: this.advocate.email,
          },
          remarks: `Assigned to ${this.advocate.name} from the legal panel.`,
        });
      case 'teamRecommend':
        await this.uploadChecklist('TEAM_TRAY');
        return this.act('officer', 'recommend', {
          fields: { caseSummary: this.caseSummary() },
          remarks: 'Case summary and authorisation letter ready. Recommend issue of the legal notice.',
        });
      case 'approveNotice':
        return this.act('manager', 'approve', {
          remarks: `Approved. Send the notice by ${this.noticeMode().words} to the residence address on record.`,
        });
      case 'pushbackNotice':
        return this.act('manager', 'pushback', { remarks: step.remarks });
      case 'sendNotice': {
        if (t.noticeDate !== this.noticeGeneratedOn) {
          // The notice actually sent was dated earlier: regenerate it with that date for the record.
          await generateNotices(this.run.deps, {
            ctx: this.actors.officer,
            input: { caseIds: [this.caseId], noticeDate: t.noticeDate },
          });
        }
        const { mode, words, tracking } = this.noticeMode();
        const fields = {
          noticeMode: mode,
          noticeDate: t.noticeDate,
          noticeSentDate: t.noticeSentDate,
          trackingNumber: tracking,
        };
        await this.uploadChecklist('NOTICE', fields);
        return this.act('officer', 'submit', {
          fields,
          remarks: `Notice dated ${day(t.noticeDate)} sent by ${words} (${tracking}) on ${day(t.noticeSentDate)}.`,
        });
      }
      case 'recordService':
        return this.save({ serviceStatus: 'SERVED', noticeServedDate: t.noticeServedDate });
      case 'fileCase': {
        const fields = {
          serviceStatus: 'SERVED',
          noticeServedDate: t.noticeServedDate,
          courtType: this.court.courtType,
          court: this.court.court,
          filingDate: t.filingDate,
          caseNumber: this.court.caseNumber,
          cnr: this.court.cnr,
          nextHearingDate: t.firstHearing,
        };
        await this.uploadChecklist('CASE_FILING', fields);
        return this.act('officer', 'submit', {
          fields,
          remarks:
            `${this.court.filedDocument} filed on ${day(t.filingDate)} before ${this.court.court} ` +
            `(${this.court.caseNumber}). First hearing on ${day(t.firstHearing)}.`,
        });
      }
      case 'courtUpdate':
        return this.courtUpdate(step);
      case 'approveUpdate': {
        const final = FINAL_OUTCOMES.has(String(this.fields.outcome));
        return this.act('manager', 'approve', {
          remarks: final
            ? 'Certified copy verified. Close the legal case; recovery under the order to follow.'
            : 'Verified against the e-Courts order sheet. Next date noted.',
        });
      }
      case 'pushbackUpdate':
        return this.act('manager', 'pushback', { remarks: step.remarks });
      case 'withdraw': {
        const settlement = step.reason === 'SETTLED' || step.reason === 'COMPROMISE_OTS';
        const fields: Record<string, FieldValue> = { withdrawalReason: step.reason };
        if (settlement) {
          fields.settlementReference = `OTS${this.run.businessDate.slice(0, 4)}${String(this.account.accountId).padStart(6, '0')}`;
          fields.settlementAmount = share(this.account.claimAmount, step.reason === 'SETTLED' ? 85n : 70n);
        }
        await this.uploadChecklist('WITHDRAWAL', fields);
        return this.act('officer', 'withdraw', { fields, remarks: step.remarks });
      }
      case 'approveWithdrawal':
        return this.act('manager', 'approve', { remarks: step.remarks });
      case 'rejectWithdrawal':
        return this.act('manager', 'reject', { remarks: step.remarks });
    }
  }

  private async courtUpdate(step: CourtUpdateStep): Promise<void> {
    const hearing = addDays(this.run.businessDate, step.hearing);
    const final = FINAL_OUTCOMES.has(step.outcome);
    const fields: Record<string, FieldValue> = {
      hearingDate: hearing,
      courtStage: step.courtStage,
      outcome: step.outcome,
      nextHearingDate: final || step.next === undefined ? null : addDays(this.run.businessDate, step.next),
      hearingNotes: step.notes,
    };
    if (this.isDishonour) {
      fields.interimCompensationOrdered = step.interimCompensation === true;
      if (step.interimCompensation) {
        fields.interimCompensationAmount = share(String(this.fields.chequeAmount ?? this.account.totalDueAmount), 20n);
        fields.interimOrderDate = hearing;
      }
    }
    const merged: CaseFields = { ...this.fields, ...fields };
    if (!step.withoutOrderSheet) {
      const { title, lines } = this.documentText('orderSheet', merged);
      await this.upload('orderSheet', title, lines);
    }
    if (final) {
      const { title, lines } = this.documentText('judgmentCopy', merged);
      await this.upload('judgmentCopy', title, lines);
    }
    const next = fields.nextHearingDate;
    await this.act('officer', 'recommend', {
      fields,
      remarks:
        `Hearing of ${day(hearing)}: ${OUTCOME_WORDS[step.outcome] ?? step.outcome}.` +
        (typeof next === 'string' ? ` Next date ${day(next)}.` : ''),
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The seed

function initiationRemarks(caseType: DemoCaseType, account: PoolCandidateRow): string {
  const overdue = rupees(account.totalDueAmount);
  switch (caseType) {
    case 'S138':
      return `NPA at ${account.dpd} DPD, ${overdue} overdue; security cheque returned unpaid. Initiate §138 proceedings.`;
    case 'S25':
      return `NACH debits returning unpaid, ${overdue} overdue at ${account.dpd} DPD. Initiate §25 PSS Act proceedings.`;
    case 'ARBITRATION':
      return `Borrower unreachable at ${account.dpd} DPD despite field visits. Agreement has an arbitration clause.`;
    case 'DRT':
      return `Outstanding ${rupees(account.claimAmount)} is above the DRT limit. Original application under §19 RDB Act.`;
    case 'CIVIL_SUIT':
      return `No payment for ${account.dpd} days despite visits and a recall letter; ${overdue} overdue. Recovery suit.`;
  }
}

async function loadActors(tx: Transaction): Promise<Record<DemoRegion, Actors> | null> {
  const usernames = [OFFICERS.MUM.username, OFFICERS.DEL.username, MANAGER.username];
  const unitCodes = [OFFICERS.MUM.unit, OFFICERS.DEL.unit, MANAGER.unit];
  const users = new Map((await findUsersByUsername(tx, usernames)).map((user) => [user.username, user]));
  const units = new Map((await findUnitsByCode(tx, unitCodes)).map((unit) => [unit.code, unit]));
  const contextOf = ({ username, unit }: { username: string; unit: string }) => {
    const user = users.get(username);
    const acting = units.get(unit);
    return user && acting ? unitContext(user, acting) : null;
  };
  const manager = contextOf(MANAGER);
  const mumbai = contextOf(OFFICERS.MUM);
  const delhi = contextOf(OFFICERS.DEL);
  if (!manager || !mumbai || !delhi) return null;
  return { MUM: { officer: mumbai, manager }, DEL: { officer: delhi, manager } };
}

export type SeedLegalCasesResult = { created: number };

/**
 * Creates the demo legal cases (DEMO_LEGAL_STORIES) on pool-eligible accounts of the Mumbai and Delhi regions, in
 * one transaction. Does nothing when any LEGAL case exists or the demo legal staff are missing. A story whose
 * account cannot be found (a small book) is left out; a DRT story falls back to a civil suit when no account's
 * claim reaches the DRT limit.
 */
export async function seedDemoLegalCases(deps: AppDeps): Promise<SeedLegalCasesResult> {
  const startedAt = Date.now();
  const outcome = await withDocumentTransaction(deps.db, async (tx) => {
    if ((await countLegalCases(tx)) > 0) return null;
    const actors = await loadActors(tx);
    if (!actors) {
      deps.log.warn('demo legal cases not created: the demo legal users or their units are missing');
      return null;
    }
    const settings = await loadLegalSettings(tx);
    const businessDate = await requireBusinessDate(tx);
    const clock = new ReplayClock(deps.clock);
    const run: SeedRun = {
      tx,
      // The services open their own transactions on deps.db: here they become savepoints of this one. Their mail
      // stays in the outbox (no transport): the demo's addresses are not real mailboxes.
      deps: {
        ...deps,
        db: tx as unknown as Database,
        clock,
        mail: new MailService({ db: deps.db, transport: null, from: deps.config.mailFrom, clock, log: deps.log }),
      },
      businessDate,
      timelines: settings.timelines,
      definition: await activeDefinition(tx, LEGAL_CODE),
      actors,
      clock,
      day: businessDate,
    };
    const drtMinimum = toCents(settings.timelines.drtMinimumClaim);
    const candidates: Record<DemoRegion, PoolCandidateRow[]> = {
      MUM: await listPoolCandidates(tx, {
        unitPath: actors.MUM.officer.actingUnit.path,
        rule: settings.poolRule,
        businessDate,
      }),
      DEL: await listPoolCandidates(tx, {
        unitPath: actors.DEL.officer.actingUnit.path,
        rule: settings.poolRule,
        businessDate,
      }),
    };
    const used = new Set<number>();
    const skipped: string[] = [];
    let created = 0;
    for (const [index, story] of DEMO_LEGAL_STORIES.entries()) {
      const { officer } = actors[story.region];
      const timeline = storyTimeline(story, businessDate, settings.timelines);
      const schedule = storySchedule(story, timeline, businessDate);
      let caseType = story.caseType;
      const pick = () =>
        pickAccount(story, caseType, candidates[story.region], used, drtMinimum, schedule.initiatedOn, {
          minDpd: settings.poolRule.minDpd,
          businessDate,
        });
      let account = pick();
      if (!account && caseType === 'DRT') {
        caseType = 'CIVIL_SUIT';
        account = pick();
      }
      if (!account) {
        skipped.push(story.key);
        continue;
      }
      used.add(account.accountId);
      clock.startCase(index);
      if (story.declineAtPool) {
        await replayDay(run, businessDate);
        await declinePoolAccounts(run.deps, {
          ctx: officer,
          input: { accountIds: [account.accountId], remarks: story.declineAtPool },
        });
        created += 1;
        continue;
      }
      await replayDay(run, schedule.initiatedOn);
      const { cases } = await initiatePoolCases(run.deps, {
        ctx: officer,
        input: { accountIds: [account.accountId], caseType, remarks: initiationRemarks(caseType, account) },
      });
      const started = cases[0];
      if (!started) throw new Error(`demo story ${story.key}: no case was initiated`);
      const demoCase = new DemoCase(run, story, caseType, account, started.caseId, started.caseNo, index, timeline);
      await demoCase.load();
      for (const [at, step] of story.steps.entries()) {
        await replayDay(run, schedule.stepDays[at]!);
        await demoCase.step(step);
      }
      created += 1;
    }
    await replayDay(run, businessDate);
    return { created, skipped };
  });
  if (!outcome) return { created: 0 };
  deps.log.info(
    { created: outcome.created, skipped: outcome.skipped, ms: Date.now() - startedAt },
    'demo legal cases created',
  );
  return { created: outcome.created };
}
