/**
 * A complete, realistic CV used to preview the templates for a new user whose CV is still
 * empty (the viewer marks it clearly as "Sample CV"). Long enough to span two A4 pages.
 */
import { buildCvData, type CvData } from './cv.ts';

/** A neutral avatar drawn inline, so the sample needs no image request. */
const SAMPLE_PHOTO =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120">' +
      '<rect width="120" height="120" fill="#cbd5e1"/>' +
      '<circle cx="60" cy="46" r="22" fill="#64748b"/>' +
      '<path d="M18 120c4-26 22-40 42-40s38 14 42 40z" fill="#64748b"/></svg>',
  );

export const SAMPLE_CV: CvData = buildCvData({
  personalInfo: {
    _id: 'sample-personal',
    fullName: 'Thandiwe Nomsa Mokoena',
    dateOfBirth: '1991-04-17',
    idNumber: '9104170123088',
    gender: 'female',
    saCitizen: true,
    nationality: 'South African',
    driversLicense: true,
    licenseCode: 'B',
  },
  contactInfo: {
    phone: '+27 82 555 0142',
    email: 'thandiwe.mokoena@example.com',
    unit: 'Unit 12',
    complex: 'Jacaranda Court',
    address: '45 Rivonia Road',
    suburb: 'Sandton',
    city: 'Johannesburg',
    province: 'Gauteng',
    country: 'South Africa',
    postalCode: '2196',
    linkedin: 'linkedin.com/in/thandiwe-mokoena',
    website: 'thandiwe.dev',
  },
  personalSummary: {
    content:
      'Senior software engineer building reliable web platforms for financial services and logistics. ' +
      'Over ten years I have led teams of up to eight engineers, moved monoliths to well-tested ' +
      'services, and cut page load times by more than half. I enjoy mentoring junior developers, ' +
      'working closely with product owners, and turning messy requirements into simple, ' +
      'maintainable software that customers rely on every day.',
  },
  employmentHistory: [
    {
      _id: 'sample-emp-1',
      company: 'Karoo Financial Services',
      position: 'Senior Software Engineer',
      startDate: '2021-03-01',
      endDate: '',
      current: true,
      description:
        'Lead a team of six engineers on the customer self-service platform used by 1.2 million ' +
        'clients. Introduced automated end-to-end testing that reduced production incidents by 40%, ' +
        'and redesigned the statements service to handle month-end peaks without downtime.',
    },
    {
      _id: 'sample-emp-2',
      company: 'Umoja Logistics',
      position: 'Software Engineer',
      startDate: '2017-06-01',
      endDate: '2021-02-28',
      current: false,
      description:
        'Built the real-time fleet tracking dashboard and the driver mobile web app. Integrated ' +
        'route optimisation with the dispatch system, saving an estimated R4 million a year in fuel.',
    },
    {
      _id: 'sample-emp-3',
      company: 'Blue Crane Digital',
      position: 'Junior Web Developer',
      startDate: '2014-01-15',
      endDate: '2017-05-31',
      current: false,
      description:
        'Developed responsive websites and online shops for small businesses across Gauteng, ' +
        'and maintained the agency’s shared component library.',
    },
  ],
  experience: [
    {
      _id: 'sample-exp-1',
      title: 'Open-source maintainer, township-transit',
      company: 'Community project',
      description:
        'Maintain an open-source minibus-taxi route planner with 40 contributors; review pull ' +
        'requests, run monthly releases and organise community hack days.',
      startDate: '2019-01',
      endDate: '',
    },
    {
      _id: 'sample-exp-2',
      title: 'Volunteer coding coach',
      company: 'Code4Kids Soweto',
      description:
        'Teach Saturday programming classes to high-school learners and prepared three teams for ' +
        'the national Olympiad finals.',
      startDate: 'February 2018',
      endDate: 'November 2022',
    },
  ],
  tertiaryEducation: [
    {
      _id: 'sample-tert-1',
      instituteName: 'University of the Witwatersrand',
      certificationType: 'BSc Honours in Computer Science',
      startDate: '2012-02-01',
      endDate: '2013-11-30',
      description: 'Research project on scheduling algorithms for public transport networks.',
      additionalInfo: 'Graduated with distinction.',
    },
    {
      _id: 'sample-tert-2',
      instituteName: 'University of Johannesburg',
      certificationType: 'BSc in Information Technology',
      startDate: '2009-02-01',
      endDate: '2011-11-30',
      description: 'Majors in computer science and applied mathematics.',
      additionalInfo: 'Dean’s list 2010 and 2011.',
    },
  ],
  secondaryEducation: [
    {
      _id: 'sample-sec-1',
      schoolName: 'Pretoria High School for Girls',
      startYear: '2004',
      endYear: '2008',
      subjects: [
        { subject: 'Mathematics', key: 's1' },
        { subject: 'Physical Sciences', key: 's2' },
        { subject: 'Information Technology', key: 's3' },
        { subject: 'English Home Language', key: 's4' },
        { subject: 'isiZulu First Additional Language', key: 's5' },
        { subject: 'Accounting', key: 's6' },
      ],
      additionalInfo:
        'National Senior Certificate with five distinctions; head of the debating society.',
    },
  ],
  skill: [
    { _id: 'sample-skill-1', skill: 'TypeScript and React', proficiency: 5 },
    { _id: 'sample-skill-2', skill: 'Node.js and REST APIs', proficiency: 5 },
    { _id: 'sample-skill-3', skill: 'PostgreSQL and data modelling', proficiency: 4 },
    { _id: 'sample-skill-4', skill: 'Automated testing', proficiency: 4 },
    { _id: 'sample-skill-5', skill: 'Cloud infrastructure (AWS)', proficiency: 3 },
    { _id: 'sample-skill-6', skill: 'Team leadership', proficiency: 4 },
  ],
  language: [
    { _id: 'sample-lang-1', language: 'English', read: 5, write: 5, speak: 5 },
    { _id: 'sample-lang-2', language: 'isiZulu', read: 4, write: 4, speak: 5 },
    { _id: 'sample-lang-3', language: 'Afrikaans', read: 3, write: 2, speak: 3 },
  ],
  reference: [
    {
      _id: 'sample-ref-1',
      name: 'Pieter van der Merwe',
      company: 'Karoo Financial Services',
      position: 'Head of Engineering',
      phone: '+27 11 555 0190',
      email: 'pieter.vdm@example.com',
    },
    {
      _id: 'sample-ref-2',
      name: 'Ayesha Patel',
      company: 'Umoja Logistics',
      title: 'Chief Technology Officer',
      phone: '+27 21 555 0117',
      email: 'ayesha.patel@example.com',
    },
  ],
  interest: [
    { _id: 'sample-int-1', interest: 'Trail running' },
    { _id: 'sample-int-2', interest: 'Open-source software' },
    { _id: 'sample-int-3', interest: 'Photography' },
    { _id: 'sample-int-4', interest: 'Jazz piano' },
  ],
  attribute: [
    { _id: 'sample-attr-1', attribute: 'Calm under pressure' },
    { _id: 'sample-attr-2', attribute: 'Clear communicator' },
    { _id: 'sample-attr-3', attribute: 'Curious and self-driven' },
    { _id: 'sample-attr-4', attribute: 'Reliable team player' },
  ],
  assignedPhotoUrl: SAMPLE_PHOTO,
});
