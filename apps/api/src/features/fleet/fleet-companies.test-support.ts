import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { OrganisationRole } from '@togo/domain/organisation/organisation.contract';
import { organisationMembers, providerSnapshots, users, vehicles } from '../../db/schema.ts';
import type { TestContext } from '../../test/test-app.ts';
import { createSignedInUser, type TestUser } from '../garage/garage.test-support.ts';

/** Test support for decision 038: members added straight to the table (the invitation flow has its own tests). */

export async function addMember(
  t: Pick<TestContext, 'database' | 'clock'>,
  organisationId: number,
  rol: OrganisationRole,
): Promise<TestUser> {
  const member = await createSignedInUser(t);
  const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, member.id));
  await t.database.db.insert(organisationMembers).values({
    organisationId,
    correo: row?.email ?? `m${member.id}@correo.com`,
    rol,
    estado: 'activo',
    userId: member.id,
    accepted: t.clock.now(),
  });
  return member;
}

/** Active seats and taken counter of one RTM slot. */
export async function rtmSlot(
  t: Pick<TestContext, 'database'>,
  sede: string,
  fecha: string,
  hora: number,
): Promise<{ bookings: number; taken: number }> {
  const [row] = await t.database.query<{ bookings: number; taken: number }>(
    `select (select count(*)::int from bookings where branch_id = $1 and fecha = $2 and hora = $3
               and estado in ('pendiente_pago', 'confirmada')) as bookings,
            coalesce((select taken from booking_slots where branch_id = $1 and fecha = $2 and hora = $3), 0)::int as taken`,
    [sede, fecha, hora],
  );
  return row ?? { bookings: 0, taken: 0 };
}

/** A fleet vehicle in Bogotá with its registry and fines snapshots (as the look-ups store them). */
export async function addFleetVehicle(
  t: Pick<TestContext, 'database'>,
  ownerId: number,
  placa: string,
  /** The stored registry answer; undefined: never looked up. */
  registry: unknown,
  /** The stored vehicle fines; undefined: never looked up. */
  fines: unknown[] | undefined,
  cityId = 11001,
): Promise<number> {
  const [row] = await t.database.db
    .insert(vehicles)
    .values({
      userId: ownerId,
      placa,
      documentoPropietario: '900123456',
      tipoDocumentoPropietario: 5,
      departmentId: Math.floor(cityId / 1000),
      cityId,
    })
    .returning({ id: vehicles.id });
  if (!row) throw new Error('no vehicle');
  const snap = (kind: 'registry' | 'fines', data: unknown) => ({
    vehicleId: row.id,
    kind,
    provider: 'demo',
    status: 'ok',
    data,
  });
  const snaps = [
    ...(registry === undefined ? [] : [snap('registry', registry)]),
    ...(fines === undefined ? [] : [snap('fines', { comparendos_vehiculo: fines })]),
  ];
  if (snaps.length > 0) await t.database.db.insert(providerSnapshots).values(snaps);
  return row.id;
}

export const fleetFine = (total: number, estado: string, fecha: string) => ({
  numero: `${total}-${fecha}`,
  estado,
  total,
  fecha_infraccion: fecha,
});

/**
 * The text drawn in a PDF written by pdfkit with its standard fonts: every content stream is inflated and the
 * hex strings of its TJ operators decoded (WinAnsi ≈ latin1 for Spanish letters). One line per TJ.
 */
export function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const bytes = Buffer.from(m[1] ?? '', 'latin1');
    let text: string;
    try {
      text = inflateSync(bytes).toString('latin1');
    } catch {
      text = bytes.toString('latin1');
    }
    for (const tj of text.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(tj[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      out.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return out.join('\n');
}
