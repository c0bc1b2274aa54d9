// Legal notice templates (Send Legal Notice): one per case type, editable in Legal Settings. A template is plain
// text with {{placeholder}} fields; paragraphs are separated by blank lines. The server renders it to PDF.

export const NOTICE_PLACEHOLDERS = [
  'noticeDate',
  'caseNo',
  'lenderName',
  'customerName',
  'customerAddress',
  'accountNo',
  'product',
  'claimAmount',
  'totalDueAmount',
  'dpd',
  'dpdBucket',
  'chequeNumber',
  'chequeDate',
  'chequeAmount',
  'drawerBank',
  'bounceReason',
  'chequeReturnDate',
  'returnMemoReceivedDate',
  'mandateReference',
  'debitAmount',
  'advocateName',
  'advocateEnrolmentNo',
  'paymentDays',
  'branchName',
] as const;
export type NoticePlaceholder = (typeof NOTICE_PLACEHOLDERS)[number];
export type NoticeValues = Partial<Record<NoticePlaceholder, string>>;

export type NoticeTemplate = { caseType: string; language: string; title: string; body: string };

const SIGN_OFF = `For {{lenderName}}

{{advocateName}}
Advocate{{advocateEnrolmentNo}}`;

export const DEFAULT_NOTICE_TEMPLATES: readonly NoticeTemplate[] = [
  {
    caseType: 'S138',
    language: 'en',
    title: 'Legal notice under Section 138 of the Negotiable Instruments Act, 1881',
    body: `Date: {{noticeDate}}
Ref: {{caseNo}} / Loan account {{accountNo}}

To
{{customerName}}
{{customerAddress}}

Under instructions from my client {{lenderName}}, I serve you this notice.

You availed a {{product}} loan under account {{accountNo}}. Towards its repayment you issued cheque no. {{chequeNumber}} dated {{chequeDate}} for {{chequeAmount}}, drawn on {{drawerBank}}.

The cheque was presented and returned unpaid on {{chequeReturnDate}} with the reason "{{bounceReason}}". My client received the return memo on {{returnMemoReceivedDate}}.

You are hereby called upon to pay the cheque amount of {{chequeAmount}} within {{paymentDays}} days of receipt of this notice. If you fail to pay, my client will file a complaint against you under Section 138 read with Section 142 of the Negotiable Instruments Act, 1881, at your risk as to costs and consequences.

${SIGN_OFF}`,
  },
  {
    caseType: 'S25',
    language: 'en',
    title: 'Legal notice under Section 25 of the Payment and Settlement Systems Act, 2007',
    body: `Date: {{noticeDate}}
Ref: {{caseNo}} / Loan account {{accountNo}}

To
{{customerName}}
{{customerAddress}}

Under instructions from my client {{lenderName}}, I serve you this notice.

You availed a {{product}} loan under account {{accountNo}} and authorised repayment by electronic mandate {{mandateReference}}. The debit of {{debitAmount}} was dishonoured on {{chequeReturnDate}} for the reason "{{bounceReason}}", and my client received the bank's information on {{returnMemoReceivedDate}}.

You are hereby called upon to pay {{debitAmount}} within {{paymentDays}} days of receipt of this notice. If you fail to pay, my client will file a complaint against you under Section 25 of the Payment and Settlement Systems Act, 2007, read with Chapter XVII of the Negotiable Instruments Act, 1881.

${SIGN_OFF}`,
  },
  ...(['CIVIL_SUIT', 'ARBITRATION', 'DRT'] as const).map((caseType) => ({
    caseType,
    language: 'en',
    title: 'Legal notice for recovery of dues',
    body: `Date: {{noticeDate}}
Ref: {{caseNo}} / Loan account {{accountNo}}

To
{{customerName}}
{{customerAddress}}

Under instructions from my client {{lenderName}}, I serve you this notice.

You availed a {{product}} loan under account {{accountNo}} from the {{branchName}}. You have defaulted on its repayment and a sum of {{claimAmount}} is due from you, including an overdue amount of {{totalDueAmount}}.

You are hereby called upon to pay {{claimAmount}} within {{paymentDays}} days of receipt of this notice. If you fail to pay, my client will initiate legal proceedings against you for recovery of the dues with interest and costs, without further notice.

${SIGN_OFF}`,
  })),
];

