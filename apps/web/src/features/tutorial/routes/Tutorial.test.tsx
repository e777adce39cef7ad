import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { TutorialRoute } from './Tutorial.tsx';

function setup() {
  return renderRoutes([{ path: '/app/otros/tutorial', Component: TutorialRoute }, stub('/app/home')], {
    initialEntries: ['/app/otros/tutorial'],
  });
}

const slides = () => screen.getAllByRole('group', { hidden: true });
/** The visible slide: the only one that is not inert. */
const currentSlide = () => slides().findIndex((slide) => !slide.hasAttribute('inert'));
const dots = () => screen.getAllByRole('button', { name: /Ir a la diapositiva/ });

describe('install tutorial', () => {
  it.each([
    ['iOS', 'Chrome', 5, 'Instalación TOGO en Chrome'],
    ['iOS', 'Safari', 5, 'Instalación TOGO en Safari'],
    ['Android', 'Chrome', 6, 'Instalación TOGO en Chrome'],
    ['Android', 'Samsung', 7, 'Instalación TOGO en Samsung Internet'],
  ])('%s → %s has %i slides', async (os, browser, count, title) => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: os }));
    expect(screen.getByRole('heading', { name: `Instalación TOGO en ${os}` })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: browser }));
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(slides()).toHaveLength(count);
    expect(dots()).toHaveLength(count);
    expect(screen.getAllByRole('img')).toHaveLength(count);
  });

  it('previous and next wrap around; dots jump; 0.5 s transitions', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Android' }));
    await user.click(screen.getByRole('button', { name: 'Samsung' }));
    expect(currentSlide()).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(currentSlide()).toBe(6);
    expect(dots()[6]).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(currentSlide()).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(currentSlide()).toBe(1);
    await user.click(dots()[4] as HTMLElement);
    expect(currentSlide()).toBe(4);
    const track = slides()[0]?.parentElement as HTMLElement;
    expect(track.style.transitionDuration).toBe('0.5s');
    expect(track.style.transform).toBe('translateX(-400%)');
  });

  it('the real install step of each browser is illustrated', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'iOS' }));
    await user.click(screen.getByRole('button', { name: 'Safari' }));
    expect(
      screen.getByRole('img', { name: "Desliza hacia abajo y elige 'Agregar a inicio'.", hidden: true }),
    ).toBeInTheDocument();
  });

  it('back steps reverse the choice, then leave', async () => {
    const { user, router } = setup();
    await user.click(screen.getByRole('button', { name: 'iOS' }));
    await user.click(screen.getByRole('button', { name: 'Safari' }));
    await user.click(screen.getByRole('button', { name: 'Volver' }));
    expect(screen.getByRole('button', { name: 'Chrome' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Instalación TOGO en iOS' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Volver' }));
    expect(screen.getByRole('button', { name: 'Android' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/home'));
  });
});
