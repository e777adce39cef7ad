/**
 * The signed-in users of the web benchmarks (bench:web, bench:lighthouse), created through the API: a client with
 * one selected vehicle (home, wizard, alerts, profile…), the same client on its first visit after sign-in (the
 * session stored, the selected vehicle not yet: the home writes it once its reads have answered), the same client
 * with a vehicle that has demo fines selected (fines and their detail), a company with a few vehicles (the fleet's
 * screens) and a staff member of the operator console (operaciones, signed in with a TOTP code). Each is the storage
 * the web app keeps, injected before the page loads: localStorage for the app, sessionStorage for the console.
 * `paths` are the addresses that name a record the bench created (a booking, a fine).
 */
import { benchStaffToken } from '../../apps/api/bench/staff-session.ts';
import {
  apiCaller,
  createClient,
  createCompany,
  createSelectedVehicle,
  type Session,
  type VehicleJson,
} from '../support/api-session.ts';
import { FINE_PLATE_CANDIDATES } from '../support/demo-fines.ts';
import { serviceWeekday } from '../support/booking-days.ts';
import { E2E_APP_SECRET, type RunningApp } from '../support/app-server.ts';

export interface Storage {
  local: Record<string, string>;
  session?: Record<string, string>;
}
export interface BenchUsers {
  client: Storage;
  /** `client` right after sign-in: token and userInfo, no `vehicleSelected` yet (issue 41). */
  clientFirstVisit: Storage;
  /** `client` with its vehicle that has current demo fines selected, and the fines check stored. */
  clientFines: Storage;
  company: Storage;
  /** A console session (sessionStorage, the console's own key). */
  staff: Storage;
}
export interface BenchPaths {
  /** /app/agendamientos/<id>: the client's booking. */
  booking: string;
  /** /app/alerts/comparendos-detalle/<numero>: one of the fines vehicle's fines. */
  fine: string;
}

interface FinesAnswer {
  empty: boolean;
  data: { cant_comparendos_vehiculo: number; comparendos_vehiculo: { numero?: string | number | null }[] };
}

async function vehicleWithFines(server: RunningApp, client: Session) {
  const call = apiCaller(server);
  for (const placa of FINE_PLATE_CANDIDATES) {
    const vehicle = await createSelectedVehicle(server, client, placa, '31000');
    const fines = await call<FinesAnswer>(
      'GET',
      `/api/togo/alerta/get_alerta/?id_garaje=${vehicle.id}&code=INFRACCION_TRANSITO`,
      undefined,
      client.token,
    );
    const numero = fines.data?.comparendos_vehiculo?.find((f) => f.numero)?.numero;
    if (!fines.empty && numero) return { vehicle, fines, numero: String(numero) };
  }
  throw new Error('none of the candidate plates has current demo fines');
}

/** A trámite booked at a Bogotá branch on the next service weekday, paid on site: what 'Mis agendamientos' lists. */
async function bookTramite(server: RunningApp, client: Session, vehicle: VehicleJson): Promise<string> {
  const call = apiCaller(server);
  const fecha = serviceWeekday();
  await call(
    'POST',
    '/wh/tramites/agenda/',
    {
      sessionInfo: {
        parameters: {
          placa: vehicle.placa,
          ciudad: '11001',
          sede: 'TRA-BOG-01',
          tramite: ['TRASPASO'],
          fecha_agenda: fecha,
          franja: '9:00 AM',
          metodo_pago: 'pagar_en_sitio',
        },
      },
    },
    client.token,
  );
  const mine = await call<{ results: { id: string }[] }>(
    'GET',
    '/api/togo/agendamientos/',
    undefined,
    client.token,
  );
  const id = mine.results[0]?.id;
  if (!id) throw new Error('the bench booking is not listed');
  return id;
}

export async function benchUsers(server: RunningApp): Promise<{ users: BenchUsers; paths: BenchPaths }> {
  const client = await createClient(server, {
    email: 'bench.web@correo.com',
    phone: '3105550909',
    password: 'ClaveSegura2026',
    nombres: 'Andrés',
    apellidos: 'Gómez',
  });
  const withFines = await vehicleWithFines(server, client);
  // Created last, so it is the client's selected vehicle on the server too.
  const vehicle = await createSelectedVehicle(server, client, 'KLM472', '52300');
  const booking = await bookTramite(server, client, vehicle);
  const company = await createCompany(server, {
    email: 'bench.flota@empresa.co',
    phone: '3105550910',
    password: 'ClaveSegura2026',
    nombres: 'Transportes',
    apellidos: 'Andinos',
    identificacion: '900123456',
  });
  for (const placa of ['FLT101', 'FLT202', 'FLT303', 'FLT404', 'FLT505']) {
    await createSelectedVehicle(server, company, placa);
  }
  const session = {
    token: client.token,
    userInfo: JSON.stringify({ ...client.userInfo, is_first_login_togo: false }),
  };
  return {
    users: {
      client: { local: { ...session, vehicleSelected: JSON.stringify(vehicle) } },
      clientFirstVisit: { local: session },
      clientFines: {
        local: {
          ...session,
          vehicleSelected: JSON.stringify(withFines.vehicle),
          infoInfracciones: JSON.stringify(withFines.fines),
        },
      },
      company: { local: { token: company.token, userInfo: JSON.stringify(company.userInfo) } },
      staff: {
        local: {},
        session: {
          'togo.operador.token': await benchStaffToken(
            server.database.db,
            E2E_APP_SECRET,
            server.url,
            'bench',
          ),
        },
      },
    },
    paths: {
      booking: `/app/agendamientos/${booking}`,
      fine: `/app/alerts/comparendos-detalle/${encodeURIComponent(withFines.numero)}`,
    },
  };
}
