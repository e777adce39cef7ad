import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FLEET_MSG,
  FLEET_PATHS,
  fleetVehicleDetailSchema,
  type FleetVehicle,
} from '@togo/domain/fleet/fleet.contract';
import type { Fine, FinesResult, RegistryVehicle } from '@togo/domain/garage/registry.contract';
import { GROUP_CLIENT } from '@togo/domain/roles';
import type { FinesProvider } from '../../integrations/fines/fines-provider.ts';
import type { OwnerQuery, RegistryProvider } from '../../integrations/registry/registry-provider.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { FLEET_DRIVER_LOOKUP_JOB } from './fleet-detail.service.ts';
import { buildFleetXlsx, createCompanyUser, uploadFleetFile } from './fleet.test-support.ts';

/** Answers that say whose document they were asked for: the licence number is the document. */
class EchoRegistry implements RegistryProvider {
  readonly name = 'echo';
  async lookupVehicle(q: OwnerQuery): Promise<RegistryVehicle> {
    return {
      placa: q.placa,
      vehiculo: {
        marca: 'KIA',
        linea: 'PICANTO',
        modelo: 2020,
        clase: 'AUTOMOVIL',
        servicio: 'PARTICULAR',
        combustible: 'GASOLINA',
        color: 'ROJO',
        cilindraje: 1248,
        carroceria: null,
        fecha_matricula: '2020-01-15',
      },
      soat: { fecha_expedicion: '2026-01-10', fecha_vencimiento: '2027-01-09', aseguradora: 'SURA' },
      rtm: { fecha_expedicion: '2026-02-01', fecha_vencimiento: '2027-02-01', cda: 'CDA Norte' },
      licencia: {
        numero_licencia_transito: q.documento,
        organismo_expedicion: 'STT MEDELLIN',
        fecha_expedicion_lic_transito: '2019-03-03',
        estado_lic_transito: 'ACTIVA',
        restricciones_lic_transito: null,
        detalles_lic_transito: [{ categoria: 'B1', fechaVencimiento: '2029-03-03' }],
      },
    };
  }
}

function fine(numero: string, estado: string, infractor: string): Fine {
  return {
    numero,
    tipo: 'Comparendo - C14',
    estado,
    total: 604_100,
    fecha_infraccion: '2026-05-05',
    placa: 'ABC123',
    infractor,
    descripcion: 'Transitar por sitios restringidos',
    categoria: 'C14',
  };
}

class EchoFines implements FinesProvider {
  readonly name = 'echo';
  async lookupFines(q: OwnerQuery): Promise<FinesResult> {
    return {
      comparendos_vehiculo: [
        fine(`V-${q.placa}`, 'vigente', q.documento),
        fine('V-old', 'pagado', q.documento),
        // Issue 37: owed too (SIMIT counts it, decision 071).
        fine('V-coactivo', 'En cobro coactivo', q.documento),
      ],
      comparendos_persona: [
        fine(`P-${q.documento}`, 'Vigente', q.documento),
        fine('P-x', 'anulado', q.documento),
      ],
    };
  }
}

let t: TestContext;
let company: TestUser;
let other: TestUser;
let client: TestUser;
let withDriver: FleetVehicle;
let withoutDriver: FleetVehicle;

beforeAll(async () => {
  t = await createTestApp({ providers: { registry: new EchoRegistry(), fines: new EchoFines() } });
  company = await createCompanyUser(t);
  other = await createCompanyUser(t);
  client = await createCompanyUser(t, GROUP_CLIENT);
  const file = await buildFleetXlsx([
    [
      'ABC123',
      45210,
      'CC',
      '1020304050',
      'Antioquia',
      'Medellín',
      'Ana Pérez',
      'CC',
      '777',
      '3001234567',
      'Cali',
    ],
    ['XYZ12D', 300, 'NIT', '900123456', 'Bogotá', 'Bogotá'],
  ]);
  expect((await uploadFleetFile(t, company, file)).statusCode).toBe(202);
  await t.jobs.drain();
  const list = (
    await t.app.inject({ method: 'GET', url: FLEET_PATHS.list, headers: company.headers })
  ).json();
  withDriver = list.data.find((v: FleetVehicle) => v.placa === 'ABC123');
  withoutDriver = list.data.find((v: FleetVehicle) => v.placa === 'XYZ12D');
});
afterAll(async () => {
  await t.close();
});

function detail(user: TestUser | null, id: number | string) {
  return t.app.inject({ method: 'GET', url: FLEET_PATHS.detail(id), headers: user?.headers ?? {} });
}

function assign(user: TestUser, id: number, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: FLEET_PATHS.driver(id),
    headers: user.headers,
    payload: payload as object,
  });
}

