// How values read in a printed notice: amounts with their currency in words the standard PDF fonts can print
// ('Rs. 2,50,000.00' in Indian grouping — never the ₹ sign — and 'USD 1,234.00'), dates as DD-MM-YYYY, and codes
// as English words.

/** An amount (decimal string) for print: INR as 'Rs. 12,34,567.00', USD as 'USD 1,234,567.00'. */
export function formatNoticeAmount(amount: string, currency: string): string {
  const trimmed = amount.trim();
  const sign = trimmed.startsWith('-') ? '-' : '';
  const [whole = '', fraction = '', ...rest] = trimmed.slice(sign.length).split('.');
  if (rest.length > 0 || !/^\d+$/.test(whole) || (fraction !== '' && !/^\d+$/.test(fraction))) return amount;
  const cents = (fraction + '00').slice(0, 2);
  const digits = whole.replace(/^0+(?=\d)/, '');
  const grouped = currency === 'INR' ? indianGrouping(digits) : westernGrouping(digits);
  return `${currency === 'INR' ? 'Rs.' : currency} ${sign}${grouped}.${cents}`;
}

function westernGrouping(digits: string): string {
  return groupFromRight(digits, 3);
}

/** Lakh and crore grouping: the last three digits, then pairs (12,34,56,789). */
function indianGrouping(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${groupFromRight(digits.slice(0, -3), 2)},${digits.slice(-3)}`;
}

function groupFromRight(digits: string, size: number): string {
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= size) groups.unshift(digits.slice(Math.max(0, end - size), end));
  return groups.join(',');
}

/** 'YYYY-MM-DD' as 'DD-MM-YYYY'; anything else as it is. */
export function formatNoticeDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : value;
}

const PRODUCT_LABELS: Record<string, string> = {
  AUTO: 'Auto',
  TWO_WHEELER: 'Two-Wheeler',
  HOME: 'Home',
  PERSONAL: 'Personal',
  CREDIT_CARD: 'Credit Card',
  MOBILE: 'Mobile',
};

export function productLabel(product: string): string {
  return PRODUCT_LABELS[product] ?? product;
}

const BOUNCE_REASON_WORDS: Record<string, string> = {
  FUNDS_INSUFFICIENT: 'Funds insufficient',
  EXCEEDS_ARRANGEMENT: 'Exceeds arrangement',
  ACCOUNT_CLOSED: 'Account closed',
  PAYMENT_STOPPED: 'Payment stopped by drawer',
  SIGNATURE_MISMATCH: 'Drawer signature differs',
  OTHER: 'Other reasons',
};

export function bounceReasonWords(code: string): string {
  return BOUNCE_REASON_WORDS[code] ?? code;
}

/** The bounceReason option matching a cheque's free-text bounce reason, else OTHER. */
export function bounceReasonOption(reason: string | null): string {
  const text = (reason ?? '').toUpperCase().replace(/[^A-Z]+/g, ' ');
  if (/INSUFFICIENT|FUNDS/.test(text)) return 'FUNDS_INSUFFICIENT';
  if (/EXCEED/.test(text)) return 'EXCEEDS_ARRANGEMENT';
  if (/CLOSED/.test(text)) return 'ACCOUNT_CLOSED';
  if (/STOP/.test(text)) return 'PAYMENT_STOPPED';
  if (/SIGNATURE/.test(text)) return 'SIGNATURE_MISMATCH';
  return 'OTHER';
}
