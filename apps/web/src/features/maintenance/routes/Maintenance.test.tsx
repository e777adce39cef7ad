import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fleetVehicleDetailSchema } from '@togo/domain/fleet/fleet.contract';
import { vehicleListSchema } from '@togo/domain/garage/garage.contract';
import {
  costsSchema,
  fuelRecordSchema,
  maintenanceRecordSchema,
  monthlyCostsSchema,
  reminderSchema,
} from '@togo/domain/maintenance/maintenance.contract';
import { contractJson, json, server } from '../../../test/api-server.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { z } from 'zod';
import { DriverMaintenanceRoute, FleetMaintenanceRoute } from './Maintenance.tsx';

const BASE = '/api/togo/vehicle/7';

const vehicle = {
  id: 7,
  placa: 'ABC123',
  kilometraje_digitado: 45_000,
  score: null,
  created: '2026-01-02T15:00:00.000Z',
  url_imagen_vehiculo: null,
  url_licencia: null,
  documento_propietario: '1020304050',
  tipo_documento_propietario: 1,
  tipo_documento_propietario_data: { name: 'Cédula de ciudadanía' },
  city: 11001,
  city_data: { id: 11001, name: 'Bogotá' },
  department: 11,
  vehicle_data: {
    vehicle_plate: 'ABC123',
    vehicle_brand: 'MAZDA',
    year_model: 2019,
    vehicle_line: '3',
    cylinder_capacity: 2000,
    mileage: 45_000,
    type_service: 'Particular',
    vehicle_class_v2: 'AUTOMOVIL',
    vehicle_fuel: 'GASOLINA',
    color: 'ROJO',
    expiration_rtm: '2026-11-20',
    expiration_soat: '2027-03-01',
  },
  is_selected: true,
  demo: true,
  lookup_status: 'ok' as const,
};

const fleetDetail = {
  id: 7,
  placa: 'ABC123',
  kilometraje_digitado: 45_000,
  created: vehicle.created,
  documento_propietario: '900123456',
  tipo_documento_propietario: 3,
  tipo_documento_propietario_data: { name: 'NIT' },
  department: 11,
  city: 11001,
  city_data: vehicle.city_data,
  vehicle_data: vehicle.vehicle_data,
  lookup_status: 'ok' as const,
  demo: true,
  conductor_nombre: null,
  url_imagen_vehiculo: null,
  comparendos_vehiculo: [],
  conductor: {
    origen: 'propietario' as const,
    nombre: null,
    tipo_documento: 3,
    tipo_documento_data: { name: 'NIT' },
    documento: '900123456',
    telefono: null,
    city: null,
    city_data: null,
    foto_url: null,
    licencia: null,
    comparendos_persona: [],
  },
  fines_status: 'ok' as const,
};

const oil = {
  id: 1,
  fecha: '2026-10-01',
  kilometraje: 44_000,
  tipo: 'cambio_aceite' as const,
  descripcion: 'Aceite 5W-30',
  costo: 180_000,
  taller: 'Lubricentro La 80',
  correccion: false,
  factura_url: null,
};
const fills = [
  {
    id: 5,
    fecha: '2026-11-20',
    kilometraje: 45_000,
    galones: 10,
    costo: 160_000,
    tanque_lleno: true,
    correccion: false,
    rendimiento_km_gal: 40,
  },
  {
    id: 4,
    fecha: '2026-11-02',
    kilometraje: 44_600,
    galones: 9.5,
    costo: 150_000,
    tanque_lleno: true,
    correccion: false,
    rendimiento_km_gal: null,
  },
];
const reminder = {
  id: 3,
  tipo: 'cambio_aceite' as const,
  cada_km: 5_000,
  cada_meses: 6,
  ultimo_km: 44_000,
  ultima_fecha: '2026-10-01',
  proximo_km: 49_000,
  proxima_fecha: '2027-04-01',
  estado: 'al_dia' as const,
};
const costs = {
  total: 490_000,
  por_categoria: { mantenimiento: 180_000, combustible: 310_000, servicios: 0, multas: 0 },
  costo_por_km: 490,
};
const monthly = {
  meses: Array.from({ length: 12 }, (_, i) => {
    const mes = `${i < 1 ? '2025-12' : `2026-${String(i).padStart(2, '0')}`}`;
    const total = i === 11 ? 490_000 : 0;
    return { mes, total, mantenimiento: 0, combustible: total, servicios: 0, multas: 0 };
  }),
};

