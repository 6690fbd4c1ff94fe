import { render, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMPTY_CV, SAMPLE_CV, buildCvData, type CvData } from '@vitae/core';
import { formatLongDate } from '@vitae/core/dates';
import { CvLayout } from './cv-layout.tsx';
import { INK_FRIENDLY_ID, TEMPLATES, getTemplate } from './registry.ts';

const LAYOUTS = [...TEMPLATES.map((t) => t.id), INK_FRIENDLY_ID] as string[];
const OVERVIEW_LAYOUTS = ['template09', 'template10', INK_FRIENDLY_ID];

/** The CvData field that feeds each section, per layout family. */
function expectedSections(layout: string, field: keyof CvData): string[] {
  const overview = OVERVIEW_LAYOUTS.includes(layout);
  switch (field) {
    case 'personalInfo':
      return layout === 'template10' ? ['personal-information'] : ['personal-details'];
    case 'personalSummary':
      return ['summary'];
    case 'experiences':
      return ['experience'];
    case 'employHistorys':
      return ['employment'];
    case 'tertEdus':
      return [overview ? 'education' : 'tertiary'];
    case 'secondEdu':
      return [overview ? 'education' : 'secondary'];
    case 'skills':
      return ['skills'];
    case 'languages':
      return ['languages'];
    case 'interests':
      return ['interests'];
    case 'attributes':
      return ['attributes'];
    case 'references':
      return ['references'];
    default:
      return [];
  }
}

const SECTION_FIELDS: Array<keyof CvData> = [
  'personalInfo',
  'contactInfo',
  'personalSummary',
  'experiences',
  'employHistorys',
  'tertEdus',
  'secondEdu',
  'skills',
  'languages',
  'interests',
  'attributes',
  'references',
];

async function renderLayout(layout: string, data: CvData) {
  const view = render(<CvLayout layout={layout} data={data} />);
  await waitFor(() => expect(view.container.querySelector('[data-cv-layout]')).not.toBeNull());
  const sections = [...view.container.querySelectorAll('[data-section]')].map((el) =>
    el.getAttribute('data-section'),
  );
  return { ...view, sections: [...new Set(sections)].sort() };
}

describe.each(LAYOUTS)('%s', (layout) => {
  it('renders the full sample CV with every section it has', async () => {
    const { container, sections } = await renderLayout(layout, SAMPLE_CV);
    const all = SECTION_FIELDS.flatMap((f) => expectedSections(layout, f));
    expect(sections).toEqual([...new Set(all)].sort());
    expect(within(container).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Thandiwe Nomsa Mokoena',
    );
    expect(container).toHaveTextContent('thandiwe.mokoena@example.com');
    expect(container).toHaveTextContent('Karoo Financial Services');
    expect(container).toHaveTextContent('Present');
    expect(container).toHaveTextContent('Jun 2017 – Feb 2021');
    expect(container.querySelector('img')).toHaveAttribute(
      'alt',
      'Photo of Thandiwe Nomsa Mokoena',
    );
    for (const section of container.querySelectorAll('[data-section]')) {
      expect(section.querySelector('h2.cv-heading')).not.toBeNull();
    }
  });

  it('renders an empty CV without any section heading', async () => {
    const { container, sections } = await renderLayout(layout, EMPTY_CV);
    expect(sections).toEqual([]);
    expect(container.querySelectorAll('h1, h2, h3')).toHaveLength(0);
  });

  it.each(SECTION_FIELDS)('shows only the section fed by %s', async (field) => {
    const data = { ...EMPTY_CV, [field]: SAMPLE_CV[field] } as CvData;
    const { sections } = await renderLayout(layout, data);
    expect(sections).toEqual(expectedSections(layout, field).sort());
  });
});

