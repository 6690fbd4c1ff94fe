import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCvData } from '@vitae/core';
import { CvLayout } from './cv-layout.tsx';
import { INK_FRIENDLY_ID, TEMPLATES } from './registry.ts';

/** One set of level labels (issue 18): the builder's words and CEFR in every layout and print. */
const LAYOUTS = [...TEMPLATES.map((t) => t.id), INK_FRIENDLY_ID] as string[];

const data = buildCvData({
  skill: [{ skill: 'Irrigation', proficiency: 3 }],
  language: [
    { language: 'isiZulu', read: 5, write: 5, speak: 5 },
    { language: 'Afrikaans', read: 3, write: 3, speak: 3 },
  ],
});

async function languagesOf(layout: string) {
  const view = render(<CvLayout layout={layout} data={data} />);
  await waitFor(() => expect(view.container.querySelector('[data-cv-layout]')).not.toBeNull());
  return view.container;
}

describe('level labels in every layout', () => {
  it.each(LAYOUTS)('%s shows the CEFR level beside the 1–5 ratings', async (layout) => {
    const container = await languagesOf(layout);
    const languages = container.querySelector('[data-section="languages"]');
    expect(languages).toHaveTextContent(/C2/);
    expect(languages).toHaveTextContent(/B1/);
    // The old second scale is gone: a 5/5/5 "Proficient" is not "Native or bilingual".
    expect(container).not.toHaveTextContent('Native or bilingual');
    expect(container).not.toHaveTextContent('Professional working');
  });

  it.each(['template01', 'template10'])(
    '%s names a skill at 3 "Skilled", as the builder does',
    async (layout) => {
      const container = await languagesOf(layout);
      const skills = container.querySelector('[data-section="skills"]');
      expect(skills).toHaveTextContent('Skilled');
      expect(skills).not.toHaveTextContent('Intermediate');
    },
  );
});
