import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { setOperatorToken } from '../../lib/operator-api.ts';
import { ADMIN_ME, renderConsole } from '../../test/render-console.tsx';

afterEach(() => vi.unstubAllGlobals());

const row = (n: number) => ({
  fecha: `2026-11-24T12:${String(n).padStart(2, '0')}:00.000Z`,
  staff: 'ana@togo.co',
  accion: 'sedes.editar',
  objeto: `sede ${n}`,
  antes: { capacidad: 4 },
  despues: { capacidad: 5 },
});

describe('audit screen', () => {
  it('asks the server for a page with the filters and the order; pages with Siguiente', async () => {
    setOperatorToken('tok');
    const urls: string[] = [];
    mockFetch({
      'GET /api/operador/yo/': () => json(200, ADMIN_ME),
      'GET /api/operador/auditoria/': (req) => {
        urls.push(req.url);
        const page = Number(new URL(req.url, 'http://x').searchParams.get('page'));
        return json(200, { data: [row(page)], total: 30, page, page_size: 25 });
      },
    });
    const { user } = renderConsole('/auditoria');
    expect(await screen.findByText('sede 1')).toBeInTheDocument();
    expect(screen.getByText('1–25 de 30 registros')).toBeInTheDocument();
    expect(urls[0]).toContain('page=1&page_size=25&orden=desc');

    await user.type(screen.getByLabelText('Miembro (correo)'), 'ana');
    await user.type(screen.getByLabelText('Acción'), 'sedes');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await screen.findByText('sede 1');
    expect(urls.at(-1)).toMatch(/staff=ana/);
    expect(urls.at(-1)).toMatch(/accion=sedes/);

    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('sede 2')).toBeInTheDocument();
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Fecha/ }));
    await screen.findByText('sede 1');
    expect(urls.at(-1)).toContain('orden=asc');
    expect(screen.getByRole('columnheader', { name: /Fecha/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('refuses a date range that ends before it starts, without asking the server', async () => {
    setOperatorToken('tok');
    const api = mockFetch({
      'GET /api/operador/yo/': () => json(200, ADMIN_ME),
      'GET /api/operador/auditoria/': () => json(200, { data: [], total: 0, page: 1, page_size: 25 }),
    });
    const { user } = renderConsole('/auditoria');
    expect(await screen.findByText('No hay registros con estos filtros.')).toBeInTheDocument();
    const calls = api.fetchMock.mock.calls.length;
    await user.type(screen.getByLabelText('Desde'), '2026-11-24');
    await user.type(screen.getByLabelText('Hasta'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'La fecha final debe ser igual o posterior a la inicial.',
    );
    expect(api.fetchMock.mock.calls.length).toBe(calls);
  });
});
