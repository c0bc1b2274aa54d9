import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import { matchesCondition, type CaseFields } from '@recovery-desk/domain/workflow/case-fields.ts';
import { findStage, type CaseStatus } from '@recovery-desk/domain/workflow/definition.ts';
import { DEFAULT_LEGAL_TIMELINES, LEGAL_DEFINITION } from '@recovery-desk/domain/workflow/definitions/legal.ts';
import { shiftDate } from '@recovery-desk/domain/workflow/dates.ts';
import { availableActions } from '@recovery-desk/domain/workflow/transition.ts';
import type { AppDeps } from '../../src/deps.ts';
import { DEMO_LEGAL_STORIES } from '../../src/modules/demo/services/demo-legal-stories.ts';
import { seedDemoLegalCases } from '../../src/modules/demo/services/seed-legal-cases.ts';
import { getLegalDashboard } from '../../src/modules/legal/services/get-dashboard.ts';
import { formatNoticeDate } from '../../src/modules/legal/services/notice-format.ts';
import { queryRows } from '../factories.ts';
import { pdfText } from '../legal/pdf-text.ts';
import { auditChainIntact, createTestApp, type TestApp } from '../support/test-app.ts';
import { testDeps } from '../workflow/factories.ts';

// The demo's legal cases on a small demo book: created through the workflow services at every stage, with
// consistent histories, their checklists, statutory dates that hold, an intact audit chain, and only once.

const BUSINESS_DATE = '2026-03-31';
/** Enough pool accounts in the Mumbai and Delhi regions for every story. */
const BOOK_ACCOUNTS = 2000;
const LEGAL_USERS = ['legal.mumbai', 'legal.delhi', 'legalmgr.west'];

type CaseRow = {
  id: number;
  caseNo: string;
  stage: string;
  status: CaseStatus;
  fields: CaseFields;
  isClosed: boolean;
  version: number;
  dueOn: string | null;
  makerUserId: number | null;
  stageEnteredOn: string;
  returnStage: string | null;
  unitCode: string;
  claim: string;
};
type EventRow = {
  id: number;
  caseId: number;
  action: string;
  fromStage: string | null;
  fromStatus: string | null;
  toStage: string;
  toStatus: string;
  caseVersion: number;
  username: string;
  businessDate: string;
  at: string;
  effects: unknown;
  remarks: string | null;
};

async function readCases(handle: DatabaseHandle): Promise<CaseRow[]> {
  return queryRows<CaseRow>(
    handle.db,
    sql`select k.id, k.case_no as "caseNo", k.stage, k.status, k.fields, k.is_closed as "isClosed", k.version,
        k.due_on::text as "dueOn", k.maker_user_id as "makerUserId", k.stage_entered_on::text as "stageEnteredOn",
        k.return_stage as "returnStage", u.unit_code as "unitCode",
        (a.total_principal_outstanding + a.total_interest_outstanding + a.other_charges + a.overdue_charges)::text
          as claim
      from cases k join accounts a on a.id = k.account_id join units u on u.id = a.unit_id
      where k.definition_code = 'LEGAL' order by k.id`,
  );
}

async function readEvents(handle: DatabaseHandle): Promise<EventRow[]> {
  return queryRows<EventRow>(
    handle.db,
    sql`select e.id::int as id, e.case_id as "caseId", e.action, e.from_stage as "fromStage", e.from_status as "fromStatus",
        e.to_stage as "toStage", e.to_status as "toStatus", e.case_version as "caseVersion", u.username,
        e.business_date::text as "businessDate", to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as at,
        e.effects, e.remarks
      from case_events e join users u on u.id = e.actor_user_id order by e.case_id, e.id`,
  );
}

async function documentCodes(handle: DatabaseHandle): Promise<Map<number, Set<string>>> {
  const rows = await queryRows<{ caseId: number; code: string }>(
    handle.db,
    sql`select case_id as "caseId", code from case_documents`,
  );
  const byCase = new Map<number, Set<string>>();
  for (const row of rows) byCase.set(row.caseId, (byCase.get(row.caseId) ?? new Set()).add(row.code));
  return byCase;
}

