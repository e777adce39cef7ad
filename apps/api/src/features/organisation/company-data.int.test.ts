import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  COMPANY_DATA_MSG,
  COMPANY_DATA_PATH,
  companyDataSchema,
} from '@togo/domain/organisation/company-data.contract';
import { ORGANISATION_PATHS, invitationPreviewSchema } from '@togo/domain/organisation/organisation.contract';
import { NIT_MSG } from '@togo/domain/reference/nit';
import { GROUP_CLIENT } from '@togo/domain/roles';
import { users } from '../../db/schema.ts';
import { listOutbox } from '../../integrations/messaging/outbox.messenger.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import type { TestUser } from '../garage/garage.test-support.ts';
import { addMember } from '../fleet/fleet-companies.test-support.ts';
import { createCompanyUser } from '../fleet/fleet.test-support.ts';

/** Issue 37: a company's razón social and NIT, set by an administrador and quoted in its invitations. */
let t: TestContext;
let company: TestUser;
let admin: TestUser;
let operador: TestUser;
let consulta: TestUser;
let other: TestUser;
let client: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompanyUser(t);
  admin = await addMember(t, company.id, 'administrador');
  operador = await addMember(t, company.id, 'operador');
  consulta = await addMember(t, company.id, 'consulta');
  other = await createCompanyUser(t);
  client = await createCompanyUser(t, GROUP_CLIENT);
});
afterAll(async () => {
  await t?.close();
});

const get = (user: TestUser | null) =>
  t.app.inject({ method: 'GET', url: COMPANY_DATA_PATH, headers: user?.headers ?? {} });
const put = (user: TestUser | null, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: COMPANY_DATA_PATH,
    headers: user?.headers ?? {},
    payload: payload as object,
  });

async function stored(id: number) {
  const [row] = await t.database.db
    .select({ razonSocial: users.razonSocial, nit: users.nit })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

describe('GET/PUT /api/togo/empresa/datos/', () => {
  it('before anything is set, the company is named by its account and nothing is stored', async () => {
    const res = await get(company);
    expect(res.statusCode, res.body).toBe(200);
    const data = companyDataSchema.parse(res.json());
    expect(data).toMatchObject({ razon_social: null, nit: null, editable: true });
    expect(data.nombre).not.toBe('');
  });

  it('the company owner sets them; the NIT is stored as "base-DV" whatever the dots', async () => {
    const res = await put(company, { razon_social: ' Transportes Álamo S.A.S. ', nit: '890.903.938-8' });
    expect(res.statusCode, res.body).toBe(200);
    expect(companyDataSchema.parse(res.json())).toEqual({
      razon_social: 'Transportes Álamo S.A.S.',
      nit: '890903938-8',
      nombre: 'Transportes Álamo S.A.S. (NIT 890903938-8)',
      editable: true,
    });
    expect(await stored(company.id)).toEqual({ razonSocial: 'Transportes Álamo S.A.S.', nit: '890903938-8' });
  });

  it('an administrador member edits them; every member reads them, editable only for administradores', async () => {
    const res = await put(admin, { razon_social: 'Transportes Álamo S.A.S.', nit: '8001972684' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(company.id)).toEqual({ razonSocial: 'Transportes Álamo S.A.S.', nit: '800197268-4' });
    const read = await get(consulta);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ nit: '800197268-4', editable: false });
    expect((await get(operador)).json()).toMatchObject({ editable: false });
  });

  it('a wrong check digit, a missing name or a link is a 400 on its field and nothing changes', async () => {
    const before = await stored(company.id);
    const bad = await put(company, { razon_social: 'Otra S.A.S.', nit: '800197268-5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ nit: [NIT_MSG.invalid] });
    const noName = await put(company, { razon_social: '  ', nit: '800197268-4' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({ razon_social: [COMPANY_DATA_MSG.nameRequired] });
    const link = await put(company, { razon_social: 'Paga en bit.ly/x', nit: '' });
    expect(link.statusCode).toBe(400);
    const oversized = await put(company, { razon_social: 'Álamo', nit: '1234567890123456-1' });
    expect(oversized.statusCode).toBe(400);
    expect(await stored(company.id)).toEqual(before);
  });

  it('operador and consulta members, a client and no session cannot change them (403/401 before the body)', async () => {
    const before = await stored(company.id);
    for (const member of [operador, consulta]) {
      const res = await put(member, { razon_social: 'Tomada S.A.S.', nit: '899999068-1' });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(COMPANY_DATA_MSG.adminOnly);
      expect((await put(member, { nit: 'x' })).statusCode).toBe(403);
    }
    expect((await put(client, { razon_social: 'Tomada S.A.S.' })).statusCode).toBe(403);
    expect((await put(null, { razon_social: 'Tomada S.A.S.' })).statusCode).toBe(401);
    expect(await stored(company.id)).toEqual(before);
  });

  it("another company's change only touches its own row", async () => {
    const before = await stored(company.id);
    const res = await put(other, { razon_social: 'Otra Flota Ltda.', nit: '899999068-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(other.id)).toEqual({ razonSocial: 'Otra Flota Ltda.', nit: '899999068-1' });
    expect(await stored(company.id)).toEqual(before);
  });

  it('a blank NIT clears it: the company is named by its razón social alone', async () => {
    const res = await put(other, { razon_social: 'Otra Flota Ltda.', nit: '' });
    expect(res.json()).toMatchObject({ nit: null, nombre: 'Otra Flota Ltda.' });
  });
});

describe('the invitation names the company with its NIT', () => {
  it('in the e-mail and on the link’s page', async () => {
    await put(company, { razon_social: 'Transportes Álamo S.A.S.', nit: '890903938-8' });
    const correo = 'nit.invitada@correo.com';
    const res = await t.app.inject({
      method: 'POST',
      url: ORGANISATION_PATHS.members,
      headers: company.headers,
      payload: { correo, rol: 'consulta' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [msg] = await listOutbox(t.database.db, correo, 1);
    expect(msg?.body).toContain('«Transportes Álamo S.A.S. (NIT 890903938-8)»');
    const token = /token=([A-Za-z0-9_-]+)/.exec(msg?.body ?? '')?.[1] ?? '';
    const page = await t.app.inject({
      method: 'GET',
      url: `${ORGANISATION_PATHS.invitation}?token=${token}`,
    });
    expect(invitationPreviewSchema.parse(page.json()).empresa).toBe(
      'Transportes Álamo S.A.S. (NIT 890903938-8)',
    );
  });
});
