import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { fakeSectionApi, renderWithProviders } from '../../test/kit.tsx';
import BuilderPage from './builder-page.tsx';

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

describe('CV builder page', () => {
  it('selects the tab from ?tab= and titles the header with it', async () => {
    renderAt('/app/cv-builder?tab=education');
    expect(screen.getByRole('heading', { level: 1, name: 'Secondary Education' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute(
      'href',
      '/app/dashboard',
    );
    expect(screen.getByRole('link', { name: 'View CV' })).toHaveAttribute('href', '/app/view-cv');
    expect(await screen.findByLabelText(/^School name/)).toBeInTheDocument();
  });

  it('accepts the API’s key "interest" and the card key "interests"', () => {
    renderAt('/app/cv-builder?tab=interest');
    expect(screen.getByRole('heading', { level: 1, name: 'Interests' })).toBeVisible();
  });

  it('shows Coming Soon with a way back for an unknown tab', () => {
    renderAt('/app/cv-builder?tab=dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Coming Soon' })).toBeVisible();
    const back = screen.getAllByRole('link', { name: /Back to Dashboard/ });
    expect(back.length).toBe(2);
  });

  it('scrolls to the top 100 ms after a section opens', async () => {
    vi.useFakeTimers();
    renderAt('/app/cv-builder?tab=skills');
    expect(window.scrollTo).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    vi.useRealTimers();
  });
});
