// German: the web's messages for the API's error codes (lib/describe-error.ts), one per code without its own
// wording elsewhere.
export const errorsDe = {
  ErrorValidation:
    'Einige Felder fehlen oder sind ungültig. Korrigieren Sie die unten genannten Felder und versuchen Sie es erneut.',
  ErrorBadRequest: 'Die Anfrage konnte nicht gelesen werden. Laden Sie die Seite neu und versuchen Sie es erneut.',
  ErrorUserkeyInvalid:
    'Ihre Anmeldedaten konnten nicht gelesen werden. Laden Sie die Seite neu und melden Sie sich erneut an.',
  ErrorPayloadTooLarge: 'Die Datei oder Anfrage ist zu groß. Senden Sie eine kleinere.',
  ErrorUnsupportedMediaType:
    'Dieser Dateityp wird nicht angenommen. Verwenden Sie PDF, PNG oder JPEG (oder XLSX/CSV für Uploads).',
  ErrorInvalidCredentials: 'Benutzername oder Passwort ist nicht korrekt.',
  ErrorAccountLocked:
    'Ihr Benutzer ist nach zu vielen Fehlversuchen gesperrt. Versuchen Sie es später oder wenden Sie sich an Ihren Administrator.',
  ErrorOtpRequired: 'Geben Sie den Einmalcode ein, der Ihnen gesendet wurde.',
  ErrorOtpInvalid: 'Der Einmalcode ist falsch, abgelaufen oder bereits verwendet. Fordern Sie einen neuen Code an.',
  ErrorOtpCooldown: 'Vor Kurzem wurde ein Code gesendet. Warten Sie, bevor Sie einen weiteren anfordern.',
  ErrorRateLimited: 'Zu viele Versuche. Warten Sie kurz und versuchen Sie es erneut.',
  ErrorUnauthenticated: 'Ihre Sitzung ist beendet. Melden Sie sich erneut an.',
  ErrorRefreshInvalid: 'Ihre Sitzung konnte nicht verlängert werden. Melden Sie sich erneut an.',
  ErrorSsoDisabled: 'Single Sign-on ist nicht aktiviert. Melden Sie sich mit Benutzername und Passwort an.',
  ErrorSsoUnavailable: 'Der Single-Sign-on-Anbieter ist nicht erreichbar. Versuchen Sie es später erneut.',
  ErrorSsoFailed: 'Single Sign-on war nicht erfolgreich. Versuchen Sie es erneut oder melden Sie sich mit Passwort an.',
  ErrorPasswordMismatch: 'Die beiden Passwörter stimmen nicht überein.',
  ErrorPasswordPolicy: 'Das neue Passwort erfüllt die Passwortregeln nicht.',
  ErrorOldPasswordInvalid: 'Das aktuelle Passwort ist nicht korrekt.',
  ErrorUnitNotAllowed: 'Sie arbeiten nicht in dieser Einheit. Wählen Sie in der App-Auswahl eine andere Einheit.',
  ErrorServiceUnavailable: 'Ein benötigter Dienst ist gerade nicht verfügbar. Versuchen Sie es später erneut.',
  ErrorInternal:
    'Auf dem Server ist ein Fehler aufgetreten. Versuchen Sie es erneut; wenn es wieder passiert, informieren Sie Ihren Administrator.',
  ErrorAssigneeOutOfReach:
    'Der gewählte Benutzer oder die Agentur betreut die Filiale dieser Konten nicht. Wählen Sie eine andere.',
  ErrorCaseClosed: 'Dieser Fall ist abgeschlossen. Daran kann nichts mehr getan werden.',
  ErrorWrongStage: 'Der Fall ist in eine andere Stufe gewechselt. Laden Sie ihn neu, um zu sehen, wo er jetzt steht.',
  ErrorActionNotAllowed: 'Diese Aktion ist in der Stufe des Falls nicht verfügbar.',
  ErrorDocumentMissing: 'Ein erforderliches Dokument fehlt. Laden Sie es zuerst in der Dokumenten-Checkliste hoch.',
  ErrorTooEarly: 'Für diesen Schritt ist es zu früh. Die Fristregel der Stufe erlaubt ihn noch nicht.',
  ErrorNoReturnStage: 'Es gibt keine Stufe, zu der der Fall zurückkehren kann.',
  ErrorDefinitionNotActive:
    'Die Workflow-Version dieses Falls ist nicht mehr aktiv. Wenden Sie sich an Ihren Administrator.',
  ErrorCaseAlreadyOpen: 'Für das Konto ist bereits ein offener Fall dieses Workflows vorhanden.',
  ErrorNotEligible: 'Das Konto erfüllt die Regel des Rechtspools nicht.',
  ErrorCheckerAlreadyApproved:
    'Sie haben diesen Antrag auf einer früheren Stufe genehmigt: Ein Prüfer der nächsten Stufe muss entscheiden.',
  ErrorApprovalLimitExceeded:
    'Der Betrag liegt über Ihrer Genehmigungsgrenze. Der Antrag wartet auf einen Prüfer, dessen Grenze ihn abdeckt.',
  ErrorNotTheMaker: 'Nur der Benutzer, der diesen Antrag gestellt hat, kann ihn ändern und erneut einreichen.',
  ErrorApprovalAlreadyOpen:
    'Hierzu wartet bereits ein Antrag auf Entscheidung. Warten Sie darauf oder ziehen Sie ihn zuerst zurück.',
  ErrorDeviceOfAnotherUser:
    'Dieses Gerät ist für einen anderen Außendienstmitarbeiter registriert: Nur dieser kann davon Positionen senden.',
} as const;
