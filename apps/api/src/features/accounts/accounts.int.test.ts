import { describe, expect, it } from 'vitest';
import { fileTestApp } from '../../test/file-test-app.ts';
import { signupPayload } from '../../test/signup-payload.ts';
import { accountFlows } from './account-flows.test-support.ts';

// Every test starts well past the previous one's throttling windows.
const t = fileTestApp({ advanceEachMs: 25 * 3600_000 });

const { post, newPerson, requestRegistrationCode, register, login } = accountFlows(() => t);

describe('health and errors', () => {
  it('answers health with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('turns malformed JSON, wrong types and oversized bodies into 4xx, never 500', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/orquestador/auth/',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'El cuerpo de la solicitud no es un JSON válido.' });

    const types = await post('/api/orquestador/auth/', { email: 42, password: ['x'] });
    expect(types.statusCode).toBe(400);
    expect(Object.keys(types.json())).toEqual(expect.arrayContaining(['email', 'password']));

    const big = await t.app.inject({
      method: 'POST',
      url: '/api/orquestador/auth/',
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);

    const unknownEnum = await post('/api/identidad/usuarios/verificar-codigo-otp/', {
      codigo: '1234',
      identificador: 'a@b.co',
      proceso: 'OTRA_COSA',
    });
    expect(unknownEnum.statusCode).toBe(400);
    expect(unknownEnum.json()).toEqual({ proceso: ['Proceso no válido.'] });
  });

  it('answers unknown API paths with a Spanish 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nada/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No encontrado.' });
  });
});

