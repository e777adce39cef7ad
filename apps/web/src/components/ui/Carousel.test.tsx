import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './Carousel.tsx';

const slides = ['Uno', 'Dos', 'Tres'].map((text) => ({
  key: text,
  content: <a href={`#${text}`}>{text}</a>,
}));
const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
const current = () => screen.getByRole('button', { current: true }).getAttribute('aria-label');

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Carousel', () => {
  it('advances every 7 s and loops; only the visible slide is reachable', () => {
    render(<Carousel label="Novedades" slides={slides} />);
    expect(current()).toBe('Ir a la diapositiva 1');
    expect(screen.getByRole('link', { name: 'Uno' })).toBeInTheDocument();
    expect(screen.getByText('Dos').closest('[inert]')).not.toBeNull();
    tick(6999);
    expect(current()).toBe('Ir a la diapositiva 1');
    tick(1);
    expect(current()).toBe('Ir a la diapositiva 2');
    tick(7000);
    tick(7000);
    expect(current()).toBe('Ir a la diapositiva 1');
  });

  it('dots jump to a slide; hover and focus pause; the pause button stops and resumes', () => {
    render(<Carousel label="Novedades" slides={slides} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ir a la diapositiva 3' }));
    expect(current()).toBe('Ir a la diapositiva 3');
    const region = screen.getByRole('region', { name: 'Novedades' });
    fireEvent.mouseLeave(region);
    fireEvent.mouseEnter(region);
    tick(20_000);
    expect(current()).toBe('Ir a la diapositiva 3');
    fireEvent.mouseLeave(region);
    tick(7000);
    expect(current()).toBe('Ir a la diapositiva 1');

    fireEvent.click(screen.getByRole('button', { name: 'Pausar carrusel' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Reanudar carrusel' }));
    tick(30_000);
    expect(current()).toBe('Ir a la diapositiva 1');
    fireEvent.click(screen.getByRole('button', { name: 'Reanudar carrusel' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Pausar carrusel' }));
    tick(7000);
    expect(current()).toBe('Ir a la diapositiva 2');
  });

  it('does not rotate under prefers-reduced-motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    render(<Carousel label="Novedades" slides={slides} />);
    tick(30_000);
    expect(current()).toBe('Ir a la diapositiva 1');
    expect(screen.getByRole('button', { name: 'Reanudar carrusel' })).toBeInTheDocument();
  });
});
