/**
 * The signed-in users of the web benchmarks (bench:web, bench:lighthouse), created through the API: a client with
 * one selected vehicle (home, wizard), the same client on its first visit after sign-in (the session stored, the
 * selected vehicle not yet: the home writes it once its reads have answered) and a company (group 2, fleet list).
 * Each is the localStorage the web app keeps, injected before the page loads.
 */
import { createClient, createCompany, createSelectedVehicle } from '../support/api-session.ts';
import type { RunningApp } from '../support/app-server.ts';

export type Storage = Record<string, string>;
export interface BenchUsers {
  client: Storage;
  /** `client` right after sign-in: token and userInfo, no `vehicleSelected` yet (issue 41). */
  clientFirstVisit: Storage;
  company: Storage;
}

export async function benchUsers(server: RunningApp): Promise<BenchUsers> {
  const client = await createClient(server, {
    email: 'bench.web@correo.com',
    phone: '3105550909',
    password: 'ClaveSegura2026',
    nombres: 'Andrés',
    apellidos: 'Gómez',
  });
  const vehicle = await createSelectedVehicle(server, client, 'KLM472', '52300');
  const company = await createCompany(server, {
    email: 'bench.flota@empresa.co',
    phone: '3105550910',
    password: 'ClaveSegura2026',
    nombres: 'Transportes',
    apellidos: 'Andinos',
    identificacion: '900123456',
  });
  const session = {
    token: client.token,
    userInfo: JSON.stringify({ ...client.userInfo, is_first_login_togo: false }),
  };
  return {
    client: { ...session, vehicleSelected: JSON.stringify(vehicle) },
    clientFirstVisit: session,
    company: { token: company.token, userInfo: JSON.stringify(company.userInfo) },
  };
}
