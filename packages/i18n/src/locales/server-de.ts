import type { ServerKey } from './server-en.ts';

// German strings the server writes.
export const serverDe: Record<ServerKey, string> = {
  ErrorDetailNotFound: 'Nicht gefunden oder nicht im Bereich Ihrer handelnden Einheit.',
  ErrorDetailNoEndpoint: 'Unter diesem Pfad gibt es keinen {{method}}-Endpunkt.',
  ErrorDetailBadRequest: 'Die Anfrage konnte nicht gelesen werden (senden Sie einen JSON-Body).',
  ErrorDetailMethodNotAllowed: 'Methode nicht erlaubt',
  ErrorDetailNotAcceptable: 'Nicht annehmbar',
  ErrorDetailMalformed: 'Die URL oder die Header der Anfrage sind fehlerhaft.',
  ErrorDetailUnauthenticated: 'Ihre Sitzung ist beendet oder ungültig. Bitte melden Sie sich erneut an.',
  ErrorDetailUnitNotAllowed: 'Wählen Sie eine Ihrer Einheiten als handelnde Einheit.',
  ErrorDetailRateLimited: 'Zu viele Versuche. Versuchen Sie es in {{count}} Sekunden erneut.',
  ErrorDetailStaleVersion:
    'Dieser Datensatz wurde geändert, seit Sie ihn geöffnet haben. Laden Sie ihn neu und versuchen Sie es erneut.',
  ErrorDetailPayloadTooLarge: 'Der Anfrageinhalt ist zu groß.',
  ErrorDetailUnsupportedMediaType: 'Senden Sie den Anfrageinhalt als application/json.',
  ErrorDetailServiceUnavailable: 'Dieser Dienst ist gerade nicht verfügbar. Versuchen Sie es später erneut.',
  ErrorDetailInternal: 'Bei uns ist etwas schiefgelaufen. Nennen Sie dem Support die Anfrage-ID {{requestId}}.',
  ErrorDetailCaseAlreadyOpen: 'Für dieses Konto ist bereits ein offener Fall dieses Workflows vorhanden.',

  MailSignInCodeSubject: 'Ihr Anmeldecode für Recovery Desk',
  MailSignInCodeBody:
    'Ihr einmaliger Anmeldecode lautet {{code}}.\n\nEr läuft in {{minutes}} Minuten ab und gilt nur einmal. Wenn Sie sich nicht anmelden wollten, informieren Sie Ihren Administrator und ändern Sie Ihr Passwort.\n',
  MailResetCodeSubject: 'Ihr Code zum Zurücksetzen des Passworts für Recovery Desk',
  MailResetCodeBody:
    'Ihr Code zum Zurücksetzen des Passworts lautet {{code}}.\n\nEr läuft in {{minutes}} Minuten ab und gilt nur einmal. Wenn Sie das Zurücksetzen nicht angefordert haben, ignorieren Sie diese Nachricht; Ihr Passwort wurde nicht geändert.\n',
  MailDecisionSubject: 'Fall {{caseNo}}: {{decision}}',
  MailDecisionBody:
    'Hallo {{name}},\n\n{{checker}} hat im Fall {{caseNo}} in der Phase {{fromStage}} über Ihren Schritt entschieden: "{{decision}}".\nDer Fall ist jetzt in der Phase {{stage}} mit dem Status {{status}}.\n\nBemerkungen: {{remarks}}\n\nÖffnen Sie den Fall in Recovery Desk, um die Entscheidung zu sehen und darauf zu reagieren.\n',
  MailNoRemarks: '(keine)',
  MailHearingReminderSubject: 'Verhandlungserinnerung: Fall {{caseNo}} am {{date}}',
  MailHearingReminderBody:
    'Fall {{caseNo}} hat seinen nächsten Verhandlungstermin am {{date}}{{atCourt}}.\n\nBereiten Sie die Akte vor und erfassen Sie das Ergebnis nach der Verhandlung in Recovery Desk (Court Case Update).\n',
  MailHearingReminderAtCourt: ' vor {{court}}',

  NoticePageOf: 'Seite {{page}} von {{pages}}',
  NoticeSubject: 'Rechtliche Mitteilung {{caseNo}}, Kreditkonto {{accountNo}}',
  ExportCurrency: 'Währung',
};
