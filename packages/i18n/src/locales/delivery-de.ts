import type { DeliveryKey } from './delivery-en.ts';

// German strings of sign-in delivery.
export const deliveryDe: Record<DeliveryKey, string> = {
  OtpSentTitle: 'Prüfen Sie Ihre E-Mails',
  OtpSentEnterIt:
    'Wir haben einen Einmalcode an Ihre registrierte E-Mail-Adresse gesendet. Geben Sie ihn ein und drücken Sie Anmelden.',
  OtpEnterSentCode:
    'Geben Sie den Einmalcode ein, den wir an Ihre registrierte E-Mail-Adresse gesendet haben, und drücken Sie Anmelden.',
  SsoNotConfiguredTitle: 'Single Sign-on ist nicht eingerichtet',
  SsoNotConfigured:
    'Diese Installation hat keinen Single-Sign-on-Anbieter. Melden Sie sich mit Benutzername und Passwort an oder bitten Sie Ihre Administration, OIDC_ISSUER zu setzen.',
  DemoIdpTitle: 'Demo-Identitätsanbieter',
  DemoIdpIntro:
    'Nur im Demomodus: Er steht für das Single Sign-on Ihrer Organisation. Melden Sie sich als Demo-Benutzer mit dessen Passwort an.',
  DemoIdpUser: 'Demo-Benutzer',
  DemoIdpPassword: 'Passwort',
  DemoIdpSignIn: 'Anmelden und zu Recovery Desk zurückkehren',
  DemoIdpCancel: 'Abbrechen',
  DemoIdpWrongCredentials: 'Benutzername oder Passwort ist falsch.',
  DemoIdpExpired:
    'Diese Anmeldung ist abgelaufen. Kehren Sie zu Recovery Desk zurück und drücken Sie erneut For Internal Login.',
  LoadingContent: 'Inhalt wird geladen',
};
