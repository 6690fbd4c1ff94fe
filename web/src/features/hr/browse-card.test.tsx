import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { BrowseItem } from '@vitae/core/hr';
import { BrowseCard } from './browse-card.tsx';
import { browseItem } from './browse-item.ts';

const item = browseItem({
  headline: 'Data Engineer',
  topSkills: ['Python', 'SQL'],
  languages: [
    { name: 'English', cefr: 'C2' },
    { name: 'isiZulu', cefr: 'B2' },
    { name: 'Sesotho', cefr: null },
  ],
  city: 'Johannesburg',
  province: 'Gauteng',
  yearsExperience: 11,
  summaryExcerpt: 'Python developer building data pipelines.',
  hasVideo: true,
});

const renderCard = (over: Partial<BrowseItem> = {}) => {
  const onPreview = vi.fn();
  const onSave = vi.fn();
  render(
    <MemoryRouter>
      <ul>
        <BrowseCard
          item={{ ...item, ...over }}
          saving={false}
          onPreview={onPreview}
          onSave={onSave}
        />
      </ul>
    </MemoryRouter>,
  );
  return { onPreview, onSave, card: screen.getAllByRole('listitem')[0]! };
};

describe('BrowseCard', () => {
  it('shows what a recruiter decides on: position, place, experience, video, skills, CEFR levels', () => {
    const { card } = renderCard();
    expect(within(card).getByRole('heading', { name: 'Thandi Mokoena' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Data Engineer');
    const facts = within(card).getByRole('list', { name: 'Key facts' });
    expect(facts).toHaveTextContent('Johannesburg, Gauteng');
    expect(facts).toHaveTextContent('11 years of experience');
    expect(facts).toHaveTextContent('Video introduction');
    expect(card).toHaveTextContent('Python developer building data pipelines.');
    const skills = within(card).getByRole('list', { name: 'Top skills' });
    expect(
      within(skills)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Python', 'SQL']);
    const languages = within(card).getByRole('list', { name: 'Languages' });
    expect(
      within(languages)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['EnglishC2', 'isiZuluB2', 'Sesotho']);
    expect(within(languages).getByTitle('CEFR level C2')).toBeInTheDocument();
  });

  it('keeps age and gender off the card (the Preview shows them)', () => {
    const { card } = renderCard();
    expect(card).not.toHaveTextContent('Age');
    expect(card).not.toHaveTextContent(/female/i);
    expect(card).toHaveTextContent('NationalitySouth African');
  });

  it('leaves out what the candidate did not give', () => {
    const { card } = renderCard({
      headline: '',
      topSkills: [],
      languages: [],
      city: '',
      province: '',
      yearsExperience: 0,
      summaryExcerpt: '',
      hasVideo: false,
    });
    expect(within(card).queryByRole('list', { name: 'Top skills' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('list', { name: 'Languages' })).not.toBeInTheDocument();
    expect(card).not.toHaveTextContent('Video introduction');
    expect(within(card).getByRole('list', { name: 'Key facts' })).toHaveTextContent(
      'Under 1 year of experience',
    );
  });

  it('previews and saves an unsaved CV', async () => {
    const { onPreview, onSave } = renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Preview Thandi Mokoena' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save CV of Thandi Mokoena' }));
    expect(onPreview).toHaveBeenCalledOnce();
    expect(onSave).toHaveBeenCalledOnce();
  });

  it('links a saved CV to its view', () => {
    const { card } = renderCard({ isSaved: true });
    expect(card).toHaveTextContent('Saved');
    expect(within(card).getByRole('link', { name: 'View CV of Thandi Mokoena' })).toHaveAttribute(
      'href',
      '/app/hr-view-cv/p1',
    );
  });
});
