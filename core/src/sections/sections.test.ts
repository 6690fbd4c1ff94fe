import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ATTRIBUTE_MESSAGES,
  CONTACT_INFO_MESSAGES,
  EMPLOYMENT_HISTORY_MESSAGES,
  EXPERIENCE_MESSAGES,
  INTEREST_MESSAGES,
  LANGUAGE_MESSAGES,
  LANGUAGE_PROFICIENCY_LABELS,
  LICENSE_CODES,
  PERSONAL_INFO_MESSAGES,
  PERSONAL_SUMMARY_MESSAGES,
  REFERENCE_MESSAGES,
  SECONDARY_EDUCATION_MESSAGES,
  SECTIONS,
  SECTION_KEYS,
  SKILL_MESSAGES,
  SKILL_PROFICIENCY_LABELS,
  TERTIARY_EDUCATION_MESSAGES,
  dateKey,
  employmentHistorySchema,
  parseSubjects,
  personalInfoSchema,
  secondaryEducationSchema,
  subjectsToText,
} from './index.ts';
import { linkedInHref, phoneHref, webHref } from './fields.ts';

/** The first message zod reports for `field`, or undefined when the value is valid. */
function messageFor(schema: z.ZodType, value: unknown, field: string): string | undefined {
  const r = schema.safeParse(value);
  if (r.success) return undefined;
  return r.error.issues.find((i) => i.path[0] === field)?.message;
}

const long = (n: number) => 'x'.repeat(n);
const s = SECTIONS;

