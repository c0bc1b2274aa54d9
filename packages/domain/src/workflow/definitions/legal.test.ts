import { describe, expect, it } from 'vitest';
import type { CaseFields } from '../case-fields.ts';
import type { ActionName, CaseStatus } from '../definition.ts';
import { actorWith, allAuthorities, allDocumentCodes, snapshotFor, walk } from '../testing.ts';
import {
  availableActions,
  stageDates,
  stageDueDate,
  startCase,
  transition,
  type ActionRequest,
  type CaseSnapshot,
} from '../transition.ts';
import { DEFAULT_LEGAL_TIMELINES, LEGAL_DEFINITION, buildLegalDefinition } from './legal.ts';
import { LEGAL_S138_CASE as S138, LEGAL_WITHDRAWAL_FIELDS as WITHDRAWAL } from './sample-cases.ts';

const def = LEGAL_DEFINITION;
const AUTHORITIES = allAuthorities(def);
const TODAY = '2026-03-20';
const checker = actorWith('checker-2', AUTHORITIES);

function at(stage: string, overrides: Partial<CaseSnapshot> = {}): CaseSnapshot {
  return snapshotFor(def, stage, { fields: { ...S138, ...WITHDRAWAL }, ...overrides });
}

function act(snapshot: CaseSnapshot, request: ActionName | ActionRequest, businessDate = TODAY, actor = checker) {
  return transition(def, snapshot, request, actor, businessDate);
}

type Row = {
  stage: string;
  action: ActionName;
  note?: string;
  snapshot?: Partial<CaseSnapshot>;
  request?: Omit<ActionRequest, 'name'>;
  next: string | 'closed';
  status: CaseStatus;
};

// Every action of every stage, with where it leads. Written out by hand: the definition must agree with it.
const ROWS: Row[] = [
  { stage: 'POOL', action: 'submit', next: 'INITIATE', status: 'Initiated' },
  { stage: 'POOL', action: 'decline', next: 'closed', status: 'Declined' },
  { stage: 'INITIATE', action: 'recommend', next: 'FILING_APPROVAL', status: 'Recommended' },
  { stage: 'INITIATE', action: 'decline', next: 'closed', status: 'Declined' },
  { stage: 'FILING_APPROVAL', action: 'approve', next: 'APPROVED_CASES', status: 'Approved' },
  {
    stage: 'FILING_APPROVAL',
    action: 'reject',
    request: { fields: { rejectionReason: 'MISSING_DOCUMENTS' } },
    next: 'REJECT_TRAY',
    status: 'Rejected',
  },
  { stage: 'FILING_APPROVAL', action: 'pushback', next: 'INITIATE', status: 'Pushback' },
  { stage: 'APPROVED_CASES', action: 'submit', next: 'TEAM_TRAY', status: 'Approved' },
  { stage: 'TEAM_TRAY', action: 'recommend', next: 'MANAGER', status: 'Recommended' },
  { stage: 'MANAGER', action: 'approve', next: 'NOTICE', status: 'Approved' },
  { stage: 'MANAGER', action: 'pushback', next: 'TEAM_TRAY', status: 'Pushback' },
  {
    stage: 'MANAGER',
    action: 'reject',
    request: { fields: { rejectionReason: 'TIME_BARRED' } },
    next: 'REJECT_TRAY',
    status: 'Rejected',
  },
  { stage: 'MANAGER', action: 'decline', next: 'closed', status: 'Declined' },
  { stage: 'NOTICE', action: 'submit', next: 'CASE_FILING', status: 'Approved' },
  { stage: 'NOTICE', action: 'withdraw', request: { fields: WITHDRAWAL }, next: 'WITHDRAWAL', status: 'Recommended' },
  { stage: 'CASE_FILING', action: 'submit', next: 'COURT_CASE_UPDATE', status: 'Approved' },
  {
    stage: 'CASE_FILING',
    action: 'withdraw',
    request: { fields: WITHDRAWAL },
    next: 'WITHDRAWAL',
    status: 'Recommended',
  },
  { stage: 'COURT_CASE_UPDATE', action: 'recommend', next: 'COURT_UPDATE_APPROVAL', status: 'Recommended' },
  {
    stage: 'COURT_CASE_UPDATE',
    action: 'withdraw',
    request: { fields: WITHDRAWAL },
    next: 'WITHDRAWAL',
    status: 'Recommended',
  },
  {
    stage: 'COURT_UPDATE_APPROVAL',
    action: 'approve',
    note: 'final order',
    snapshot: { fields: { ...S138, outcome: 'CONVICTED' } },
    next: 'closed',
    status: 'Closed',
  },
  {
    stage: 'COURT_UPDATE_APPROVAL',
    action: 'approve',
    note: 'adjourned',
    next: 'COURT_CASE_UPDATE',
    status: 'Approved',
  },
  { stage: 'COURT_UPDATE_APPROVAL', action: 'pushback', next: 'COURT_CASE_UPDATE', status: 'Pushback' },
  { stage: 'COURT_UPDATE_APPROVAL', action: 'reject', next: 'COURT_CASE_UPDATE', status: 'Rejected' },
  { stage: 'WITHDRAWAL', action: 'approve', next: 'closed', status: 'Withdrawn' },
  {
    stage: 'WITHDRAWAL',
    action: 'reject',
    snapshot: { returnStage: 'CASE_FILING' },
    next: 'CASE_FILING',
    status: 'Rejected',
  },
  { stage: 'REJECT_TRAY', action: 'reconsider', next: 'FILING_APPROVAL', status: 'Reconsider' },
  { stage: 'REJECT_TRAY', action: 'pushback', next: 'INITIATE', status: 'Pushback' },
  { stage: 'REJECT_TRAY', action: 'decline', next: 'closed', status: 'Declined' },
];

