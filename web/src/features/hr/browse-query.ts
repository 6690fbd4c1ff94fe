import { BROWSE_MAX_SKILLS, BROWSE_SORTS, type BrowseSort } from '@vitae/core/hr';
import { CEFR_LEVELS, isCefrLevel, type CefrLevel } from '@vitae/core/levels';

/** What one browse request asks for (`GET /api/public-cv/browse`). */
export interface BrowseParams {
  search: string;
  gender: 'all' | 'male' | 'female' | 'other';
  savedOnly: boolean;
  sort: BrowseSort;
  page: number;
  limit: number;
  skills: string[];
  skillMode: 'any' | 'all';
  language: string;
  /** A minimum CEFR level for `language`; empty for any level. */
  languageLevel: CefrLevel | '';
  province: string;
  city: string;
  minYears: number;
  hasVideo: boolean;
}

/** The browse filters as the page keeps them in the URL (bookmarkable; back and forward work). */
export type BrowseFilters = Omit<BrowseParams, 'limit'>;

export const DEFAULT_FILTERS: BrowseFilters = {
  search: '',
  gender: 'all',
  savedOnly: false,
  sort: 'newest',
  page: 1,
  skills: [],
  skillMode: 'any',
  language: '',
  languageLevel: '',
  province: '',
  city: '',
  minYears: 0,
  hasVideo: false,
};

/** South Africa's provinces, as the contact form suggests them. */
export const PROVINCES = [
  'Eastern Cape',
  'Free State',
  'Gauteng',
  'KwaZulu-Natal',
  'Limpopo',
  'Mpumalanga',
  'North West',
  'Northern Cape',
  'Western Cape',
] as const;

export { CEFR_LEVELS };

const GENDERS = ['all', 'male', 'female', 'other'] as const;
const oneOf = <T extends string>(list: readonly T[], v: string | null, fallback: T): T =>
  list.includes(v as T) ? (v as T) : fallback;
const wholeNumber = (v: string | null, max: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : 0;
};

/** The filters a URL names; anything unreadable falls back to its default. */
export function filtersFromUrl(q: URLSearchParams): BrowseFilters {
  const search = (q.get('search') ?? '').slice(0, 100);
  const skills = [
    ...new Set(
      (q.get('skills') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].slice(0, BROWSE_MAX_SKILLS);
  const level = q.get('languageLevel') ?? '';
  return {
    search,
    gender: oneOf(GENDERS, q.get('gender'), 'all'),
    savedOnly: q.get('savedOnly') === 'true',
    sort: oneOf<BrowseSort>(BROWSE_SORTS, q.get('sort'), search ? 'relevance' : 'newest'),
    page: Math.max(1, wholeNumber(q.get('page'), 100_000)),
    skills,
    skillMode: q.get('skillMode') === 'all' ? 'all' : 'any',
    language: (q.get('language') ?? '').slice(0, 50),
    languageLevel: isCefrLevel(level) ? level : '',
    province: (q.get('province') ?? '').slice(0, 100),
    city: (q.get('city') ?? '').slice(0, 100),
    minYears: wholeNumber(q.get('minYears'), 60),
    hasVideo: q.get('hasVideo') === 'true',
  };
}

/** The URL query of a set of filters: defaults left out, so a plain visit has a plain URL. */
export function filtersToUrl(f: BrowseFilters): URLSearchParams {
  const q = new URLSearchParams();
  const defaultSort = f.search ? 'relevance' : 'newest';
  if (f.search) q.set('search', f.search);
  if (f.skills.length) q.set('skills', f.skills.join(','));
  if (f.skills.length > 1 && f.skillMode === 'all') q.set('skillMode', 'all');
  if (f.language) q.set('language', f.language);
  // Kept without a language too: the level may be picked before the language is typed.
  if (f.languageLevel) q.set('languageLevel', f.languageLevel);
  if (f.province) q.set('province', f.province);
  if (f.city) q.set('city', f.city);
  if (f.minYears > 0) q.set('minYears', String(f.minYears));
  if (f.hasVideo) q.set('hasVideo', 'true');
  if (f.gender !== 'all') q.set('gender', f.gender);
  if (f.savedOnly) q.set('savedOnly', 'true');
  if (f.sort !== defaultSort) q.set('sort', f.sort);
  if (f.page > 1) q.set('page', String(f.page));
  return q;
}

/** How many filters beyond the search are set (the phone layout's "Filters (3)"). */
export const activeFilterCount = (f: BrowseFilters) =>
  [
    f.skills.length > 0,
    !!f.language,
    !!f.province,
    !!f.city,
    f.minYears > 0,
    f.hasVideo,
    f.gender !== 'all',
    f.savedOnly,
  ].filter(Boolean).length;

/** The API call for one page of browse: every filter spelled out, as the server reads them. */
export function browseUrl(p: BrowseParams): string {
  const q = new URLSearchParams({
    sort: p.sort,
    gender: p.gender,
    page: String(p.page),
    limit: String(p.limit),
  });
  if (p.search.trim()) q.set('search', p.search.trim());
  if (p.savedOnly) q.set('savedOnly', 'true');
  if (p.skills.length) {
    q.set('skills', p.skills.join(','));
    q.set('skillMode', p.skillMode);
  }
  if (p.language.trim()) {
    q.set('language', p.language.trim());
    if (p.languageLevel) q.set('languageLevel', p.languageLevel);
  }
  if (p.province) q.set('province', p.province);
  if (p.city.trim()) q.set('city', p.city.trim());
  if (p.minYears > 0) q.set('minYears', String(p.minYears));
  if (p.hasVideo) q.set('hasVideo', 'true');
  return `/api/public-cv/browse?${q.toString()}`;
}
