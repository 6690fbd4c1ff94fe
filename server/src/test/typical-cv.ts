/**
 * A typical filled CV: the one the e2e template story (e2e/templates.spec.ts) types in, four
 * jobs, three projects, two degrees, a school, six skills, three languages and three
 * references. On A4, ink-friendly prints it on two pages, and no template's last page holds only
 * its references: the page counts pdf.test.ts expects (the "a third page holding only
 * References where ink-friendly fits the same CV on two").
 */
const para = (...sentences: string[]) => sentences.join(' ');

export const TYPICAL_NAME = 'Thandi Mokoena';

/** Section key → entries, as the builder's forms POST them (no imports: e2e reads this file too). */
export function typicalCv(): Record<string, Array<Record<string, unknown>>> {
  return {
    'personal-info': [
      {
        fullName: TYPICAL_NAME,
        dateOfBirth: '1994-03-18',
        idNumber: '9403180123088',
        gender: 'female',
        saCitizen: true,
        ppNumber: '',
        nationality: 'South African',
        driversLicense: true,
        licenseCode: 'B',
      },
    ],
    'contact-info': [
      {
        phone: '082 555 0147',
        email: 'thandi.mokoena@example.com',
        unit: '12',
        complex: 'Sunset Gardens',
        address: '45 Jacaranda Street',
        suburb: 'Hatfield',
        city: 'Pretoria',
        province: 'Gauteng',
        country: 'South Africa',
        postalCode: '0083',
        linkedin: 'https://www.linkedin.com/in/thandi-mokoena',
        website: 'https://thandi.example.com',
      },
    ],
    'personal-summary': [
      {
        content: para(
          'Software developer with eight years of experience building web applications for retail, logistics and finance clients.',
          'I turn complex requirements into simple, reliable tools, mentor junior developers and work closely with customers to ship features that matter.',
          'Comfortable across the stack, from SQL schema design to accessible React interfaces.',
        ),
      },
    ],
    'employment-history': [
      {
        company: 'Bright Finance',
        position: 'Senior Software Developer',
        startDate: '2022-03',
        endDate: '',
        current: true,
        description: para(
          'Lead developer of the customer onboarding portal used by 120 000 customers a year; cut sign-up time from three days to twelve minutes.',
          'Introduced automated end-to-end tests and a weekly release train, halving production incidents.',
          'Mentor four developers and run the monthly architecture review.',
        ),
      },
      {
        company: 'Shosholoza Logistics',
        position: 'Software Developer',
        startDate: '2019-08',
        endDate: '2022-02',
        current: false,
        description: para(
          'Built the route-planning service that schedules 300 delivery vehicles daily, saving 9 % in fuel costs.',
          'Designed the PostgreSQL reporting warehouse and the dashboards used by regional managers.',
          'Migrated the legacy PHP back office to TypeScript services without downtime.',
        ),
      },
      {
        company: 'Acme Retail Solutions',
        position: 'Junior Developer',
        startDate: '2017-01',
        endDate: '2019-07',
        current: false,
        description: para(
          'Maintained the in-store stock system and built reporting dashboards used by 40 branches.',
          'Automated the nightly stock reconciliation, removing four hours of manual work per branch each week.',
        ),
      },
      {
        company: 'University of Pretoria',
        position: 'Computer Science Tutor',
        startDate: '2015-02',
        endDate: '2016-11',
        current: false,
        description: para(
          'Tutored first-year programming and data-structures classes of 60 students.',
          'Wrote practical exercises still used in the introductory Python course.',
        ),
      },
    ],
    experience: [
      {
        title: 'Volunteer Web Developer',
        company: 'Paws Rescue Pretoria',
        startDate: '2021-02',
        endDate: '2022-06',
        description: para(
          'Built and maintained the donation website for a local animal shelter, adding online payments and a volunteer sign-up form.',
          'Donations grew by 40 % in the first year.',
        ),
      },
      {
        title: 'Open Source Contributor',
        company: 'React Aria community',
        startDate: '2022-01',
        endDate: '',
        description:
          'Contributed accessibility fixes, keyboard-navigation tests and documentation to a popular React component library.',
      },
      {
        title: 'Hackathon Team Lead',
        company: 'Gauteng Smart City Challenge',
        startDate: '2020-09',
        endDate: '2020-10',
        description:
          'Led a team of five to build a water-outage alert app in 48 hours; awarded second place out of 32 teams.',
      },
    ],
    'tertiary-education': [
      {
        instituteName: 'University of Pretoria',
        certificationType: 'BSc Computer Science',
        startDate: '2013-02',
        endDate: '2016-11',
        description:
          'Majored in computer science and mathematics; final-year project on route planning with genetic algorithms.',
        additionalInfo: "Dean's merit list in 2015 and 2016.",
      },
      {
        instituteName: 'University of South Africa',
        certificationType: 'Certificate in Project Management',
        startDate: '2020-01',
        endDate: '2020-12',
        description: 'Part-time certificate covering planning, risk management and agile delivery.',
        additionalInfo: 'Passed with distinction.',
      },
    ],
    'secondary-education': [
      {
        schoolName: 'Pretoria High School for Girls',
        startYear: '2008',
        endYear: '2012',
        subjects: [
          { subject: 'Mathematics', key: 's1' },
          { subject: 'Physical Sciences', key: 's2' },
          { subject: 'English Home Language', key: 's3' },
          { subject: 'Afrikaans First Additional Language', key: 's4' },
          { subject: 'Information Technology', key: 's5' },
        ],
        additionalInfo:
          'National Senior Certificate with Bachelor pass; head of the debating society.',
      },
    ],
    skill: [
      { skill: 'TypeScript', proficiency: 5 },
      { skill: 'React', proficiency: 5 },
      { skill: 'Node.js', proficiency: 4 },
      { skill: 'SQL and database design', proficiency: 4 },
      { skill: 'Automated testing', proficiency: 4 },
      { skill: 'Project management', proficiency: 3 },
    ],
    language: [
      { language: 'English', read: 5, write: 5, speak: 5 },
      { language: 'isiZulu', read: 4, write: 3, speak: 5 },
      { language: 'Afrikaans', read: 3, write: 2, speak: 3 },
    ],
    reference: [
      {
        name: 'Johan van der Merwe',
        company: 'Acme Retail Solutions',
        position: 'Engineering Manager',
        phone: '012 555 0190',
        email: 'johan.vdm@example.com',
      },
      {
        name: 'Naledi Dlamini',
        company: 'Bright Finance',
        position: 'Senior Product Owner',
        phone: '011 555 0123',
        email: 'naledi.dlamini@example.com',
      },
      {
        name: 'Pieter Botha',
        company: 'Shosholoza Logistics',
        position: 'Chief Technology Officer',
        phone: '021 555 0178',
        email: '',
      },
    ],
    interest: [
      { interest: 'Trail running' },
      { interest: 'Photography' },
      { interest: 'Chess' },
      { interest: 'Mentoring girls in STEM' },
    ],
    attribute: [
      { attribute: 'Reliable' },
      { attribute: 'Team player' },
      { attribute: 'Quick learner' },
      { attribute: 'Calm under pressure' },
    ],
  };
}