describe('legal definition: every action of every stage', () => {
  it('the table lists every action branch of the definition', () => {
    const defined = def.stages.flatMap((stage) => stage.actions.map((action) => `${stage.code}.${action.name}`));
    expect(ROWS.map((row) => `${row.stage}.${row.action}`).sort()).toEqual(defined.sort());
  });

  it.each(ROWS.map((row) => [`${row.stage} ${row.action}${row.note ? ` (${row.note})` : ''}`, row] as const))(
    '%s',
    (_name, row) => {
      const snapshot = at(row.stage, row.snapshot);
      const result = act(snapshot, { name: row.action, remarks: 'Reviewed with the file', ...row.request });
      expect(result.ok, JSON.stringify(result)).toBe(true);
      if (!result.ok) return;
      expect(result.next.isClosed ? 'closed' : result.next.stage).toBe(row.next);
      expect(result.next.status).toBe(row.status);
      expect(result.next.stageEnteredOn).toBe(TODAY);
      expect(result.next.version).toBe(snapshot.version + 1);
      expect(result.from).toEqual({ stage: row.stage, status: snapshot.status });
    },
  );
});

describe('legal statuses (spec §4)', () => {
  it('uses exactly the spec statuses, plus Withdrawn and Closed for the two endings', () => {
    const used = new Set([def.initialStatus, ...def.stages.flatMap((stage) => stage.actions.map((a) => a.status))]);
    expect([...used].sort()).toEqual(
      [
        'Initiated',
        'Recommended',
        'Approved',
        'Rejected',
        'Reconsider',
        'Pushback',
        'Declined',
        'Withdrawn',
        'Closed',
      ].sort(),
    );
  });
});

