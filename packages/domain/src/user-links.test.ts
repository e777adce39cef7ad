import { describe, expect, it } from 'vitest';
import { signupRequestSchema } from './auth/auth.contract.ts';
import { staffInviteSchema } from './operator/operator-auth.contract.ts';
import { profileNameChangeSchema } from './profile/profile.contract.ts';
import { LINK_REFUSED_MSG, containsLink, stripLinks } from './user-links.ts';

describe('links in names', () => {
  it.each([
    'Tu cuenta bancaria fue bloqueada http://banco.example/x',
    'HTTPS://EVIL.CO',
    'visita www.ejemplo',
    'bit.ly/abc',
    'banco-seguro.com',
    'Pagos.Co verifica',
    'escribe a soporte@banco.co',
    'ir a 192.168.0.1/login',
    'dominio.xn--p1ai',
  ])('finds a link in %j', (text) => {
    expect(containsLink(text)).toBe(true);
  });

  it.each([
    'Transportes Andinos S.A.S.',
    'Logística & Cía. Ltda.',
    'Flota Ñandú 3.5 T',
    'Calle 5.A',
    'José Pérez',
  ])('finds none in %j', (text) => {
    expect(containsLink(text)).toBe(false);
  });

  it('strips the words that hold a link, keeping the rest', () => {
    expect(stripLinks('Acme S.A.S. https://x.co/a?b=1  visita  bit.ly/z ya')).toBe('Acme S.A.S. visita ya');
    expect(stripLinks('www.x.com')).toBe('');
  });
});

describe('names that reach other inboxes refuse links (issue 35, finding 5)', () => {
  const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.error?.issues.map((i) => i.message) ?? [];

  it('the company name at sign-up and in the profile, and a staff member invited', () => {
    const signup = {
      email: 'a@b.co',
      password: 'clave-segura-1',
      password_confirmation: 'clave-segura-1',
      codigo_otp: '1234',
      tercero: { telefono: '3001234567', nombres: 'Ana', apellidos: 'Gómez', razon_social: 'Pagos www.x.co' },
    };
    expect(messages(signupRequestSchema.safeParse(signup))).toEqual([LINK_REFUSED_MSG]);
    signup.tercero.razon_social = 'Transportes Andinos S.A.S.';
    expect(signupRequestSchema.safeParse(signup).success).toBe(true);

    const profile = { first_name: 'Ana', last_name: 'Gómez', intermediaryy: { bussines_name: 'bit.ly/x' } };
    expect(messages(profileNameChangeSchema.safeParse(profile))).toEqual([LINK_REFUSED_MSG]);

    const staff = { correo: 'ops@togo.co', nombre: 'Ana http://x.co', rol: 'soporte' };
    expect(messages(staffInviteSchema.safeParse(staff))).toEqual([LINK_REFUSED_MSG]);
  });
});
