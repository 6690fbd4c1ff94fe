import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import BuilderPage from './builder-page.tsx';
import { findTab } from '../sections/index.ts';
import { fakeSectionApi, renderWithProviders } from '../../test/kit.tsx';

const renderAt = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/app/cv-builder" element={<BuilderPage />} />
    </Routes>,
    path,
  );

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  fakeSectionApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the builder's Layout tab", () => {
  it('is a tab of its own, without a status', () => {
    expect(findTab('layout')).toMatchObject({ tab: 'layout', title: 'Layout', tool: 'layout' });
    expect(findTab('layout')).not.toHaveProperty('status');
  });

  it('opens from ?tab=layout with its list, linked from the whole-CV navigation', async () => {
    renderAt('/app/cv-builder?tab=layout');
    expect(screen.getByRole('heading', { level: 1, name: 'Layout' })).toBeVisible();
    const navs = screen.getAllByRole('navigation', { name: 'Whole CV' });
    for (const nav of navs) {
      const link = within(nav).getByRole('link', { name: 'Layout' });
      expect(link).toHaveAttribute('href', '/app/cv-builder?tab=layout');
      expect(link).toHaveAttribute('aria-current', 'page');
    }
    expect(
      await screen.findByRole('list', { name: "Your CV's sections, in order" }),
    ).toBeInTheDocument();
    // The phones' section picker does not pretend a section is open.
    expect(screen.getByRole('combobox', { name: 'Go to section' })).toHaveValue('');
  });
});
