import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FleetShell } from './FleetShell.tsx';

describe('FleetShell', () => {
  it("is a picture of the fleet list's frame: hidden from assistive technology, inert, nothing to press", () => {
    const { container } = render(<FleetShell />);
    const shell = container.querySelector('[data-shell]');
    expect(shell).toHaveAttribute('aria-hidden', 'true');
    expect(shell).toHaveAttribute('inert');
    expect(shell?.querySelector('.fleet-sidebar__brand')?.textContent).toContain('Empresas');
    expect(shell?.querySelector('h1.fleet-screen__title')?.textContent).toBe('Tu flota');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