function world(
  opts: {
    records?: unknown[];
    fuel?: unknown[];
    reminders?: unknown[];
    remindersFail?: boolean;
  } = {},
) {
  const posted: Record<string, unknown[]> = { records: [], fuel: [], reminders: [] };
  const records = [...(opts.records ?? [oil])];
  server.use(
    http.get('/api/togo/vehicle/user_garages/', () => contractJson(vehicleListSchema, [vehicle])),
    http.get(`${BASE}/detalle_flota/`, () => json(404, { detail: 'No encontrado.' })),
    http.get(`${BASE}/mantenimientos/`, () =>
      contractJson(z.array(maintenanceRecordSchema), records as never),
    ),
    http.get(`${BASE}/combustible/`, () =>
      contractJson(z.array(fuelRecordSchema), (opts.fuel ?? fills) as never),
    ),
    http.get(`${BASE}/recordatorios/`, () =>
      opts.remindersFail
        ? json(500, { detail: 'Error' })
        : contractJson(z.array(reminderSchema), (opts.reminders ?? [reminder]) as never),
    ),
    http.get(`${BASE}/costos/`, () => contractJson(costsSchema, costs)),
    http.get(`${BASE}/costos/mensual/`, () => contractJson(monthlyCostsSchema, monthly)),
    http.post(`${BASE}/mantenimientos/`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.records?.push(body);
      if (body.kilometraje === 40_000 && !body.correccion) {
        return json(400, {
          kilometraje: [
            'El kilometraje es menor que una lectura anterior (45.000 km el 20-11-2026). Revísalo o márcalo como corrección.',
          ],
        });
      }
      const created = { ...oil, ...body, id: 9, factura_url: null };
      records.unshift(created as typeof oil);
      return contractJson(maintenanceRecordSchema, created as never, { status: 201 });
    }),
    http.post(`${BASE}/combustible/`, async ({ request }) => {
      const body = await request.json();
      posted.fuel?.push(body);
      return contractJson(fuelRecordSchema, { ...fills[0]!, id: 10, ...(body as object) }, { status: 201 });
    }),
    http.post(`${BASE}/recordatorios/`, async ({ request }) => {
      const body = await request.json();
      posted.reminders?.push(body);
      return contractJson(reminderSchema, { ...reminder, id: 11, ...(body as object) }, { status: 201 });
    }),
  );
  return posted;
}

