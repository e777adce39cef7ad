import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMING_SOON_MESSAGE } from '../../../components/ui/coming-soon.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { BlogRoute } from './Blog.tsx';
import { OtrosRoute } from './Otros.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(path = '/app/otros') {
  return renderRoutes(
    [
      { path: '/app/otros', Component: OtrosRoute },
      { path: '/app/otros/blog', Component: BlogRoute },
      stub('/app/home'),
    ],
    { initialEntries: [path] },
  );
}

describe('Otros hub', () => {
  it('lists the tiles with their destinations', async () => {
    setup();
    await waitFor(() => expect(document.title).toBe('Otros | TOGO'));
    const link = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name}`) });
    expect(link('Servicios')).toHaveAttribute('href', '/app/servicios');
    expect(link('Tu garaje Personal')).toHaveAttribute('href', '/app/garaje-personal?from=otros');
    expect(link('Alertas')).toHaveAttribute('href', '/app/alerts?from=otros');
    expect(link('Blog')).toHaveAttribute('href', '/app/otros/blog');
    expect(link('Comprar')).toHaveAttribute('href', '/app/otros/compras');
    expect(link('Servicios')).not.toHaveClass('hub-tile--dimmed');
  });

  it('dims Servicios, garaje and Alertas while the garage is empty', () => {
    localStorage.setItem('empty', 'true');
    setup();
    for (const name of ['Servicios', 'Tu garaje Personal', 'Alertas']) {
      expect(screen.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveClass('hub-tile--dimmed');
    }
    expect(screen.getByRole('link', { name: /^Blog/ })).not.toHaveClass('hub-tile--dimmed');
  });

  it('GeoRuta tells it is coming soon', async () => {
    const view = setup();
    await view.user.click(screen.getByRole('button', { name: /GeoRuta/ }));
    expect(within(await screen.findByRole('dialog')).getByText(COMING_SOON_MESSAGE)).toBeInTheDocument();
  });
});

describe('Blog', () => {
  it("embeds the page configured as 'blog'", async () => {
    localStorage.setItem('token', 'tok');
    const { fetchMock } = mockFetch({
      'GET /api/automas-param-system/togo-urls/': () =>
        json(200, { results: [{ name: 'blog', url: '/static/paginas/blog.html' }] }),
    });
    setup('/app/otros/blog');
    const frame = await screen.findByTitle('Blog de TOGO');
    expect(frame).toHaveAttribute('src', '/static/paginas/blog.html');
    expect(frame).toHaveAttribute('height', '600');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/automas-param-system/togo-urls/?name__in=blog');
  });
});
