import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import type { MockHandler } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { GarajeRoute } from './CreateGarage.tsx';
import { NewVehicleRoute } from './NewVehicle.tsx';

const CREATE = 'POST /api/togo/vehicle/';
const UPLOAD = 'POST /api/togo/vehicle/77/upload_file_to_garage/';

const CITIES: Record<string, unknown[]> = {
  '11': [{ id: 11001, name: 'Bogotá', department: 11 }],
  '5': [
    { id: 5001, name: 'Medellín', department: 5 },
    { id: 5088, name: 'Bello', department: 5 },
  ],
};

/** The 201 answer as the API sends it before the registry look-up has answered. */
const created = (placa = 'ABC123') => ({
  id: 77,
  placa,
  kilometraje_digitado: 45000,
  score: null,
  created: '2026-03-02T15:00:00.000Z',
  url_imagen_vehiculo: null,
  url_licencia: null,
  documento_propietario: '1020304050',
  tipo_documento_propietario: 1,
  tipo_documento_propietario_data: { name: 'Cédula de ciudadanía' },
  city: 11001,
  city_data: { id: 11001, name: 'Bogotá' },
  department: 11,
  vehicle_data: null,
  is_selected: true,
  demo: true,
  lookup_status: 'pending',
});

function setup(path: string, routes: Record<string, MockHandler | Response[]> = {}) {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('empty', 'true');
  const api = mockFetch({
    'GET /api/automas-param-departaments/': () =>
      json(200, [
        { id: 5, name: 'Antioquia' },
        { id: 11, name: 'Bogotá, D.C.' },
      ]),
    'GET /api/automas-param-cities/': (request) =>
      json(200, CITIES[new URL(request.url, 'http://x').searchParams.get('departament') ?? ''] ?? []),
    'GET /api/automas-param-type-document/': () =>
      json(200, {
        results: [
          { id: 1, code: 'CC', name: 'Cédula de ciudadanía' },
          { id: 4, code: 'PA', name: 'Pasaporte' },
        ],
      }),
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/user-type/garaje/:from?', Component: GarajeRoute },
      { path: '/app/garaje-personal/nuevo-vehiculo', Component: NewVehicleRoute },
      stub('/app/home'),
      stub('/app/otros'),
      stub('/app/otros/tutorial'),
      stub('/user-type'),
    ],
    { initialEntries: [path], user: { applyAccept: false } },
  );
  return { ...view, api };
}

const field = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: 'Crear garaje' });

