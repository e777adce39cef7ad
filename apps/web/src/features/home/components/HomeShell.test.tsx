import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LCP_IMAGE_MARKER } from '@togo/domain/entry-pages';
import { json } from '../../../test/fetch-mock.ts';
import { GARAGES, SELECTED, setup, vehicle } from '../home.test-support.ts';
import { HomeShell } from './HomeShell.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The markup of the parts the shell and the screen share, from a rendered container. */
const frame = (root: ParentNode) => ({
  bar: root.querySelector('header.home-bar')?.outerHTML,
  tiles: root.querySelector('nav.home-tiles')?.outerHTML,
  heroPlaceholders: root.querySelectorAll('.home-hero__placeholder, .home-pyp--placeholder').length,
});

describe('HomeShell', () => {
  it('is a picture of the home: hidden from assistive technology, inert, with the place of its first banner', () => {
    const { container } = render(
      <MemoryRouter>
        <HomeShell />
      </MemoryRouter>,
    );
    const shell = container.querySelector('main[data-shell]');
    expect(shell).toHaveAttribute('aria-hidden', 'true');
    expect(shell).toHaveAttribute('inert');
    expect(container.querySelector('.home-shell__banner')?.innerHTML).toBe(LCP_IMAGE_MARKER);
    expect(screen.queryByRole('main')).toBeNull();
  });

  it('draws the bar, the tiles and the hero placeholders exactly as the home does while its garage loads', async () => {
    const { container: shellRoot } = render(
      <MemoryRouter>
        <HomeShell />
      </MemoryRouter>,
    );
    const shell = frame(shellRoot);
    shellRoot.remove();
    let answerGarage: (response: Response) => void = () => undefined;
    setup({
      [GARAGES]: () => new Promise<Response>((resolve) => (answerGarage = resolve)),
      [SELECTED]: () => json(200, vehicle(1, 'ABC123', { is_selected: true })),
    });
    await waitFor(() => expect(document.querySelector('main.home-page')).not.toBeNull());
    expect(frame(document)).toEqual(shell);
    expect(shell.heroPlaceholders).toBe(2);
    answerGarage(json(200, [vehicle(1, 'ABC123', { is_selected: true })]));
  });
});
