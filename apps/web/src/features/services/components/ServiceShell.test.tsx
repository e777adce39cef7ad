import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServiceShell } from './ServiceShell.tsx';

describe('ServiceShell', () => {
  it("is a picture of a wizard's frame: hidden from assistive technology, inert, the same for every step", () => {
    const { container } = render(<ServiceShell />);
    const shell = container.querySelector('main[data-shell]');
    expect(shell).toHaveAttribute('aria-hidden', 'true');
    expect(shell).toHaveAttribute('inert');
    expect(shell?.querySelector('header.services-bar .back-button svg')).not.toBeNull();
    // No step's words: the wizard may resume at any step.
    expect(shell?.textContent).toBe('');
    expect(screen.queryByRole('main')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
