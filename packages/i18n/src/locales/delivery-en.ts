// English strings of sign-in delivery (issue 11, items 16–17): the one-time code sent on the first Sign In, single
// sign-on when it is not configured, the demo identity provider's page, and the loading skeleton.
export const deliveryEn = {
  OtpSentTitle: 'Check your e-mail',
  OtpSentEnterIt: 'We sent a one-time code to your registered e-mail. Enter it and press Sign In.',
  OtpEnterSentCode: 'Enter the one-time code we sent to your registered e-mail, then press Sign In.',
  SsoNotConfiguredTitle: 'Single sign-on is not configured',
  SsoNotConfigured:
    'This installation has no single sign-on provider. Sign in with your username and password, or ask your administrator to set OIDC_ISSUER.',
  DemoIdpTitle: 'Demo identity provider',
  DemoIdpIntro:
    'Demo mode only: this stands in for your organisation’s single sign-on. Sign in as a demo user with that user’s password.',
  DemoIdpUser: 'Demo user',
  DemoIdpPassword: 'Password',
  DemoIdpSignIn: 'Sign in and return to Recovery Desk',
  DemoIdpCancel: 'Cancel',
  DemoIdpWrongCredentials: 'Wrong username or password.',
  DemoIdpExpired: 'This sign-in has expired. Go back to Recovery Desk and press For Internal Login again.',
  LoadingContent: 'Loading content',
} as const;

export type DeliveryKey = keyof typeof deliveryEn;