describe('legal walks', () => {
  it('goes from the pool to an approved court update and on to a final order', () => {
    const { visited, snapshot } = walk(
      def,
      S138,
      [
        { action: 'submit', expect: 'INITIATE' },
        { action: 'recommend', expect: 'FILING_APPROVAL' },
        { action: 'approve', expect: 'APPROVED_CASES' },
        { action: 'submit', expect: 'TEAM_TRAY' },
        { action: 'recommend', expect: 'MANAGER' },
        { action: 'approve', expect: 'NOTICE' },
        { action: 'submit', expect: 'CASE_FILING' },
        { action: 'submit', expect: 'COURT_CASE_UPDATE' },
        { action: 'recommend', expect: 'COURT_UPDATE_APPROVAL' },
        { action: 'approve', expect: 'COURT_CASE_UPDATE' },
        { action: 'recommend', expect: 'COURT_UPDATE_APPROVAL', request: { fields: { outcome: 'CONVICTED' } } },
        { action: 'approve', expect: 'closed' },
      ],
      TODAY,
    );
    expect(visited).toHaveLength(13);
    expect(snapshot.status).toBe('Closed');
    expect(snapshot.fields.outcome).toBe('CONVICTED');
  });

  it('withdraws a filed case on settlement, after a rejected first request returned it to the court update', () => {
    const { snapshot } = walk(
      def,
      S138,
      [
        { action: 'withdraw', expect: 'WITHDRAWAL', request: { fields: WITHDRAWAL } },
        { action: 'reject', expect: 'COURT_CASE_UPDATE' },
        { action: 'withdraw', expect: 'WITHDRAWAL', request: { fields: WITHDRAWAL } },
        { action: 'approve', expect: 'closed' },
      ],
      TODAY,
      'COURT_CASE_UPDATE',
    );
    expect(snapshot.status).toBe('Withdrawn');
    expect(snapshot.returnStage).toBeNull();
  });

  it('a rejected case is reconsidered from the reject tray and approved by someone else', () => {
    const { visited } = walk(
      def,
      S138,
      [
        { action: 'recommend', expect: 'FILING_APPROVAL' },
        { action: 'reject', expect: 'REJECT_TRAY', request: { fields: { rejectionReason: 'MISSING_DOCUMENTS' } } },
        { action: 'reconsider', expect: 'FILING_APPROVAL' },
        { action: 'approve', expect: 'APPROVED_CASES' },
      ],
      TODAY,
      'INITIATE',
    );
    expect(visited).toEqual(['INITIATE', 'FILING_APPROVAL', 'REJECT_TRAY', 'FILING_APPROVAL', 'APPROVED_CASES']);
  });
});

describe('legal transitions: what they record', () => {
  it('the maker of a recommendation is the actor, and a checker decision clears it', () => {
    const recommended = act(at('INITIATE', { makerUserId: null }), 'recommend', TODAY, actorWith(11, AUTHORITIES));
    expect(recommended.ok && recommended.next.makerUserId).toBe(11);
    const approved = act(at('FILING_APPROVAL', { makerUserId: 11 }), 'approve', TODAY, actorWith(12, AUTHORITIES));
    expect(approved.ok && approved.next.makerUserId).toBeNull();
  });

  it('names the effects of the step: notice generation on the manager approval, legal hold on filing', () => {
    const approved = act(at('MANAGER'), 'approve');
    expect(approved.ok && approved.effects).toEqual(['generateLegalNotice']);
    const filed = act(at('CASE_FILING'), 'submit');
    expect(filed.ok && filed.effects).toEqual(['placeLegalHold', 'scheduleHearingReminder']);
    const pushedBack = act(at('MANAGER'), { name: 'pushback', remarks: 'Add the POA' });
    expect(pushedBack.ok && pushedBack.effects).toEqual(['notifyMaker']);
  });

  it('records the fields entered with the action as changes, and keeps them in the next state', () => {
    const snapshot = at('NOTICE', { fields: { ...S138, noticeSentDate: '2026-01-12' } });
    const result = act(snapshot, { name: 'submit', fields: { noticeSentDate: '2026-01-13' } });
    expect(result.ok && result.changes).toEqual([{ field: 'noticeSentDate', from: '2026-01-12', to: '2026-01-13' }]);
    expect(result.ok && result.next.fields.noticeSentDate).toBe('2026-01-13');
  });

  it('a withdrawal request remembers where it came from; its approval closes the case and forgets it', () => {
    const requested = act(at('NOTICE'), { name: 'withdraw', remarks: 'OTS paid', fields: WITHDRAWAL });
    expect(requested.ok && requested.next.returnStage).toBe('NOTICE');
    const approved = act(at('WITHDRAWAL', { returnStage: 'NOTICE' }), 'approve');
    expect(approved.ok && approved.next).toMatchObject({ isClosed: true, status: 'Withdrawn', returnStage: null });
    expect(approved.ok && approved.effects).toEqual(['releaseLegalHold']);
  });

  it('a new case starts in the pool as Initiated, pinned to the definition version', () => {
    const started = startCase(def, { caseType: 'S138' }, TODAY);
    expect(started.ok && started.snapshot).toMatchObject({
      definitionCode: 'LEGAL',
      definitionVersion: def.version,
      stage: 'POOL',
      status: 'Initiated',
      makerUserId: null,
      stageEnteredOn: TODAY,
      version: 1,
    });
    const draft = buildLegalDefinition(DEFAULT_LEGAL_TIMELINES, 2, 'DRAFT');
    expect(startCase(draft, {}, TODAY)).toEqual({
      ok: false,
      refusal: { code: 'DEFINITION_NOT_ACTIVE', status: 'DRAFT' },
    });
  });
});