async function fillValid(view: ReturnType<typeof setup>, plate = 'abc123') {
  const { user } = view;
  await user.type(field('Placa'), plate);
  await user.type(field('Kilometraje'), '45000');
  await waitFor(() => expect(within(field('Departamento')).getAllByRole('option')).toHaveLength(3));
  await user.selectOptions(field('Departamento'), 'Bogotá, D.C.');
  await waitFor(() => expect(within(field('Ciudad')).getAllByRole('option')).toHaveLength(2));
  await user.selectOptions(field('Ciudad'), 'Bogotá');
  await waitFor(() => expect(within(field('Tipo de documento')).getAllByRole('option')).toHaveLength(3));
  await user.selectOptions(field('Tipo de documento'), 'Cédula de ciudadanía');
  await user.type(field('Número de documento'), '1020304050');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Crea tu garaje — validation', () => {
  it('submit is inactive while invalid; an invalid submit marks every field with the required message', async () => {
    const view = setup('/app/garaje-personal/nuevo-vehiculo?from=app');
    expect(await screen.findByRole('heading', { name: 'Crea tu garaje' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Crea tu garaje | TOGO'));
    expect(submit()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByText('Este campo es obligatorio')).not.toBeInTheDocument();

    await view.user.click(submit());
    await waitFor(() => expect(screen.getAllByText('Este campo es obligatorio')).toHaveLength(6));
    for (const label of ['Placa', 'Kilometraje', 'Departamento', 'Ciudad', 'Tipo de documento']) {
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(field('Número de documento')).toHaveAccessibleDescription('Este campo es obligatorio');
    expect(view.api.bodies(CREATE)).toHaveLength(0);
  });

  it("shows 'Este campo es obligatorio' once a field is touched, and checks plate and document formats", async () => {
    const view = setup('/app/garaje-personal/nuevo-vehiculo');
    await view.user.click(field('Placa'));
    await view.user.tab();
    expect(await screen.findByText('Este campo es obligatorio')).toBeInTheDocument();
    await view.user.type(field('Placa'), 'AB-1');
    expect(await screen.findByText('Formato de placa inválido.')).toBeInTheDocument();
    await view.user.type(field('Número de documento'), '10.20');
    await view.user.tab();
    expect(await screen.findByText('Solo se permiten letras y números.')).toBeInTheDocument();
  });

  it('mileage keeps digits only, stripping everything else as it is typed', async () => {
    const view = setup('/app/garaje-personal/nuevo-vehiculo');
    await view.user.type(field('Kilometraje'), '4a5.0-0 0km');
    expect(field('Kilometraje')).toHaveValue('45000');
  });

  it('choosing a department loads its cities and resets the city', async () => {
    const view = setup('/app/garaje-personal/nuevo-vehiculo');
    expect(field('Ciudad')).toBeDisabled();
    await waitFor(() => expect(within(field('Departamento')).getAllByRole('option')).toHaveLength(3));
    await view.user.selectOptions(field('Departamento'), 'Antioquia');
    await waitFor(() =>
      expect(within(field('Ciudad')).getByRole('option', { name: 'Bello' })).toBeInTheDocument(),
    );
    await view.user.selectOptions(field('Ciudad'), 'Bello');
    expect(field('Ciudad')).toHaveValue('5088');

    await view.user.selectOptions(field('Departamento'), 'Bogotá, D.C.');
    expect(field('Ciudad')).toHaveValue('');
    await waitFor(() =>
      expect(within(field('Ciudad')).getByRole('option', { name: 'Bogotá' })).toBeInTheDocument(),
    );
    expect(within(field('Ciudad')).queryByRole('option', { name: 'Bello' })).not.toBeInTheDocument();
    const cityCalls = view.api.fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((u) => u.includes('cities'));
    expect(cityCalls).toEqual([
      '/api/automas-param-cities/?departament=5',
      '/api/automas-param-cities/?departament=11',
    ]);
  });
});

describe('Crea tu garaje — submit', () => {
  it('posts the upper-cased plate and numeric ids; success → Ir al home', async () => {
    const view = setup('/app/garaje-personal/nuevo-vehiculo?from=app', {
      [CREATE]: () => json(201, created()),
    });
    await fillValid(view, 'abc123');
    expect(submit()).toHaveAttribute('aria-disabled', 'false');
    await view.user.click(submit());

    const dialog = await screen.findByRole('dialog', { name: '¡Vehículo agregado!' });
    expect(view.api.bodies(CREATE)).toEqual([
      {
        documento_propietario: '1020304050',
        tipo_documento_propietario: 1,
        placa: 'ABC123',
        kilometraje_digitado: '45000',
        department: 11,
        city: 11001,
      },
    ]);
    expect(localStorage.getItem('empty')).toBeNull();
    await view.user.click(within(dialog).getByRole('button', { name: 'Ir al home' }));
    expect(await screen.findByText('Ruta /app/home')).toBeInTheDocument();
  });

  it("'Agregar otro vehículo' resets the form", async () => {
    const view = setup('/app/garaje-personal/nuevo-vehiculo', { [CREATE]: () => json(201, created()) });
    await fillValid(view);
    await view.user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: '¡Vehículo agregado!' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Agregar otro vehículo' }));
    await waitFor(() => expect(field('Placa')).toHaveValue(''));
    expect(field('Kilometraje')).toHaveValue('');
    expect(field('Departamento')).toHaveValue('');
    expect(field('Ciudad')).toHaveValue('');
    expect(field('Número de documento')).toHaveValue('');
    expect(screen.queryByText('Este campo es obligatorio')).not.toBeInTheDocument();
    expect(submit()).toHaveAttribute('aria-disabled', 'true');
  });

  it("first sign-in (/user-type/garaje): 'Ir al home' shows 'Recuerda' and opens the install tutorial", async () => {
    const view = setup('/user-type/garaje', { [CREATE]: () => json(201, created()) });
    await fillValid(view);
    await view.user.click(submit());
    const success = await screen.findByRole('dialog', { name: '¡Vehículo agregado!' });
    await view.user.click(within(success).getByRole('button', { name: 'Ir al home' }));
    const reminder = await screen.findByRole('dialog', { name: 'Recuerda' });
    await view.user.click(within(reminder).getByRole('button'));
    expect(await screen.findByText('Ruta /app/otros/tutorial')).toBeInTheDocument();
  });

  it("a rejected field opens '¡Hey!' with the server message and marks the field; 'Agregar más tarde' goes home", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = setup('/app/garaje-personal/nuevo-vehiculo', {
      [CREATE]: () => json(400, { placa: ['Esta placa ya está registrada en tu garaje.'] }),
    });
    await fillValid(view);
    await view.user.click(submit());
    const dialog = await screen.findByRole('alertdialog', { name: '¡Hey!' });
    expect(dialog).toHaveTextContent('Esta placa ya está registrada en tu garaje.');
    expect(within(dialog).getByRole('button', { name: 'Volver a intentar' })).toBeInTheDocument();

    await view.user.click(within(dialog).getByRole('button', { name: 'Volver a intentar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(field('Placa')).toHaveAccessibleDescription('Esta placa ya está registrada en tu garaje.');
    expect(view.api.bodies(CREATE)).toHaveLength(1);

    await view.user.click(submit());
    const again = await screen.findByRole('alertdialog', { name: '¡Hey!' });
    await view.user.click(within(again).getByRole('button', { name: 'Agregar más tarde' }));
    expect(await screen.findByText('Ruta /app/home')).toBeInTheDocument();
  });

  it("shows the server detail in '¡Hey!'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = setup('/app/garaje-personal/nuevo-vehiculo', {
      [CREATE]: () => json(409, { detail: 'No fue posible crear el vehículo.' }),
    });
    await fillValid(view);
    await view.user.click(submit());
    expect(await screen.findByRole('alertdialog', { name: '¡Hey!' })).toHaveTextContent(
      'No fue posible crear el vehículo.',
    );
  });

  it("a malformed answer to the creation opens '¡Hey!' instead of '¡Vehículo agregado!'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = setup('/app/garaje-personal/nuevo-vehiculo', {
      [CREATE]: () => json(201, { id: 77, placa: 'ABC123' }),
    });
    await fillValid(view);
    await view.user.click(submit());
    expect(await screen.findByRole('alertdialog', { name: '¡Hey!' })).toHaveTextContent(
      'No fue posible subir el archivo, intente nuevamente',
    );
    expect(screen.queryByRole('dialog', { name: '¡Vehículo agregado!' })).not.toBeInTheDocument();
    expect(localStorage.getItem('empty')).toBe('true');
  });

  it('a malformed answer to the licence upload is a failed upload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = setup('/app/garaje-personal/nuevo-vehiculo', {
      [CREATE]: () => json(201, created()),
      [UPLOAD]: () => json(200, { url: '/api/files/x' }),
    });
    await fillValid(view);
    const file = new File(['%PDF-1.4'], 'licencia.pdf', { type: 'application/pdf' });
    await view.user.upload(screen.getByLabelText('Licencia de tránsito (opcional)'), file);
    await view.user.click(submit());
    expect(await screen.findByRole('alertdialog', { name: '¡Hey!' })).toHaveTextContent(
      'No fue posible subir el archivo, intente nuevamente',
    );
    expect(view.api.bodies(UPLOAD)).toHaveLength(1);
  });

  it('uploads the licence after the vehicle; a failed upload is retried alone', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = setup('/app/garaje-personal/nuevo-vehiculo', {
      [CREATE]: () => json(201, created()),
      [UPLOAD]: [json(500, {}), json(200, { file_url: '/api/files/x' })],
    });
    await fillValid(view);
    const file = new File(['%PDF-1.4'], 'licencia.pdf', { type: 'application/pdf' });
    await view.user.upload(screen.getByLabelText('Licencia de tránsito (opcional)'), file);
    expect(screen.getByText('licencia.pdf')).toBeInTheDocument();
    await view.user.click(submit());

    const dialog = await screen.findByRole('alertdialog', { name: '¡Hey!' });
    expect(dialog).toHaveTextContent('No fue posible subir el archivo, intente nuevamente');
    await view.user.click(within(dialog).getByRole('button', { name: 'Volver a intentar' }));
    expect(await screen.findByRole('dialog', { name: '¡Vehículo agregado!' })).toBeInTheDocument();
    expect(view.api.bodies(CREATE)).toHaveLength(1);
    const uploads = view.api.fetchMock.mock.calls.filter(([url]) =>
      String(url).includes('upload_file_to_garage'),
    );
    expect(uploads).toHaveLength(2);
    const body = uploads[0]?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBeInstanceOf(File);
    expect(new Headers(uploads[0]?.[1]?.headers).get('Authorization')).toBe('Token tok');
  });

  it('the licence file is optional, checked by type and removable', async () => {
    const view = setup('/app/garaje-personal/nuevo-vehiculo');
    const input = screen.getByLabelText('Licencia de tránsito (opcional)');
    expect(input).toHaveAttribute('accept', expect.stringContaining('.pdf'));
    await view.user.upload(input, new File(['x'], 'foto.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El archivo debe ser PDF, JPG o PNG.');
    await view.user.upload(
      screen.getByLabelText('Licencia de tránsito (opcional)'),
      new File(['x'], 'licencia.png', { type: 'image/png' }),
    );
    expect(screen.getByText('licencia.png')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Quitar licencia.png' }));
    expect(screen.queryByText('licencia.png')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Licencia de tránsito (opcional)')).toBeInTheDocument();
  });
});

describe('Crea tu garaje — back target by from', () => {
  it.each([
    ['/user-type/garaje', 'Ruta /user-type'],
    ['/user-type/garaje/app', 'Ruta /app/home'],
    ['/user-type/garaje/otros', 'Ruta /app/otros'],
    ['/app/garaje-personal/nuevo-vehiculo?from=otros', 'Ruta /app/otros'],
    ['/app/garaje-personal/nuevo-vehiculo?from=app', 'Ruta /app/home'],
  ])('%s → %s', async (path, target) => {
    const view = setup(path);
    await view.user.click(screen.getByRole('button', { name: 'Volver' }));
    expect(await screen.findByText(target)).toBeInTheDocument();
  });
});
