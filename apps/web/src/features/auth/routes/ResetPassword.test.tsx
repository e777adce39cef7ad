import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { ResetPasswordRoute } from './ResetPassword.tsx';

const OTP = 'POST /api/identidad/usuarios/solicitar-codigo-otp/';
const sent = () =>
  json(200, {
    detail: 'Código enviado.',
    otp: { canal: ['sms'], destino: '******4567', vigencia_segundos: 120, reenvio_segundos: 60 },
  });

function setup(answers: Response[], path = '/auth/reset-password') {
  const api = mockFetch({ [OTP]: answers });
  const view = renderRoutes(
    [{ path: '/auth/reset-password', Component: ResetPasswordRoute }, stub('/auth/send-code')],
    {
      initialEntries: [path],
    },
  );
  return { ...view, api };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ResetPassword', () => {
  it('asks for a valid email and clears the input when it is not', async () => {
    const view = setup([]);
    await view.user.click(screen.getByRole('button', { name: /Correo electrónico/ }));
    const modal = screen.getByRole('dialog');
    const input = within(modal).getByLabelText('Correo electrónico');
    await view.user.type(input, 'ana@');
    await view.user.click(within(modal).getByRole('button', { name: 'Enviar código' }));
    expect(within(modal).getByText('Por favor ingresa un correo válido.')).toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it('asks for a 10-digit phone and goes to send-code without any account choice (that comes after the code)', async () => {
    const view = setup([sent()]);
    await view.user.click(screen.getByRole('button', { name: /SMS/ }));
    const input = within(screen.getByRole('dialog')).getByLabelText('Número de celular');
    await view.user.type(input, '30012');
    await view.user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(screen.getByText('Por favor ingresa un número de teléfono válido.')).toBeInTheDocument();
    await view.user.type(input, '3001234567');
    await view.user.click(screen.getByRole('button', { name: 'Enviar código' }));

    expect(await screen.findByText('Ruta /auth/send-code')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Acción requerida' })).not.toBeInTheDocument();
    expect(view.api.bodies(OTP)).toEqual([
      { identificador: '3001234567', aplicacion: 'TOGO', proceso: 'RESETEAR_CLAVE' },
    ]);
    expect(sessionStorage.getItem('access_otp')).toBe('true');
    expect(JSON.parse(sessionStorage.getItem('otp_flow') ?? '{}')).toMatchObject({
      mode: 'reset',
      identificador: '3001234567',
      usuario_id: null,
      destino: '******4567',
    });
  });

  it('from=app uses the stored email and phone, shown masked, and names the signed-in account', async () => {
    localStorage.setItem(
      'userInfo',
      JSON.stringify({ id: 9, email: 'juanperez@gmail.com', tercero: { telefono: '3001234567' } }),
    );
    const view = setup([sent()], '/auth/reset-password?from=app');
    expect(screen.getByText('*******ez@gmail.com')).toBeInTheDocument();
    expect(screen.getByText('******4567')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: /SMS/ }));
    expect(await screen.findByText('Ruta /auth/send-code')).toBeInTheDocument();
    expect(view.api.bodies(OTP)).toEqual([
      { identificador: '3001234567', aplicacion: 'TOGO', proceso: 'RESETEAR_CLAVE', usuario_id: 9 },
    ]);
    expect(JSON.parse(sessionStorage.getItem('otp_flow') ?? '{}')).toMatchObject({
      from: 'app',
      usuario_id: 9,
    });
  });

  it('shows the server detail on other errors', async () => {
    const view = setup([
      json(429, { detail: 'Espera 60 segundos para pedir otro código.' }, { 'Retry-After': '60' }),
    ]);
    await view.user.click(screen.getByRole('button', { name: /Correo electrónico/ }));
    await view.user.type(screen.getByLabelText('Correo electrónico'), 'ana@x.co');
    await view.user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Espera 60 segundos para pedir otro código.',
    );
  });
});