describe('legal refusals', () => {
  it('DEFINITION_MISMATCH: a case pinned to another version', () => {
    const result = act(at('FILING_APPROVAL', { definitionVersion: def.version + 1 }), 'approve');
    expect(result).toEqual({
      ok: false,
      refusal: {
        code: 'DEFINITION_MISMATCH',
        definition: { code: 'LEGAL', version: def.version },
        case: { code: 'LEGAL', version: def.version + 1 },
      },
    });
  });

  it.each(['Closed', 'Withdrawn', 'Declined'] as const)('CASE_CLOSED: a %s case accepts no action', (status) => {
    for (const stage of def.stages) {
      for (const action of stage.actions) {
        const result = act(at(stage.code, { status }), { name: action.name, remarks: 'x', fields: WITHDRAWAL });
        expect(result).toEqual({ ok: false, refusal: { code: 'CASE_CLOSED', status } });
      }
    }
    expect(availableActions(def, at('COURT_CASE_UPDATE', { status }), checker, TODAY)).toEqual([]);
    expect(stageDates(def, at('CASE_FILING', { status }), TODAY)).toEqual([]);
  });

  it('WRONG_STAGE: an unknown stage, or a case that moved on from the stage the user saw', () => {
    expect(act(at('SOMEWHERE'), 'approve')).toEqual({
      ok: false,
      refusal: { code: 'WRONG_STAGE', stage: 'SOMEWHERE' },
    });
    expect(act(at('MANAGER'), { name: 'approve', expectedStage: 'FILING_APPROVAL' })).toEqual({
      ok: false,
      refusal: { code: 'WRONG_STAGE', stage: 'MANAGER', expectedStage: 'FILING_APPROVAL' },
    });
  });

  it('ACTION_NOT_ALLOWED: an action the stage does not offer', () => {
    expect(act(at('NOTICE'), 'approve')).toEqual({
      ok: false,
      refusal: { code: 'ACTION_NOT_ALLOWED', stage: 'NOTICE', action: 'approve' },
    });
    expect(act(at('POOL'), { name: 'reconsider', remarks: 'x' })).toMatchObject({
      refusal: { code: 'ACTION_NOT_ALLOWED' },
    });
  });

  it.each([
    ['FILING_APPROVAL', 'approve', 'LEGAL_FILE_APP_SAUTH'],
    ['COURT_CASE_UPDATE', 'recommend', 'COURT_CASE_UPDT_SUATH'],
    ['COURT_UPDATE_APPROVAL', 'approve', 'COURT_CASE_APP_SUATH'],
    ['WITHDRAWAL', 'approve', 'LEGAL_WITHDRAWAL_SUATH'],
  ] as const)('MISSING_AUTHORITY: %s %s needs %s', (stage, action, authority) => {
    const actor = actorWith(
      'checker-2',
      AUTHORITIES.filter((code) => code !== authority),
    );
    expect(act(at(stage), action, TODAY, actor)).toEqual({
      ok: false,
      refusal: { code: 'MISSING_AUTHORITY', authority },
    });
  });

  it('MAKER_CANNOT_CHECK: the maker cannot approve, reject or push back their own step (ids compare as text)', () => {
    const own = at('FILING_APPROVAL', { makerUserId: 42 });
    const maker = actorWith('42', AUTHORITIES);
    for (const name of ['approve', 'reject', 'pushback'] as const) {
      expect(act(own, { name, remarks: 'x', fields: { rejectionReason: 'OTHER' } }, TODAY, maker)).toEqual({
        ok: false,
        refusal: { code: 'MAKER_CANNOT_CHECK', makerUserId: 42 },
      });
    }
    expect(act(own, 'approve', TODAY, actorWith(43, AUTHORITIES)).ok).toBe(true);
    // Maker actions are not checks: the maker may rework their own pushed-back case.
    expect(act(at('INITIATE', { makerUserId: 42, status: 'Pushback' }), 'recommend', TODAY, maker).ok).toBe(true);
  });

  it('MAKER_CANNOT_CHECK: whoever reconsiders a rejected case becomes its maker', () => {
    const reconsidered = act(
      at('REJECT_TRAY'),
      { name: 'reconsider', remarks: 'Memo found' },
      TODAY,
      actorWith(5, AUTHORITIES),
    );
    expect(reconsidered.ok).toBe(true);
    if (!reconsidered.ok) return;
    const next = at('FILING_APPROVAL', {
      makerUserId: reconsidered.next.makerUserId,
      status: reconsidered.next.status,
    });
    expect(act(next, 'approve', TODAY, actorWith(5, AUTHORITIES))).toMatchObject({
      refusal: { code: 'MAKER_CANNOT_CHECK' },
    });
  });

  it('REMARKS_REQUIRED: rejections, pushbacks, declines, reconsiderations and withdrawals need remarks', () => {
    for (const [stage, name] of [
      ['FILING_APPROVAL', 'reject'],
      ['MANAGER', 'pushback'],
      ['POOL', 'decline'],
      ['REJECT_TRAY', 'reconsider'],
      ['NOTICE', 'withdraw'],
    ] as const) {
      const result = act(at(stage), {
        name,
        remarks: '   ',
        fields: name === 'reject' ? { rejectionReason: 'OTHER' } : {},
      });
      expect(result).toEqual({ ok: false, refusal: { code: 'REMARKS_REQUIRED', action: name } });
    }
  });

  it("FIELD_NOT_EDITABLE: an action only edits its own stage's form and dialog", () => {
    expect(act(at('NOTICE'), { name: 'submit', fields: { chequeAmount: '1.00', noticeDate: '2026-01-12' } })).toEqual({
      ok: false,
      refusal: { code: 'FIELD_NOT_EDITABLE', fields: ['chequeAmount'] },
    });
  });

  it('REQUIRED_FIELD_MISSING: the stage form, by case type', () => {
    const { chequeNumber: _n, chequeDate: _d, ...withoutCheque } = S138;
    expect(act(at('INITIATE', { fields: withoutCheque }), 'recommend')).toEqual({
      ok: false,
      refusal: { code: 'REQUIRED_FIELD_MISSING', fields: ['chequeNumber', 'chequeDate'] },
    });
    // A civil suit needs no cheque details.
    const civil = { caseType: 'CIVIL_SUIT', claimAmount: '900000.00' };
    expect(act(at('INITIATE', { fields: civil }), 'recommend').ok).toBe(true);
    // The reject dialog's reason.
    expect(act(at('MANAGER'), { name: 'reject', remarks: 'x' })).toEqual({
      ok: false,
      refusal: { code: 'REQUIRED_FIELD_MISSING', fields: ['rejectionReason'] },
    });
    // A court update is approved only with its CNR.
    const { cnr: _c, ...withoutCnr } = S138;
    expect(act(at('COURT_CASE_UPDATE', { fields: withoutCnr }), 'recommend')).toEqual({
      ok: false,
      refusal: { code: 'REQUIRED_FIELD_MISSING', fields: ['cnr'] },
    });
  });

  it('FIELD_INVALID: CNR format, cheque validity, DRT threshold — with the spec messages', () => {
    expect(act(at('CASE_FILING'), { name: 'submit', fields: { cnr: 'mhmm1100' } })).toEqual({
      ok: false,
      refusal: {
        code: 'FIELD_INVALID',
        errors: [{ field: 'cnr', message: 'Only capital letters and numbers are allowed' }],
      },
    });
    expect(act(at('CASE_FILING'), { name: 'submit', fields: { cnr: 'MHMM1100' } })).toMatchObject({
      refusal: { errors: [{ field: 'cnr', message: 'This field requires a minimum length of 16' }] },
    });
    // Presented more than 3 months after the cheque date.
    const stale = {
      ...S138,
      presentationDate: '2026-04-03',
      chequeReturnDate: '2026-04-04',
      returnMemoReceivedDate: '2026-04-05',
    };
    expect(act(at('INITIATE', { fields: stale }), 'recommend', '2026-04-10')).toMatchObject({
      refusal: {
        code: 'FIELD_INVALID',
        errors: [{ field: 'presentationDate', message: 'Date should be on or before 2026-04-02' }],
      },
    });
    const drt = { caseType: 'DRT', claimAmount: '1999999.99' };
    expect(act(at('INITIATE', { fields: drt }), 'recommend')).toEqual({
      ok: false,
      refusal: {
        code: 'FIELD_INVALID',
        errors: [{ field: 'claimAmount', message: 'Amount should be at least 2000000' }],
      },
    });
    expect(act(at('INITIATE', { fields: { ...drt, claimAmount: '2000000' } }), 'recommend').ok).toBe(true);
  });

  it('REQUIRED_DOCUMENT_MISSING: the checklist follows the notice mode', () => {
    const documents = allDocumentCodes(def).filter((code) => code !== 'postalReceipt');
    expect(act(at('NOTICE', { documents }), 'submit')).toEqual({
      ok: false,
      refusal: { code: 'REQUIRED_DOCUMENT_MISSING', documents: ['postalReceipt'] },
    });
    const byEmail = { ...S138, noticeMode: 'EMAIL', noticeEmail: 'borrower@example.in' };
    expect(act(at('NOTICE', { documents, fields: byEmail }), 'submit').ok).toBe(true);
    expect(act(at('NOTICE', { documents: ['noticeCopy'], fields: byEmail }), 'submit')).toEqual({
      ok: false,
      refusal: { code: 'REQUIRED_DOCUMENT_MISSING', documents: ['emailDeliveryProof'] },
    });
  });

  it('TOO_EARLY: the §138 complaint is refused until the 15 days to pay have expired, naming the rule and date', () => {
    // Served 16 Jan: the drawer may pay until 31 Jan; the complaint may be filed from 1 Feb.
    const filing = at('CASE_FILING', { fields: { ...S138, filingDate: '2026-01-31' } });
    expect(act(filing, 'submit', '2026-01-31')).toEqual({
      ok: false,
      refusal: {
        code: 'TOO_EARLY',
        rule: 'S138_COMPLAINT_EARLIEST',
        label: 'Complaint only after the 15 days to pay expire (§138(c) NI Act)',
        labelKey: 'S138ComplaintEarliest',
        earliest: '2026-02-01',
      },
    });
    expect(act(at('CASE_FILING', { fields: { ...S138, filingDate: '2026-02-01' } }), 'submit', '2026-02-01').ok).toBe(
      true,
    );
    // A civil suit has no such wait.
    const civil = { ...S138, caseType: 'CIVIL_SUIT', filingDate: '2026-01-20' };
    expect(act(at('CASE_FILING', { fields: civil }), 'submit', '2026-01-20').ok).toBe(true);
  });

  it('NO_RETURN_STAGE: a withdrawal rejected without a recorded origin has nowhere to return', () => {
    expect(act(at('WITHDRAWAL', { returnStage: null }), { name: 'reject', remarks: 'x' })).toEqual({
      ok: false,
      refusal: { code: 'NO_RETURN_STAGE', action: 'reject' },
    });
  });

  it('branches: a final outcome needs the judgment copy; an interim one needs the next hearing date', () => {
    const final = at('COURT_UPDATE_APPROVAL', {
      fields: { ...S138, outcome: 'DISMISSED' },
      documents: allDocumentCodes(def).filter((code) => code !== 'judgmentCopy'),
    });
    expect(act(final, 'approve')).toEqual({
      ok: false,
      refusal: { code: 'REQUIRED_DOCUMENT_MISSING', documents: ['judgmentCopy'] },
    });
    const { nextHearingDate: _h, ...noNextDate } = S138;
    expect(act(at('COURT_UPDATE_APPROVAL', { fields: noNextDate }), 'approve')).toEqual({
      ok: false,
      refusal: { code: 'REQUIRED_FIELD_MISSING', fields: ['nextHearingDate'] },
    });
  });
});

