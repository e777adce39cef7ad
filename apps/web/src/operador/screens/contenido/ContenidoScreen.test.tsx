import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPERATOR_MSG } from '@togo/domain/operator/operator-auth.contract';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { ConsoleQueries } from '../../test/as-role.tsx';
import ContenidoScreen from './ContenidoScreen.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const banner = {
  id: 1,
  clave_padre: 'BANNERS_GENERALES_TOGO',
  clave: 'BANNER_RTM',
  valor: 'Revisión técnico-mecánica',
  orden: 10,
  activo: true,
  valor_json: { activo: true, alias_url_app: 'app/servicios/rtm', descripcion: 'Agenda tu RTM.' },
  detalle_archivos: [{ archivo: '/static/banners/rtm.svg' }],
  editado: false,
  version: 2,
};

describe('ContenidoScreen', { timeout: 30_000 }, () => {
  it('lists banners and creates one with an uploaded image', async () => {
    const mock = mockFetch({
      'GET /api/operador/contenido/entradas/': () =>
        json(200, { count: 1, page: 1, page_size: 20, results: [banner] }),
      'POST /api/operador/contenido/imagenes/': () =>
        json(201, {
          id: 'a',
          url: '/api/contenido/imagenes/0f0e0d0c-0b0a-4000-8000-000000000001.png',
          bytes: 10,
        }),
      'POST /api/operador/contenido/entradas/': (req) =>
        json(201, { ...banner, ...(req.body as object), id: 2, activo: true, editado: true }),
    });
    const user = userEvent.setup();
    render(<ContenidoScreen />, { wrapper: ConsoleQueries });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('cell', { name: 'BANNER_RTM' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+ Nuevo banner' }));
    const form = screen.getByRole('form', { name: 'Nueva entrada' });
    await user.type(within(form).getByLabelText('Clave'), 'BANNER_NAVIDAD');
    await user.type(within(form).getByLabelText('Título'), 'Navidad segura');
    await user.upload(
      within(form).getByLabelText(/imagen \(jpg o png/i),
      new File([new Uint8Array([137, 80, 78, 71])], 'b.png', { type: 'image/png' }),
    );
    expect(await within(form).findByRole('img')).toHaveAttribute(
      'src',
      expect.stringContaining('/api/contenido/imagenes/'),
    );
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(/se guardó\. los conductores ya lo ven/i)).toBeInTheDocument();
    const [body] = mock.bodies('POST /api/operador/contenido/entradas/') as Record<string, unknown>[];
    expect(body).toMatchObject({
      clave_padre: 'BANNERS_GENERALES_TOGO',
      clave: 'BANNER_NAVIDAD',
      orden: 20,
      valor_json: { activo: true },
      detalle_archivos: [{ archivo: expect.stringContaining('/api/contenido/imagenes/') }],
    });
  });

  it('shows a 400 next to the field it names', async () => {
    mockFetch({
      'GET /api/operador/contenido/entradas/': () =>
        json(200, { count: 0, page: 1, page_size: 20, results: [] }),
      'POST /api/operador/contenido/entradas/': () =>
        json(400, { detalle_archivos: ['Un banner necesita su imagen.'] }),
    });
    const user = userEvent.setup();
    render(<ContenidoScreen />, { wrapper: ConsoleQueries });
    expect(await screen.findByText('No hay entradas.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+ Nuevo banner' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Un banner necesita su imagen.')).toBeInTheDocument();
  });

  it('edits a named URL, sending the version it read', async () => {
    const ifMatch: (string | null)[] = [];
    const mock = mockFetch({
      'GET /api/operador/contenido/entradas/': () =>
        json(200, { count: 0, page: 1, page_size: 20, results: [] }),
      'GET /api/operador/contenido/urls/': () =>
        json(200, [{ name: 'poliza', url: '/static/paginas/poliza.html', editado: false, version: 3 }]),
      'PUT /api/operador/contenido/urls/poliza/': (req) => {
        ifMatch.push(req.headers.get('if-match'));
        return json(200, { name: 'poliza', url: 'https://aliado.co/', editado: true, version: 4 });
      },
    });
    const user = userEvent.setup();
    render(<ContenidoScreen />, { wrapper: ConsoleQueries });
    await user.click(screen.getByRole('tab', { name: 'URLs' }));
    const input = await screen.findByLabelText(/^poliza/);
    await user.clear(input);
    await user.type(input, 'https://aliado.co/');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La URL «poliza» se guardó.')).toBeInTheDocument();
    expect(mock.bodies('PUT /api/operador/contenido/urls/poliza/')).toEqual([{ url: 'https://aliado.co/' }]);
    expect(ifMatch).toEqual(['"3"']);
  });

  it('a banner saved from an outdated version (409) explains it and reloads the current one', async () => {
    let current = banner;
    const ifMatch: (string | null)[] = [];
    mockFetch({
      'GET /api/operador/contenido/entradas/': () =>
        json(200, { count: 1, page: 1, page_size: 20, results: [current] }),
      'GET /api/operador/contenido/entradas/1/': () => json(200, current),
      'PUT /api/operador/contenido/entradas/1/': (req) => {
        ifMatch.push(req.headers.get('if-match'));
        // Another tab saved a new title first.
        current = { ...banner, valor: 'Título de la otra pestaña', version: 3 };
        return json(409, { detail: OPERATOR_MSG.staleVersion });
      },
    });
    const user = userEvent.setup();
    render(<ContenidoScreen />, { wrapper: ConsoleQueries });
    const [edit] = await screen.findAllByRole('button', { name: /^Editar/ });
    if (!edit) throw new Error('no Editar button');
    await user.click(edit);
    const form = screen.getByRole('form', { name: 'Editar entrada' });
    const title = within(form).getByLabelText('Título');
    await user.clear(title);
    await user.type(title, 'Mi título');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    const notice = await screen.findByTestId('stale-version');
    expect(notice).toHaveTextContent('Otra persona guardó cambios mientras editabas.');
    expect(ifMatch).toEqual(['"2"']);
    await user.click(within(notice).getByRole('button', { name: 'Recargar la versión actual' }));
    expect(await screen.findByText('Se cargó la versión actual.')).toBeInTheDocument();
    const reloaded = screen.getByRole('form', { name: 'Editar entrada' });
    expect(within(reloaded).getByLabelText('Título')).toHaveValue('Título de la otra pestaña');
    expect(screen.queryByTestId('stale-version')).toBeNull();
  });
});