describe('registration', () => {
  it('validates the username asynchronously', async () => {
    const p = await register();
    const taken = await post('/api/identidad/usuarios/validar-username/', {
      username: p.email.toUpperCase(),
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ username: ['El correo ya esta registrado'] });
    const free = await post('/api/identidad/usuarios/validar-username/', { username: 'libre@correo.com' });
    expect(free.json()).toEqual({ disponible: true });
    const invalid = await post('/api/identidad/usuarios/validar-username/', { username: 'no-es-correo' });
    expect(invalid.json()).toEqual({ username: ['Correo no válido'] });
  });

  it("keeps the sign-up's razon_social and answers it in tercero", async () => {
    const p = newPerson();
    expect((await requestRegistrationCode(p)).statusCode).toBe(200);
    const payload = signupPayload(p, await t.lastCode(p.email.toLowerCase()));
    payload.tercero.razon_social = ' Flotas del Norte S.A.S. ';
    expect((await post('/api/identidad/usuarios/signup/', payload)).statusCode).toBe(201);
    t.clock.advance(61_000);
    const res = await login(p.email, p.password);
    expect(res.json().tercero).toMatchObject({ razon_social: 'Flotas del Norte S.A.S.' });
  });

  it('creates a client account with a valid code and signs in by email and by phone', async () => {
    const p = await register();
    const res = await login(p.email, p.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.access_token).toBe(body.token);
    expect(body).toMatchObject({
      id: p.id,
      email: p.email.toLowerCase(),
      nombres: 'María José',
      apellidos: 'Núñez Peña',
      is_first_login_togo: true,
      ids_roles: [1],
      groups: [{ id: 1, name: 'Cliente' }],
      profile_picture: null,
      tercero: { telefono: p.phone },
    });
    const byPhone = await login(p.phone, p.password);
    expect(byPhone.statusCode).toBe(200);
    expect(byPhone.json().id).toBe(p.id);
  });

  it('records the data-processing policy of the sign-up: version and time when given, "not given" without it', async () => {
    const consents = (email: string) =>
      t.database.query<{ purpose: string; accepted: boolean; screen: string; text: string }>(
        `select c.purpose, c.accepted, c.screen, c.text from consent_records c join users u on u.id = c.user_id
         where u.email = $1`,
        [email.toLowerCase()],
      );
    const given = newPerson();
    await requestRegistrationCode(given);
    const code = await t.lastCode(given.email.toLowerCase());
    const res = await post('/api/identidad/usuarios/signup/', {
      ...signupPayload(given, code),
      politica_datos: { version: '1.0', aceptada: true },
    });
    expect(res.statusCode).toBe(201);
    expect(await consents(given.email)).toEqual([
      {
        purpose: 'politica_datos',
        accepted: true,
        screen: 'registro',
        text: 'Aceptó la política de tratamiento de datos personales, versión 1.0.',
      },
    ]);
    // The spec's payload, without the field, stays valid and is recorded as not given.
    const plain = await register();
    expect(await consents(plain.email)).toEqual([
      expect.objectContaining({ purpose: 'politica_datos', accepted: false, screen: 'registro' }),
    ]);
  });

  it('always creates a client, whatever group is sent', async () => {
    const p = newPerson();
    await requestRegistrationCode(p);
    const code = await t.lastCode(p.email.toLowerCase());
    const res = await post('/api/identidad/usuarios/signup/', { ...signupPayload(p, code), group: 2 });
    expect(res.statusCode).toBe(201);
    const me = await login(p.email, p.password);
    expect(me.json().ids_roles).toEqual([1]);
  });

  it('gives every validation message in Spanish and creates nothing', async () => {
    const p = newPerson();
    const payload = signupPayload(p, '12');
    const res = await post('/api/identidad/usuarios/signup/', {
      ...payload,
      email: 'malo',
      password: 'corta',
      password_confirmation: 'otra',
      tercero: { ...payload.tercero, nombres: 'Juan3', apellidos: '', telefono: '12345' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.email).toEqual(['Correo no válido']);
    expect(body.password).toEqual(['La contraseña debe tener al menos 8 caracteres.']);
    expect(body.codigo_otp).toEqual(['El código debe tener 4 dígitos.']);
    expect(body.tercero.nombres).toEqual(['Solo se permiten letras y espacios']);
    expect(body.tercero.apellidos).toContain('Este campo es obligatorio');
    expect(body.tercero.telefono).toEqual(['Debe tener 10 dígitos numéricos']);
    const mismatch = await post('/api/identidad/usuarios/signup/', {
      ...signupPayload(p, '1234'),
      password_confirmation: 'ClaveDistinta123',
    });
    expect(mismatch.json()).toEqual({ password_confirmation: ['Las contraseñas no coinciden'] });
    expect((await login(p.email, p.password)).statusCode).toBe(400);
  });

  it('rejects a sign-up without a valid registration code for that email and phone', async () => {
    const p = newPerson();
    const none = await post('/api/identidad/usuarios/signup/', signupPayload(p, '1234'));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      codigo_otp: ['El código no es válido o ha expirado. Solicita uno nuevo.'],
    });

    await requestRegistrationCode(p);
    const code = await t.lastCode(p.email.toLowerCase());
    // The code is bound to the phone it was requested with.
    const otherPhone = await post(
      '/api/identidad/usuarios/signup/',
      signupPayload({ ...p, phone: '3119998877' }, code),
    );
    expect(otherPhone.statusCode).toBe(400);
    expect(otherPhone.json()).toEqual({ codigo_otp: ['El código ingresado es incorrecto.'] });
    // Expired after 2 minutes.
    t.clock.advance(121_000);
    const late = await post('/api/identidad/usuarios/signup/', signupPayload(p, code));
    expect(late.json()).toEqual({
      codigo_otp: ['El código no es válido o ha expirado. Solicita uno nuevo.'],
    });
  });

  it('sends the code by email and SMS with Spanish texts, and refuses a taken email', async () => {
    const p = newPerson();
    const res = await requestRegistrationCode(p);
    expect(res.json()).toMatchObject({ otp: { canal: ['email', 'sms'], vigencia_segundos: 120 } });
    const outbox = await t.app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(p.email)}`,
    });
    const [mail] = outbox.json();
    expect(mail).toMatchObject({ channel: 'email', subject: 'Tu código para crear tu cuenta TOGO' });
    expect(mail.body).toContain(mail.code);
    const sms = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${p.phone}` });
    expect(sms.json()[0]).toMatchObject({ channel: 'sms', code: mail.code });

    const done = await register();
    t.clock.advance(61_000);
    const taken = await requestRegistrationCode(done);
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ correo: ['El correo ya esta registrado'] });
  });

  it('does not let a registration code be used twice', async () => {
    const p = newPerson();
    await requestRegistrationCode(p);
    const code = await t.lastCode(p.email.toLowerCase());
    expect((await post('/api/identidad/usuarios/signup/', signupPayload(p, code))).statusCode).toBe(201);
    const again = await post('/api/identidad/usuarios/signup/', signupPayload(p, code));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ email: ['El correo ya esta registrado'] });
  });
});

describe('sign-in', () => {
  it('gives the same answer for an unknown account and a wrong password', async () => {
    const p = await register();
    const wrong = await login(p.email, 'OtraClave999');
    const unknown = await login('nadie@correo.com', 'OtraClave999');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      detail: 'No fue posible iniciar sesión con las credenciales proporcionadas.',
    });
  });

  it('answers 406 with the accounts when a phone matches several, and signs into the chosen one', async () => {
    const phone = '3157778899';
    const a = await register(newPerson(phone));
    const b = await register(newPerson(phone));
    const res = await login(phone, 'ClaveSegura123');
    expect(res.statusCode).toBe(406);
    const body = res.json();
    expect(body.detalles).toMatch(/varias cuentas/);
    expect(body.opciones).toHaveLength(2);
    expect(body.opciones.map((o: { id: number }) => o.id).sort()).toEqual([a.id, b.id].sort());
    expect(body.opciones[0].correo).toMatch(/^\*+\d?\.?[a-z]*@correo\.com$|^\*+..@correo\.com$/);
    const chosen = await login(phone, 'ClaveSegura123', { usuario_id: b.id });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().id).toBe(b.id);
    // A wrong password never reveals that several accounts exist.
    const wrong = await login(phone, 'NoEsLaClave1');
    expect(wrong.statusCode).toBe(400);
  });

  it('throttles an account with growing delays and answers 429 with Retry-After', async () => {
    const p = await register();
    for (let i = 0; i < 5; i++) expect((await login(p.email, `Mala${i}clave!`)).statusCode).toBe(400);
    const blocked = await login(p.email, p.password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    t.clock.advance(1_100);
    expect((await login(p.email, 'Mala5clave!')).statusCode).toBe(400);
    const longer = await login(p.email, p.password);
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThanOrEqual(2);
    t.clock.advance(3_000);
    expect((await login(p.email, p.password)).statusCode).toBe(200);
  });

  it('throttles by IP across accounts', async () => {
    const headers = { 'x-forwarded-for': '10.0.0.1' };
    for (let i = 0; i < 20; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orquestador/auth/',
        payload: { email: `desconocido${i}@correo.com`, password: 'Cualquiera1' },
        headers,
        remoteAddress: '10.9.9.9',
      });
      expect(res.statusCode).toBe(400);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orquestador/auth/',
      payload: { email: 'otro@correo.com', password: 'Cualquiera1' },
      remoteAddress: '10.9.9.9',
    });
    expect(res.statusCode).toBe(429);
  });
});

