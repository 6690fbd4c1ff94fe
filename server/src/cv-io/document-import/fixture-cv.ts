/** The short CV in the committed fixture PDF (fixtures/cv-template02.pdf), as section input. */
export const FIXTURE_NAME = 'cv-template02.pdf';

export const FIXTURE_CV: Record<string, Array<Record<string, unknown>>> = {
  'personal-info': [{ fullName: 'Lerato Dlamini', headline: 'Data Analyst' }],
  'contact-info': [
    { email: 'lerato.dlamini@example.com', phone: '+27 82 555 0199', city: 'Durban' },
  ],
  'personal-summary': [
    {
      content: 'Analyst who turns messy spreadsheets into dashboards that managers use every week.',
    },
  ],
  'employment-history': [
    {
      company: 'Tugela Water Board',
      position: 'Data Analyst',
      startDate: '2021-04',
      endDate: '',
      current: true,
      description: 'Built the weekly water-quality dashboard for twelve treatment plants.',
    },
    {
      company: 'Ubuntu Retail Group',
      position: 'Junior Analyst',
      startDate: '2018-02',
      endDate: '2021-03',
      current: false,
      description:
        'Automated the monthly stock report and cut its preparation from two days to one hour.',
    },
  ],
  'tertiary-education': [
    {
      instituteName: 'University of KwaZulu-Natal',
      certificationType: 'BCom in Statistics',
      startDate: '2014-02',
      endDate: '2017-11',
    },
  ],
  skill: [
    { skill: 'SQL', proficiency: 5 },
    { skill: 'Power BI', proficiency: 4 },
  ],
};
