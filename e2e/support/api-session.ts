import type { Browser, Page } from 'playwright-core';
import { GROUP_COMPANY } from '../../packages/domain/src/roles.ts';
import type { RunningApp } from './app-server.ts';
import { newMobilePage } from './browser.ts';

/** A signed-in client as the web stores it: the token and the userInfo of the sign-in answer. */
export interface Session {
  token: string;
  userInfo: Record<string, unknown>;
}

export interface VehicleJson {
  id: number;
  placa: string;
  [key: string]: unknown;
}

/** JSON calls to the running API, with 'Authorization: Token …' when a token is given. */
export function apiCaller(server: RunningApp) {
  return async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Token ${token}`;
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

export interface NewClient {
  email: string;
  phone: string;
  password: string;
  nombres: string;
  apellidos: string;
  /** The identity document number (default: the current second, unique enough for one client per test). */
  identificacion?: string;
}

/** Registration through the API (OTP from the dev outbox), then sign-in. */
export async function createClient(server: RunningApp, client: NewClient): Promise<Session> {
  const call = apiCaller(server);
  await call('POST', '/api/identidad/usuarios/solicitar-codigo-otp/', {
    proceso: 'REGISTRO_USUARIO',
    correo: client.email,
    numero_telefono: client.phone,
  });
  await call('POST', '/api/identidad/usuarios/signup/', {
    email: client.email,
    password: client.password,
    password_confirmation: client.password,
    codigo_otp: await server.lastCode(client.email),
    group: 1,
    cliente_ids: [],
    profile_picture_base64: null,
    center: 1,
    id_user_v2: 1,
    is_mia: false,
    is_resting: false,
    operation_area: null,
    range_inspector: null,
    tercero: {
      identificacion: client.identificacion ?? String(Math.floor(Date.now() / 1000)),
      telefono: client.phone,
      tipo_documento: 'CC',
      ubic_geo_nv1: 1,
      ubic_geo_nv2: 1,
      ubic_geo_nv3: null,
      nombres: client.nombres,
      apellidos: client.apellidos,
      razon_social: null,
      direccion: null,
      id_v2: null,
    },
  });
  const userInfo = await call<Record<string, unknown> & { token: string }>('POST', '/api/orquestador/auth/', {
    email: client.email,
    password: client.password,
  });
  return { token: userInfo.token, userInfo };
}

/**
 * A company account (group 2) through the API: registered as a client, moved to the companies' group, signed in.
 * `userInfo` is what the web keeps after confirmar_inicio_sesion (is_first_login_togo false).
 */
export async function createCompany(server: RunningApp, client: NewClient): Promise<Session> {
  const call = apiCaller(server);
  const company = await createClient(server, client);
  await call(
    'PATCH',
    `/api/users-admin-manager/${Number(company.userInfo.id)}/`,
    { groups: [GROUP_COMPANY], is_first_login_togo: false },
    company.token,
  );
  const info = await call<Record<string, unknown>>(
    'GET',
    '/api/togo/users/confirmar_inicio_sesion/',
    undefined,
    company.token,
  );
  return { token: company.token, userInfo: { ...company.userInfo, ...info, is_first_login_togo: false } };
}

/** A vehicle in Bogotá, its registry and fines look-ups run, selected and read back as the web stores it. */
export async function createSelectedVehicle(
  server: RunningApp,
  session: Session,
  placa: string,
  mileage = '45210',
): Promise<VehicleJson> {
  const call = apiCaller(server);
  const created = await call<VehicleJson>(
    'POST',
    '/api/togo/vehicle/',
    {
      documento_propietario: '1020304050',
      tipo_documento_propietario: 1,
      placa,
      kilometraje_digitado: mileage,
      department: 11,
      city: 11001,
    },
    session.token,
  );
  await server.drainJobs();
  return call<VehicleJson>('PUT', `/api/togo/vehicle/${created.id}/set_garaje_selected/`, {}, session.token);
}

/** A phone-sized page signed in with this vehicle selected (what login and home store). */
export async function signedInPage(
  browser: Browser,
  session: Session,
  vehicle: VehicleJson,
  opts: { now?: Date } = {},
): Promise<Page> {
  const page = await newMobilePage(browser, opts);
  await page.addInitScript(
    ({ token, userInfo, vehicleSelected }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userInfo', JSON.stringify(userInfo));
      localStorage.setItem('vehicleSelected', JSON.stringify(vehicleSelected));
      localStorage.removeItem('empty');
    },
    {
      token: session.token,
      userInfo: { ...session.userInfo, is_first_login_togo: false },
      vehicleSelected: vehicle,
    },
  );
  return page;
}
