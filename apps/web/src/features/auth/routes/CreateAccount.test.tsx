import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, PUBLIC_CONFIG } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import {
  clearPendingRegistration,
  getPendingPassword,
  getPendingRegistration,
  setPendingRegistration,
} from '../pending-registration.ts';
import { buildAccountPayload } from '../registration-payload.ts';
import { CreateAccountRoute } from './CreateAccount.tsx';

const VALIDATE = 'POST /api/identidad/usuarios/validar-username/';
const OTP = 'POST /api/identidad/usuarios/solicitar-codigo-otp/';

function setup({ takenEmail }: { takenEmail?: string } = {}) {
  const api = mockFetch({
    'GET /api/config': () => json(200, PUBLIC_CONFIG),
    [VALIDATE]: ({ body }) =>
      (body as { username: string }).username === takenEmail
        ? json(400, { username: ['El correo ya esta registrado'] })
        : json(200, { disponible: true }),
    [OTP]: () =>
      json(200, {
        detail: 'Código enviado.',
        otp: {
          canal: ['email', 'sms'],
          destino: '*****ez@gmail.com',
          vigencia_segundos: 120,
          reenvio_segundos: 60,
        },
      }),
  });
  const view = renderRoutes(
    [{ path: '/auth/create-account', Component: CreateAccountRoute }, stub('/auth/send-code')],
    {
      initialEntries: ['/auth/create-account'],
    },
  );
  const field = (label: string) => screen.getByLabelText(label);
  return { ...view, api, field, submit: () => screen.getByRole('button', { name: 'Crear cuenta' }) };
}

type Setup = ReturnType<typeof setup>;

async function fillValid({ user, field }: Setup, overrides: Partial<Record<string, string>> = {}) {
  const values: Record<string, string> = {
    Nombres: 'María José',
    Apellidos: 'Núñez Peña',
    'Correo electrónico': 'maria@example.co',
    'Número de celular': '3001234567',
    Contraseña: 'secreta123',
    'Confirmar contraseña': 'secreta123',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
  }
  const policy = screen.getByRole('checkbox', { name: /política de tratamiento de datos personales/ });
  if (!(policy as HTMLInputElement).checked) await user.click(policy);
  await user.tab();
}

afterEach(() => {
  clearPendingRegistration();
  vi.unstubAllGlobals();
});

