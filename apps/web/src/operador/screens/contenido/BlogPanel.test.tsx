import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPERATOR_MSG } from '@togo/domain/operator/operator-auth.contract';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { asRole } from '../../test/as-role.tsx';
import ContenidoScreen from './ContenidoScreen.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const article = {
  id: 3,
  titulo: 'Cómo preparar la RTM',
  portada: 'https://img.example.com/rtm.jpg',
  cuerpo: '## Antes de ir\n\nLleva el **SOAT**.',
  fecha_publicacion: '2026-11-23',
  publicado: false,
  version: 1,
  actualizado: '2026-11-23T12:00:00.000Z',
};

describe('Contenido › Blog', { timeout: 30_000 }, () => {
  it('writes an article: the cover must be https, the preview renders the Markdown without scripts; saved as a draft', async () => {
    const mock = mockFetch({
      'GET /api/operador/contenido/entradas/': () =>
        json(200, { count: 0, page: 1, page_size: 20, results: [] }),
      'GET /api/operador/contenido/blog/': () => json(200, { results: [] }),
      'POST /api/operador/contenido/blog/': (req) =>
        json(201, { ...article, ...(req.body as object), id: 4, version: 0 }),
    });
    const user = userEvent.setup();
    render(<ContenidoScreen />, { wrapper: asRole('admin') });
    await user.click(screen.getByRole('tab', { name: 'Blog' }));
    expect(await screen.findByText('Aún no hay artículos.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nuevo artículo' }));
    const form = screen.getByRole('form', { name: 'Nuevo artículo' });
    await user.type(within(form).getByLabelText('Título'), 'Cómo preparar la RTM');
    await user.type(within(form).getByLabelText(/Imagen de portada/), 'http://img.example.com/rtm.jpg');
    await user.click(within(form).getByLabelText(/Artículo \(Markdown/));
    await user.paste(
      '## Antes de ir\n\nLleva el **SOAT**. <script>alert(1)</script> <img src="https://img.example.com/a.png" onerror="alert(2)"> [x](javascript:alert(3))',
    );
    const preview = within(form).getByRole('region', { name: 'Vista previa' });
    expect(await within(preview).findByRole('heading', { name: 'Antes de ir' })).toBeInTheDocument();
    expect(preview.innerHTML).not.toMatch(/<script|onerror|javascript:/i);
    await user.click(within(form).getByRole('button', { name: 'Guardar borrador' }));
    expect(
      within(form).getByText('La portada debe ser una dirección https:// de una imagen.'),
    ).toBeInTheDocument();
    expect(mock.bodies('POST /api/operador/contenido/blog/')).toEqual([]);
    const cover = within(form).getByLabelText(/Imagen de portada/);
    await user.clear(cover);
    await user.type(cover, 'https://img.example.com/rtm.jpg');
    expect(within(preview).getByRole('img', { name: 'Portada del artículo' })).toHaveAttribute(
      'src',
      'https://img.example.com/rtm.jpg',
    );
    await user.click(within(form).getByRole('button', { name: 'Guardar borrador' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '«Cómo preparar la RTM» se guardó como borrador.',
    );
    expect(mock.bodies('POST /api/operador/contenido/blog/')).toEqual([
      expect.objectContaining({
        titulo: 'Cómo preparar la RTM',
        portada: 'https://img.example.com/rtm.jpg',
        publicado: false,
      }),
    ]);
  });

  it('publishes a draft with the version it read; a stale version explains it and reloads', async () => {
    const ifMatch: (string | null)[] = [];
    mockFetch({
      'GET /api/operador/contenido/entradas/': () =>
        json(200, { count: 0, page: 1, page_size: 20, results: [] }),
      'GET /api/operador/contenido/blog/': () => json(200, { results: [article] }),
      'GET /api/operador/contenido/blog/3/': () =>
        json(200, { ...article, titulo: 'Otro título', version: 2 }),
      'PUT /api/operador/contenido/blog/3/': (req) => {
        ifMatch.push(req.headers.get('if-match'));
        return ifMatch.length === 1
          ? json(409, { detail: OPERATOR_MSG.staleVersion })
          : json(200, { ...article, ...(req.body as object), version: 3 });
      },
    });
    const user = userEvent.setup();
    render(<ContenidoScreen />, { wrapper: asRole('admin') });
    await user.click(screen.getByRole('tab', { name: 'Blog' }));
    const row = await screen.findByRole('row', { name: /Cómo preparar la RTM/ });
    expect(within(row).getByText('Borrador')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Editar Cómo preparar la RTM' }));
    await user.click(screen.getByLabelText(/Publicado/));
    await user.click(screen.getByRole('button', { name: 'Guardar y publicar' }));
    await user.click(await screen.findByRole('button', { name: 'Recargar la versión actual' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Se cargó la versión actual.');
    expect(screen.getByLabelText('Título')).toHaveValue('Otro título');
    await user.click(screen.getByLabelText(/Publicado/));
    await user.click(screen.getByRole('button', { name: 'Guardar y publicar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('«Otro título» está publicado.');
    expect(ifMatch).toEqual(['"1"', '"2"']);
  });

  it('the export tab (admin) downloads a seed file with the staff token, busy while it runs, and says when it fails', async () => {
    let fail = false;
    mockFetch({
      'GET /api/operador/contenido/entradas/': () =>
        json(200, { count: 0, page: 1, page_size: 20, results: [] }),
      'GET /api/operador/exportar/catalogs/': () =>
        fail ? json(500, { detail: 'Error interno.' }) : new Response('{}', { status: 200 }),
    });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const user = userEvent.setup();
    render(<ContenidoScreen />, { wrapper: asRole('admin') });
    await user.click(screen.getByRole('tab', { name: 'Exportar' }));
    await user.click(screen.getByRole('button', { name: 'Descargar Catálogos y URLs (catalogs.json)' }));
    await waitFor(() => expect(downloads).toEqual(['catalogs.json']));
    expect(await screen.findByRole('status')).toHaveTextContent('Se descargó catalogs.json.');
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Descargar Catálogos y URLs (catalogs.json)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/catalogs\.json|Error/);
    expect(downloads).toHaveLength(1);
  });

  it('roles without the export do not see its tab; soporte reads the blog without editing', async () => {
    mockFetch({
      'GET /api/operador/contenido/entradas/': () =>
        json(200, { count: 0, page: 1, page_size: 20, results: [] }),
      'GET /api/operador/contenido/blog/': () => json(200, { results: [article] }),
    });
    const user = userEvent.setup();
    render(<ContenidoScreen />, { wrapper: asRole('soporte') });
    expect(screen.queryByRole('tab', { name: 'Exportar' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Blog' }));
    expect(await screen.findByRole('row', { name: /Cómo preparar la RTM/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nuevo artículo' })).toBeNull();
  });
});