/** [section, field, bad value, expected message]; each starts from the section's first sample. */
const cases: [keyof typeof SECTIONS, string, unknown, string][] = [
  ['personal-info', 'fullName', '', PERSONAL_INFO_MESSAGES.fullNameRequired],
  ['personal-info', 'fullName', '   ', 'Full name is required'],
  ['personal-info', 'fullName', long(31), 'Full name must be 30 characters or less'],
  ['personal-info', 'idNumber', long(14), 'ID number must be 13 characters or less'],
  ['personal-info', 'ppNumber', long(21), 'Passport number must be 20 characters or less'],
  ['personal-info', 'licenseCode', long(11), PERSONAL_INFO_MESSAGES.licenseCodeTooLong],
  ['personal-info', 'licenseCode', 'Z', PERSONAL_INFO_MESSAGES.licenseCodeInvalid],
  ['personal-info', 'gender', 'robot', PERSONAL_INFO_MESSAGES.genderInvalid],
  ['personal-info', 'dateOfBirth', '2030-01-01', PERSONAL_INFO_MESSAGES.dateOfBirthFuture],
  ['personal-info', 'dateOfBirth', 'someday', PERSONAL_INFO_MESSAGES.dateOfBirthInvalid],
  ['personal-info', 'dateOfBirth', '1850-06-01', PERSONAL_INFO_MESSAGES.dateOfBirthTooOld],
  [
    'personal-info',
    'dateOfBirth',
    `${new Date().getFullYear() - 5}-01-01`,
    PERSONAL_INFO_MESSAGES.dateOfBirthTooRecent,
  ],
  ['contact-info', 'email', '', 'Email is required'],
  ['contact-info', 'email', 'not-an-email', 'Please enter a valid email address'],
  ['contact-info', 'email', `${long(95)}@example.com`, 'Email must be 100 characters or less'],
  ['contact-info', 'phone', '', 'Phone number is required'],
  ['contact-info', 'phone', long(21), CONTACT_INFO_MESSAGES.phoneTooLong],
  ['contact-info', 'phone', 'abc-not-a-phone', CONTACT_INFO_MESSAGES.phoneInvalid],
  ['contact-info', 'phone', '12345', CONTACT_INFO_MESSAGES.phoneInvalid],
  ['contact-info', 'phone', '++27 82 555 0142', CONTACT_INFO_MESSAGES.phoneInvalid],
  ['contact-info', 'website', 'not a url', CONTACT_INFO_MESSAGES.websiteInvalid],
  ['contact-info', 'website', 'javascript:alert(1)', CONTACT_INFO_MESSAGES.websiteInvalid],
  ['contact-info', 'website', 'ftp://files.example.com', CONTACT_INFO_MESSAGES.websiteInvalid],
  ['contact-info', 'linkedin', 'javascript:alert(1)', CONTACT_INFO_MESSAGES.linkedinInvalid],
  ['contact-info', 'linkedin', 'not a url', CONTACT_INFO_MESSAGES.linkedinInvalid],
  [
    'contact-info',
    'linkedin',
    'https://evil.example.com/in/x',
    CONTACT_INFO_MESSAGES.linkedinInvalid,
  ],
  ['contact-info', 'address', long(201), 'Address must be 200 characters or less'],
  ['contact-info', 'city', long(51), 'City must be 50 characters or less'],
  ['contact-info', 'postalCode', long(11), 'Postal code must be 10 characters or less'],
  ['personal-summary', 'content', '', PERSONAL_SUMMARY_MESSAGES.contentRequired],
  ['personal-summary', 'content', long(1001), PERSONAL_SUMMARY_MESSAGES.contentTooLong],
  ['experience', 'title', '', 'Experience title is required'],
  ['experience', 'title', long(101), EXPERIENCE_MESSAGES.titleTooLong],
  ['experience', 'description', long(1001), EXPERIENCE_MESSAGES.descriptionTooLong],
  ['secondary-education', 'schoolName', '', SECONDARY_EDUCATION_MESSAGES.schoolNameRequired],
  ['secondary-education', 'schoolName', long(101), 'School name must be 100 characters or less'],
  ['secondary-education', 'startYear', '', 'Start year is required'],
  ['secondary-education', 'endYear', '', 'End year is required'],
  ['secondary-education', 'startYear', '201', 'Start year must be a year, such as 2010'],
  ['secondary-education', 'startYear', '20x5', 'Start year must be a year, such as 2010'],
  ['secondary-education', 'endYear', '20123', 'End year must be a year, such as 2014'],
  ['secondary-education', 'endYear', '2001', 'End year cannot be before start year'],
  [
    'secondary-education',
    'additionalInfo',
    long(501),
    SECONDARY_EDUCATION_MESSAGES.additionalInfoTooLong,
  ],
  [
    'secondary-education',
    'subjects',
    parseSubjects(Array.from({ length: 30 }, () => 'Subject').join(',')),
    'Subjects must be 200 characters or less',
  ],
  ['tertiary-education', 'instituteName', '', 'Institute name is required'],
  [
    'tertiary-education',
    'instituteName',
    long(101),
    TERTIARY_EDUCATION_MESSAGES.instituteNameTooLong,
  ],
  ['tertiary-education', 'startDate', '', 'Start date is required'],
  ['tertiary-education', 'endDate', '', 'End date is required'],
  ['tertiary-education', 'endDate', '2012-01', 'End date cannot be before start date'],
  [
    'tertiary-education',
    'certificationType',
    long(101),
    TERTIARY_EDUCATION_MESSAGES.certificationTypeTooLong,
  ],
  ['tertiary-education', 'description', long(501), TERTIARY_EDUCATION_MESSAGES.descriptionTooLong],
  [
    'tertiary-education',
    'additionalInfo',
    long(501),
    TERTIARY_EDUCATION_MESSAGES.additionalInfoTooLong,
  ],
  ['skill', 'skill', '', SKILL_MESSAGES.skillRequired],
  ['skill', 'skill', long(101), SKILL_MESSAGES.skillTooLong],
  ['skill', 'proficiency', -1, 'Proficiency must be between 1 and 5'],
  ['skill', 'proficiency', 6, 'Proficiency must be between 1 and 5'],
  ['skill', 'proficiency', 2.5, 'Proficiency must be between 1 and 5'],
  ['skill', 'proficiency', 'abc', 'Proficiency must be between 1 and 5'],
  ['language', 'language', '', LANGUAGE_MESSAGES.languageRequired],
  ['language', 'language', long(51), 'Language must be 50 characters or less'],
  ['language', 'read', -1, 'Reading proficiency must be between 1 and 5'],
  ['language', 'write', 6, 'Writing proficiency must be between 1 and 5'],
  ['language', 'speak', 'fluent', 'Speaking proficiency must be between 1 and 5'],
  ['reference', 'name', '', REFERENCE_MESSAGES.nameRequired],
  ['reference', 'name', long(101), REFERENCE_MESSAGES.nameTooLong],
  ['reference', 'company', '', REFERENCE_MESSAGES.companyRequired],
  ['reference', 'company', long(101), REFERENCE_MESSAGES.companyTooLong],
  ['reference', 'phone', '', REFERENCE_MESSAGES.phoneRequired],
  ['reference', 'phone', long(21), REFERENCE_MESSAGES.phoneTooLong],
  ['reference', 'phone', 'call me', REFERENCE_MESSAGES.phoneInvalid],
  ['reference', 'email', 'nope', 'Please enter a valid email address'],
  ['reference', 'email', `${long(95)}@example.com`, REFERENCE_MESSAGES.emailTooLong],
  ['interest', 'interest', '', INTEREST_MESSAGES.interestRequired],
  ['interest', 'interest', long(101), 'Interest must be 100 characters or less'],
  ['attribute', 'attribute', '', ATTRIBUTE_MESSAGES.attributeRequired],
  ['attribute', 'attribute', long(51), 'Attribute must be 50 characters or less'],
  ['employment-history', 'company', '', EMPLOYMENT_HISTORY_MESSAGES.companyRequired],
  ['employment-history', 'company', long(101), EMPLOYMENT_HISTORY_MESSAGES.companyTooLong],
  ['employment-history', 'position', '', 'Position is required'],
  ['employment-history', 'position', long(101), 'Position must be 100 characters or less'],
  ['employment-history', 'startDate', '', 'Start date is required'],
  ['employment-history', 'description', long(1001), EMPLOYMENT_HISTORY_MESSAGES.descriptionTooLong],
];

