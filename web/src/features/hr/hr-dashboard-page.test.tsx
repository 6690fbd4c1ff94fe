import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedCv } from '@vitae/core/hr';
import { renderAt, stubFetch } from '../../test/kit.tsx';
import HrDashboardPage, { filterSaved, savedStats } from './hr-dashboard-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const day = 24 * 60 * 60 * 1000;
const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
const note = (n: number) => ({ _id: `n${n}`, content: `Note ${n}`, createdAt: iso(n * 1000) });

const NO_FACTS = { headline: '', yearsExperience: 0, topSkills: [], city: '', province: '' };

const LIST: SavedCv[] = [
  {
    _id: 'a1',
    curriculumVitaeID: 'cv-a',
    fullName: 'Thandi Mokoena',
    rank: 'excellent',
    viewCount: 4,
    dateSaved: iso(1 * day),
    lastViewed: iso(2000),
    notes: [note(1), note(2), note(3), note(4)],
    listed: true,
    available: true,
    contactAccess: 'open',
    headline: 'Data Engineer',
    yearsExperience: 11,
    topSkills: ['Python', 'SQL'],
    city: 'Johannesburg',
    province: 'Gauteng',
  },
  {
    _id: 'b2',
    curriculumVitaeID: 'cv-b',
    fullName: '',
    rank: 'null',
    viewCount: 0,
    dateSaved: iso(10 * day),
    lastViewed: null,
    notes: [],
    listed: true,
    available: true,
    contactAccess: 'open',
    ...NO_FACTS,
  },
  {
    _id: 'c3',
    curriculumVitaeID: 'cv-c',
    fullName: 'Adam Smith',
    rank: 'poor',
    viewCount: 9,
    dateSaved: iso(3 * day),
    lastViewed: iso(day),
    notes: [],
    listed: false,
    available: false,
    contactAccess: 'open',
    ...NO_FACTS,
  },
];

describe('HR dashboard logic', () => {
  it('computes the four stats', () => {
    expect(savedStats(LIST)).toEqual({ total: 3, thisWeek: 2, views: 13, rated: 2 });
  });

  it('searches, filters by rank and sorts', () => {
    const ids = (l: SavedCv[]) => l.map((s) => s._id);
    expect(ids(filterSaved(LIST, '', 'all', 'dateSaved'))).toEqual(['a1', 'c3', 'b2']);
    expect(ids(filterSaved(LIST, '', 'all', 'viewCount'))).toEqual(['c3', 'a1', 'b2']);
    expect(ids(filterSaved(LIST, '', 'all', 'lastViewed'))).toEqual(['a1', 'c3', 'b2']);
    expect(ids(filterSaved(LIST, '', 'all', 'name'))).toEqual(['c3', 'a1', 'b2']);
    expect(ids(filterSaved(LIST, 'moko', 'all', 'name'))).toEqual(['a1']);
    expect(ids(filterSaved(LIST, '', 'unrated', 'name'))).toEqual(['b2']);
    expect(ids(filterSaved(LIST, '', 'poor', 'name'))).toEqual(['c3']);
  });
});

describe('HR dashboard page', () => {
  it('shows stats and cards with initials, rank badge, latest notes and +N more', async () => {
    stubFetch(() => ({ status: 200, body: { data: LIST } }));
    renderAt(<HrDashboardPage />, '/app/hr-dashboard');
    expect(screen.getByText('Loading saved CVs...')).toBeInTheDocument();
    const cards = await screen.findByRole('list', { name: 'Saved CVs' });
    const first = within(cards).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Thandi Mokoena');
    expect(first).toHaveTextContent('TM');
    expect(first).toHaveTextContent('Excellent');
    expect(first).toHaveTextContent('Note 1');
    expect(first).toHaveTextContent('Note 2');
    expect(first).not.toHaveTextContent('Note 3');
    expect(first).toHaveTextContent('+2 more notes');
    expect(screen.getByText('Unnamed CV')).toBeInTheDocument();
    // Only the card of a CV its owner unlisted says so.
    expect(screen.getByText('No longer listed publicly').closest('li')).toHaveTextContent(
      'Adam Smith',
    );
    expect(screen.getByText('Total Saved CVs').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('Rated CVs').nextSibling).toHaveTextContent('2');
    expect(within(first).getByRole('link', { name: /View CV/ })).toHaveAttribute(
      'href',
      '/app/hr-view-cv/a1',
    );

    await userEvent.selectOptions(screen.getByLabelText('Rank'), 'poor');
    expect(within(cards).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.type(screen.getByLabelText('Search by name'), 'nobody');
    expect(screen.getByText('No CVs Found')).toBeInTheDocument();
  });

  it('leads a card with what a recruiter decides on, not the raw CV id', async () => {
    stubFetch(() => ({ status: 200, body: { data: LIST } }));
    renderAt(<HrDashboardPage />, '/app/hr-dashboard');
    const cards = await screen.findByRole('list', { name: 'Saved CVs' });
    const first = within(cards).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Data Engineer');
    const facts = within(first).getByRole('list', { name: 'Key facts' });
    expect(facts).toHaveTextContent('Johannesburg, Gauteng');
    expect(facts).toHaveTextContent('11 years of experience');
    expect(
      within(within(first).getByRole('list', { name: 'Top skills' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Python', 'SQL']);
    expect(cards).not.toHaveTextContent('cv-a');
    expect(cards).not.toHaveTextContent('CV ID');
  });

  it('shows the empty state with a link to browse', async () => {
    stubFetch(() => ({ status: 200, body: { data: [] } }));
    renderAt(<HrDashboardPage />, '/app/hr-dashboard');
    expect(await screen.findByText('No CVs Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'HR introduction' })).toHaveAttribute(
      'href',
      '/hr-introduction',
    );
  });
});