describe('sessions', () => {
  it('confirms the session, requires the token and revokes it at logout', async () => {
    const p = await register();
    const { token } = (await login(p.email, p.password)).json();
    const auth = { authorization: `Token ${token}` };
    const none = await t.app.inject({ method: 'GET', url: '/api/togo/users/confirmar_inicio_sesion/' });
    expect(none.statusCode).toBe(401);
    expect(none.json().detail).toBeTypeOf('string');
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/togo/users/confirmar_inicio_sesion/',
      headers: auth,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: p.id, email: p.email.toLowerCase(), ids_roles: [1] });
    expect(ok.json().token).toBeUndefined();
    const out = await post('/api/users/logout/', { token }, auth);
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/togo/users/confirmar_inicio_sesion/',
      headers: auth,
    });
    expect(after.statusCode).toBe(401);
  });

  it('expires a token after 30 days without use and slides while used', async () => {
    const p = await register();
    const { token } = (await login(p.email, p.password)).json();
    const auth = { authorization: `Token ${token}` };
    const confirm = () =>
      t.app.inject({ method: 'GET', url: '/api/togo/users/confirmar_inicio_sesion/', headers: auth });
    t.clock.advance(20 * 86_400_000);
    expect((await confirm()).statusCode).toBe(200);
    t.clock.advance(20 * 86_400_000);
    expect((await confirm()).statusCode).toBe(200);
    t.clock.advance(31 * 86_400_000);
    expect((await confirm()).statusCode).toBe(401);
  });

  it('stores neither tokens nor codes in clear', async () => {
    const p = newPerson();
    await requestRegistrationCode(p);
    const code = await t.lastCode(p.email.toLowerCase());
    await post('/api/identidad/usuarios/signup/', signupPayload(p, code));
    const { token } = (await login(p.email, p.password)).json();
    const tokens = await t.database.query<{ token_hash: string }>('select token_hash from auth_tokens');
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.some((r) => r.token_hash === token || r.token_hash.includes(token))).toBe(false);
    expect(tokens.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
    const codes = await t.database.query<{ code_hmac: string }>('select code_hmac from otp_codes');
    // 64 hex characters (an HMAC), never the 6-digit code itself. ('includes(code)' would fail at random: any
    // 64-hex string contains a given 6-digit run now and then.)
    expect(codes.every((r) => /^[0-9a-f]{64}$/.test(r.code_hmac) && r.code_hmac !== code)).toBe(true);
    const pw = await t.database.query<{ password_hash: string }>(
      'select password_hash from users where id = (select max(id) from users)',
    );
    expect(pw[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('user type', () => {
  it('lets the owner choose company once and hides other users behind 404', async () => {
    const p = await register();
    const other = await register();
    const { token } = (await login(p.email, p.password)).json();
    const auth = { authorization: `Token ${token}` };
    const patch = (id: number, payload: unknown, headers = auth) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/users-admin-manager/${id}/`,
        payload: payload as object,
        headers,
      });

    expect((await patch(other.id, { groups: [2], is_first_login_togo: false })).statusCode).toBe(404);
    expect((await patch(p.id, { groups: [2] }, { authorization: 'Token nope' })).statusCode).toBe(401);
    const bad = await patch(p.id, { groups: [7] });
    expect(bad.statusCode).toBe(400);
    const res = await patch(p.id, { groups: [2], is_first_login_togo: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ids_roles: [2],
      groups: [{ id: 2, name: 'Empresa' }],
      is_first_login_togo: false,
    });
    const again = await patch(p.id, { groups: [1], is_first_login_togo: true });
    expect(again.statusCode).toBe(403);
    const confirm = await t.app.inject({
      method: 'GET',
      url: '/api/togo/users/confirmar_inicio_sesion/',
      headers: auth,
    });
    expect(confirm.json()).toMatchObject({ ids_roles: [2], is_first_login_togo: false });
  });
});
