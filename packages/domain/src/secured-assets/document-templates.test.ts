import { describe, expect, it } from 'vitest';
import { renderNotice, unknownPlaceholders } from '../legal/notice-templates.ts';
import {
  DEFAULT_SECURED_TEMPLATES,
  SECURED_DOCUMENT_KINDS,
  SECURED_PLACEHOLDERS,
  SECURED_SAMPLE_VALUES,
  securedTemplatesInputSchema,
} from './document-templates.ts';

describe('secured-asset document templates', () => {
  it('has one built-in template per kind, using only known placeholders', () => {
    expect(DEFAULT_SECURED_TEMPLATES.map((template) => template.kind)).toEqual([...SECURED_DOCUMENT_KINDS]);
    for (const template of DEFAULT_SECURED_TEMPLATES) {
      expect(unknownPlaceholders(template.title + template.body, SECURED_PLACEHOLDERS), template.kind).toEqual([]);
    }
  });

  it('fills the secured placeholders and reports the missing ones', () => {
    const demand = DEFAULT_SECURED_TEMPLATES.find((template) => template.kind === 'SARF_DEMAND_NOTICE')!;
    const rendered = renderNotice(
      demand,
      { obligors: '1. A (Borrower)\n2. B (Guarantor)', principalOutstanding: 'Rs. 10.00', product: 'Home' },
      SECURED_PLACEHOLDERS,
    );
    const text = rendered.paragraphs.join('\n');
    expect(text).toContain('To\n1. A (Borrower)\n2. B (Guarantor)');
    expect(text).toContain('a Home loan');
    expect(text).toContain('Principal outstanding: Rs. 10.00');
    expect(rendered.missing).toContain('interestOutstanding');
    // The legal notices' own placeholders are not the secured documents'.
    expect(renderNotice({ title: '{{obligors}}', body: 'x' }, {}).title).toBe('{{obligors}}');
  });

  it('names placeholders in letters only (the renderer reads {{name}} as letters) and has a sample value of each', () => {
    expect(SECURED_PLACEHOLDERS.filter((name) => !/^[A-Za-z]+$/.test(name))).toEqual([]);
    for (const template of DEFAULT_SECURED_TEMPLATES) {
      expect(renderNotice(template, SECURED_SAMPLE_VALUES, SECURED_PLACEHOLDERS).missing, template.kind).toEqual([]);
    }
  });

  it('refuses an unknown kind', () => {
    expect(
      securedTemplatesInputSchema.safeParse({ templates: [{ kind: 'S138', title: 'x', body: 'y' }] }).success,
    ).toBe(false);
  });
});
