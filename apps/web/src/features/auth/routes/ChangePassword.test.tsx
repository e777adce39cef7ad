import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { setOtpFlow } from '../otp-flow.ts';
import { ChangePasswordRoute, changePasswordProblem } from './ChangePassword.tsx';

const RESET = 'POST /api/identidad/usuarios/resetear-clave/';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('changePasswordProblem', () => {
  it('checks completeness, then equality, then the 8-character minimum', () => {
    expect(changePasswordProblem('', 'abc')).toBe('Por favor, completa todos los campos correctamente.');
    expect(changePasswordProblem('abcdefgh', 'abcdefgi')).toBe(
      'Las contraseñas no coinciden, recuerda que deben ser iguales',
    );
    expect(changePasswordProblem('abc1234', 'abc1234')).toBe(
      'Recuerda que la contraseña debe contar con mínimo 8 caracteres',
    );
    expect(changePasswordProblem('abcd1234', 'abcd1234')).toBeNull();
  });
});

describe('ChangePassword', () => {
  function setup(answer: Response) {
    sessionStorage.setItem('access_change_password', 'true');
    setOtpFlow({
      mode: 'reset',
      proceso: 'RESETEAR_CLAVE',
      identificador: 'ana@x.co',
      usuario_id: 9,
      from: null,
      destino: null,
      codigo: '4821',
    });
    const api = mockFetch({ [RESET]: [answer] });
    const view = renderRoutes(
      [{ path: '/auth/change-password', Component: ChangePasswordRoute }, stub('/auth/login')],
      {
        initialEntries: ['/auth/change-password'],
      },
    );
    return { ...view, api };
  }

  it('warns and clears both fields when the password is too short', async () => {
    const view = setup(json(200, { detail: 'ok' }));
    await view.user.type(screen.getByLabelText('Nueva contraseña'), 'abc123');
    await view.user.type(screen.getByLabelText('Confirmar contraseña'), 'abc123');
    await view.user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Recuerda que la contraseña debe contar con mínimo 8 caracteres',
    );
    expect(screen.getByLabelText('Nueva contraseña')).toHaveValue('');
    expect(screen.getByLabelText('Confirmar contraseña')).toHaveValue('');
    expect(view.api.bodies(RESET)).toHaveLength(0);
  });

  it('sends identificador, codigo_otp, clave, confirmar_clave and usuario_id, then goes to login', async () => {
    const view = setup(json(200, { detail: 'Contraseña actualizada.' }));
    await view.user.type(screen.getByLabelText('Nueva contraseña'), 'nueva1234');
    await view.user.type(screen.getByLabelText('Confirmar contraseña'), 'nueva1234');
    await view.user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Contraseña actualizada.');
    expect(view.api.bodies(RESET)).toEqual([
      {
        identificador: 'ana@x.co',
        codigo_otp: '4821',
        clave: 'nueva1234',
        confirmar_clave: 'nueva1234',
        usuario_id: 9,
      },
    ]);
    expect(sessionStorage.getItem('access_change_password')).toBeNull();
    await view.user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Ruta /auth/login')).toBeInTheDocument();
  });

  it('shows the clave error and clears the fields when the server refuses', async () => {
    const view = setup(json(400, { clave: ['La contraseña es demasiado común.'] }));
    await view.user.type(screen.getByLabelText('Nueva contraseña'), 'password1');
    await view.user.type(screen.getByLabelText('Confirmar contraseña'), 'password1');
    await view.user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('La contraseña es demasiado común.');
    expect(screen.getByLabelText('Nueva contraseña')).toHaveValue('');
  });
});
