import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { auditPageSchema, type AuditPage } from '@togo/domain/operator/operator-dashboard.contract';
import { contractJson, server } from '../../../test/api-server.ts';
import { setOperatorToken } from '../../lib/operator-api.ts';
import { answerMe, renderConsole } from '../../test/render-console.tsx';

const AUDIT = '/api/operador/auditoria/';
const page = (body: AuditPage) => contractJson(auditPageSchema, body);

const row = (n: number): AuditPage['data'][number] => ({
  fecha: `2026-11-24T12:${String(n).padStart(2, '0')}:00.000Z`,
  staff: 'ana@togo.co',
  accion: 'sede.editar',
  objeto: `sede:S${n}`,
  antes: { capacidad: 4 },
  despues: { capacidad: 5 },
});

describe('audit screen', () => {
  it('asks the server for a page with the filters and the order; pages with Siguiente', async () => {
    setOperatorToken('tok');
    const urls: string[] = [];
    server.use(
      answerMe(),
      http.get(AUDIT, ({ request }) => {
        urls.push(request.url);
        const at = Number(new URL(request.url).searchParams.get('page'));
        return page({ data: [row(at)], total: 30, page: at, page_size: 25 });
      }),
    );
    const { user } = renderConsole('/auditoria');
    // Actions and objects in Spanish, and what changed named (issue 38).
    expect(await screen.findByText('Sede S1')).toBeInTheDocument();
    expect(screen.getByText('Sede editada')).toBeInTheDocument();
    expect(screen.getByText('capacidad')).toBeInTheDocument();
    expect(screen.getByText('1–25 de 30 registros')).toBeInTheDocument();
    expect(urls[0]).toContain('page=1&page_size=25&orden=desc');

    await user.type(screen.getByLabelText('Miembro (correo)'), 'ana');
    // The filter offers what exists: "Sedes" finds the branches' actions (`sede.*`).
    await user.selectOptions(screen.getByLabelText('Qué se cambió'), 'Sedes');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await screen.findByText('Sede S1');
    expect(urls.at(-1)).toMatch(/staff=ana/);
    expect(urls.at(-1)).toMatch(/accion=sede(&|$)/);

    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Sede S2')).toBeInTheDocument();
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Fecha/ }));
    await screen.findByText('Sede S1');
    expect(urls.at(-1)).toContain('orden=asc');
    expect(screen.getByRole('columnheader', { name: /Fecha/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('refuses a date range that ends before it starts, without asking the server', async () => {
    setOperatorToken('tok');
    let reads = 0;
    server.use(
      answerMe(),
      http.get(AUDIT, () => {
        reads += 1;
        return page({ data: [], total: 0, page: 1, page_size: 25 });
      }),
    );
    const { user } = renderConsole('/auditoria');
    expect(await screen.findByText('No hay registros con estos filtros.')).toBeInTheDocument();
    const calls = reads;
    await user.type(screen.getByLabelText('Desde'), '2026-11-24');
    await user.type(screen.getByLabelText('Hasta'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'La fecha final debe ser igual o posterior a la inicial.',
    );
    expect(reads).toBe(calls);
  });

  it('exports the filters on screen as Excel or CSV; a failure says so (issue 38)', async () => {
    setOperatorToken('tok');
    const exports: string[] = [];
    let fail = false;
    server.use(
      answerMe(),
      http.get(AUDIT, () => page({ data: [row(1)], total: 1, page: 1, page_size: 25 })),
      http.get('/api/operador/auditoria/exportar/', ({ request }) => {
        exports.push(new URL(request.url).search);
        return fail ? Response.json({ detail: 'Falló la exportación.' }, { status: 500 }) : new Response('x');
      }),
    );
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const { user } = renderConsole('/auditoria?staff=ana&accion=sede');
    await screen.findByText('Sede S1');
    await user.click(screen.getByRole('button', { name: 'Exportar Excel' }));
    await waitFor(() => expect(downloads).toEqual(['auditoria.xlsx']));
    expect(exports[0]).toBe('?formato=xlsx&orden=desc&staff=ana&accion=sede');
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Falló la exportación.');
    expect(exports[1]).toContain('formato=csv');
    expect(downloads).toHaveLength(1);
  });
});
