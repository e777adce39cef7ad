import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { setOtpFlow } from '../otp-flow.ts';
import type { OtpFlow } from '../otp-flow.ts';
import { buildAccountPayload } from '../registration-payload.ts';
import {
  PENDING_REGISTRATION_KEY,
  clearPendingRegistration,
  getPendingRegistration,
  setPendingRegistration,
} from '../pending-registration.ts';
import { SendCodeRoute } from './SendCode.tsx';

const OTP = 'POST /api/identidad/usuarios/solicitar-codigo-otp/';
const SIGNUP = 'POST /api/identidad/usuarios/signup/';
const VERIFY = 'POST /api/identidad/usuarios/verificar-codigo-otp/';

const resetFlow: OtpFlow = {
  mode: 'reset',
  proceso: 'RESETEAR_CLAVE',
  identificador: 'ana@x.co',
  usuario_id: 9,
  from: null,
  destino: '**na@x.co',
};

const account = buildAccountPayload(
  {
    nombres: 'Ana',
    apellidos: 'Ruiz',
    email: 'ana@x.co',
    telefono: '3001234567',
    password: 'secreta123',
    password_confirmation: 'secreta123',
  },
  1_700_000_000_000,
);

function setup(flow: OtpFlow, routes: Parameters<typeof mockFetch>[0] = {}) {
  sessionStorage.setItem('access_otp', 'true');
  setOtpFlow(flow);
  const api = mockFetch({
    [OTP]: () =>
      json(200, {
        detail: 'ok',
        otp: { canal: ['email'], destino: '**na@x.co', vigencia_segundos: 120, reenvio_segundos: 60 },
      }),
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/auth/send-code', Component: SendCodeRoute },
      stub('/auth/login'),
      stub('/auth/change-password'),
      stub('/auth/create-account'),
    ],
    { initialEntries: ['/auth/send-code'] },
  );
  const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];
  const typeCode = (code: string) =>
    code.split('').forEach((digit, index) => fireEvent.input(boxes()[index]!, { target: { value: digit } }));
  return { ...view, api, boxes, typeCode };
}

/** Moves the fake clock inside act() so React applies the timer's state updates. */
function tick(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearPendingRegistration();
});