describe('§138 date rules', () => {
  const dates = (stage: string, fields: CaseFields, businessDate = TODAY) =>
    Object.fromEntries(stageDates(def, at(stage, { fields }), businessDate).map((d) => [d.rule, d]));

  it('notice due 30 days after the return memo is received, overdue the day after', () => {
    const onTime = dates('NOTICE', S138, '2026-02-08').S138_NOTICE_DUE!;
    expect(onTime).toMatchObject({ date: '2026-02-08', kind: 'latest', isOverdue: false, daysLeft: 0 });
    expect(dates('NOTICE', S138, '2026-02-09').S138_NOTICE_DUE).toMatchObject({ isOverdue: true, daysLeft: -1 });
    // Across February: memo received 31 Jan → notice due 2 Mar (2026 is not a leap year).
    expect(dates('TEAM_TRAY', { ...S138, returnMemoReceivedDate: '2026-01-31' }).S138_NOTICE_DUE!.date).toBe(
      '2026-03-02',
    );
  });

  it.each([
    ['2026-01-16', '2026-02-01', '2026-02-28'],
    ['2028-01-16', '2028-02-01', '2028-02-29'],
    ['2026-01-15', '2026-01-31', '2026-02-28'],
    ['2026-03-16', '2026-04-01', '2026-04-30'],
    ['2026-12-20', '2027-01-05', '2027-02-04'],
  ])('notice served %s: complaint from %s, due by %s (payBy + 1 calendar month)', (served, earliest, due) => {
    const rules = dates('CASE_FILING', { ...S138, noticeServedDate: served }, '2026-01-01');
    expect(rules.S138_COMPLAINT_EARLIEST!).toMatchObject({ kind: 'earliest', date: earliest, isOverdue: false });
    expect(rules.S142_COMPLAINT_DUE!).toMatchObject({ kind: 'latest', date: due });
  });

  it('§143A interim compensation is due 60 days after the order, only when ordered', () => {
    const ordered = {
      ...S138,
      interimCompensationOrdered: true,
      interimCompensationAmount: '50000.00',
      interimOrderDate: '2026-03-02',
    };
    expect(dates('COURT_CASE_UPDATE', ordered).S143A_INTERIM_COMPENSATION_DUE!.date).toBe('2026-05-01');
    expect(dates('COURT_CASE_UPDATE', S138).S143A_INTERIM_COMPENSATION_DUE).toBeUndefined();
  });

  it('rules for cheque cases do not apply to a civil suit, which gets the policy SLA instead', () => {
    const civil = dates('CASE_FILING', { ...S138, caseType: 'CIVIL_SUIT' });
    expect(Object.keys(civil)).toEqual(['FILING_SLA']);
  });

  it('a rule whose base is still empty shows no date and names the missing field', () => {
    const { noticeServedDate: _s, ...unserved } = S138;
    expect(dates('CASE_FILING', unserved).S142_COMPLAINT_DUE).toMatchObject({
      date: null,
      missingFields: ['noticeServedDate'],
      isOverdue: false,
      daysLeft: null,
    });
  });

  it('the due date stored on the case is the earliest "latest" date of its stage', () => {
    const snapshot = at('FILING_APPROVAL', { stageEnteredOn: '2026-02-01' });
    // Notice due 8 Feb (memo 9 Jan + 30) vs the 3-day approval SLA (4 Feb).
    expect(stageDueDate(def, snapshot)).toBe('2026-02-04');
    expect(stageDueDate(def, at('POOL'))).toBeNull();
    expect(stageDueDate(def, at('FILING_APPROVAL', { status: 'Closed' }))).toBeNull();
  });

  it('statutory numbers are configurable: a definition built with other numbers computes other dates', () => {
    const custom = buildLegalDefinition({ ...DEFAULT_LEGAL_TIMELINES, paymentDaysAfterService: 20 }, 2);
    const snapshot = snapshotFor(custom, 'CASE_FILING', { fields: S138 });
    const rules = Object.fromEntries(stageDates(custom, snapshot, TODAY).map((d) => [d.rule, d.date]));
    expect(rules.S138_COMPLAINT_EARLIEST).toBe('2026-02-06');
    expect(rules.S142_COMPLAINT_DUE).toBe('2026-03-05');
  });
});

