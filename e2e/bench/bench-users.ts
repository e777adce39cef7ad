/**
 * The signed-in users of the web benchmarks (bench:web, bench:lighthouse), created through the API: a client with
 * one selected vehicle (home, wizard) and a company (group 2, fleet list). Each is the localStorage the web app
 * keeps after sign-in, injected before the page loads.
 */
import { GROUP_COMPANY } from '../../packages/domain/src/roles.ts';
import { apiCaller, createClient, createSelectedVehicle } from '../support/api-session.ts';
import type { RunningApp } from '../support/app-server.ts';

export type Storage = Record<string, string>;
export interface BenchUsers {
  client: Storage;
  company: Storage;
}

export async function benchUsers(server: RunningApp): Promise<BenchUsers> {
  const call = apiCaller(server);
  const client = await createClient(server, {
    email: 'bench.web@correo.com',
    phone: '3105550909',
    password: 'ClaveSegura2026',
    nombres: 'Andrés',
    apellidos: 'Gómez',
  });
  const vehicle = await createSelectedVehicle(server, client, 'KLM472', '52300');
  const company = await createClient(server, {
    email: 'bench.flota@empresa.co',
    phone: '3105550910',
    password: 'ClaveSegura2026',
    nombres: 'Transportes',
    apellidos: 'Andinos',
    identificacion: '900123456',
  });
  const id = Number(company.userInfo.id);
  await call(
    'PATCH',
    `/api/users-admin-manager/${id}/`,
    { groups: [GROUP_COMPANY], is_first_login_togo: false },
    company.token,
  );
  const info = await call<Record<string, unknown>>(
    'GET',
    '/api/togo/users/confirmar_inicio_sesion/',
    undefined,
    company.token,
  );
  return {
    client: {
      token: client.token,
      userInfo: JSON.stringify({ ...client.userInfo, is_first_login_togo: false }),
      vehicleSelected: JSON.stringify(vehicle),
    },
    company: {
      token: company.token,
      userInfo: JSON.stringify({ ...company.userInfo, ...info, is_first_login_togo: false }),
    },
  };
}
