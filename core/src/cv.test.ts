import { describe, expect, it } from 'vitest';
import {
  buildCvData,
  EMPTY_CV,
  isCvEmpty,
  isTemplateId,
  resolveTemplateId,
  TEMPLATE_IDS,
} from './cv.ts';
import { SAMPLE_CV } from './sample-cv.ts';

describe('buildCvData', () => {
  it('maps the stored sections with the product’s field names', () => {
    const data = buildCvData({
      personalInfo: [
        { _id: 'p1', fullName: 'Sipho Ndlovu', saCitizen: true, driversLicense: false },
      ],
      contactInfo: { phone: '082', email: 's@example.com', city: 'Durban' },
      personalSummary: { id: 's1', content: 'Farmer. Grows maize.' },
      experience: [{ _id: 'e1', title: 'Volunteer', description: 'Helped', company: 'NGO' }],
      employmentHistory: [{ _id: 'h1', company: 'Agri Co', position: 'Manager', current: true }],
      secondaryEducation: [
        {
          _id: 'se1',
          schoolName: 'Durban High',
          startYear: '2000',
          endYear: 2004,
          subjects: [{ subject: 'Maths', key: 'k' }],
        },
      ],
      tertiaryEducation: [{ _id: 't1', instituteName: 'UKZN', certificationType: 'BSc' }],
      skill: [{ _id: 'sk1', skill: 'Irrigation', proficiency: 4 }],
      language: [{ _id: 'l1', language: 'isiZulu', read: 4, write: '4', speak: 5 }],
      reference: [{ _id: 'r1', name: 'Jane', company: 'Agri Co', position: 'Owner' }],
      interest: [{ _id: 'i1', interest: 'Hiking' }],
      attribute: [{ _id: 'a1', attribute: 'Patient' }],
      photo: [
        { _id: 'ph1', photoUrl: '/media/a.jpg', assigned: false },
        { _id: 'ph2', photoUrl: '/media/b.jpg', assigned: true },
      ],
      firstImpression: [{ _id: 'f1', videoUrl: '/media/v.mp4' }],
      certificate: [{ _id: 'c1', title: 'First aid', pdfUrl: '/media/c.pdf' }],
    });
    expect(data.personalInfo).toMatchObject({
      fullName: 'Sipho Ndlovu',
      saCitizen: true,
      driversLicense: false,
    });
    expect(data.contactInfo).toMatchObject({ phone: '082', city: 'Durban', linkedin: '' });
    expect(data.personalSummary).toEqual({ summary: 'Farmer. Grows maize.' });
    expect(data.experiences[0]).toMatchObject({ title: 'Volunteer', company: 'NGO', endDate: '' });
    expect(data.employHistorys[0]).toMatchObject({
      company: 'Agri Co',
      position: 'Manager',
      current: true,
    });
    expect(data.secondEdu[0]).toMatchObject({
      startDate: '2000',
      endDate: '2004',
      subjects: [{ subject: 'Maths', key: 'k' }],
    });
    expect(data.tertEdus[0]).toMatchObject({ instituteName: 'UKZN', certificationType: 'BSc' });
    expect(data.skills[0]).toEqual({
      _id: 'sk1',
      skill: 'Irrigation',
      level: 4,
      label: 'Experienced',
    });
    expect(data.languages[0]).toMatchObject({
      languageName: 'isiZulu',
      read: 4,
      write: 4,
      speak: 5,
    });
    expect(data.languages[0]!.proficiency).toBe('Advanced');
    expect(data.languages[0]!.cefr).toBe('B2');
    expect(data.references[0]).toMatchObject({ name: 'Jane', position: 'Owner' });
    expect(data.interests).toEqual([{ _id: 'i1', interest: 'Hiking' }]);
    expect(data.attributes).toEqual([{ _id: 'a1', attribute: 'Patient' }]);
    expect(data.assignedPhotoUrl).toBe('/media/b.jpg');
    expect(data.firstImpression).toEqual({ _id: 'f1', videoUrl: '/media/v.mp4' });
    expect(data.certificates).toHaveLength(1);
  });

  it('accepts the alternative field names', () => {
    const data = buildCvData({
      personalSummary: { summary: 'From summary.' },
      language: [{ languageName: 'Sesotho', read: 3 }],
      reference: [{ name: 'Tom', title: 'Director' }],
      experience: [{ position: 'Intern', startYear: '2019', endYear: '2020' }],
      employmentHistory: [{ company: 'X', title: 'Clerk', startYear: '2015' }],
      secondaryEducation: [{ schoolName: 'S', subjects: 'Maths, Science ,  ,Art' }],
      skill: [{ skill: 'Welding', level: '2' }],
    });
    expect(data.personalSummary?.summary).toBe('From summary.');
    expect(data.languages[0]).toMatchObject({ languageName: 'Sesotho', read: 3, write: null });
    expect(data.references[0]!.position).toBe('Director');
    expect(data.experiences[0]).toMatchObject({
      title: 'Intern',
      startDate: '2019',
      endDate: '2020',
    });
    expect(data.employHistorys[0]).toMatchObject({ position: 'Clerk', startDate: '2015' });
    expect(data.secondEdu[0]!.subjects.map((s) => s.subject)).toEqual(['Maths', 'Science', 'Art']);
    expect(data.skills[0]!.level).toBe(2);
  });

  it("accepts the shared viewer's underscore keys and builds a name from first and last names", () => {
    const data = buildCvData({
      _personalInfo: [{ firstName: 'Lebo', lastName: 'Khumalo' }],
      _skill: [{ skill: 'Sales' }],
      _photo: [],
      assignedPhotoUrl: 'noneAssigned',
    });
    expect(data.personalInfo?.fullName).toBe('Lebo Khumalo');
    expect(data.skills[0]).toMatchObject({ skill: 'Sales', level: null, label: '' });
    expect(data.assignedPhotoUrl).toBeNull();
  });

  it('drops empty entries and empty single records', () => {
    const data = buildCvData({
      contactInfo: { phone: '', email: '' },
      personalSummary: { content: '   ' },
      interest: [{ _id: 'x', interest: '' }, null, 'junk'],
      certificate: [{ title: '  ' }],
    });
    expect(data.contactInfo).toBeNull();
    expect(data.personalSummary).toBeNull();
    expect(data.interests).toEqual([]);
    expect(data.certificates).toEqual([]);
    expect(isCvEmpty(data)).toBe(true);
  });

  it('keeps a certificate without a file, with its issuer, date and link (issue 32)', () => {
    const data = buildCvData({
      certificate: [{ _id: 'c1', title: 'AWS SA', issuer: 'Amazon', date: '2020-03' }],
    });
    expect(data.certificates).toEqual([
      {
        _id: 'c1',
        title: 'AWS SA',
        pdfUrl: '',
        photoUrl: '',
        issuer: 'Amazon',
        date: '2020-03',
        url: '',
      },
    ]);
  });
});

describe('templates and helpers', () => {
  it('knows the ten template ids and falls back to template01', () => {
    expect(TEMPLATE_IDS).toHaveLength(10);
    expect(isTemplateId('template07')).toBe(true);
    expect(resolveTemplateId('template11')).toBe('template01');
    expect(resolveTemplateId(undefined)).toBe('template01');
    expect(resolveTemplateId('template10')).toBe('template10');
  });

  it('has an empty CV and a sample with every section filled', () => {
    expect(isCvEmpty(EMPTY_CV)).toBe(true);
    expect(isCvEmpty(SAMPLE_CV)).toBe(false);
    for (const [key, value] of Object.entries(SAMPLE_CV)) {
      // The sample shows no media and none of the sections a user makes (issue 30).
      if (key === 'firstImpression' || key === 'certificates' || key === 'customSections') continue;
      if (Array.isArray(value)) expect(value.length, key).toBeGreaterThan(0);
      else expect(value, key).toBeTruthy();
    }
  });
});
