import type { BrowseItem } from '@vitae/core/hr';

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
  contactMode: 'open',
  ...over,
});
