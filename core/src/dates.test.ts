import { describe, expect, it } from 'vitest';
import {
  formatDateRange,
  formatDay,
  formatEndDate,
  formatLongDate,
  formatMonthYear,
  titleFromSummary,
} from './dates.ts';

describe('formatMonthYear', () => {
  it('shows an ISO date as abbreviated month and year, in every timezone', () => {
    expect(formatMonthYear('2020-01-15')).toBe('Jan 2020');
    expect(formatMonthYear('2021-12-01T00:00:00.000Z')).toBe('Dec 2021');
  });

  it('reformats month-plus-four-digit-year strings', () => {
    expect(formatMonthYear('January 2020')).toBe('Jan 2020');
    expect(formatMonthYear('sept 2019')).toBe('Sep 2019');
    expect(formatMonthYear('01/2020')).toBe('Jan 2020');
    expect(formatMonthYear('7-2018')).toBe('Jul 2018');
    expect(formatMonthYear('2020-01')).toBe('Jan 2020');
    expect(formatMonthYear('2020/11')).toBe('Nov 2020');
  });

  it('keeps a bare year as a year', () => {
    expect(formatMonthYear('2008')).toBe('2008');
    expect(formatMonthYear(2008)).toBe('2008');
  });

  it('formats other parseable values as a date', () => {
    expect(formatMonthYear('March 5, 2020')).toBe('Mar 2020');
    expect(formatMonthYear(new Date(2019, 6, 4))).toBe('Jul 2019');
  });

  it('leaves unparseable values as they are', () => {
    expect(formatMonthYear('Summer term')).toBe('Summer term');
    expect(formatMonthYear('13/2020')).toBe('13/2020');
  });

  it('is empty for missing values', () => {
    expect(formatMonthYear('')).toBe('');
    expect(formatMonthYear('   ')).toBe('');
    expect(formatMonthYear(null)).toBe('');
    expect(formatMonthYear(undefined)).toBe('');
  });
});

describe('date ranges', () => {
  it('shows Present for an empty end date', () => {
    expect(formatEndDate('')).toBe('Present');
    expect(formatEndDate(null)).toBe('Present');
    expect(formatDateRange('2021-03-01', '')).toBe('Jan 2021 – Present'.replace('Jan', 'Mar'));
  });

  it('shows Present for a current job even with an end date', () => {
    expect(formatDateRange('2021-03-01', '2022-01-01', true)).toBe('Mar 2021 – Present');
  });

  it('joins start and end', () => {
    expect(formatDateRange('2017-06-01', '2021-02-28')).toBe('Jun 2017 – Feb 2021');
    expect(formatDateRange('2004', '2008')).toBe('2004 – 2008');
  });

  it('is empty when nothing is known, and only the end when the start is missing', () => {
    expect(formatDateRange('', '')).toBe('');
    expect(formatDateRange('', '2020-05-01')).toBe('May 2020');
  });
});

describe('formatDay', () => {
  it('shows a full date with an abbreviated month', () => {
    expect(formatDay('1991-04-17')).toBe('17 Apr 1991');
    expect(formatDay('1991-04-17T00:00:00.000Z')).toBe('17 Apr 1991');
  });
  it('leaves other text as it is', () => {
    expect(formatDay('unknown')).toBe('unknown');
    expect(formatDay('')).toBe('');
  });
});

describe('formatLongDate', () => {
  it('reads like a newspaper masthead', () => {
    expect(formatLongDate(new Date(2025, 2, 3))).toBe('Monday, 3 March 2025');
  });
});

describe('titleFromSummary', () => {
  it('takes the first sentence without its full stop', () => {
    expect(titleFromSummary('Senior engineer in Cape Town. I build things.')).toBe(
      'Senior engineer in Cape Town',
    );
  });
  it('keeps a question or exclamation mark and handles one sentence', () => {
    expect(titleFromSummary('Ready to help!  More here.')).toBe('Ready to help!');
    expect(titleFromSummary('Agricultural scientist')).toBe('Agricultural scientist');
  });
  it('does not split on decimals and is empty without a summary', () => {
    expect(titleFromSummary('Managed R2.5 million budgets. Next.')).toBe(
      'Managed R2.5 million budgets',
    );
    expect(titleFromSummary(null)).toBe('');
  });
});