describe('SendCode', () => {
  it('counts down from 02:00 and enables resend at 00:00', () => {
    vi.useFakeTimers();
    setup(resetFlow);
    const resend = screen.getByRole('button', { name: 'Reenviar código' });
    expect(screen.getByText('02:00')).toBeInTheDocument();
    expect(resend).toBeDisabled();

    tick(1000);
    expect(screen.getByText('01:59')).toBeInTheDocument();
    tick(59_000);
    expect(screen.getByText('01:00')).toBeInTheDocument();
    expect(resend).toBeDisabled();
    tick(60_000);
    expect(screen.getByText('00:00')).toBeInTheDocument();
    expect(resend).toBeEnabled();
    tick(5_000);
    expect(screen.getByText('00:00')).toBeInTheDocument();
  });

  it('resend asks for a new code, clears the boxes and restarts the timer', () => {
    vi.useFakeTimers();
    const view = setup(resetFlow);
    view.typeCode('12');
    tick(120_000);
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar código' }));

    expect(view.api.bodies(OTP)).toEqual([
      { identificador: 'ana@x.co', aplicacion: 'TOGO', proceso: 'RESETEAR_CLAVE', usuario_id: 9 },
    ]);
    expect(screen.getByText('02:00')).toBeInTheDocument();
    expect(view.boxes().map((box) => box.value)).toEqual(['', '', '', '']);
    expect(screen.getByRole('button', { name: 'Reenviar código' })).toBeDisabled();
    tick(1000);
    expect(screen.getByText('01:59')).toBeInTheDocument();
  });

  it('enables "Verificar" only with all 4 digits', () => {
    vi.useFakeTimers();
    const view = setup(resetFlow);
    const verify = screen.getByRole('button', { name: 'Verificar' });
    expect(verify).toBeDisabled();
    view.typeCode('123');
    expect(verify).toBeDisabled();
    fireEvent.input(view.boxes()[3]!, { target: { value: '4' } });
    expect(verify).toBeEnabled();
    fireEvent.focus(view.boxes()[1]!); // focusing a box clears it
    expect(verify).toBeDisabled();
  });

  it('reset mode: a verified code drops access_otp and opens change-password', async () => {
    const view = setup(resetFlow, {
      [VERIFY]: () => json(200, { detail: 'Código verificado.', verificado: true }),
    });
    view.typeCode('4821');
    await view.user.click(screen.getByRole('button', { name: 'Verificar' }));

    expect(await screen.findByText('Ruta /auth/change-password')).toBeInTheDocument();
    expect(view.api.bodies(VERIFY)).toEqual([
      { codigo: '4821', identificador: 'ana@x.co', usuario_id: 9, proceso: 'RESETEAR_CLAVE' },
    ]);
    expect(sessionStorage.getItem('access_otp')).toBeNull();
    expect(sessionStorage.getItem('access_change_password')).toBe('true');
  });

  it('reset mode: a shared phone answers 406 after verification; the chosen account goes to change-password', async () => {
    const phoneFlow: OtpFlow = {
      ...resetFlow,
      identificador: '3001234567',
      usuario_id: null,
      destino: '******4567',
    };
    const view = setup(phoneFlow, {
      [VERIFY]: () =>
        json(406, {
          detalles: 'Encontramos varias cuentas asociadas. Selecciona la cuenta con la que deseas continuar.',
          opciones: [
            { correo: '***na@x.co', id: 4 },
            { correo: '***to@x.co', id: 5 },
          ],
        }),
    });
    view.typeCode('4821');
    await view.user.click(screen.getByRole('button', { name: 'Verificar' }));

    const select = await screen.findByRole('dialog', { name: 'Acción requerida' });
    expect(select).toHaveTextContent('Encontramos varias cuentas asociadas.');
    await view.user.click(within(select).getByRole('radio', { name: '***to@x.co' }));
    await view.user.click(within(select).getByRole('button', { name: 'Volver' }));

    expect(await screen.findByText('Ruta /auth/change-password')).toBeInTheDocument();
    expect(view.api.bodies(VERIFY)).toEqual([
      { codigo: '4821', identificador: '3001234567', usuario_id: null, proceso: 'RESETEAR_CLAVE' },
    ]);
    expect(JSON.parse(sessionStorage.getItem('otp_flow') ?? '{}')).toMatchObject({
      usuario_id: 5,
      codigo: '4821',
    });
    expect(sessionStorage.getItem('access_otp')).toBeNull();
    expect(sessionStorage.getItem('access_change_password')).toBe('true');
  });

  it('create mode: signs up with the pending payload + codigo_otp, then shows the welcome dialog', async () => {
    setPendingRegistration(account, Date.now() + 120_000);
    const view = setup(
      { ...resetFlow, mode: 'create', proceso: 'REGISTRO_USUARIO', usuario_id: null },
      { [SIGNUP]: () => json(201, { id: 3, email: 'ana@x.co', detail: 'Cuenta creada.' }) },
    );
    view.typeCode('4821');
    await view.user.click(screen.getByRole('button', { name: 'Verificar' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Tu cuenta se ha creado con éxito, empecemos a rodar juntos.');
    expect(view.api.bodies(SIGNUP)).toEqual([{ ...account, codigo_otp: '4821' }]);
    expect(getPendingRegistration()).toBeNull();
    await view.user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Ruta /auth/login')).toBeInTheDocument();
  });

  it('create mode: a wrong code keeps the user on the code screen with the form kept, then the right one signs up (issue 36)', async () => {
    setPendingRegistration(account, Date.now() + 120_000);
    let tries = 0;
    const view = setup(
      { ...resetFlow, mode: 'create', proceso: 'REGISTRO_USUARIO', usuario_id: null },
      {
        [SIGNUP]: () =>
          ++tries === 1
            ? json(400, { codigo_otp: ['El código ingresado es incorrecto.'] })
            : json(201, { id: 3, email: 'ana@x.co', detail: 'Cuenta creada.' }),
      },
    );
    view.typeCode('0000');
    await view.user.click(screen.getByRole('button', { name: 'Verificar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('El código ingresado es incorrecto.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByRole('heading', { name: 'Verifica tu código' })).toBeInTheDocument();
    expect(view.boxes().map((box) => box.value)).toEqual(['', '', '', '']);
    expect(getPendingRegistration()?.payload.email).toBe('ana@x.co');
    expect(sessionStorage.getItem('access_otp')).toBe('true');

    view.typeCode('4821');
    await view.user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Tu cuenta se ha creado con éxito');
    expect(view.api.bodies(SIGNUP)).toEqual([
      { ...account, codigo_otp: '0000' },
      { ...account, codigo_otp: '4821' },
    ]);
  });

  it('create mode: an email taken meanwhile goes back to the form, which keeps what was typed', async () => {
    setPendingRegistration(account, Date.now() + 120_000);
    const view = setup(
      { ...resetFlow, mode: 'create', proceso: 'REGISTRO_USUARIO', usuario_id: null },
      { [SIGNUP]: () => json(400, { email: ['El correo ya está registrado.'] }) },
    );
    view.typeCode('4821');
    await view.user.click(screen.getByRole('button', { name: 'Verificar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('El correo ya está registrado.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Ruta /auth/create-account')).toBeInTheDocument();
    expect(getPendingRegistration()?.payload.tercero.nombres).toBe('Ana');
  });

  it('create mode after a reload: back on the code screen with the countdown where it was, the password asked again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setPendingRegistration(account, Date.now() + 45_000);
    const stored = sessionStorage.getItem(PENDING_REGISTRATION_KEY) ?? '';
    expect(stored).not.toContain('secreta123');
    clearPendingRegistration(); // what a reload does to the in-memory password…
    sessionStorage.setItem(PENDING_REGISTRATION_KEY, stored); // …while sessionStorage stays
    const view = setup(
      { ...resetFlow, mode: 'create', proceso: 'REGISTRO_USUARIO', usuario_id: null },
      { [SIGNUP]: () => json(201, { id: 3, email: 'ana@x.co', detail: 'Cuenta creada.' }) },
    );
    expect(screen.getByText(/00:4[45]/)).toBeInTheDocument();
    view.typeCode('4821');
    const verify = screen.getByRole('button', { name: 'Verificar' });
    expect(verify).toBeDisabled();
    fireEvent.input(screen.getByLabelText('Vuelve a escribir tu contraseña'), {
      target: { value: 'secreta123' },
    });
    expect(verify).toBeEnabled();
    fireEvent.click(verify);
    await screen.findByRole('dialog');
    expect(view.api.bodies(SIGNUP)).toEqual([{ ...account, codigo_otp: '4821' }]);
    expect(sessionStorage.getItem('login_email')).toBe('ana@x.co');
  });

  it('a throttled resend shows the seconds left counting down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup(resetFlow, {
      [OTP]: () =>
        json(429, { detail: 'Debes esperar antes de solicitar un nuevo código.' }, { 'Retry-After': '30' }),
    });
    tick(120_000);
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar código' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Debes esperar antes de solicitar un nuevo código. Podrás intentarlo de nuevo en 30 segundos.',
    );
    tick(10_000);
    expect(dialog).toHaveTextContent('en 20 segundos.');
    expect(dialog.textContent?.match(/\d+/g)).toEqual(['20']);
    expect(screen.getByText('00:20')).toBeInTheDocument();
  });

  it('create mode without a stored registration goes back to create-account', async () => {
    setup({ ...resetFlow, mode: 'create', proceso: 'REGISTRO_USUARIO' });
    expect(await screen.findByText('Ruta /auth/create-account')).toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.getItem('access_otp')).toBeNull());
  });
});
