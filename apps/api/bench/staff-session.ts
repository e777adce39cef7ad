/**
 * A console session for a benchmark: a staff member (operaciones) with TOTP enrolled, inserted straight into the
 * database (its secret sealed with the app's secret, as the API reads it), then signed in through
 * POST /api/operador/sesion/ with a valid code. Answers the staff token. Used by bench:load and by the web
 * benchmarks' users (e2e/bench/bench-users.ts).
 */
import { randomBytes } from 'node:crypto';
import { generateSecret, generateSync } from 'otplib';
import type { Db } from '../src/db/client.ts';
import { staff } from '../src/db/schema.ts';
import { TOTP_SEAL } from '../src/features/operator/staff-auth.service.ts';
import { sealText } from '../src/lib/crypto.ts';
import { hashPassword } from '../src/lib/password.ts';

export async function benchStaffToken(
  db: Db,
  appSecret: string,
  baseUrl: string,
  label: string,
): Promise<string> {
  const correo = `${label}.operador.${randomBytes(3).toString('hex')}@togo.co`;
  const clave = `clave-${label}-operador-2026`;
  const secret = generateSecret();
  await db.insert(staff).values({
    email: correo,
    nombre: `Operador ${label}`,
    rol: 'operaciones',
    passwordHash: await hashPassword(clave),
    totpSecret: sealText(appSecret, TOTP_SEAL, secret),
    totpEnabled: true,
  });
  const res = await fetch(`${baseUrl}/api/operador/sesion/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      correo,
      clave,
      codigo_totp: generateSync({ secret, epoch: Math.floor(Date.now() / 1000) }),
    }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`staff sign-in → ${res.status} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { token: string }).token;
}
