import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMING_SOON_MESSAGE } from '../../../components/ui/coming-soon.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { BlogRoute } from './Blog.tsx';
import { BlogArticleRoute } from './BlogArticle.tsx';
import { OtrosRoute } from './Otros.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(path = '/app/otros') {
  return renderRoutes(
    [
      { path: '/app/otros', Component: OtrosRoute },
      { path: '/app/otros/blog', Component: BlogRoute },
      { path: '/app/otros/blog/:id', Component: BlogArticleRoute },
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
  it("without articles from the console, embeds the page configured as 'blog'", async () => {
    localStorage.setItem('token', 'tok');
    const { fetchMock } = mockFetch({
      'GET /api/contenido/blog/': () => json(200, { results: [] }),
      'GET /api/automas-param-system/togo-urls/': () =>
        json(200, { results: [{ name: 'blog', url: '/static/paginas/blog.html' }] }),
    });
    setup('/app/otros/blog');
    const frame = await screen.findByTitle('Blog de TOGO');
    expect(frame).toHaveAttribute('src', '/static/paginas/blog.html');
    expect(frame).toHaveAttribute('height', '600');
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain(
      '/api/automas-param-system/togo-urls/?name__in=blog',
    );
  });

  it('lists published articles; an article shows its title, cover, date and body rendered without scripts', async () => {
    localStorage.setItem('token', 'tok');
    mockFetch({
      'GET /api/contenido/blog/': () =>
        json(200, {
          results: [
            {
              id: 7,
              titulo: 'Prepara tu RTM',
              portada: 'https://img.example.com/rtm.jpg',
              fecha_publicacion: '2026-11-23',
            },
          ],
        }),
      'GET /api/contenido/blog/7/': () =>
        json(200, {
          id: 7,
          titulo: 'Prepara tu RTM',
          portada: 'https://img.example.com/rtm.jpg',
          fecha_publicacion: '2026-11-23',
          cuerpo:
            '## Antes de ir\n\nLleva el **SOAT**. <script>alert(1)</script> [x](javascript:alert(2)) <img src="https://img.example.com/a.png" onerror="alert(3)">',
        }),
      'GET /api/automas-param-system/togo-urls/': () =>
        json(200, { results: [{ name: 'blog', url: '/static/paginas/blog.html' }] }),
    });
    const view = setup('/app/otros/blog');
    const link = await screen.findByRole('link', { name: /Prepara tu RTM/ });
    expect(link).toHaveAttribute('href', '/app/otros/blog/7');
    expect(link).toHaveTextContent('23-11-2026');
    expect(await screen.findByRole('link', { name: 'Más artículos en el blog de TOGO' })).toHaveAttribute(
      'href',
      '/app/otros/blog/web',
    );
    await view.user.click(link);
    expect(await screen.findByRole('heading', { name: 'Antes de ir' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Prepara tu RTM' })).toBeInTheDocument();
    expect(screen.getByText('SOAT').tagName).toBe('STRONG');
    const article = document.querySelector('.blog-article')!;
    expect(article.innerHTML).not.toMatch(/<script|javascript:|onerror/i);
    expect(article.querySelector('.blog-article__cover')).toHaveAttribute(
      'src',
      'https://img.example.com/rtm.jpg',
    );
  });

  it('a draft or unknown article says it is not available', async () => {
    localStorage.setItem('token', 'tok');
    mockFetch({});
    setup('/app/otros/blog/99');
    expect(await screen.findByText(/Este artículo no está disponible/)).toBeInTheDocument();
  });
});
