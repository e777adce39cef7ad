import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { alertAnswers, ELSEWHERE, fine, GET_ALERT, selectVehicle } from '../alerts.test-support.tsx';
import { ComparendoDetalleRoute } from './ComparendoDetalle.tsx';
import { ComparendosRoute } from './Comparendos.tsx';
import { InfraccionesRoute } from './Infracciones.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ROUTES = [
  { path: '/app/alerts/infracciones', Component: InfraccionesRoute },
  { path: '/app/alerts/comparendos', Component: ComparendosRoute },
  { path: '/app/alerts/comparendos-detalle/:numero', Component: ComparendoDetalleRoute },
  ...ELSEWHERE,
];

const finesAnswer = (vehiculo: unknown[], empty = false) => ({
  empty,
  data: {
    cant_comparendos_vehiculo: vehiculo.length,
    comparendos_vehiculo: vehiculo,
    comparendos_persona: [],
  },
});

const FINES = [
  fine(),
  fine({
    numero: '05001000000099990000',
    tipo: 'MULTA DE TRÁNSITO - D02 Conducir sin portar el SOAT.',
    total: 1266100,
    fecha_infraccion: '2026-01-15',
    categoria: 'D02',
    descripcion: 'Conducir sin portar el seguro obligatorio de accidentes de tránsito (SOAT).',
  }),
  fine({ numero: '76001000000011110000', tipo: 'Embargo', total: 50000, fecha_infraccion: '2025-12-01' }),
];

describe('traffic-fines check (/app/alerts/infracciones)', () => {
  it("an empty answer shows 'Estamos actualizando tu información…' and returns to the alerts list", async () => {
    selectVehicle();
    mockFetch({ [GET_ALERT]: alertAnswers({ INFRACCION_TRANSITO: finesAnswer([], true) }) });
    const view = renderRoutes(ROUTES, { initialEntries: ['/app/alerts/infracciones?from=otros'] });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Estamos actualizando tu información, por favor verifica en unos minutos',
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Ruta /app/alerts')).toBeInTheDocument();
    expect(view.router.state.location.search).toBe('?from=otros');
    expect(localStorage.getItem('infoInfracciones')).toBeNull();
  });

  it('a count stores the result as infoInfracciones and shows the total of current fines in COP', async () => {
    selectVehicle();
    const answer = finesAnswer(FINES);
    mockFetch({ [GET_ALERT]: alertAnswers({ INFRACCION_TRANSITO: answer }) });
    const view = renderRoutes(ROUTES, { initialEntries: ['/app/alerts/infracciones'] });
    expect(await screen.findByRole('heading', { name: 'Tienes Multas pendientes' })).toBeInTheDocument();
    expect(screen.getByText('$ 1.949.300')).toBeInTheDocument();
    expect(screen.getByText(/3 comparendos vigentes/)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('infoInfracciones') ?? 'null')).toEqual(answer);
    expect(screen.getByRole('note')).toHaveTextContent('Datos de demostración');

    await view.user.click(screen.getByRole('button', { name: 'Pago de tus comparendos' }));
    const soon = await screen.findByRole('dialog');
    expect(soon).toHaveTextContent('¡Esta funcionalidad estará disponible próximamente!');
    await view.user.click(within(soon).getByRole('button', { name: 'Aceptar' }));

    await view.user.click(screen.getByRole('link', { name: 'Consulta tus comparendos' }));
    expect(await screen.findByRole('heading', { name: 'Comparendos vigentes' })).toBeInTheDocument();
  });

  it("no fines shows 'Felicitaciones, no tienes comparendos pendientes' and returns to the list", async () => {
    selectVehicle();
    mockFetch({ [GET_ALERT]: alertAnswers({ INFRACCION_TRANSITO: finesAnswer([]) }) });
    const view = renderRoutes(ROUTES, { initialEntries: ['/app/alerts/infracciones'] });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Felicitaciones, no tienes comparendos pendientes');
    expect(localStorage.getItem('infoInfracciones')).toBeNull();
    await view.user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Ruta /app/alerts')).toBeInTheDocument();
  });

  it('a failed check is only logged and returns to the list', async () => {
    selectVehicle();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ [GET_ALERT]: () => json(503, { detail: 'No disponible.' }) });
    renderRoutes(ROUTES, { initialEntries: ['/app/alerts/infracciones'] });
    expect(await screen.findByText('Ruta /app/alerts')).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    error.mockRestore();
  });
});

describe('fines list and detail', () => {
  function store(list: unknown[]) {
    selectVehicle();
    localStorage.setItem('infoInfracciones', JSON.stringify(finesAnswer(list)));
  }

  it('lists only current fines with the type label, infraction date and amount in COP', async () => {
    store([...FINES, fine({ numero: '11001000000055550000', estado: 'pagado', total: 999999 })]);
    renderRoutes(ROUTES, { initialEntries: ['/app/alerts/comparendos'] });
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Comparendo');
    expect(items[0]).toHaveTextContent('04-10-2025');
    expect(items[0]).toHaveTextContent('$ 633.200');
    expect(items[1]).toHaveTextContent('Multa');
    expect(items[1]).toHaveTextContent('15-01-2026');
    expect(items[1]).toHaveTextContent('$ 1.266.100');
    expect(items[2]).toHaveTextContent('Embargo');
    expect(screen.queryByText('$ 999.999')).not.toBeInTheDocument();
    expect(document.title).toBe('Comparendos | TOGO');
  });

  it('the plus icon opens the detail with every field', async () => {
    store(FINES);
    const view = renderRoutes(ROUTES, { initialEntries: ['/app/alerts/comparendos'] });
    await view.user.click(
      await screen.findByRole('link', { name: 'Ver detalle del comparendo 05001000000099990000' }),
    );
    const detail = await screen.findByRole('region', { name: 'Multa' });
    const field = (label: string) => within(detail).getByText(label).nextElementSibling?.textContent;
    expect(field('Categoría')).toBe('D02');
    expect(field('Fecha')).toBe('15-01-2026');
    expect(field('Valor')).toBe('$ 1.266.100');
    expect(field('Placa')).toBe('JKM482');
    expect(field('Infractor')).toBe('1020304050');
    expect(field('Número de comparendo')).toBe('05001000000099990000');
    expect(field('Estado')).toBe('Vigente');
    expect(field('Descripción')).toBe(
      'Conducir sin portar el seguro obligatorio de accidentes de tránsito (SOAT).',
    );
    expect(document.title).toBe('Detalle del comparendo | TOGO');
  });

  it('missing stored fines data is logged and goes back to /app/alerts', async () => {
    selectVehicle();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(ROUTES, { initialEntries: ['/app/alerts/comparendos'] });
    expect(await screen.findByText('Ruta /app/alerts')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('infoInfracciones'));
    error.mockRestore();
  });

  it('an unknown fine number goes back to the list', async () => {
    store(FINES);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes([...ROUTES, stub('/x')], { initialEntries: ['/app/alerts/comparendos-detalle/000'] });
    expect(await screen.findByRole('heading', { name: 'Comparendos vigentes' })).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
