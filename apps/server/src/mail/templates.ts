import { translator, type Translator } from '@recovery-desk/i18n/translator.ts';
import type { MailMessage } from './mail-service.ts';

// Texts of the mails the server sends, from the shared dictionaries (keys Mail…). The code is the only secret in them.
//
// Language rule: a mail is written in the language of the request that causes it (ctx.language, from the web's
// `language` setting sent as Accept-Language). For the sign-in and reset codes that request is the recipient's own;
// a mail to another user (a decision to a maker, a hearing reminder to a case owner) is in the language the recipient
// last signed in with (`users.language`), else the causing request's. Without either a mail is English.

const ENGLISH = translator('en');

export function signInCodeMail(to: string, code: string, ttlMinutes: number, t: Translator = ENGLISH): MailMessage {
  return {
    to,
    subject: t.t('MailSignInCodeSubject'),
    body: t.t('MailSignInCodeBody', { code, minutes: ttlMinutes }),
  };
}

export function resetCodeMail(to: string, code: string, ttlMinutes: number, t: Translator = ENGLISH): MailMessage {
  return {
    to,
    subject: t.t('MailResetCodeSubject'),
    body: t.t('MailResetCodeBody', { code, minutes: ttlMinutes }),
  };
}

export type DecisionMailFacts = {
  to: string;
  makerName: string;
  checkerName: string;
  caseNo: string;
  /** the action's label key in the definition, e.g. ApproveAction */
  decisionKey: string;
  /** the decision's words when no dictionary holds the key */
  decisionFallback: string;
  fromStage: string;
  stage: string;
  status: string;
  remarks: string | null;
};

/** The mail to a maker whose step a checker decided (the workflow effect notifyMaker). */
export function decisionMail(facts: DecisionMailFacts, t: Translator = ENGLISH): MailMessage {
  const decision = t.tr(facts.decisionKey, facts.decisionFallback);
  const caseNo = facts.caseNo;
  return {
    to: facts.to,
    subject: t.t('MailDecisionSubject', { caseNo, decision }),
    body: t.t('MailDecisionBody', {
      name: facts.makerName,
      checker: facts.checkerName,
      decision,
      caseNo,
      fromStage: facts.fromStage,
      stage: facts.stage,
      status: t.tr(`CaseStatus${facts.status}`, facts.status),
      remarks: facts.remarks ? facts.remarks : t.t('MailNoRemarks'),
    }),
  };
}

export function hearingReminderMail(
  to: string,
  hearing: { caseNo: string; hearingDate: string; court: string | null },
  t: Translator = ENGLISH,
): MailMessage {
  const date = t.date(hearing.hearingDate);
  return {
    to,
    subject: t.t('MailHearingReminderSubject', { caseNo: hearing.caseNo, date }),
    body: t.t('MailHearingReminderBody', {
      caseNo: hearing.caseNo,
      date,
      atCourt: hearing.court ? t.t('MailHearingReminderAtCourt', { court: hearing.court }) : '',
    }),
  };
}
