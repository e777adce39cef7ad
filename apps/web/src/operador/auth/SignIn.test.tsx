import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPERATOR_MSG } from '@togo/domain/operator/operator-auth.contract';
import { json, mockFetch } from '../../test/fetch-mock.ts';
import { getOperatorToken } from '../lib/operator-api.ts';
import { ADMIN_ME, renderConsole } from '../test/render-console.tsx';

const SESSION = 'POST /api/operador/sesion/';
const ME = 'GET /api/operador/yo/';
const ok = { token: 'staff-tok', rol: 'admin', nombre: 'Ana Admin', totp_pendiente: false };

afterEach(() => vi.unstubAllGlobals());

async function fillCredentials(user: ReturnType<typeof renderConsole>['user']) {
  await user.type(await screen.findByLabelText('Correo'), 'admin@togo.co');
  await user.type(screen.getByLabelText('Clave'), 'clave-segura');
  await user.click(screen.getByRole('button', { name: 'Ingresar' }));
}

describe('console sign-in', () => {
  it('a signed-out visit to any console page shows the sign-in screen', async () => {
    mockFetch({});
    renderConsole('/auditoria');
    expect(await screen.findByRole('heading', { name: 'Ingresar' })).toBeInTheDocument();
  });

  it('shows the server’s message for a wrong password and stays signed out', async () => {
    mockFetch({ [SESSION]: [json(401, { detail: OPERATOR_MSG.badCredentials })] });
    const { user } = renderConsole('/ingresar');
    await fillCredentials(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Correo o clave incorrectos.');
    expect(getOperatorToken()).toBeNull();
  });

  it('asks for the TOTP code when the server does, then signs in to the dashboard', async () => {
    const api = mockFetch({
      [SESSION]: [json(401, { detail: OPERATOR_MSG.totpRequired }), json(200, ok)],
      [ME]: () => json(200, ADMIN_ME),
    });
    const { user } = renderConsole('/ingresar');
    await fillCredentials(user);
    const code = await screen.findByLabelText('Código de verificación');
    await user.type(code, '12a3456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeInTheDocument();
    expect(api.bodies(SESSION)[1]).toEqual({
      correo: 'admin@togo.co',
      clave: 'clave-segura',
      codigo_totp: '123456',
    });
    expect(getOperatorToken()).toBe('staff-tok');
    expect(screen.getByRole('navigation', { name: 'Secciones de la consola' })).toBeInTheDocument();
  });

  it('a wrong TOTP code is shown on the code field', async () => {
    mockFetch({
      [SESSION]: [
        json(401, { detail: OPERATOR_MSG.totpRequired }),
        json(401, { detail: OPERATOR_MSG.totpInvalid }),
      ],
    });
    const { user } = renderConsole('/ingresar');
    await fillCredentials(user);
    await user.type(await screen.findByLabelText('Código de verificación'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(OPERATOR_MSG.totpInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('Código de verificación')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a locked account is told how long to wait', async () => {
    mockFetch({ [SESSION]: [json(429, { detail: OPERATOR_MSG.locked }, { 'retry-after': '840' })] });
    const { user } = renderConsole('/ingresar');
    await fillCredentials(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Intenta de nuevo en 14 minutos \(a las .+\)\./,
    );
  });

  it('an account that must enrol goes to the QR and, once confirmed, to the dashboard', async () => {
    let enrolled = false;
    const api = mockFetch({
      [SESSION]: [json(200, { ...ok, totp_pendiente: true })],
      [ME]: () => json(200, { ...ADMIN_ME, totp: enrolled, totp_pendiente: !enrolled }),
      'POST /api/operador/totp/': () =>
        json(200, { secreto: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qr: 'data:image/png;base64,AA==' }),
      'POST /api/operador/totp/confirmar/': () => {
        enrolled = true;
        return json(200, { totp: true });
      },
    });
    const { user } = renderConsole('/ingresar');
    await fillCredentials(user);
    expect(await screen.findByAltText('Código QR para tu aplicación autenticadora')).toBeInTheDocument();
    expect(screen.getByTestId('totp-secreto')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText('Código de 6 dígitos'), '654321');
    await user.click(screen.getByRole('button', { name: 'Activar' }));
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeInTheDocument();
    expect(api.bodies('POST /api/operador/totp/confirmar/')).toEqual([{ codigo: '654321' }]);
  });
});