describe('template-specific behaviour', () => {
  it('falls back to template01 for unknown ids and lists the ten templates', () => {
    expect(getTemplate('template99').id).toBe('template01');
    expect(getTemplate(null).name).toBe('Modern');
    expect(TEMPLATES.map((t) => `${t.id} ${t.name}`)).toEqual([
      'template01 Modern',
      'template02 Clean',
      'template03 Creative',
      'template04 Dark',
      'template05 Tech',
      'template06 Newspaper',
      'template07 Finance',
      'template08 Menu',
      'template09 Industrial',
      'template10 Agriculture',
    ]);
  });

  it('01 shows the professional summary with icons', async () => {
    const { container, getByRole } = await renderLayout('template01', SAMPLE_CV);
    expect(getByRole('heading', { name: 'Professional Summary' })).toBeInTheDocument();
    expect(container.querySelectorAll('h2 svg').length).toBeGreaterThanOrEqual(10);
  });

  it('04 labels additional experience as Projects', async () => {
    const { getByRole, queryByRole } = await renderLayout('template04', SAMPLE_CV);
    const projects = getByRole('heading', { level: 2, name: 'Projects' });
    expect(projects.closest('[data-section]')).toHaveAttribute('data-section', 'experience');
    expect(queryByRole('heading', { name: 'Additional Experience' })).toBeNull();
  });

  it.each(['template05', 'template07', 'template01'] as const)(
    '%s shows an unrated skill by name, without a level',
    async (template) => {
      const data = buildCvData({ skill: [{ skill: 'Kubernetes' }] });
      const { getByText, queryByRole, queryByText } = await renderLayout(template, data);
      expect(getByText('Kubernetes')).toBeInTheDocument();
      expect(queryByRole('img', { name: /out of 5|Not rated/ })).toBeNull();
      expect(queryByText(/\/5/)).toBeNull();
    },
  );

  it("06 shows today's date, even for an empty CV", async () => {
    const { getByTestId } = await renderLayout('template06', EMPTY_CV);
    expect(getByTestId('newspaper-date')).toHaveTextContent(formatLongDate(new Date()));
  });

  it('07 shows proficiency bars sized proficiency/5', async () => {
    const data = buildCvData({ skill: [{ skill: 'Excel', proficiency: 4 }] });
    const { getByRole } = await renderLayout('template07', data);
    const bar = getByRole('img', { name: '4 out of 5' });
    expect(bar.querySelector('[data-testid="rating-fill"]')).toHaveStyle({ width: '80%' });
  });

  it('08 shows stars', async () => {
    const data = buildCvData({ skill: [{ skill: 'Plating', proficiency: 2 }] });
    const { getByRole } = await renderLayout('template08', data);
    expect(getByRole('img', { name: '2 out of 5' }).textContent).toBe('★★☆☆☆');
  });

  it.each(['template09', 'template10', INK_FRIENDLY_ID])(
    '%s titles the CV with the first sentence of the summary without a headline',
    async (layout) => {
      const noHeadline = {
        ...SAMPLE_CV,
        personalInfo: { ...SAMPLE_CV.personalInfo!, headline: '' },
      };
      const { container } = await renderLayout(layout, noHeadline);
      const header = container.querySelector('header')!;
      expect(header).toHaveTextContent(
        'Senior software engineer building reliable web platforms for financial services and logistics',
      );
      expect(header).toHaveTextContent('Sandton');
      expect(header).toHaveTextContent('2196');
    },
  );

  it('10 shows the personal-information block with yes/no answers', async () => {
    const { getByRole } = await renderLayout('template10', SAMPLE_CV);
    const block = getByRole('region', { name: 'Personal Information' });
    for (const text of [
      'ID number',
      '9104170123088',
      'SA citizen',
      'Yes',
      "Driver's licence",
      'Yes (Code B)',
      '17 Apr 1991',
      'Female',
    ]) {
      expect(block).toHaveTextContent(text);
    }
  });

  it('ink-friendly prints ratings as numbers, N/A for missing ratings, and links', async () => {
    const data = buildCvData({
      contactInfo: { email: 'a@example.com', linkedin: 'linkedin.com/in/a', website: 'a.dev' },
      language: [{ language: 'Xhosa', read: 4 }],
      skill: [{ skill: 'Welding', proficiency: 3 }],
    });
    const { container } = await renderLayout(INK_FRIENDLY_ID, data);
    expect(container).toHaveTextContent('Read 4/5 · Write N/A · Speak N/A');
    expect(container).toHaveTextContent('Welding3/5');
    expect(container).toHaveTextContent('LinkedIn: linkedin.com/in/a');
    expect(container).toHaveTextContent('Website: a.dev');
    expect(container.querySelector('[data-cv-layout]')).toHaveClass('cv-ink');
    expect(
      container.querySelector('[role="img"][aria-label$="out of 5"] [data-testid="rating-fill"]'),
    ).toBeNull();
  });

  it.each(['template09', 'template10'])(
    "%s shows linkedin, website, nationality and the driver's licence",
    async (layout) => {
      const data = buildCvData({
        personalInfo: {
          fullName: 'Sipho Ndlovu',
          nationality: 'Zimbabwean',
          driversLicense: true,
          licenseCode: 'EC1',
        },
        contactInfo: { linkedin: 'linkedin.com/in/sipho-n', website: 'sipho.dev' },
      });
      const { container, getByRole } = await renderLayout(layout, data);
      const contact = getByRole('list', { name: 'Contact details' });
      expect(contact).toHaveTextContent('LinkedIn: linkedin.com/in/sipho-n');
      expect(contact).toHaveTextContent('Website: sipho.dev');
      expect(getByRole('link', { name: 'linkedin.com/in/sipho-n' })).toHaveAttribute(
        'href',
        'https://linkedin.com/in/sipho-n',
      );
      expect(container).toHaveTextContent('NationalityZimbabwean');
      expect(container).toHaveTextContent(/Driver's licence(Code EC1|Yes \(Code EC1\))/);
    },
  );

  it("shows the driver's licence code, or Yes / Valid without a code", async () => {
    const withCode = await renderLayout('template01', SAMPLE_CV);
    expect(withCode.getByRole('region', { name: 'Personal Details' })).toHaveTextContent(
      "Driver's licenceCode B",
    );
    withCode.unmount();
    const noCode = buildCvData({ personalInfo: { fullName: 'A B', driversLicense: true } });
    const yes = await renderLayout('template02', noCode);
    expect(yes.getByRole('region', { name: 'Details' })).toHaveTextContent("Driver's licenceYes");
    yes.unmount();
    const valid = await renderLayout('template07', noCode);
    expect(valid.getByRole('region', { name: 'Personal Details' })).toHaveTextContent(
      "Driver's licenceValid",
    );
  });
});

describe('rough edges (issue 18)', () => {
  it('02 Clean shows each language with its read, write and speak scores', async () => {
    const data = buildCvData({
      language: [{ language: 'isiZulu', read: 4, write: 3, speak: 5 }],
    });
    const { getByTestId, container } = await renderLayout('template02', data);
    expect(getByTestId('language-ratings')).toHaveTextContent('Read 4/5 · Write 3/5 · Speak 5/5');
    expect(container.querySelector('[data-section="languages"]')).toHaveTextContent('isiZulu');
  });

  it.each(LAYOUTS)('%s shows the school without a "Secondary education" label', async (layout) => {
    const data = { ...EMPTY_CV, secondEdu: SAMPLE_CV.secondEdu } as CvData;
    const { container } = await renderLayout(layout, data);
    expect(container).toHaveTextContent(SAMPLE_CV.secondEdu[0]!.schoolName);
    expect(container).not.toHaveTextContent('Secondary education');
  });
});

describe('reference contacts', () => {
  it.each(LAYOUTS)("%s links a reference's email and phone", async (layout) => {
    const data = buildCvData({
      reference: [
        { name: 'Jo Dlamini', company: 'Acme', phone: '011 555 0123', email: 'jo@example.com' },
      ],
    });
    const { container } = await renderLayout(layout, data);
    expect(container.querySelector('a[href="mailto:jo@example.com"]')).not.toBeNull();
    expect(container.querySelector('a[href="tel:0115550123"]')).not.toBeNull();
  });
});
