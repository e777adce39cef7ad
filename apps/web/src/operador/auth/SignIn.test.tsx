import { screen } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  OPERATOR_MSG,
  operatorSessionSchema,
  totpConfirmedSchema,
  totpEnrolmentSchema,
  type OperatorSession,
} from '@togo/domain/operator/operator-auth.contract';
import { contractJson, inTurn, json, server } from '../../test/api-server.ts';
import { getOperatorToken } from '../lib/operator-api.ts';
import { ADMIN_ME, answerMe, answerSummary, renderConsole } from '../test/render-console.tsx';

const SESSION = '/api/operador/sesion/';
const CODES = Array.from({ length: 10 }, (_, i) => `aaaaa-bbbb${i + 2}`);
const ok: OperatorSession = { token: 'staff-tok', rol: 'admin', nombre: 'Ana Admin', totp_pendiente: false };
const signedIn = (session: OperatorSession = ok) => contractJson(operatorSessionSchema, session);

// Signing in lands on the console's home (Inicio), which reads the day's summary.
beforeEach(() => server.use(answerSummary()));

/** POST /api/operador/sesion/ answering in turn; its bodies are the attempts. */
function sessionAnswers(...responses: Response[]) {
  const answers = inTurn(...responses);
  server.use(http.post(SESSION, answers));
  return answers;
}

async function fillCredentials(user: ReturnType<typeof renderConsole>['user']) {
  await user.type(await screen.findByLabelText('Correo'), 'admin@togo.co');
  await user.type(screen.getByLabelText('Clave'), 'clave-segura');
  await user.click(screen.getByRole('button', { name: 'Ingresar' }));
}

describe('console sign-in', () => {
  it('a signed-out visit to any console page shows the sign-in screen', async () => {
    renderConsole('/auditoria');
    expect(await screen.findByRole('heading', { name: 'Ingresar' })).toBeInTheDocument();
  });

  it('shows the server’s message for a wrong password and stays signed out', async () => {
    sessionAnswers(json(401, { detail: OPERATOR_MSG.badCredentials }));
    const { user } = renderConsole('/ingresar');
    await fillCredentials(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Correo o clave incorrectos.');
    expect(getOperatorToken()).toBeNull();
  });

  it('asks for the TOTP code when the server does, then signs in to the dashboard', async () => {
    const attempts = sessionAnswers(json(401, { detail: OPERATOR_MSG.totpRequired }), signedIn());
    server.use(answerMe());
    const { user } = renderConsole('/ingresar');
    await fillCredentials(user);
    const code = await screen.findByLabelText('Código de verificación');
    await user.type(code, '12a3456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeInTheDocument();
    expect(attempts.bodies[1]).toEqual({
      correo: 'admin@togo.co',
      clave: 'clave-segura',
      codigo_totp: '123456',
    });
    expect(getOperatorToken()).toBe('staff-tok');
    expect(screen.getByRole('navigation', { name: 'Secciones de la consola' })).toBeInTheDocument();
  });

  it('signs in with a recovery code instead of the app’s code (decision 065)', async () => {
    const attempts = sessionAnswers(
      json(401, { detail: OPERATOR_MSG.totpRequired }),
      json(401, { detail: OPERATOR_MSG.recoveryInvalid }),
      signedIn(),
    );
    server.use(answerMe());
    const { user } = renderConsole('/ingresar');
    await fillCredentials(user);
    await user.click(
      await screen.findByRole('button', { name: '¿No tienes tu teléfono? Usa un código de recuperación' }),
    );
    const field = screen.getByLabelText('Código de recuperación');
    await user.type(field, 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(OPERATOR_MSG.recoveryInvalid)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Código de recuperación'), 'bcdef-ghijk');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeInTheDocument();
    expect(attempts.bodies[2]).toEqual({
      correo: 'admin@togo.co',
      clave: 'clave-segura',
      codigo_recuperacion: 'bcdef-ghijk',
    });
  });

  it('a wrong TOTP code is shown on the code field', async () => {
    sessionAnswers(
      json(401, { detail: OPERATOR_MSG.totpRequired }),
      json(401, { detail: OPERATOR_MSG.totpInvalid }),
    );
    const { user } = renderConsole('/ingresar');
    await fillCredentials(user);
    await user.type(await screen.findByLabelText('Código de verificación'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(OPERATOR_MSG.totpInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('Código de verificación')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a locked account is told how long to wait', async () => {
    sessionAnswers(json(429, { detail: OPERATOR_MSG.locked }, { 'retry-after': '840' }));
    const { user } = renderConsole('/ingresar');
    await fillCredentials(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Intenta de nuevo en 14 minutos \(a las .+\)\./,
    );
  });

  it('an account that must enrol goes to the QR, its recovery codes and, once saved, to the dashboard', async () => {
    let enrolled = false;
    sessionAnswers(signedIn({ ...ok, totp_pendiente: true }));
    const confirm = inTurn(contractJson(totpConfirmedSchema, { totp: true, codigos_recuperacion: CODES }));
    server.use(
      answerMe(() => ({ ...ADMIN_ME, totp: enrolled, totp_pendiente: !enrolled })),
      http.post('/api/operador/totp/', () =>
        contractJson(totpEnrolmentSchema, {
          secreto: 'JBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/x',
          qr: 'data:image/png;base64,AA==',
        }),
      ),
      http.post('/api/operador/totp/confirmar/', (info) => {
        enrolled = true;
        return confirm(info);
      }),
    );
    const { user } = renderConsole('/ingresar');
    await fillCredentials(user);
    expect(await screen.findByAltText('Código QR para tu aplicación autenticadora')).toBeInTheDocument();
    expect(screen.getByTestId('totp-secreto')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText('Código de 6 dígitos'), '654321');
    await user.click(screen.getByRole('button', { name: 'Activar' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Tu verificación en dos pasos quedó activada.',
    );
    const list = screen.getByRole('list', { name: 'Códigos de recuperación' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(list).toHaveTextContent('aaaaa-bbbb2');
    await user.click(screen.getByRole('button', { name: 'Ya los guardé, continuar' }));
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeInTheDocument();
    expect(confirm.bodies).toEqual([{ codigo: '654321' }]);
  });
});
