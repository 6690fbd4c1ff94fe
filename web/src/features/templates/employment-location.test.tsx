import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCvData } from '@vitae/core';
import { CvLayout } from './cv-layout.tsx';
import { INK_FRIENDLY_ID, TEMPLATES } from './registry.ts';

const LAYOUTS = [...TEMPLATES.map((t) => t.id), INK_FRIENDLY_ID] as string[];

const data = buildCvData({
  employmentHistory: [
    {
      _id: 'job-1',
      company: 'Karoo Financial Services',
      position: 'Senior Engineer',
      startDate: '2021-03',
      current: true,
      location: 'Cape Town, South Africa',
    },
  ],
});

describe.each(LAYOUTS)('%s', (layout) => {
  it("shows an employment entry's location with its company", async () => {
    const view = render(<CvLayout layout={layout} data={data} />);
    await waitFor(() => expect(view.container.querySelector('[data-cv-layout]')).not.toBeNull());
    const section = view.container.querySelector('[data-section="employment"]');
    expect(section).toHaveTextContent('Karoo Financial Services · Cape Town, South Africa');
  });
});
