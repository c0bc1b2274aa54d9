import type { PluralBase } from './plurals-en.ts';

// German plural forms of the count-bearing strings (see plurals-en.ts).
export const pluralsDe: Record<`${PluralBase}_${'one' | 'other'}`, string> = {
  SelectedCount_one: '{{count}} ausgewählt',
  SelectedCount_other: '{{count}} ausgewählt',
  LinkedAccountsCount_one: '{{count}} Konto',
  LinkedAccountsCount_other: '{{count}} Konten',
  LinkedOutsideScope_one:
    'Der Kreditnehmer hat {{count}} weiteres Kreditkonto in anderen Einheiten, hier nicht gezeigt.',
  LinkedOutsideScope_other:
    'Der Kreditnehmer hat {{count}} weitere Kreditkonten in anderen Einheiten, hier nicht gezeigt.',
  AllocationDone_one: '{{count}} Konto zugewiesen.',
  AllocationDone_other: '{{count}} Konten zugewiesen.',
  ReallocationSummary_one: '{{count}} Konto ausgewählt. Der Antrag geht zur Genehmigung an einen Prüfer.',
  ReallocationSummary_other: '{{count}} Konten ausgewählt. Der Antrag geht zur Genehmigung an einen Prüfer.',
  TenureMonths_one: '{{count}} Monat',
  TenureMonths_other: '{{count}} Monate',
  DpdWithBucket_one: '{{count}} Tag ({{bucket}})',
  DpdWithBucket_other: '{{count}} Tage ({{bucket}})',
  ResendOtpIn_one: 'OTP erneut senden in {{count}} Sekunde',
  ResendOtpIn_other: 'OTP erneut senden in {{count}} Sekunden',
  OtpCooldown_one: 'Bitte warten Sie {{count}} Sekunde, bevor Sie einen neuen Code anfordern.',
  OtpCooldown_other: 'Bitte warten Sie {{count}} Sekunden, bevor Sie einen neuen Code anfordern.',
  PasswordHint_one: 'Mindestens {{count}} Zeichen.',
  PasswordHint_other: 'Mindestens {{count}} Zeichen.',
  NoScreensText_one:
    'Keiner der Bildschirme von {{app}}, die Ihre Berechtigungen erlauben, ist in dieser Version schon verfügbar. Sie haben {{count}} Berechtigung in dieser App für die handelnde Einheit.',
  NoScreensText_other:
    'Keiner der Bildschirme von {{app}}, die Ihre Berechtigungen erlauben, ist in dieser Version schon verfügbar. Sie haben {{count}} Berechtigungen in dieser App für die handelnde Einheit.',
  NoticesRunAsJob_one:
    'Das Mahnschreiben von {{count}} Fall wird im Hintergrund erstellt; das PDF kann hier heruntergeladen werden.',
  NoticesRunAsJob_other:
    'Die Mahnschreiben von {{count}} Fällen werden im Hintergrund erstellt; das PDF kann hier heruntergeladen werden.',
  LegalOverdueCount_one: '{{count}} überfällig',
  LegalOverdueCount_other: '{{count}} überfällig',
  PoolInitiateSummary_one:
    '{{count}} Konto ausgewählt. Dafür wird ein Rechtsfall eröffnet, der in den Eingang „Rechtsverfahren einleiten“ geht.',
  PoolInitiateSummary_other:
    '{{count}} Konten ausgewählt. Für jedes wird ein Rechtsfall eröffnet, der in den Eingang „Rechtsverfahren einleiten“ geht.',
  PoolDeclineSummary_one:
    '{{count}} Konto ausgewählt. Es verlässt den Pool für die in den Rechtseinstellungen festgelegte Sperrfrist.',
  PoolDeclineSummary_other:
    '{{count}} Konten ausgewählt. Sie verlassen den Pool für die in den Rechtseinstellungen festgelegte Sperrfrist.',
  PoolDeclined_one: '{{count}} Konto als nicht für Rechtsverfahren geeignet markiert.',
  PoolDeclined_other: '{{count}} Konten als nicht für Rechtsverfahren geeignet markiert.',
  UploadFileRules_one:
    'Eine .xlsx- oder .csv-Datei mit höchstens {{count}} Zeile; die erste Zeile enthält die Spaltennamen.',
  UploadFileRules_other:
    'Eine .xlsx- oder .csv-Datei mit höchstens {{count}} Zeilen; die erste Zeile enthält die Spaltennamen.',
  UploadFinished_one: '{{ok}} von {{count}} Zeile verarbeitet, {{failed}} fehlgeschlagen.',
  UploadFinished_other: '{{ok}} von {{count}} Zeilen verarbeitet, {{failed}} fehlgeschlagen.',
  UploadTotalRows_one: 'Zeilen in der Datei: {{count}}',
  UploadTotalRows_other: 'Zeilen in der Datei: {{count}}',
  UploadOkRows_one: 'Verarbeitete Zeilen: {{count}}',
  UploadOkRows_other: 'Verarbeitete Zeilen: {{count}}',
  UploadFailedRows_one: 'Zeilen mit Fehlern: {{count}}',
  UploadFailedRows_other: 'Zeilen mit Fehlern: {{count}}',
  ErrorDetailRateLimited_one: 'Zu viele Versuche. Versuchen Sie es in {{count}} Sekunde erneut.',
  ErrorDetailRateLimited_other: 'Zu viele Versuche. Versuchen Sie es in {{count}} Sekunden erneut.',
  WorkflowNoticesGenerated_one: 'Erstellte Mahnschreiben: {{count}}. Das PDF wurde heruntergeladen.',
  WorkflowNoticesGenerated_other: 'Erstellte Mahnschreiben: {{count}}. Das PDF wurde heruntergeladen.',
  WorkflowDaysLeft_one: 'Noch {{count}} Tag',
  WorkflowDaysLeft_other: 'Noch {{count}} Tage',
  WorkflowOverdueByDays_one: 'Seit {{count}} Tag überfällig',
  WorkflowOverdueByDays_other: 'Seit {{count}} Tagen überfällig',
  WorkflowAllowedInDays_one: 'Erlaubt in {{count}} Tag',
  WorkflowAllowedInDays_other: 'Erlaubt in {{count}} Tagen',
  MailSignInCodeBody_one:
    'Ihr einmaliger Anmeldecode lautet {{code}}.\n\nEr läuft in {{count}} Minute ab und gilt nur einmal. Wenn Sie sich nicht anmelden wollten, informieren Sie Ihren Administrator und ändern Sie Ihr Passwort.\n',
  MailSignInCodeBody_other:
    'Ihr einmaliger Anmeldecode lautet {{code}}.\n\nEr läuft in {{count}} Minuten ab und gilt nur einmal. Wenn Sie sich nicht anmelden wollten, informieren Sie Ihren Administrator und ändern Sie Ihr Passwort.\n',
  MailResetCodeBody_one:
    'Ihr Code zum Zurücksetzen des Passworts lautet {{code}}.\n\nEr läuft in {{count}} Minute ab und gilt nur einmal. Wenn Sie das Zurücksetzen nicht angefordert haben, ignorieren Sie diese Nachricht; Ihr Passwort wurde nicht geändert.\n',
  MailResetCodeBody_other:
    'Ihr Code zum Zurücksetzen des Passworts lautet {{code}}.\n\nEr läuft in {{count}} Minuten ab und gilt nur einmal. Wenn Sie das Zurücksetzen nicht angefordert haben, ignorieren Sie diese Nachricht; Ihr Passwort wurde nicht geändert.\n',
  PendingApprovalsCount_one: '{{count}} offene Genehmigung',
  PendingApprovalsCount_other: '{{count}} offene Genehmigungen',
  PtpDeviationText_one:
    'In diesem Bucket darf eine Zusage höchstens {{count}} Tag in der Zukunft liegen, nicht nach der nächsten Rate und nicht unter einer Rate. Darüber entscheidet eine Vorgesetzte und liest Ihre Begründung.',
  PtpDeviationText_other:
    'In diesem Bucket darf eine Zusage höchstens {{count}} Tage in der Zukunft liegen, nicht nach der nächsten Rate und nicht unter einer Rate. Darüber entscheidet eine Vorgesetzte und liest Ihre Begründung.',
  CcShadyWordsStationary_one: '{{count}} Quittung an einem Halt von {{minutes}} Min.',
  CcShadyWordsStationary_other: '{{count}} Quittungen an einem Halt von {{minutes}} Min.',
  CcShadyWordsCancellations_one: '{{count}} Quittung an diesem Tag storniert',
  CcShadyWordsCancellations_other: '{{count}} Quittungen an diesem Tag storniert',
  CcShadyFindings_one: '{{count}} Befund',
  CcShadyFindings_other: '{{count}} Befunde',
  CcRouteGeofences_one: 'Kreise: der Geofence des {{count}} an diesem Tag besuchten Kunden (Radius {{radius}} m).',
  CcRouteGeofences_other: 'Kreise: die Geofences der {{count}} an diesem Tag besuchten Kunden (Radius {{radius}} m).',
};
