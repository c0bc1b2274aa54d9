import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@recovery-desk/domain/sign-in.ts';

// Password rules (reliability A7, ASVS V6.2): length 12 to 128, no composition rules, not the user's own
// name or address, not one of the passwords attackers try first.

const COMMON_PASSWORDS = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456789abc',
  '1q2w3e4r5t6y',
  'abc123456789',
  'abcdefghijkl',
  'administrator',
  'changeme1234',
  'iloveyou1234',
  'india@123456',
  'letmein12345',
  'password1234',
  'password12345',
  'password123456',
  'password@123',
  'password@1234',
  'passwordpassword',
  'qwerty123456',
  'qwertyuiop12',
  'qwertyuiopasdf',
  'welcome12345',
  'welcome@1234',
]);

export function passwordPolicyProblem(
  password: string,
  identity: { username?: string; email?: string },
): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  if (length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`;
  const lower = password.toLowerCase();
  const own = [identity.username, identity.email, identity.email?.split('@')[0]]
    .filter((value): value is string => Boolean(value))
    .map((value) => value.toLowerCase());
  if (own.includes(lower)) return 'Password must not be your username or email';
  if (COMMON_PASSWORDS.has(lower) || /^(.)\1+$/.test(password)) return 'This password is too common; choose another';
  return null;
}