/** "an" before a vowel sound: an Auto loan, an EMI; a Home loan, a one-time settlement, a UPI mandate. */
export function indefiniteArticle(word: string): 'a' | 'an' {
  const text = word.trim();
  if (/^(one|once|uni|use|usu|eu|ewe)/i.test(text) || /^U[A-Z]/.test(text)) return 'a';
  if (/^(hour|honest|honou?r|heir)/i.test(text)) return 'an';
  // Initialisms read letter by letter: an NPA, an SMS, an FIR; a PDF.
  if (/^[A-Z]{2,3}\b/.test(text)) return /^[AEFHILMNORSX]/.test(text) ? 'an' : 'a';
  return /^[aeiou]/i.test(text) ? 'an' : 'a';
}

/** Values of a template's placeholders (any template family: legal notices, secured-asset documents). */
type TemplateValues = Readonly<Partial<Record<string, string>>>;

/** "a {{product}}" in a template agrees with the value it gets (a Home loan, an Auto loan). */
function agreeArticles(text: string, values: TemplateValues): string {
  return text.replace(
    /\b([Aa])(n?) (\{\{\s*([A-Za-z]+)\s*\}\})/g,
    (whole, a: string, _n, placeholder: string, name: string) => {
      const value = values[name];
      if (value === undefined || value.trim() === '') return whole;
      const article = indefiniteArticle(value);
      return `${a === 'A' ? article[0]!.toUpperCase() + article.slice(1) : article} ${placeholder}`;
    },
  );
}

export type RenderedNotice<P extends string = NoticePlaceholder> = {
  title: string;
  paragraphs: string[];
  missing: P[];
};

/**
 * Fills a template: each {{name}} is replaced by its value. A placeholder without a value renders as a blank
 * line of underscores and is reported in `missing`; an unknown {{name}} is left as it is. `placeholders` are the
 * names the template family knows (the legal notices' by default; the secured-asset documents pass theirs).
 */
export function renderNotice<P extends string = NoticePlaceholder>(
  template: Pick<NoticeTemplate, 'title' | 'body'>,
  values: Readonly<Partial<Record<P, string>>>,
  placeholders: readonly P[] = NOTICE_PLACEHOLDERS as unknown as readonly P[],
): RenderedNotice<P> {
  const missing = new Set<P>();
  const known = placeholders as readonly string[];
  const lookup = values as TemplateValues;
  const fill = (text: string) =>
    agreeArticles(text, lookup).replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (whole, name: string) => {
      if (!known.includes(name)) return whole;
      const value = lookup[name];
      if (value === undefined || value.trim() === '') {
        // the enrolment number is optional: its slot disappears rather than showing a blank
        if (name === 'advocateEnrolmentNo') return '';
        missing.add(name as P);
        return '__________';
      }
      return name === 'advocateEnrolmentNo' ? ` (Enrolment no. ${value})` : value;
    });
  const paragraphs = fill(template.body.replace(/\r\n/g, '\n'))
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return { title: fill(template.title), paragraphs, missing: [...missing] };
}

/** Placeholders a template uses that do not exist (a settings edit is refused with these). */
export function unknownPlaceholders(text: string, placeholders: readonly string[] = NOTICE_PLACEHOLDERS): string[] {
  const names = [...text.matchAll(/\{\{\s*([A-Za-z]+)\s*\}\}/g)].map((m) => m[1]!);
  return [...new Set(names.filter((name) => !placeholders.includes(name)))];
}

/**
 * The problems of edited templates (legal notices, secured-asset documents): a template listed twice (by `key`) and
 * unknown placeholders in a title or body, each naming its field (`templates.<i>.<key|title|body>`).
 */
export function templateProblems<T extends { title: string; body: string }>(
  templates: readonly T[],
  key: keyof T & string,
  placeholders: readonly string[] = NOTICE_PLACEHOLDERS,
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const seen = new Set<unknown>();
  templates.forEach((template, index) => {
    if (seen.has(template[key])) {
      problems.push({ field: `templates.${index}.${key}`, message: `${String(template[key])} is listed twice` });
    }
    seen.add(template[key]);
    for (const part of ['title', 'body'] as const) {
      const unknown = unknownPlaceholders(template[part], placeholders);
      if (unknown.length > 0) {
        problems.push({
          field: `templates.${index}.${part}`,
          message: `unknown placeholders: ${unknown.map((name) => `{{${name}}}`).join(', ')}`,
        });
      }
    }
  });
  return problems;
}
