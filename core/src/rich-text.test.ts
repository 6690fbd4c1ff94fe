import { describe, expect, it } from 'vitest';
import { decodeEntities, isRichText, RICH_MARKUP_FACTOR, visibleText } from './rich-text.ts';
import { SECTIONS } from './sections/index.ts';
import { personalSummaryStatus } from './sections/personal-summary.ts';

describe('isRichText', () => {
  it('tells markup from plain text', () => {
    expect(isRichText('<p>Hi</p>')).toBe(true);
    expect(isRichText('Led <strong>six</strong> people')).toBe(true);
    expect(isRichText('<svg/onload=alert(1)>')).toBe(true);
    expect(isRichText('I <3 code')).toBe(false);
    expect(isRichText('x < y > z')).toBe(false);
    expect(isRichText('Line one\nLine two')).toBe(false);
    expect(isRichText('')).toBe(false);
  });
});

describe('visibleText', () => {
  it('leaves plain text exactly as it is (entities and line breaks too)', () => {
    expect(visibleText('Tom &amp; Jerry\n\n  indented')).toBe('Tom &amp; Jerry\n\n  indented');
  });

  it('strips tags, decodes references and puts paragraphs and items on lines', () => {
    expect(
      visibleText(
        '<p>Led <strong>six</strong> &amp; more&nbsp;people</p>\n<ul><li>One</li><li>Two &#x2603; &#8364;</li></ul><p>a<br>b</p>',
      ),
    ).toBe('Led six & more\u00A0people\nOne\nTwo ☃ €\na\nb');
  });

  it('drops comments and the content of scripts and styles', () => {
    expect(visibleText('<p>ok<!-- hidden --></p><script>alert(1)</script><style>p{}</style>')).toBe(
      'ok',
    );
  });

  it('empty markup has no text', () => {
    expect(visibleText('<p></p>')).toBe('');
    expect(visibleText('<ul><li><p></p></li></ul>')).toBe('');
  });

  it('decodes character references and leaves unknown names', () => {
    expect(decodeEntities('&lt;b&gt; &quot;x&quot; &unknown; &#0; &#xD800;')).toBe(
      '<b> "x" &unknown; \uFFFD \uFFFD',
    );
  });
});

describe('limits count the visible text', () => {
  const schema = SECTIONS['employment-history'].schema;
  const base = { company: 'Acme', position: 'Dev', startDate: '2020-01' };
  const bold = (n: number) => `<p><strong>${'a'.repeat(n)}</strong></p>`;
  const message = 'Description must be 1000 characters or less';

  it('1000 characters of text in markup pass; 1001 fail with the product’s message', () => {
    expect(schema.safeParse({ ...base, description: bold(1000) }).success).toBe(true);
    const r = schema.safeParse({ ...base, description: bold(1001) });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it('plain text keeps its limit on its length', () => {
    expect(schema.safeParse({ ...base, description: 'a'.repeat(1000) }).success).toBe(true);
    const r = schema.safeParse({ ...base, description: 'a'.repeat(1001) });
    expect(r.error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it('the raw value has its own cap', () => {
    const heavy = '<p><strong>a</strong></p>'.repeat(1000);
    expect(heavy.length).toBeGreaterThan(1000 * RICH_MARKUP_FACTOR);
    const r = schema.safeParse({ ...base, description: heavy });
    expect(r.error?.issues[0]?.message).toBe(
      'Description has too much formatting. Please simplify it.',
    );
  });

  it('the summary is required on its visible text', () => {
    const summary = SECTIONS['personal-summary'].schema;
    for (const content of ['', '<p></p>', '<p> </p>', '<ul><li></li></ul>']) {
      const r = summary.safeParse({ content });
      expect(r.error?.issues[0]?.message, content).toBe('Personal summary is required');
    }
    expect(summary.safeParse({ content: '<p>Hi <em>there</em></p>' }).success).toBe(true);
    expect(summary.safeParse({ content: `<p>${'x'.repeat(1000)}</p>` }).success).toBe(true);
    expect(
      summary.safeParse({ content: `<p>${'x'.repeat(1001)}</p>` }).error?.issues[0]?.message,
    ).toBe('Personal summary must be 1000 characters or less');
  });

  it('the other rich fields: tertiary description and additional info (500), experience', () => {
    const tertiary = SECTIONS['tertiary-education'].schema;
    const t = { instituteName: 'UCT', startDate: '2010', endDate: '2013' };
    expect(
      tertiary.safeParse({ ...t, description: bold(500), additionalInfo: bold(500) }).success,
    ).toBe(true);
    const r = tertiary.safeParse({ ...t, description: bold(501), additionalInfo: bold(501) });
    expect(r.error?.issues.map((i) => i.message).sort()).toEqual([
      'Additional info must be 500 characters or less',
      'Description must be 500 characters or less',
    ]);
    const experience = SECTIONS.experience.schema;
    expect(experience.safeParse({ title: 'T', description: bold(1001) }).success).toBe(false);
  });

  it("the summary's status counts its visible text", () => {
    expect(personalSummaryStatus({ content: '<p><strong>Hello</strong></p>' })).toBe(5);
    expect(personalSummaryStatus({ content: 'Hello' })).toBe(5);
  });
});