describe('available actions for the UI', () => {
  it('lists the stage actions with their state for this actor, without judging remarks', () => {
    const actions = availableActions(def, at('FILING_APPROVAL', { makerUserId: 'maker-1' }), checker, TODAY);
    expect(actions.map((a) => [a.name, a.enabled, a.remarksRequired, a.isCheckerAction])).toEqual([
      ['approve', true, false, true],
      ['reject', false, true, true],
      ['pushback', true, true, true],
    ]);
    // The reject dialog asks for a reason; until it is given the action reports what is missing.
    expect(actions[1]!.refusal).toEqual({ code: 'REQUIRED_FIELD_MISSING', fields: ['rejectionReason'] });
    expect(actions[1]!.fields.map((f) => f.name)).toEqual(['rejectionReason']);
  });

  it('shows the maker why they cannot decide their own step, and a too-early filing with its date', () => {
    const own = availableActions(def, at('MANAGER', { makerUserId: 'checker-2' }), checker, TODAY);
    expect(own.map((a) => [a.name, a.enabled, a.refusal?.code])).toEqual([
      ['approve', false, 'MAKER_CANNOT_CHECK'],
      ['pushback', false, 'MAKER_CANNOT_CHECK'],
      ['reject', false, 'MAKER_CANNOT_CHECK'],
      ['decline', false, 'MAKER_CANNOT_CHECK'],
    ]);
    const early = availableActions(
      def,
      at('CASE_FILING', { fields: { ...S138, filingDate: '2026-01-20' } }),
      checker,
      '2026-01-20',
    );
    expect(early.find((a) => a.name === 'submit')!.refusal).toMatchObject({
      code: 'TOO_EARLY',
      earliest: '2026-02-01',
    });
  });

  it('is empty for a case on another definition version or an unknown stage', () => {
    expect(availableActions(def, at('MANAGER', { definitionVersion: 9 }), checker, TODAY)).toEqual([]);
    expect(availableActions(def, at('NOWHERE'), checker, TODAY)).toEqual([]);
  });
});
