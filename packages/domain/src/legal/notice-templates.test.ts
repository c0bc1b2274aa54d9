import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTICE_TEMPLATES, indefiniteArticle, renderNotice } from './notice-templates.ts';

describe('notice wording', () => {
  it('chooses a or an by the sound of the word', () => {
    expect(['Auto', 'EMI', 'NPA', 'SMS', 'hour'].map(indefiniteArticle)).toEqual(['an', 'an', 'an', 'an', 'an']);
    expect(['Home', 'Two-Wheeler', 'Personal', 'UPI', 'one-time', 'PDF'].map(indefiniteArticle)).toEqual([
      'a',
      'a',
      'a',
      'a',
      'a',
      'a',
    ]);
  });

  it('makes "a {{product}} loan" agree with the product (an Auto loan, a Home loan)', () => {
    const template = { title: 'Notice', body: 'You availed a {{product}} loan. A {{product}} loan it was.' };
    expect(renderNotice(template, { product: 'Auto' }).paragraphs[0]).toBe(
      'You availed an Auto loan. An Auto loan it was.',
    );
    expect(renderNotice(template, { product: 'Home' }).paragraphs[0]).toBe(
      'You availed a Home loan. A Home loan it was.',
    );
    // without a value the slot stays blank and the article as written
    expect(renderNotice(template, {}).paragraphs[0]).toBe('You availed a __________ loan. A __________ loan it was.');
  });

  it('renders every default template with an Auto product without "a Auto"', () => {
    for (const template of DEFAULT_NOTICE_TEMPLATES) {
      const text = renderNotice(template, { product: 'Auto' }).paragraphs.join('\n');
      expect(text, template.title).not.toMatch(/\ba Auto\b/);
    }
  });
});