describe('section schemas', () => {
  it.each(SECTION_KEYS)('%s: every sample entry is valid and defaults have every column', (key) => {
    for (const entry of s[key].sample) expect(s[key].schema.safeParse(entry).success).toBe(true);
    expect(Object.keys(s[key].defaults).sort()).toEqual(Object.keys(s[key].columns).sort());
    expect(s[key].apiPath).toBe(`/api/${key}`);
    expect(s[key].dataType).toBe(key);
  });

  it.each(cases)('%s.%s = %j -> "%s"', (key, field, value, message) => {
    const base = { ...s[key].sample[0] };
    expect(messageFor(s[key].schema, { ...base, [field]: value }, field)).toBe(message);
  });

  it('reports missing required fields with the required message', () => {
    expect(messageFor(s.experience.schema, {}, 'title')).toBe('Experience title is required');
    // A missing rating is "not rated" (0), not an error: imports carry no level.
    expect(s.skill.schema.parse({ skill: 'x' })).toEqual({ skill: 'x', proficiency: 0 });
    expect(
      s.language.schema.parse({ language: 'isiZulu', read: null, write: '', speak: 0 }),
    ).toEqual({ language: 'isiZulu', read: 0, write: 0, speak: 0 });
    expect(messageFor(s['contact-info'].schema, { email: 'a@b.co' }, 'phone')).toBe(
      'Phone number is required',
    );
  });

  it('accepts an empty optional reference email and numeric strings for ratings', () => {
    const ref = s.reference.schema.parse({ name: 'A', company: 'B', phone: '011 555 0123' });
    expect(ref).toMatchObject({ email: '', position: '' });
    expect(
      s.language.schema.parse({ language: 'English', read: '4', write: 3, speak: '5' }),
    ).toEqual({ language: 'English', read: 4, write: 3, speak: 5 });
  });

  it('trims text and drops unknown fields', () => {
    expect(s.interest.schema.parse({ interest: '  Chess ', _id: 'x', extra: 1 })).toEqual({
      interest: 'Chess',
    });
  });

  it('employment: current clears the end date and skips the range check', () => {
    const base = { company: 'A', position: 'B', startDate: '2020-01', description: '' };
    expect(
      messageFor(
        employmentHistorySchema,
        { ...base, endDate: '2019-01', current: false },
        'endDate',
      ),
    ).toBe('End date cannot be before start date');
    expect(
      employmentHistorySchema.parse({ ...base, endDate: '2019-01', current: true }),
    ).toMatchObject({
      endDate: '',
      current: true,
    });
    expect(employmentHistorySchema.parse({ ...base, endDate: '2021-05' }).current).toBe(false);
  });

  it('employment: a current job cannot start in the future; a past one may end later', () => {
    const next = new Date().getFullYear() + 1;
    const base = { company: 'A', position: 'B', description: '' };
    const future = { ...base, startDate: `${next}-05`, current: true };
    expect(messageFor(employmentHistorySchema, future, 'startDate')).toBe(
      EMPLOYMENT_HISTORY_MESSAGES.currentStartsInFuture,
    );
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect(employmentHistorySchema.safeParse({ ...future, startDate: thisMonth }).success).toBe(
      true,
    );
    expect(employmentHistorySchema.safeParse({ ...future, current: false }).success).toBe(true);
  });

  it('contact info: handles and bare addresses are links; stored bad values are not', () => {
    const ok = { ...s['contact-info'].sample[0] };
    for (const linkedin of [
      'thandi-mokoena',
      'linkedin.com/in/thandi',
      'https://za.linkedin.com/in/t',
    ]) {
      expect(s['contact-info'].schema.safeParse({ ...ok, linkedin }).success).toBe(true);
    }
    for (const website of ['thandi.dev', 'http://x.co:8080/a?b=1#c']) {
      expect(s['contact-info'].schema.safeParse({ ...ok, website }).success).toBe(true);
    }
    expect(linkedInHref('thandi-mokoena')).toBe('https://www.linkedin.com/in/thandi-mokoena');
    expect(linkedInHref('javascript:alert(1)')).toBeUndefined();
    expect(webHref('thandi.dev')).toBe('https://thandi.dev');
    expect(webHref('not a url')).toBeUndefined();
    expect(phoneHref('+27 (82) 555-0142')).toBe('tel:+27825550142');
    expect(phoneHref('abc-not-a-phone')).toBeUndefined();
  });

  it('experience: end date not before start date when both are given', () => {
    const base = { title: 'T', startDate: '2020-05-01' };
    expect(messageFor(s.experience.schema, { ...base, endDate: '2020-04-30' }, 'endDate')).toBe(
      'End date cannot be before start date',
    );
    expect(s.experience.schema.safeParse({ ...base, endDate: '2020-05-01' }).success).toBe(true);
    expect(s.experience.schema.safeParse({ ...base, endDate: '' }).success).toBe(true);
  });

  it('personal info: licence code only with a licence', () => {
    const base = { fullName: 'Ann', driversLicense: false, licenseCode: 'B' };
    expect(personalInfoSchema.parse(base).licenseCode).toBe('');
    expect(personalInfoSchema.parse({ ...base, driversLicense: true }).licenseCode).toBe('B');
    expect(LICENSE_CODES).toEqual(['A1', 'A', 'B', 'C1', 'C', 'EB', 'EC1', 'EC']);
  });

  it('personal info: the headline is optional, one line, at most 100 characters', () => {
    const base = { fullName: 'Ann' };
    expect(personalInfoSchema.parse(base).headline).toBe('');
    expect(personalInfoSchema.parse({ ...base, headline: '  Data Analyst ' }).headline).toBe(
      'Data Analyst',
    );
    expect(messageFor(personalInfoSchema, { ...base, headline: 'x'.repeat(101) }, 'headline')).toBe(
      'Headline must be 100 characters or less',
    );
    expect(personalInfoSchema.safeParse({ ...base, headline: 'x'.repeat(100) }).success).toBe(true);
    expect(personalInfoSchema.safeParse({ ...base, headline: 'Data\nAnalyst' }).success).toBe(
      false,
    );
  });

  it('personal info: the headline is JSON Resume basics.label, both ways', () => {
    const { toItem, fromItem } = s['personal-info'].jsonResume;
    const info = personalInfoSchema.parse({ fullName: 'Ann', headline: 'Data Analyst' });
    expect(toItem(info)).toMatchObject({ name: 'Ann', label: 'Data Analyst' });
    expect(fromItem({ name: 'Ann', label: 'Data Analyst' })).toMatchObject({
      fullName: 'Ann',
      headline: 'Data Analyst',
    });
  });

  it('secondary education subjects: text <-> list', () => {
    let n = 0;
    const subjects = parseSubjects(' Maths, Science ,, History ', () => `k${++n}`);
    expect(subjects).toEqual([
      { subject: 'Maths', key: 'k1' },
      { subject: 'Science', key: 'k2' },
      { subject: 'History', key: 'k3' },
    ]);
    expect(subjectsToText(subjects)).toBe('Maths, Science, History');
    expect(parseSubjects('')).toEqual([]);
    const parsed = secondaryEducationSchema.parse({
      schoolName: 'S',
      startYear: '2010',
      endYear: '2010',
      subjects: [{ subject: 'Art' }],
    });
    expect(parsed.subjects[0]?.key).toMatch(/^[a-z0-9]+$/);
  });

  it('proficiency descriptions', () => {
    expect(Object.values(SKILL_PROFICIENCY_LABELS)).toEqual([
      'Novice',
      'Beginner',
      'Skilled',
      'Experienced',
      'Expert',
    ]);
    expect(Object.values(LANGUAGE_PROFICIENCY_LABELS)).toEqual([
      'Beginner',
      'Elementary',
      'Intermediate',
      'Advanced',
      'Proficient',
    ]);
  });

  it('dateKey orders the date shapes the forms produce', () => {
    expect(dateKey('2020')! < dateKey('2020-02')!).toBe(true);
    expect(dateKey('2020-02')! < dateKey('2020-02-15')!).toBe(true);
    expect(dateKey('Mar 2021')! > dateKey('2021-02-28')!).toBe(true);
    expect(dateKey('')).toBeNull();
    expect(dateKey('whenever')).toBeNull();
  });
});
