import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { indicatorFor } from '@vitae/core/section-status';
import { SECTIONS, SECTION_KEYS } from '@vitae/core/sections/index';
import { BUILDER_TABS, SECTION_CARDS, tabIndicator } from '../sections/index.ts';
import { renderWithProviders } from '../../test/kit.tsx';
import { DashboardBody } from './dashboard-body.tsx';

/** Status numbers by API key; a key left out answers 404 (a feature not installed). */
function stubStatuses(statuses: Record<string, number>) {
  const fetchFake = vi.fn(async (input: RequestInfo | URL) => {
    const key = new URL(String(input), 'http://localhost').pathname.split('/')[2]!;
    const body = key in statuses ? { status: statuses[key] } : { error: 'Not found' };
    return new Response(JSON.stringify(body), { status: key in statuses ? 200 : 404 });
  });
  vi.stubGlobal('fetch', fetchFake);
  return fetchFake;
}

const cardOf = (tab: string) => document.querySelector<HTMLElement>(`[data-card="${tab}"]`)!;

/** The card's badge: its text and its colour. */
async function badge(tab: string) {
  const el = await within(cardOf(tab)).findByText(/%|added|Complete|Incomplete/);
  return { text: el.textContent, tone: el.closest('[data-tone]')?.getAttribute('data-tone') };
}

afterEach(() => vi.unstubAllGlobals());

describe('dashboard section cards', () => {
  it('shows each indicator with its colour and a text label', async () => {
    const fetchFake = stubStatuses({
      'personal-info': 0,
      'contact-info': 30,
      'personal-summary': 12,
      'employment-history': 3,
      experience: 2,
      'secondary-education': 0,
      'tertiary-education': 1,
      certificate: 0,
      skill: 1,
      language: 7,
      attribute: 2,
      interest: 0,
      reference: 1,
      'first-impression': 1,
    });
    renderWithProviders(<DashboardBody />);

    expect(await badge('personalInfo')).toEqual({ text: '0%', tone: 'red' });
    expect(await badge('contactInfo')).toEqual({ text: '30%', tone: 'orange' });
    expect(await badge('personalSummary')).toEqual({ text: 'Complete', tone: 'green' });
    expect(await badge('employmentHistory')).toEqual({ text: '3 added', tone: 'green' });
    expect(await badge('experience')).toEqual({ text: '2 added', tone: 'yellow' });
    expect(await badge('skills')).toEqual({ text: '1 added', tone: 'orange' });
    expect(await badge('interests')).toEqual({ text: '0 added', tone: 'red' });
    expect(await badge('education')).toEqual({ text: 'Incomplete', tone: 'red' });
    expect(await badge('tertiaryEducation')).toEqual({ text: 'Complete', tone: 'green' });
    // Photo's status endpoint is missing here: it counts as incomplete.
    expect(await badge('photo')).toEqual({ text: 'Incomplete', tone: 'red' });
    const hero = screen.getByRole('heading', { name: 'First Impression' }).closest('section')!;
    expect(await within(hero).findByText('Complete')).toBeInTheDocument();

    // 14 cards, each linking to its builder tab; statuses fetched in parallel, one each.
    const cards = document.querySelectorAll('[data-card]');
    expect(cards).toHaveLength(14);
    expect(cardOf('interests')).toHaveAttribute('href', '/app/cv-builder?tab=interests');
    expect(cardOf('education')).toHaveAttribute('href', '/app/cv-builder?tab=education');
    const paths = fetchFake.mock.calls.map(([u]) => String(u));
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('/api/first-impression/status');
  });

  it('grades percentages: yellow in the middle band, green from 70', async () => {
    stubStatuses({ 'personal-info': 50, 'contact-info': 88 });
    renderWithProviders(<DashboardBody />);
    expect(await badge('personalInfo')).toEqual({ text: '50%', tone: 'yellow' });
    expect(await badge('contactInfo')).toEqual({ text: '88%', tone: 'green' });
  });
});

// The cards and tabs read the sections from the catalog the build inlines (decision 0008 §0014).
describe('section cards and builder tabs, from the build-time catalog', () => {
  it("show each section's tab, title and blurb as its definition has them, in registry order", () => {
    const sectionTabs = SECTION_CARDS.filter((card) => card.section);
    expect(sectionTabs.map((card) => card.section)).toEqual(SECTION_KEYS);
    for (const card of sectionTabs) {
      const section = SECTIONS[card.section!];
      expect(card).toMatchObject({ tab: section.tab, title: section.label, blurb: section.blurb });
    }
  });

  it("badge every tab's status as core does", () => {
    for (const tab of BUILDER_TABS) {
      for (const status of [0, 1, 2, 3, 9, 10, 34, 35, 69, 70, 100]) {
        expect(tabIndicator(tab, status), `${tab.tab} at ${status}`).toEqual(
          indicatorFor(tab.status, status),
        );
      }
    }
  });
});