describe('fleet vehicle detail and driver', () => {
  it('looks a vehicle up on first view, then shows registry data, vigente fines and the owner as driver', async () => {
    const first = fleetVehicleDetailSchema.parse((await detail(company, withoutDriver.id)).json());
    expect(first).toMatchObject({
      placa: 'XYZ12D',
      lookup_status: 'pending',
      vehicle_data: null,
      fines_status: 'pending',
      comparendos_vehiculo: [],
      conductor: { origen: 'propietario', documento: '900123456', tipo_documento_data: { name: 'NIT' } },
    });
    await t.jobs.drain();
    const body = fleetVehicleDetailSchema.parse((await detail(company, withoutDriver.id)).json());
    expect(body.vehicle_data).toMatchObject({
      vehicle_brand: 'KIA',
      mileage: 300,
      expiration_soat: '2027-01-09',
      expiration_rtm: '2027-02-01',
    });
    expect(body.lookup_status).toBe('ok');
    expect(body.demo).toBe(false);
    expect(body.comparendos_vehiculo.map((f) => f.numero)).toEqual(['V-XYZ12D', 'V-coactivo']);
    expect(body.conductor.licencia?.numero_licencia_transito).toBe('900123456');
    expect(body.conductor.comparendos_persona.map((f) => f.numero)).toEqual(['P-900123456']);
    expect(body.city_data).toEqual({ id: 11001, name: 'Bogotá' });
  });

  it("shows the spreadsheet's driver with the driver's own licence and fines", async () => {
    await detail(company, withDriver.id);
    await t.jobs.drain();
    expect(t.jobs.byName(FLEET_DRIVER_LOOKUP_JOB).some((j) => j.state === 'completed')).toBe(true);
    const body = fleetVehicleDetailSchema.parse((await detail(company, withDriver.id)).json());
    expect(body.conductor).toMatchObject({
      origen: 'archivo',
      nombre: 'Ana Pérez',
      documento: '777',
      telefono: '3001234567',
      city_data: { id: 76001, name: 'Cali' },
      foto_url: null,
    });
    expect(body.conductor.licencia?.numero_licencia_transito).toBe('777');
    expect(body.conductor.comparendos_persona.map((f) => f.numero)).toEqual(['P-777']);
  });

  it('assigns a driver, validates the payload, and goes back to the owner', async () => {
    const bad = await assign(company, withoutDriver.id, { tipo_documento: 99, documento: '12-3' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ documento: ['Solo se permiten letras y números (máximo 20).'] });
    const unknownType = await assign(company, withoutDriver.id, {
      tipo_documento: 99,
      documento: '123',
      city: 1,
    });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json()).toEqual({
      tipo_documento: ['Tipo de documento no válido.'],
      city: ['Ciudad no válida.'],
    });

    const res = await assign(company, withoutDriver.id, {
      nombre: 'Luis Gómez',
      tipo_documento: 1,
      documento: '555',
      telefono: '3109998877',
      city: 5001,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().conductor).toMatchObject({
      origen: 'asignado',
      nombre: 'Luis Gómez',
      documento: '555',
      licencia: null,
    });
    await t.jobs.drain();
    const after = fleetVehicleDetailSchema.parse((await detail(company, withoutDriver.id)).json());
    expect(after.conductor.licencia?.numero_licencia_transito).toBe('555');
    expect(after.conductor.comparendos_persona.map((f) => f.numero)).toEqual(['P-555']);

    const back = await assign(company, withoutDriver.id, { propietario: true });
    expect(back.json().conductor).toMatchObject({ origen: 'propietario', documento: '900123456' });
  });

  it("answers 404 for another company's vehicle, 403 for a client, 401 without a token", async () => {
    expect((await detail(other, withDriver.id)).statusCode).toBe(404);
    expect((await assign(other, withDriver.id, { propietario: true })).statusCode).toBe(404);
    expect((await detail(company, 'abc')).statusCode).toBe(404);
    expect((await detail(company, 999_999)).statusCode).toBe(404);
    expect((await detail(client, withDriver.id)).statusCode).toBe(403);
    expect((await detail(null, withDriver.id)).statusCode).toBe(401);
  });

  it('removes a vehicle from the fleet (company owner only); a later upload brings the plate back', async () => {
    const remove = (user: TestUser | null, id: number) =>
      t.app.inject({ method: 'DELETE', url: FLEET_PATHS.remove(id), headers: user?.headers ?? {} });
    expect((await remove(other, withoutDriver.id)).statusCode).toBe(404);
    expect((await remove(client, withoutDriver.id)).statusCode).toBe(403);
    expect((await remove(null, withoutDriver.id)).statusCode).toBe(401);
    expect((await detail(company, withoutDriver.id)).statusCode).toBe(200);

    const removed = await remove(company, withoutDriver.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ detail: FLEET_MSG.removed });
    expect((await detail(company, withoutDriver.id)).statusCode).toBe(404);
    expect((await remove(company, withoutDriver.id)).statusCode).toBe(404);
    const plates = async () =>
      (await t.app.inject({ method: 'GET', url: FLEET_PATHS.list, headers: company.headers }))
        .json()
        .data.map((v: FleetVehicle) => v.placa);
    expect(await plates()).toEqual(['ABC123']);

    const file = await buildFleetXlsx([['XYZ12D', 310, 'NIT', '900123456', 'Bogotá', 'Bogotá']]);
    expect((await uploadFleetFile(t, company, file, 'flota-2.xlsx')).statusCode).toBe(202);
    await t.jobs.drain();
    expect(await plates()).toEqual(['ABC123', 'XYZ12D']);
  });
});