async function counts(handle: DatabaseHandle) {
  const [row] = await queryRows<Record<string, number>>(
    handle.db,
    sql`select (select count(*)::int from cases) as cases, (select count(*)::int from case_events) as events,
        (select count(*)::int from case_documents) as documents, (select count(*)::int from audit_log) as audits`,
  );
  return row!;
}

describe.each(testDatabaseKinds())('seedDemoLegalCases on %s', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let deps: AppDeps;
  let created: number;
  let cases: CaseRow[];
  let events: EventRow[];

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedDemoOrganisation(handle.db, { businessDate: BUSINESS_DATE, accounts: BOOK_ACCOUNTS });
    t = await createTestApp(handle.db);
    deps = testDeps(t);
    ({ created } = await seedDemoLegalCases(deps));
    cases = await readCases(handle);
    events = await readEvents(handle);
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await handle?.close();
  });

  it('creates one case per story, at every stage and tab of the legal trays', () => {
    expect(created).toBe(DEMO_LEGAL_STORIES.length);
    expect(cases).toHaveLength(created);
    const open = cases.filter((row) => !row.isClosed);
    const at = (stage: string, status?: string) =>
      open.filter((row) => row.stage === stage && (status === undefined || row.status === status));

    expect(at('INITIATE', 'Initiated').length).toBeGreaterThanOrEqual(2);
    expect(at('INITIATE', 'Pushback')).toHaveLength(1);
    expect(at('FILING_APPROVAL', 'Recommended').length).toBeGreaterThanOrEqual(2);
    expect(at('FILING_APPROVAL', 'Reconsider')).toHaveLength(1);
    const rejected = at('REJECT_TRAY', 'Rejected');
    expect(rejected.length).toBeGreaterThanOrEqual(2);
    for (const row of rejected) expect(row.fields.rejectionReason).toEqual(expect.any(String));
    expect(at('APPROVED_CASES').length).toBeGreaterThanOrEqual(1);
    expect(at('TEAM_TRAY', 'Approved').length).toBeGreaterThanOrEqual(1);
    expect(at('TEAM_TRAY', 'Pushback')).toHaveLength(1);
    expect(at('MANAGER', 'Recommended').length).toBeGreaterThanOrEqual(1);
    expect(at('NOTICE').length).toBeGreaterThanOrEqual(1);
    expect(at('CASE_FILING').length).toBeGreaterThanOrEqual(2);
    const inCourt = at('COURT_CASE_UPDATE');
    const upcoming = (date: unknown) =>
      typeof date === 'string' && date >= BUSINESS_DATE && date <= addDays(BUSINESS_DATE, 14);
    expect(inCourt.filter((row) => upcoming(row.fields.nextHearingDate)).length).toBeGreaterThanOrEqual(2);
    expect(inCourt.filter((row) => row.dueOn !== null && row.dueOn < BUSINESS_DATE).length).toBeGreaterThanOrEqual(2);
    expect(at('COURT_CASE_UPDATE', 'Pushback')).toHaveLength(1);
    expect(at('COURT_UPDATE_APPROVAL', 'Recommended').length).toBeGreaterThanOrEqual(2);
    expect(at('WITHDRAWAL', 'Recommended').length).toBeGreaterThanOrEqual(1);

    const closed = cases.filter((row) => row.isClosed);
    expect(closed.map((row) => row.status).sort()).toEqual(['Closed', 'Declined', 'Declined', 'Withdrawn']);
    const finalOrder = closed.find((row) => row.status === 'Closed')!;
    expect(['CONVICTED', 'DECREED', 'AWARD_PASSED']).toContain(finalOrder.fields.outcome);

    // Case types mixed; DRT only on an account whose claim reaches the DRT limit.
    const types = new Set(cases.map((row) => row.fields.caseType));
    for (const type of ['S138', 'S25', 'CIVIL_SUIT', 'ARBITRATION']) expect(types).toContain(type);
    for (const row of cases.filter((candidate) => candidate.fields.caseType === 'DRT')) {
      expect(Number(row.fields.claimAmount)).toBeGreaterThanOrEqual(Number(DEFAULT_LEGAL_TIMELINES.drtMinimumClaim));
      expect(Number(row.claim)).toBeGreaterThanOrEqual(Number(DEFAULT_LEGAL_TIMELINES.drtMinimumClaim));
    }
    // Mumbai's branches mostly, a few in Delhi.
    const units = cases.map((row) => row.unitCode);
    expect(units.filter((code) => code === 'BR-AND' || code === 'BR-THN').length).toBeGreaterThan(30);
    expect(units.filter((code) => code === 'BR-CP' || code === 'BR-GGN').length).toBeGreaterThanOrEqual(2);
  });

  it("fills the legal manager's dashboard: overdue SLAs and the next two weeks' hearings", async () => {
    const manager = await queryRows<{ id: number; username: string; email: string; fullName: string }>(
      handle.db,
      sql`select id, username, email, full_name as "fullName" from users where username = 'legalmgr.west'`,
    );
    const [unit] = await queryRows<{ id: number; code: string; path: string }>(
      handle.db,
      sql`select id, unit_code as code, path from units where unit_code = 'ZN-W'`,
    );
    const dashboard = await getLegalDashboard(deps, {
      ctx: {
        requestId: 'test',
        ip: '127.0.0.1',
        user: { ...manager[0]!, familyId: 'test' },
        actingUnit: { ...unit!, hasChildren: true },
        app: 'legalapp',
      },
    });
    expect(dashboard.overdueCases.length).toBeGreaterThanOrEqual(2);
    expect(dashboard.upcomingHearings.length).toBeGreaterThanOrEqual(3);
  });

  it('gives every case a history that starts with CREATE and follows its stages to where it is', () => {
    for (const row of cases) {
      const history = events.filter((event) => event.caseId === row.id);
      expect(history[0], row.caseNo).toMatchObject({
        action: 'CREATE',
        fromStage: null,
        toStage: 'POOL',
        toStatus: 'Initiated',
        caseVersion: 1,
      });
      for (let index = 1; index < history.length; index += 1) {
        const [before, event] = [history[index - 1]!, history[index]!];
        expect({ stage: event.fromStage, status: event.fromStatus }, `${row.caseNo} ${event.action}`).toEqual({
          stage: before.toStage,
          status: before.toStatus,
        });
        expect(event.caseVersion).toBeGreaterThanOrEqual(before.caseVersion);
      }
      const last = history.at(-1)!;
      expect({ stage: last.toStage, status: last.toStatus, version: last.caseVersion }, row.caseNo).toEqual({
        stage: row.stage,
        status: row.status,
        version: row.version,
      });
      expect(row.isClosed, row.caseNo).toBe(LEGAL_DEFINITION.terminalStatuses.includes(row.status));
      for (const event of history) expect(LEGAL_USERS).toContain(event.username);
      // Every decision a checker took or a maker sent back carries its remarks.
      for (const event of history.filter((candidate) =>
        ['pushback', 'reject', 'decline', 'reconsider', 'withdraw'].includes(candidate.action),
      )) {
        expect(event.remarks, `${row.caseNo} ${event.action}`).toMatch(/\w{3,}/);
      }
    }
  });

  it('dates every history like a real one: created first, then each step on its day, the notice on its date', async () => {
    const notices = await queryRows<{ caseId: number; fileName: string; content: Uint8Array }>(
      handle.db,
      sql`select case_id as "caseId", file_name as "fileName", content from case_documents
        where code = 'noticeCopy' order by id`,
    );
    let backdated = 0;
    for (const row of cases) {
      const history = events.filter((event) => event.caseId === row.id);
      expect(history[0]!.action, row.caseNo).toBe('CREATE');
      for (let index = 1; index < history.length; index += 1) {
        const [before, event] = [history[index - 1]!, history[index]!];
        const what = `${row.caseNo}: ${event.action} after ${before.action}`;
        expect(
          event.businessDate >= before.businessDate,
          `${what} (${event.businessDate} < ${before.businessDate})`,
        ).toBe(true);
        expect(event.at > before.at, `${what} (${event.at} <= ${before.at})`).toBe(true);
      }
      for (const event of history) expect(event.businessDate <= BUSINESS_DATE, row.caseNo).toBe(true);
      if (history[0]!.businessDate < BUSINESS_DATE) backdated += 1;

      // The notice: the event that generated it is dated the notice's date, as are its file and the case's field.
      const noticeEvents = history.filter(
        (event) =>
          event.action === 'NOTICE_GENERATED' ||
          (Array.isArray(event.effects) && (event.effects as unknown[]).includes('generateLegalNotice')),
      );
      const files = notices.filter((notice) => notice.caseId === row.id);
      expect(files.length, row.caseNo).toBe(noticeEvents.length);
      if (noticeEvents.length === 0) continue;
      const noticeEvent = noticeEvents.at(-1)!;
      expect(files.at(-1)!.fileName, row.caseNo).toContain(`-${noticeEvent.businessDate}.pdf`);
      expect(await pdfText(files.at(-1)!.content), row.caseNo).toContain(
        `Date: ${formatNoticeDate(noticeEvent.businessDate)}`,
      );
      if (typeof row.fields.noticeDate === 'string')
        expect(row.fields.noticeDate, row.caseNo).toBe(noticeEvent.businessDate);
      // Sent on or after the notice's date, filed after it was served.
      for (const event of history.filter(
        (candidate) => candidate.action === 'submit' && candidate.fromStage === 'NOTICE',
      )) {
        expect(event.businessDate, row.caseNo).toBe(row.fields.noticeSentDate);
      }
    }
    // Cases were initiated over the past months, not all today.
    expect(backdated).toBeGreaterThan(cases.length / 2);
    const first = events
      .filter((event) => event.action === 'CREATE')
      .map((event) => event.businessDate)
      .sort()[0]!;
    expect(first < addDays(BUSINESS_DATE, -90), first).toBe(true);
    // The real business date is back.
    const [organisation] = await queryRows<{ businessDate: string }>(
      handle.db,
      sql`select business_date::text as "businessDate" from organisation`,
    );
    expect(organisation!.businessDate).toBe(BUSINESS_DATE);
  });

  it('gives every open case past INITIATE the documents its stages required', async () => {
    const documents = await documentCodes(handle);
    const checked = cases.filter((row) => !row.isClosed && row.stage !== 'INITIATE' && row.stage !== 'POOL');
    expect(checked.length).toBeGreaterThan(20);
    for (const row of checked) {
      const onCase = documents.get(row.id) ?? new Set<string>();
      // The maker stages the case has left: their checklists.
      const left = new Set(
        events
          .filter((event) => event.caseId === row.id && ['submit', 'recommend'].includes(event.action))
          .map((event) => event.fromStage!),
      );
      for (const stageCode of left) {
        for (const requirement of findStage(LEGAL_DEFINITION, stageCode)!.documents) {
          if (!requirement.required || !matchesCondition(requirement.when, row.fields)) continue;
          expect([...onCase], `${row.caseNo}: ${requirement.code} of ${stageCode}`).toContain(requirement.code);
        }
      }
      // At a checker's stage, no approval waits for a document.
      const actions = availableActions(
        LEGAL_DEFINITION,
        { ...row, definitionCode: 'LEGAL', definitionVersion: 1, documents: [...onCase] },
        {
          userId: -1,
          authorities: [
            'LEGAL_FILE_APP_SAUTH',
            'LEGAL_MANAGER_SAUTH',
            'COURT_CASE_APP_SUATH',
            'LEGAL_WITHDRAWAL_SUATH',
          ],
        },
        BUSINESS_DATE,
      );
      const approve = actions.find((action) => action.name === 'approve');
      if (approve && row.status !== 'Pushback') {
        expect(approve.refusal?.code, `${row.caseNo} at ${row.stage}`).not.toBe('REQUIRED_DOCUMENT_MISSING');
      }
    }
    // Notices: the manager's approval generated one on every case that reached Send Legal Notice.
    for (const row of cases.filter((candidate) =>
      events.some((event) => event.caseId === candidate.id && event.toStage === 'NOTICE'),
    )) {
      expect([...(documents.get(row.id) ?? [])], row.caseNo).toContain('noticeCopy');
    }
  });

  it('dates every cheque and mandate case within the statutory rules', () => {
    const t = DEFAULT_LEGAL_TIMELINES;
    const date = (value: unknown) => (typeof value === 'string' ? value : null);
    for (const row of cases) {
      const f = row.fields;
      for (const name of ['chequeDate', 'presentationDate', 'chequeReturnDate', 'returnMemoReceivedDate']) {
        if (date(f[name])) expect(date(f[name])! <= BUSINESS_DATE, `${row.caseNo} ${name}`).toBe(true);
      }
      if (!['S138', 'S25'].includes(String(f.caseType)) || !date(f.returnMemoReceivedDate)) continue;
      const memo = date(f.returnMemoReceivedDate)!;
      if (date(f.chequeDate)) {
        expect(date(f.presentationDate)! >= date(f.chequeDate)!).toBe(true);
        expect(date(f.presentationDate)! <= shiftDate(date(f.chequeDate)!, 0, t.chequeValidityMonths)).toBe(true);
      }
      expect(date(f.chequeReturnDate)! >= date(f.presentationDate)!, row.caseNo).toBe(true);
      expect(memo >= date(f.chequeReturnDate)!, row.caseNo).toBe(true);
      const noticeDue = shiftDate(memo, t.noticeDaysFromReturnMemo);
      if (date(f.noticeDate)) expect(date(f.noticeDate)! <= noticeDue, `${row.caseNo} notice`).toBe(true);
      else expect(noticeDue >= BUSINESS_DATE, `${row.caseNo} notice still in time`).toBe(true);
      const served = date(f.noticeServedDate);
      if (served && date(f.filingDate)) {
        const filing = date(f.filingDate)!;
        expect(filing >= shiftDate(served, t.paymentDaysAfterService + 1), `${row.caseNo} filing`).toBe(true);
        expect(filing <= shiftDate(served, t.paymentDaysAfterService, t.complaintMonths), row.caseNo).toBe(true);
      }
    }
  });

  it('keeps the audit chain intact, with an audit row for every step', async () => {
    expect(await auditChainIntact(handle.db)).toBe(true);
    const [row] = await queryRows<{ caseAudits: number; documentAudits: number; noticeAudits: number }>(
      handle.db,
      sql`select count(*) filter (where entity = 'case' and action like 'case.%')::int as "caseAudits",
          count(*) filter (where action = 'case.document.add')::int as "documentAudits",
          count(*) filter (where action = 'legal.notice_generate')::int as "noticeAudits"
        from audit_log where request_id = 'demo-seed'`,
    );
    const of = (actions: string[]) => events.filter((event) => actions.includes(event.action)).length;
    expect(row!.documentAudits).toBe(of(['DOCUMENT_ADDED']));
    expect(row!.noticeAudits).toBe(of(['NOTICE_GENERATED']));
    expect(row!.caseAudits).toBe(events.length - of(['DOCUMENT_ADDED', 'NOTICE_GENERATED']));
  });

  it('creates nothing on a second run', async () => {
    const before = await counts(handle);
    expect(await seedDemoLegalCases(deps)).toEqual({ created: 0 });
    expect(await counts(handle)).toEqual(before);
  });
});
