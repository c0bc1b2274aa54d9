// The reusable input rules of spec §5, with their exact messages. Pure functions shared by the
// web inputs (and any server-side check that must say the same thing).

export const MESSAGES = {
  required: 'This field is required',
  email: 'Invalid email address',
  minLength: (n: number) => `This field requires a minimum length of ${n}`,
  maxLength: (n: number) => `This field requires a maximum length of ${n}`,
  name: 'Name should contain only alphabets with one space in between',
  character: 'Only characters are allowed',
  number: 'Only numbers are allowed',
  upperAlphaNum: 'Only capital letters and numbers are allowed',
  amount: 'Only numbers are allowed',
  dateOnOrAfter: (x: string) => `Date should be on or after ${x}`,
  dateOnOrBefore: (x: string) => `Date should be on or before ${x}`,
  datePast: 'Date should be in the past',
  dateFuture: 'Date should be in the future',
  passwordMismatch: 'New Password , Confirm Password is not Match',
  mandatory: 'Please fill mandatory fields',
  uploadFirst: 'please upload file first',
  uploadMandatory: 'Uploading Fileis Mandatory',
  selectId: 'please Select Id',
  selectAccountsForAllocation: 'Select accounts for Allocation',
} as const;

export const PHONE_MAX_DIGITS = 15;

/** On blur: trim the ends and collapse repeated spaces to one. */
export function normalizeSpaces(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NAME_PATTERN = /^[A-Za-z]+( [A-Za-z]+)*$/;
const CHARACTER_PATTERN = /^[A-Za-z\s]*$/;

export type InputRule =
  | { kind: 'required' }
  | { kind: 'email' }
  | { kind: 'minLength'; length: number }
  | { kind: 'maxLength'; length: number }
  | { kind: 'name' }
  | { kind: 'character' }
  | { kind: 'number' }
  | { kind: 'phone' }
  | { kind: 'upperAlphaNum' }
  | { kind: 'amount' }
  | { kind: 'dateMin'; min: string }
  | { kind: 'dateMax'; max: string }
  | { kind: 'datePast'; today: string }
  | { kind: 'dateFuture'; today: string };

/**
 * Rewrites typed input as the spec's rules do while typing (number/phone/amount strip non-digits,
 * phone truncates to 15, upperAlphaNum uppercases and strips, maxLength rejects the extra input).
 */
export function sanitizeInput(value: string, rules: readonly InputRule[]): string {
  let next = value;
  for (const rule of rules) {
    if (rule.kind === 'number' || rule.kind === 'amount') next = next.replace(/\D+/g, '');
    if (rule.kind === 'phone') next = next.replace(/\D+/g, '').slice(0, PHONE_MAX_DIGITS);
    if (rule.kind === 'upperAlphaNum') next = next.toUpperCase().replace(/[^A-Z0-9]+/g, '');
    if (rule.kind === 'maxLength' && next.length > rule.length) next = next.slice(0, rule.length);
  }
  return next;
}

/** Returns the first rule's message the value breaks, or null. Dates are ISO `YYYY-MM-DD`. */
export function validateInput(value: string, rules: readonly InputRule[]): string | null {
  const isEmpty = value.trim() === '';
  for (const rule of rules) {
    if (rule.kind === 'required') {
      if (isEmpty) return MESSAGES.required;
      continue;
    }
    if (isEmpty) continue;
    switch (rule.kind) {
      case 'email':
        if (!EMAIL_PATTERN.test(value)) return MESSAGES.email;
        break;
      case 'minLength':
        if (value.length < rule.length) return MESSAGES.minLength(rule.length);
        break;
      case 'maxLength':
        if (value.length > rule.length) return MESSAGES.maxLength(rule.length);
        break;
      case 'name':
        if (!NAME_PATTERN.test(value)) return MESSAGES.name;
        break;
      case 'character':
        if (!CHARACTER_PATTERN.test(value)) return MESSAGES.character;
        break;
      case 'number':
      case 'amount':
        if (!/^\d+$/.test(value)) return MESSAGES.number;
        break;
      case 'phone':
        if (!/^\d+$/.test(value) || value.length > PHONE_MAX_DIGITS) return MESSAGES.number;
        break;
      case 'upperAlphaNum':
        if (!/^[A-Z0-9]+$/.test(value)) return MESSAGES.upperAlphaNum;
        break;
      case 'dateMin':
        if (value < rule.min) return MESSAGES.dateOnOrAfter(rule.min);
        break;
      case 'dateMax':
        if (value > rule.max) return MESSAGES.dateOnOrBefore(rule.max);
        break;
      case 'datePast':
        if (value >= rule.today) return MESSAGES.datePast;
        break;
      case 'dateFuture':
        if (value <= rule.today) return MESSAGES.dateFuture;
        break;
    }
  }
  return null;
}
