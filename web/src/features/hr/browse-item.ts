import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { BrowseItem } from '@vitae/core/hr';
import { MemoryRouter, Route, Routes } from 'react-router';
import { LocationProbe } from '../auth/test-utils.tsx';

/** Renders a page at `path` with a fresh query client (no retries) and a location probe. */
export function renderPage(element: ReactElement, path: string, pattern = path) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A browse card's item: Thandi Mokoena with no facts, unless `over` gives them. */
export const browseItem = (over: Partial<BrowseItem> = {}): BrowseItem => ({
  _id: 'p1',
  curriculumVitaeID: 'cv1',
  fullName: 'Thandi Mokoena',
  dateOfBirth: '1990-04-02',
  gender: 'female',
  nationality: 'South African',
  listedAt: '2026-11-01T10:00:00.000Z',
  viewCount: 0,
  isSaved: false,
  headline: '',
  topSkills: [],
  languages: [],
  city: '',
  province: '',
  yearsExperience: 0,
  summaryExcerpt: '',
  hasVideo: false,
  ...over,
});
