import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SAMPLE_CV, type CvData } from '@vitae/core';
import { CvLayout } from './cv-layout.tsx';
import { INK_FRIENDLY_ID, TEMPLATES } from './registry.ts';

/* Issue 17: bold text and bullets in the summary and a description show in every layout. */

const LAYOUTS = [...TEMPLATES.map((t) => t.id), INK_FRIENDLY_ID] as string[];

const SUMMARY =
  '<p>Engineer with <strong>ten years</strong> of <em>steady</em> delivery.</p><ul><li>Mentor</li><li>Builder</li></ul>';
const DESCRIPTION =
  '<p>Led the <strong>payments</strong> team.</p><ul><li>Cut incidents by 40%</li><li>Shipped weekly</li></ul><ol><li>First</li></ol><script>window.__richPwned = 1</script><p><a href="javascript:alert(1)">bad</a> <a href="https://example.com">good</a></p>';

const [first, ...rest] = SAMPLE_CV.employHistorys;
const DATA: CvData = {
  ...SAMPLE_CV,
  personalSummary: { summary: SUMMARY },
  employHistorys: [{ ...first!, description: DESCRIPTION }, ...rest],
  experiences: SAMPLE_CV.experiences.map((e) => ({
    ...e,
    description: 'Plain line one\nline two',
  })),
};

describe.each(LAYOUTS)('%s', (layout) => {
  it('shows bold text, bullets and numbers; no script, no unsafe link; plain keeps lines', async () => {
    const { container } = render(<CvLayout layout={layout} data={DATA} />);
    await waitFor(() => expect(container.querySelector('[data-cv-layout]')).not.toBeNull());

    const summary = container.querySelector('[data-section="summary"]')!;
    expect(summary.querySelector('strong')).toHaveTextContent('ten years');
    expect(summary.querySelector('em')).toHaveTextContent('steady');
    expect([...summary.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual([
      'Mentor',
      'Builder',
    ]);

    const jobs = container.querySelector('[data-section="employment"]')!;
    expect(jobs.querySelector('strong')).toHaveTextContent('payments');
    expect(jobs.querySelectorAll('ul > li')).toHaveLength(2);
    expect(jobs.querySelector('ol > li')).toHaveTextContent('First');
    expect(jobs.querySelector('script')).toBeNull();
    expect([...jobs.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/',
    ]);
    expect((window as unknown as { __richPwned?: number }).__richPwned).toBeUndefined();

    // Plain text keeps its line breaks (pre-line) and is never parsed as markup.
    const plain = [...container.querySelectorAll('[data-section="experience"] p')].find((p) =>
      p.textContent?.includes('Plain line one'),
    );
    expect(plain).toHaveClass('whitespace-pre-line');
    expect(plain!.textContent).toBe('Plain line one\nline two');
  });
});

it('a headline taken from the summary (09, 10, ink) is its visible text, not markup', async () => {
  for (const layout of ['template09', 'template10', INK_FRIENDLY_ID]) {
    const { container, unmount } = render(<CvLayout layout={layout} data={DATA} />);
    await waitFor(() => expect(container.querySelector('[data-cv-layout]')).not.toBeNull());
    expect(container.textContent).toContain('Engineer with ten years of steady delivery.');
    expect(container.textContent).not.toMatch(/<\/?(p|strong|em|ul|li)>/);
    unmount();
  }
});
