import { describe, expect, it } from 'vitest';
import { LEGAL_S138_CASE } from './definitions/sample-cases.ts';
import { BUILT_IN_DEFINITIONS } from './definitions/catalogue.ts';
import { findStage } from './definition.ts';
import {
  documentApplies,
  documentRequiredNow,
  transition,
  unmetRequirements,
  type CaseSnapshot,
} from './transition.ts';

// An action lists everything it needs up front: the engine returns every unmet requirement in one refusal, and the
// document checklist's "required"/"does not apply" come from the same function the engine uses.

const legal = BUILT_IN_DEFINITIONS.find((definition) => definition.code === 'LEGAL')!;
const notice = findStage(legal, 'NOTICE')!;
const noticeSent = notice.actions.find((action) => action.name === 'submit')!;
const actor = { userId: 7, authorities: [notice.authority] };

function atNotice(fields: Record<string, string>): CaseSnapshot {
  return {
    definitionCode: legal.code,
    definitionVersion: legal.version,
    stage: 'NOTICE',
    status: 'Approved',
    fields: { caseType: LEGAL_S138_CASE.caseType!, returnMemoReceivedDate: '2026-01-09', ...fields },
    documents: ['noticeCopy'],
    makerUserId: null,
    stageEnteredOn: '2026-03-01',
    returnStage: null,
    version: 4,
  };
}

describe('Notice sent: every requirement at once', () => {
  it('names the tracking (AWB) number and the postal receipt together for a postal notice', () => {
    const snapshot = atNotice({ noticeMode: 'RPAD', noticeDate: '2026-03-02', noticeSentDate: '2026-03-03' });
    const result = transition(legal, snapshot, 'submit', actor, '2026-03-31');
    expect(result).toEqual({
      ok: false,
      refusal: {
        code: 'REQUIREMENTS_UNMET',
        remarks: false,
        fields: ['trackingNumber'],
        errors: [],
        documents: ['postalReceipt'],
      },
    });
  });

  it('lists empty fields, wrong values and documents in one refusal', () => {
    const snapshot = atNotice({ noticeMode: 'SPEED_POST', noticeDate: '2026-03-02', noticeSentDate: '2026-03-01' });
    const unmet = unmetRequirements(notice, noticeSent, {
      fields: snapshot.fields,
      documents: snapshot.documents,
      remarks: null,
      businessDate: '2026-03-31',
    });
    expect(unmet.fields).toEqual(['trackingNumber']);
    expect(unmet.errors.map((error) => error.field)).toEqual(['noticeSentDate']);
    expect(unmet.documents).toEqual(['postalReceipt']);
  });

  it('one kind missing keeps its own refusal', () => {
    const snapshot = atNotice({ noticeMode: 'RPAD', noticeDate: '2026-03-02', noticeSentDate: '2026-03-03' });
    const result = transition(
      legal,
      { ...snapshot, fields: { ...snapshot.fields, trackingNumber: 'AB123456789IN' } },
      'submit',
      actor,
      '2026-03-31',
    );
    expect(result).toEqual({ ok: false, refusal: { code: 'REQUIRED_DOCUMENT_MISSING', documents: ['postalReceipt'] } });
  });

  it('the checklist agrees with the engine: the postal receipt is needed exactly when the notice goes by post', () => {
    const receipt = notice.documents.find((document) => document.code === 'postalReceipt')!;
    for (const mode of ['RPAD', 'SPEED_POST', 'COURIER']) {
      expect(documentApplies(receipt, { noticeMode: mode })).toBe(true);
      expect(documentRequiredNow(receipt, { noticeMode: mode })).toBe(true);
    }
    for (const fields of [{ noticeMode: 'EMAIL' }, {}] as Record<string, string>[]) {
      expect(documentRequiredNow(receipt, fields)).toBe(false);
      const snapshot = atNotice({ ...fields, noticeDate: '2026-03-02', noticeSentDate: '2026-03-03' });
      const result = transition(legal, snapshot, 'submit', actor, '2026-03-31');
      const refusal = result.ok ? null : result.refusal;
      expect(JSON.stringify(refusal)).not.toContain('postalReceipt');
    }
  });
});
