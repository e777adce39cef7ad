import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  invitationGoneSchema,
  invitationLiveSchema,
  OPERATOR_MSG,
  totpEnrolmentSchema,
} from '@togo/domain/operator/operator-auth.contract';
import { contractJson, inTurn, json, server } from '../../test/api-server.ts';
import { getOperatorToken, setOperatorToken } from '../lib/operator-api.ts';
import { ADMIN_ME, answerMe, answerSummary, renderConsole } from '../test/render-console.tsx';

const TOKEN = 'a'.repeat(43);
const CHECK = '/api/operador/invitacion/';

describe('staff invitation link (issue 38): checked when the page opens', () => {
  it.each([
    ['usada', 'Invitación ya usada', OPERATOR_MSG.invitationUsed],
    ['vencida', 'Invitación vencida', OPERATOR_MSG.invitationExpired],
    ['reemplazada', 'Invitación reemplazada', OPERATOR_MSG.invitationReplaced],
  ] as const)('a %s link says so, with no password form', async (estado, title, detail) => {
    server.use(
      http.get(CHECK, () => contractJson(invitationGoneSchema, { estado, detail }, { status: 410 })),
    );
    renderConsole(`/invitacion?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(detail)).toBeInTheDocument();
    expect(screen.queryByLabelText('Clave nueva')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir a ingresar' })).toBeInTheDocument();
  });

  it('a live link greets the person and shows the form', async () => {
    const check = inTurn(contractJson(invitationLiveSchema, { correo: 'luis@togo.co', nombre: 'Luis Ops' }));
    server.use(http.get(CHECK, check));
    renderConsole(`/invitacion?token=${TOKEN}`);
    expect(await screen.findByLabelText('Clave nueva')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Hola, Luis Ops. Define la clave con la que ingresarás a la consola como luis@togo.co.',
      ),
    ).toBeInTheDocument();
  });

  it('a failed check offers a retry rather than the form', async () => {
    server.use(
      http.get(
        CHECK,
        inTurn(
          json(503, { detail: 'Servicio no disponible.' }),
          contractJson(invitationLiveSchema, { correo: 'luis@togo.co', nombre: 'Luis Ops' }),
        ),
      ),
    );
    const { user } = renderConsole(`/invitacion?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Servicio no disponible.');
    expect(screen.queryByLabelText('Clave nueva')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByLabelText('Clave nueva')).toBeInTheDocument();
  });
});

describe('TOTP enrolment (issue 38): a way back', () => {
  const enrolment = () =>
    http.post('/api/operador/totp/', () =>
      contractJson(totpEnrolmentSchema, {
        secreto: 'JBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/x',
        qr: 'data:image/png;base64,AA==',
      }),
    );

  it('a member who may skip it goes back to the console', async () => {
    setOperatorToken('tok');
    server.use(
      answerMe(() => ({ ...ADMIN_ME, totp: false })),
      enrolment(),
      answerSummary(),
    );
    const { user } = renderConsole('/verificacion');
    await screen.findByAltText('Código QR para tu aplicación autenticadora');
    await user.click(screen.getByRole('link', { name: 'Volver al inicio sin activarla' }));
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeInTheDocument();
  });

  it('a member who must enrol first can sign out', async () => {
    setOperatorToken('tok');
    server.use(
      answerMe(() => ({ ...ADMIN_ME, totp: false, totp_pendiente: true })),
      enrolment(),
      http.delete('/api/operador/sesion/', () => new Response(null, { status: 204 })),
    );
    const { user } = renderConsole('/verificacion');
    await screen.findByAltText('Código QR para tu aplicación autenticadora');
    expect(screen.queryByRole('link', { name: 'Volver al inicio sin activarla' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión y volver a ingresar más tarde' }));
    expect(await screen.findByRole('heading', { name: 'Ingresar' })).toBeInTheDocument();
    expect(getOperatorToken()).toBeNull();
  });
});
