import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { VEHICLE_REFRESH_PATHS } from '@togo/domain/garage/vehicle-refresh.contract';
import {
  alertAnswers,
  ELSEWHERE,
  fine,
  finesAnswer,
  GET_ALERT,
  selectVehicle,
  VEHICLE,
} from '../alerts.test-support.tsx';
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
    expect(screen.getByText(/3 comparendos por pagar/)).toBeInTheDocument();
    expect(screen.getByText('3 vigentes')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('infoInfracciones') ?? 'null')).toEqual(answer);
    expect(screen.getByRole('note')).toHaveTextContent('Datos de demostración');

    // 'Pagar en SIMIT' opens SIMIT's official account page on the vehicle's plate, in a new tab (decision 073).
    const pay = screen.getByRole('link', { name: /^Pagar en SIMIT/ });
    expect(pay).toHaveAttribute(
      'href',
      'https://www.fcm.org.co/simit/#/estado-cuenta?numDocPlacaProp=JKM482',
    );
    expect(pay).toHaveAttribute('target', '_blank');
    expect(pay).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByText('¡Esta funcionalidad estará disponible próximamente!')).not.toBeInTheDocument();

    await view.user.click(screen.getByRole('link', { name: 'Consulta tus comparendos' }));
    expect(await screen.findByRole('heading', { name: 'Comparendos por pagar' })).toBeInTheDocument();
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
    // The fines list says how old the fines are (decision 072).
    mockFetch({
      [`GET ${VEHICLE_REFRESH_PATHS.status(VEHICLE.id)}`]: () => json(503, { detail: 'No disponible.' }),
    });
  }

  it('lists every owed fine (a paid one is not) with the type label, state, infraction date and amount in COP', async () => {
    store([
      ...FINES,
      fine({ numero: '11001000000055550000', estado: 'pagado', total: 999999 }),
      fine({ numero: '11001000000066660000', estado: 'en cobro coactivo', total: 100000 }),
      fine({ numero: '11001000000077770000', estado: 'acuerdo de pago', total: 200000 }),
    ]);
    renderRoutes(ROUTES, { initialEntries: ['/app/alerts/comparendos'] });
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('Vigente');
    expect(items[3]).toHaveTextContent('En cobro coactivo');
    expect(items[3]).toHaveTextContent('$ 100.000');
    expect(items[4]).toHaveTextContent('Acuerdo de pago');
    expect(screen.getByText('$ 2.249.300')).toBeInTheDocument();
    // Each owed fine can be paid in SIMIT; the paid one is not listed.
    expect(
      screen.getByRole('link', {
        name: 'Pagar en SIMIT el comparendo 11001000000066660000 (se abre en una pestaña nueva)',
      }),
    ).toHaveAttribute('href', 'https://www.fcm.org.co/simit/#/estado-cuenta?numDocPlacaProp=JKM482');
    expect(screen.getAllByRole('link', { name: /^Pagar en SIMIT/ })).toHaveLength(5);
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

  it('the detail shows the transit office, the discount deadline and the course, and links to SIMIT', async () => {
    store([
      fine({
        numero: '11001000000066660000',
        estado: 'en cobro coactivo',
        organismo_transito: 'Ricaurte (Cundinamarca)',
        fecha_resolucion: '2025-11-04',
        descuento: { porcentaje: 50, fecha_limite: '2026-11-24', requiere_curso: true },
        curso: { fecha: '2025-10-10', estado: 'No aplicado', centro: 'CIA AL INFRACTOR DE TRANSITO' },
      }),
    ]);
    renderRoutes(ROUTES, { initialEntries: ['/app/alerts/comparendos-detalle/11001000000066660000'] });
    const detail = await screen.findByRole('region', { name: 'Comparendo' });
    const field = (label: string) => within(detail).getByText(label).nextElementSibling?.textContent;
    expect(field('Estado')).toBe('En cobro coactivo');
    expect(field('Organismo de tránsito')).toBe('Ricaurte (Cundinamarca)');
    expect(field('Fecha de la resolución')).toBe('04-11-2025');
    expect(field('Curso pedagógico')).toBe('No aplicado, 10-10-2025 (CIA AL INFRACTOR DE TRANSITO)');
    expect(
      within(detail).getByText(/50 % si pagas hasta el 24-11-2026, con el curso pedagógico/),
    ).toBeInTheDocument();
    expect(
      within(detail).getByRole('link', { name: /^Pagar en SIMIT el comparendo 11001000000066660000/ }),
    ).toHaveAttribute('href', 'https://www.fcm.org.co/simit/#/estado-cuenta?numDocPlacaProp=JKM482');
    expect(
      within(detail).getByText(/Busca allí tu comparendo con su número \(11001000000066660000\)/),
    ).toBeInTheDocument();
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
    expect(await screen.findByRole('heading', { name: 'Comparendos por pagar' })).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
