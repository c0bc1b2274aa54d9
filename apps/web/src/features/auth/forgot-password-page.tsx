import { PasswordResetFlow } from './password-reset-flow.tsx';

/** /ForgotPassword: the reset steps with a Back to Login button. */
export function ForgotPasswordPage() {
  return (
    <PasswordResetFlow
      titleKey="ForgotPassword"
      introKey="ForgotPasswordIntro"
      back={{ to: '/login', labelKey: 'BackToLogin' }}
    />
  );
}

/** /changePassword: the same steps; its back button leads to the app selector. */
export function ChangePasswordPage() {
  return (
    <PasswordResetFlow
      titleKey="ChangePassword"
      introKey="ChangePasswordIntro"
      back={{ to: '/home', labelKey: 'BackToHomePage' }}
    />
  );
}
