import { render, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCvData, type CvData } from '@vitae/core';
import { CvLayout } from './cv-layout.tsx';
import { INK_FRIENDLY_ID, TEMPLATES } from './registry.ts';

const LAYOUTS = [...TEMPLATES.map((t) => t.id), INK_FRIENDLY_ID] as string[];
/**
 * The layouts whose header line falls back to the summary's first sentence
 * (docs/product/templates-and-print.md#templates).
 */
const SUMMARY_TITLED = ['template09', 'template10', INK_FRIENDLY_ID];

const SUMMARY = 'Analyst who turns data into decisions. Ten years in retail banking.';
/** The summary's first sentence, as the header line shows it. */
const SUMMARY_TITLE = 'Analyst who turns data into decisions';
const withHeadline = buildCvData({
  personalInfo: [{ fullName: 'Naledi Khumalo', headline: 'Senior Software Engineer' }],
  personalSummary: [{ content: SUMMARY }],
});
const withoutHeadline = buildCvData({
  personalInfo: [{ fullName: 'Naledi Khumalo' }],
  personalSummary: [{ content: SUMMARY }],
});
/** What the server sends for an account without personal information: its name only. */
const accountNameOnly = buildCvData({ personalInfo: [{ fullName: 'Account Name' }] });

async function renderHeader(layout: string, data: CvData) {
  const view = render(<CvLayout layout={layout} data={data} />);
  await waitFor(() => expect(view.container.querySelector('[data-cv-layout]')).not.toBeNull());
  const name = view.getByRole('heading', { level: 1 });
  return { view, name, header: name.closest('header')! };
}

describe.each(LAYOUTS)('%s header', (layout) => {
  it('shows the headline under the name', async () => {
    const { name, header } = await renderHeader(layout, withHeadline);
    expect(name).toHaveTextContent('Naledi Khumalo');
    const line = within(header).getByText('Senior Software Engineer');
    expect(name.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The headline replaces the summary's sentence as the title line.
    expect(within(header).queryByText(SUMMARY_TITLE)).toBeNull();
  });

  it('without a headline, keeps the summary title only where the product has one', async () => {
    const { header } = await renderHeader(layout, withoutHeadline);
    const title = within(header).queryByText(SUMMARY_TITLE);
    expect(Boolean(title)).toBe(SUMMARY_TITLED.includes(layout));
  });

  it("shows the account's name when there is no personal information", async () => {
    const { view, name } = await renderHeader(layout, accountNameOnly);
    expect(name).toHaveTextContent('Account Name');
    // Only the name: no empty personal-details block.
    expect(view.container.querySelector('[data-section^="personal-"]')).toBeNull();
  });
});
