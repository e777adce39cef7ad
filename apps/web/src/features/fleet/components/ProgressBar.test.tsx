import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar, wholePercent } from './ProgressBar.tsx';

describe('ProgressBar (issue 37: never 100 % before the end)', () => {
  it('rounds down: 5.200 of 5.205 is 99 %', () => {
    render(<ProgressBar label="Consultando RUNT: 5.200/5.205" percent={(5_200 / 5_205) * 100} />);
    expect(screen.getByRole('progressbar', { name: 'Consultando RUNT: 5.200/5.205' })).toHaveAttribute(
      'value',
      '99',
    );
    expect(screen.getByText('99%')).toBeInTheDocument();
  });

  it('is 100 only when complete, and stays within 0..100', () => {
    expect(wholePercent(99.99)).toBe(99);
    expect(wholePercent(100)).toBe(100);
    expect(wholePercent(140)).toBe(100);
    expect(wholePercent(-3)).toBe(0);
    expect(wholePercent(Number.NaN)).toBe(0);
  });
});
