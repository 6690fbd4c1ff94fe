import { describe, expect, it } from 'vitest';
import {
  completeIndicator,
  contactInfoStatus,
  countIndicator,
  firstImpressionIndicator,
  indicatorFor,
  percentIndicator,
  personalInfoStatus,
  personalSummaryStatus,
  sectionStatus,
  summaryIndicator,
} from './section-status.ts';
import { SECTIONS } from './sections/index.ts';

describe('section status numbers', () => {
  it('personal info: percentage of the fields that apply', () => {
    expect(personalInfoStatus(null)).toBe(0);
    // SA citizen without licence: 4 fields count.
    expect(personalInfoStatus({ fullName: 'A', saCitizen: true, driversLicense: false })).toBe(25);
    expect(
      personalInfoStatus({
        fullName: 'A',
        dateOfBirth: '2000-01-01',
        idNumber: '1',
        gender: 'male',
        saCitizen: true,
      }),
    ).toBe(100);
    // Non-citizen with a licence: passport, nationality and licence code count too (7 fields).
    expect(
      personalInfoStatus({
        fullName: 'A',
        dateOfBirth: '2000-01-01',
        idNumber: '1',
        gender: 'male',
        saCitizen: false,
        driversLicense: true,
        ppNumber: '',
        nationality: ' ',
        licenseCode: 'B',
      }),
    ).toBe(71);
  });

  it('contact info: percentage of the 8 main fields', () => {
    expect(contactInfoStatus(undefined)).toBe(0);
    expect(contactInfoStatus({ phone: '1', email: 'a@b.co', unit: '3', linkedin: 'x' })).toBe(25);
    expect(contactInfoStatus(SECTIONS['contact-info'].sample[0])).toBe(100);
  });

  it('summary: trimmed character count', () => {
    expect(personalSummaryStatus(null)).toBe(0);
    expect(personalSummaryStatus({ content: '  123456789  ' })).toBe(9);
  });

  it('lists: entry count', () => {
    expect(sectionStatus('skill', SECTIONS.skill.sample)).toBe(4);
    expect(sectionStatus('interest', [])).toBe(0);
    expect(sectionStatus('personal-summary', [{ content: 'x'.repeat(12) }])).toBe(12);
    expect(sectionStatus('personal-info', [])).toBe(0);
  });
});

describe('dashboard indicators', () => {
  it('percentage bands', () => {
    expect(percentIndicator(0)).toEqual({ label: '0%', tone: 'red' });
    expect(percentIndicator(null)).toEqual({ label: '0%', tone: 'red' });
    expect(percentIndicator(34)).toEqual({ label: '34%', tone: 'orange' });
    expect(percentIndicator(35)).toEqual({ label: '35%', tone: 'yellow' });
    expect(percentIndicator(69)).toEqual({ label: '69%', tone: 'yellow' });
    expect(percentIndicator(70)).toEqual({ label: '70%', tone: 'green' });
    expect(percentIndicator(100)).toEqual({ label: '100%', tone: 'green' });
  });

  it('summary complete at 10', () => {
    expect(summaryIndicator(9)).toEqual({ label: 'Incomplete', tone: 'red' });
    expect(summaryIndicator(10)).toEqual({ label: 'Complete', tone: 'green' });
  });

  it('counts: 0 red, 1 orange, 2 yellow, 3+ green', () => {
    expect(countIndicator(0)).toEqual({ label: '0 added', tone: 'red' });
    expect(countIndicator(1)).toEqual({ label: '1 added', tone: 'orange' });
    expect(countIndicator(2)).toEqual({ label: '2 added', tone: 'yellow' });
    expect(countIndicator(7)).toEqual({ label: '7 added', tone: 'green' });
  });

  it('complete/incomplete and first impression', () => {
    expect(completeIndicator(0).label).toBe('Incomplete');
    expect(completeIndicator(1)).toEqual({ label: 'Complete', tone: 'green' });
    expect(firstImpressionIndicator(0).tone).toBe('red');
    expect(firstImpressionIndicator(1).label).toBe('Complete');
  });

  it('picks the indicator kind per card', () => {
    expect(indicatorFor('contact-info', 50).label).toBe('50%');
    expect(indicatorFor('personal-summary', 50).label).toBe('Complete');
    expect(indicatorFor('secondary-education', 2).label).toBe('Complete');
    expect(indicatorFor('photo', 0).label).toBe('Incomplete');
    expect(indicatorFor('certificate', 2)).toEqual({ label: '2 added', tone: 'yellow' });
    expect(indicatorFor('employment-history', 3).tone).toBe('green');
  });
});