function open(path = '/app/vehiculo/7/mantenimiento', fleet = false) {
  localStorage.setItem('token', 'tok');
  return renderRoutes(
    [
      { path: '/app/vehiculo/:id/mantenimiento', Component: DriverMaintenanceRoute },
      { path: '/flota/vehiculo/:id/mantenimiento', Component: FleetMaintenanceRoute },
      stub('/app/garaje-personal'),
      stub('/app/servicios/peritaje'),
    ],
    { initialEntries: [fleet ? path.replace('/app/', '/flota/') : path] },
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T15:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a driver’s Mantenimiento', () => {
  it('shows the reminders beside the legal deadlines, the costs in pesos and the history newest first', async () => {
    world();
    open();
    const reminders = await screen.findByRole('list', { name: 'Recordatorios de mantenimiento' });
    expect(within(reminders).getByText('Cambio de aceite')).toBeInTheDocument();
    expect(within(reminders).getByText('Al día')).toBeInTheDocument();
    expect(within(reminders).getByText('Próximo: 49.000 km o 01-04-2027')).toBeInTheDocument();
    const legal = screen.getByRole('list', { name: 'Vencimientos legales' });
    expect(within(legal).getByText('Venció el 20-11-2026')).toBeInTheDocument();
    expect(within(legal).getByText('Vencido')).toBeInTheDocument();
    expect(await screen.findByTestId('mto-total')).toHaveTextContent('$ 490.000');
    expect(screen.getByText('$ 490 / km')).toBeInTheDocument();
    const history = await screen.findByRole('list', { name: 'Historial de mantenimientos y tanqueos' });
    const items = within(history).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('20-11-2026'),
      expect.stringContaining('02-11-2026'),
      expect.stringContaining('Cambio de aceite'),
    ]);
    expect(items[0]).toHaveTextContent('40 km/gal');
  });

  it('filters the history, and says when a list is empty', async () => {
    world({ records: [], fuel: [], reminders: [] });
    const { user } = open();
    expect(await screen.findByText(/Aún no tienes recordatorios/)).toBeInTheDocument();
    expect(await screen.findByText(/Aún no hay registros/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tanqueos' }));
    expect(screen.getByRole('button', { name: 'Tanqueos' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Aún no hay tanqueos registrados.')).toBeInTheDocument();
  });

  it('says so when the reminders cannot be read', async () => {
    world({ remindersFail: true });
    open();
    expect(
      await screen.findByText('No pudimos consultar los recordatorios. Intenta de nuevo.'),
    ).toBeInTheDocument();
  });

  it('checks a service at the fields, in Spanish, and suggests the last mileage', async () => {
    const posted = world();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Registrar mantenimiento' }));
    expect(screen.getByLabelText('Kilometraje')).toHaveValue('45000');
    expect(screen.getByText('Último kilometraje registrado: 45.000 km')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Fecha'));
    await user.type(screen.getByLabelText('Fecha'), '2026-12-01');
    await user.type(screen.getByLabelText('Costo (COP)'), 'mucho');
    await user.click(screen.getByRole('button', { name: 'Guardar mantenimiento' }));
    expect(screen.getByText('Elige el tipo de mantenimiento.')).toBeInTheDocument();
    expect(screen.getByText('La fecha no puede ser posterior a hoy.')).toBeInTheDocument();
    expect(screen.getByText('Debe ser un número.')).toBeInTheDocument();
    expect(screen.getByLabelText('Costo (COP)')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Tipo de mantenimiento')).toHaveFocus());
    expect(posted.records).toEqual([]);
  });

  it('adds a service with numbers sent as numbers, and says it was saved', async () => {
    const posted = world();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Registrar mantenimiento' }));
    await user.selectOptions(screen.getByLabelText('Tipo de mantenimiento'), 'cambio_aceite');
    await user.type(screen.getByLabelText('Costo (COP)'), '185.000');
    await user.type(screen.getByLabelText('Taller (opcional)'), 'Taller El Tornillo');
    await user.click(screen.getByRole('button', { name: 'Guardar mantenimiento' }));
    expect(await screen.findByText('Mantenimiento guardado.')).toHaveAttribute('role', 'status');
    expect(posted.records).toEqual([
      {
        fecha: '2026-11-22',
        kilometraje: 45_000,
        tipo: 'cambio_aceite',
        costo: 185_000,
        taller: 'Taller El Tornillo',
        descripcion: null,
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Guardar mantenimiento' })).not.toBeInTheDocument();
  });

  it('shows the odometer refusal at the field and offers to send it as a correction', async () => {
    const posted = world();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Registrar mantenimiento' }));
    await user.selectOptions(screen.getByLabelText('Tipo de mantenimiento'), 'frenos');
    await user.clear(screen.getByLabelText('Kilometraje'));
    await user.type(screen.getByLabelText('Kilometraje'), '40000');
    await user.type(screen.getByLabelText('Costo (COP)'), '300000');
    await user.click(screen.getByRole('button', { name: 'Guardar mantenimiento' }));
    expect(
      await screen.findByText(/menor que una lectura anterior \(45\.000 km el 20-11-2026\)/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Es una corrección del kilometraje/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar mantenimiento' }));
    await waitFor(() => expect(posted.records).toHaveLength(2));
    expect(posted.records?.[1]).toMatchObject({ kilometraje: 40_000, correccion: true });
  });

  it('adds a fill-up (gallons with a comma) and refuses more than 100 gallons at the field', async () => {
    const posted = world();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Registrar tanqueo' }));
    await user.clear(screen.getByLabelText('Kilometraje'));
    await user.type(screen.getByLabelText('Kilometraje'), '45.400');
    await user.type(screen.getByLabelText('Galones'), '120');
    await user.type(screen.getByLabelText('Costo (COP)'), '-5');
    await user.click(screen.getByRole('button', { name: 'Guardar tanqueo' }));
    expect(screen.getByText('No puede superar 100 galones en un tanqueo.')).toBeInTheDocument();
    expect(screen.getByText('No puede ser un valor negativo.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Galones')).toHaveFocus());
    await user.clear(screen.getByLabelText('Galones'));
    await user.type(screen.getByLabelText('Galones'), '10,5');
    await user.clear(screen.getByLabelText('Costo (COP)'));
    await user.type(screen.getByLabelText('Costo (COP)'), '168000');
    await user.click(screen.getByRole('button', { name: 'Guardar tanqueo' }));
    await waitFor(() => expect(posted.fuel).toHaveLength(1));
    expect(posted.fuel?.[0]).toEqual({
      fecha: '2026-11-22',
      kilometraje: 45_400,
      galones: 10.5,
      costo: 168_000,
      tanque_lleno: true,
    });
  });

  it('adds a reminder: every km or every months is required', async () => {
    const posted = world();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Nuevo recordatorio' }));
    await user.selectOptions(screen.getByLabelText('Tipo de mantenimiento'), 'llantas');
    await user.click(screen.getByRole('button', { name: 'Guardar recordatorio' }));
    expect(
      screen.getByText('Indica cada cuántos kilómetros o cada cuántos meses (al menos uno).'),
    ).toBeInTheDocument();
    // The focus moves to the first invalid field after the errors render; typing before that would split the digits.
    await waitFor(() => expect(screen.getByLabelText('Cada cuántos kilómetros')).toHaveFocus());
    await user.type(screen.getByLabelText('Cada cuántos meses'), '12');
    await user.click(screen.getByRole('button', { name: 'Guardar recordatorio' }));
    await waitFor(() => expect(posted.reminders).toHaveLength(1));
    expect(posted.reminders?.[0]).toEqual({
      tipo: 'llantas',
      cada_km: null,
      cada_meses: 12,
      ultimo_km: null,
      ultima_fecha: null,
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Nuevo recordatorio' })).toHaveFocus());
  });

  it('offers Agendar for a general check-up (a peritaje)', async () => {
    world({ reminders: [{ ...reminder, tipo: 'revision_general', estado: 'vencido' }] });
    open();
    expect(await screen.findByRole('link', { name: 'Agendar revisión general' })).toHaveAttribute(
      'href',
      '/app/servicios/peritaje',
    );
  });

  it('answers an unknown vehicle', async () => {
    world();
    server.use(http.get('/api/togo/vehicle/8/*', () => json(404, { detail: 'No encontrado.' })));
    open('/app/vehiculo/8/mantenimiento');
    expect(await screen.findByText('No encontramos este vehículo.')).toBeInTheDocument();
  });
});

describe('a company’s vehicle', () => {
  it('a consulta member reads only: no forms', async () => {
    world();
    server.use(http.get(`${BASE}/detalle_flota/`, () => contractJson(fleetVehicleDetailSchema, fleetDetail)));
    localStorage.setItem(
      'fleetMembership',
      JSON.stringify({ empresa: 'Transportes Andinos', rol: 'consulta' }),
    );
    open('/app/vehiculo/7/mantenimiento', true);
    expect(await screen.findByText(/solo permite consultar/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Registrar mantenimiento' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Agendar/ })).not.toBeInTheDocument();
    expect(screen.getByText('ABC123')).toBeInTheDocument();
  });
});
