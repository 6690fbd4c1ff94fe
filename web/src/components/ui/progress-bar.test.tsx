import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './progress-bar.tsx';

describe('ProgressBar', () => {
  it('is a named progressbar with its value and range', () => {
    render(<ProgressBar value={42} />);
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar.firstElementChild).toHaveStyle({ width: '42%' });
    expect(screen.queryByText('42%')).not.toBeInTheDocument();
  });

  it('prints the percentage when asked, under its own label', () => {
    render(<ProgressBar value={7} label="Saving" showValue />);
    expect(screen.getByRole('progressbar', { name: 'Saving' })).toBeInTheDocument();
    expect(screen.getByText('7%')).toBeInTheDocument();
  });
});