describe('CreateAccount', () => {
  it('shows "Este campo es obligatorio" for a touched empty field and marks it invalid', async () => {
    const view = setup();
    await view.user.click(view.field('Nombres'));
    await view.user.tab();
    expect(await screen.findByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(view.field('Nombres')).toHaveAttribute('aria-invalid', 'true');
    expect(view.field('Nombres')).toHaveAccessibleDescription('Este campo es obligatorio');
  });

  it('accepts only letters (accents, ñ, ü) and spaces in names', async () => {
    const view = setup();
    await view.user.type(view.field('Nombres'), 'Juan2');
    await view.user.type(view.field('Apellidos'), 'Pérez-Gómez');
    await view.user.tab();
    expect(await screen.findAllByText('Solo se permiten letras y espacios')).toHaveLength(2);
    await view.user.clear(view.field('Nombres'));
    await view.user.type(view.field('Nombres'), 'Güeña Ñoño');
    await waitFor(() => expect(screen.getAllByText('Solo se permiten letras y espacios')).toHaveLength(1));
  });

  it('rejects an invalid email with "Correo no válido"', async () => {
    const view = setup();
    await view.user.type(view.field('Correo electrónico'), 'maria@');
    await view.user.tab();
    expect(await screen.findByText('Correo no válido')).toBeInTheDocument();
    expect(view.api.bodies(VALIDATE)).toHaveLength(0);
  });

  it('shows "El correo ya esta registrado" when the server check fails, and keeps the button disabled', async () => {
    const view = setup({ takenEmail: 'usado@example.co' });
    await fillValid(view, { 'Correo electrónico': 'usado@example.co' });
    expect(await screen.findByText('El correo ya esta registrado')).toBeInTheDocument();
    expect(view.api.bodies(VALIDATE)).toContainEqual({ username: 'usado@example.co' });
    expect(view.submit()).toBeDisabled();
  });

  it('keeps only digits in the phone field (issue 36)', async () => {
    const view = setup();
    await view.user.type(view.field('Número de celular'), '300abc 12-34567');
    expect(view.field('Número de celular')).toHaveValue('3001234567');
  });

  it('requires a phone of exactly 10 digits', async () => {
    const view = setup();
    await view.user.type(view.field('Número de celular'), '300123');
    await view.user.tab();
    expect(await screen.findByText('Debe tener 10 dígitos numéricos')).toBeInTheDocument();
    await view.user.clear(view.field('Número de celular'));
    await view.user.type(view.field('Número de celular'), '300abc4567');
    expect(await screen.findByText('Debe tener 10 dígitos numéricos')).toBeInTheDocument();
  });

  it('requires a password of at least 8 characters', async () => {
    const view = setup();
    await view.user.type(view.field('Contraseña'), 'corta1');
    await view.user.tab();
    expect(await screen.findByText('Debe tener al menos 8 caracteres')).toBeInTheDocument();
  });

  it('requires the confirmation to match the password', async () => {
    const view = setup();
    await view.user.type(view.field('Contraseña'), 'secreta123');
    await view.user.type(view.field('Confirmar contraseña'), 'secreta124');
    await view.user.tab();
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    // Fixing the password re-checks the confirmation.
    await view.user.clear(view.field('Contraseña'));
    await view.user.type(view.field('Contraseña'), 'secreta124');
    await waitFor(() => expect(screen.queryByText('Las contraseñas no coinciden')).not.toBeInTheDocument());
  });

  it('keeps "Crear cuenta" disabled while the form is invalid', async () => {
    const view = setup();
    expect(view.submit()).toBeDisabled();
    await fillValid(view, { 'Número de celular': '123' });
    expect(view.submit()).toBeDisabled();
    await view.user.clear(view.field('Número de celular'));
    await view.user.type(view.field('Número de celular'), '3001234567');
    await waitFor(() => expect(view.submit()).toBeEnabled());
  });

  it('asks to accept the data-processing policy (Ley 1581) with a link to it before creating the account', async () => {
    const view = setup();
    await fillValid(view);
    const policy = screen.getByRole('checkbox', { name: /política de tratamiento de datos personales/ });
    expect(screen.getByRole('link', { name: 'política de tratamiento de datos personales' })).toHaveAttribute(
      'href',
      '/static/legal/politica-tratamiento-datos-personales.pdf',
    );
    await waitFor(() => expect(view.submit()).toBeEnabled());
    await view.user.click(policy);
    await waitFor(() => expect(view.submit()).toBeDisabled());
    expect(
      await screen.findByText('Debes aceptar la política de tratamiento de datos personales.'),
    ).toBeVisible();
  });

  it('an invalid submit shows the errors of every field', async () => {
    const view = setup();
    fireEvent.submit(view.submit().closest('form')!);
    await waitFor(() => expect(screen.getAllByText('Este campo es obligatorio')).toHaveLength(6));
    expect(view.api.bodies(OTP)).toHaveLength(0);
  });

  it('requests the REGISTRO_USUARIO code and goes to send-code with access_otp set', async () => {
    const view = setup();
    await fillValid(view, { 'Correo electrónico': 'Maria@Example.co' });
    await waitFor(() => expect(view.submit()).toBeEnabled());
    await view.user.click(view.submit());

    expect(await screen.findByText('Ruta /auth/send-code')).toBeInTheDocument();
    expect(view.api.bodies(OTP)).toEqual([
      {
        correo: 'maria@example.co',
        numero_telefono: '3001234567',
        aplicacion: 'TOGO',
        proceso: 'REGISTRO_USUARIO',
      },
    ]);
    expect(sessionStorage.getItem('access_otp')).toBe('true');
    expect(JSON.parse(sessionStorage.getItem('otp_flow') ?? '{}')).toMatchObject({
      mode: 'create',
      identificador: 'maria@example.co',
      destino: '*****ez@gmail.com',
    });
    // The password stays in memory only.
    expect(JSON.stringify({ ...sessionStorage, ...localStorage })).not.toContain('secreta123');
    expect(getPendingPassword()).toBe('secreta123');
    expect(getPendingRegistration()?.payload).toMatchObject({
      email: 'maria@example.co',
      cliente_ids: [],
      group: 1,
      profile_picture_base64: null,
      center: 1,
      id_user_v2: 1,
      is_mia: false,
      is_resting: false,
      operation_area: null,
      range_inspector: null,
      politica_datos: { version: '1.0', aceptada: true },
      tercero: {
        identificacion: expect.stringMatching(/^\d{10}$/),
        telefono: '3001234567',
        tipo_documento: 'CC',
        ubic_geo_nv1: 1,
        ubic_geo_nv2: 1,
        ubic_geo_nv3: null,
        nombres: 'María José',
        apellidos: 'Núñez Peña',
        razon_social: null,
        direccion: null,
        id_v2: null,
      },
    });
  });

  it('shows "Error al enviar el código, intente nuevamente" when the code request fails', async () => {
    const view = setup();
    view.api.fetchMock.mockImplementation(async (input) =>
      String(input).includes('solicitar-codigo-otp')
        ? json(400, { numero_telefono: ['Número no válido.'] })
        : json(200, { disponible: true }),
    );
    await fillValid(view);
    await waitFor(() => expect(view.submit()).toBeEnabled());
    await view.user.click(view.submit());
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Error al enviar el código, intente nuevamente');
    expect(sessionStorage.getItem('access_otp')).toBeNull();
  });

  it('back from the code screen shows the form filled; sent again while the code is fresh, no new code (issue 36)', async () => {
    setPendingRegistration(
      buildAccountPayload({
        nombres: 'Ana',
        apellidos: 'Ruiz',
        email: 'ana@x.co',
        telefono: '3001234567',
        password: 'secreta123',
        password_confirmation: 'secreta123',
        politica: true,
      }),
      Date.now() + 90_000,
    );
    const view = setup();
    expect(view.field('Nombres')).toHaveValue('Ana');
    expect(view.field('Correo electrónico')).toHaveValue('ana@x.co');
    expect(view.field('Número de celular')).toHaveValue('3001234567');
    expect(view.field('Contraseña')).toHaveValue('secreta123');
    expect(screen.getByRole('checkbox', { name: /política de tratamiento/ })).toBeChecked();
    await view.user.clear(view.field('Apellidos'));
    await view.user.type(view.field('Apellidos'), 'Ruiz Peña');
    await view.user.tab();
    await waitFor(() => expect(view.submit()).toBeEnabled());
    await view.user.click(view.submit());
    expect(await screen.findByText('Ruta /auth/send-code')).toBeInTheDocument();
    expect(view.api.bodies(OTP)).toEqual([]);
    expect(getPendingRegistration()?.payload.tercero.apellidos).toBe('Ruiz Peña');
    expect(sessionStorage.getItem('access_otp')).toBe('true');
  });
});
