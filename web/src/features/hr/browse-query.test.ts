import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, filtersFromUrl, filtersToUrl } from './browse-query.ts';

describe('browse filters in the URL', () => {
  it('a plain visit has a plain URL', () => {
    expect(filtersToUrl(DEFAULT_FILTERS).toString()).toBe('');
    expect(filtersFromUrl(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
  });

  it('round-trips every filter', () => {
    const f = {
      ...DEFAULT_FILTERS,
      search: 'data engineer',
      sort: 'name' as const,
      page: 3,
      skills: ['Python', 'SQL'],
      skillMode: 'all' as const,
      language: 'isiZulu',
      languageLevel: 'B2' as const,
      province: 'Gauteng',
      city: 'Soweto',
      minYears: 5,
      hasVideo: true,
      gender: 'female' as const,
      savedOnly: true,
    };
    expect(filtersFromUrl(filtersToUrl(f))).toEqual(f);
  });

  it('a search ranks by relevance unless another sort is asked for', () => {
    expect(filtersFromUrl(new URLSearchParams('search=python')).sort).toBe('relevance');
    expect(
      filtersToUrl({ ...DEFAULT_FILTERS, search: 'python', sort: 'relevance' }).has('sort'),
    ).toBe(false);
  });

  it('ignores what it cannot read', () => {
    const f = filtersFromUrl(
      new URLSearchParams(
        'gender=robot&languageLevel=Z9&minYears=-4&page=abc&sort=weird&skills=,a,,a,b,c,d,e,f',
      ),
    );
    expect(f).toMatchObject({
      gender: 'all',
      languageLevel: '',
      minYears: 0,
      page: 1,
      sort: 'newest',
    });
    expect(f.skills).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
