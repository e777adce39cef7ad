import { and, eq, notInArray, sql } from 'drizzle-orm';
import { FROM_FLOWS, PERITAJE_FUELS, PERITAJE_GROUPS } from '@togo/domain/booking/booking.contract';
import { z } from 'zod';
import type { Db } from '../client.ts';
import { bookingBranches, peritajeCombos, rtmPrices, tramites } from '../schema.ts';
import { excludedSet } from './upsert.ts';

/** apps/api/seed-data/booking.json: branches, RTM prices, peritaje combos and trámites (see seed-data/README.md). */

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'hora HH:mm');
const dayHours = z
  .strictObject({ apertura: hhmm, cierre: hhmm })
  .refine((d) => d.apertura < d.cierre, { message: 'la apertura debe ser anterior al cierre' });
const staticOrUrl = z
  .string()
  .refine((v) => /^https?:\/\/\S+$/.test(v) || /^\/static\/\S+$/.test(v), 'URL http(s) o ruta /static/…');
const VEHICLE_GROUPS = ['LIVIANOS', 'MOTOS', 'PESADOS'] as const;

const branchSchema = z.strictObject({
  id: z.string().regex(/^[A-Z0-9-]{3,40}$/, 'código en mayúsculas, dígitos y guiones'),
  servicio: z.enum(FROM_FLOWS),
  nombre: z.string().trim().min(1).max(200),
  direccion: z.string().trim().min(1).max(300),
  /** DANE municipality code, 5 digits. */
  ciudad: z.string().regex(/^\d{5}$/, 'código DANE de 5 dígitos'),
  telefono: z.string().trim().min(7).max(40),
  lat: z.number().min(-5).max(14),
  lng: z.number().min(-82).max(-66),
  maps: z.url(),
  imagen: staticOrUrl,
  horario: z.strictObject({ lunes_viernes: dayHours, sabado: dayHours.nullable() }),
  capacidad: z.number().int().min(1).max(100),
  atiende: z.array(z.enum(VEHICLE_GROUPS)).min(1),
  a_domicilio: z.boolean().default(false),
  activo: z.boolean().default(true),
});

export const bookingFileSchema = z
  .strictObject({
    $comment: z.string().optional(),
    version: z.number().int().min(1),
    rtm_tarifas: z
      .array(
        z.strictObject({
          clase: z.string().regex(/^[A-Z ]+$/),
          grupo: z.enum(VEHICLE_GROUPS),
          precio: z.number().int().positive(),
        }),
      )
      .min(1),
    sedes: z.array(branchSchema).min(1),
    combos: z.array(
      z.strictObject({
        id: z.string().regex(/^[A-Z0-9-]{3,60}$/),
        grupo: z.enum(PERITAJE_GROUPS),
        combustible: z.enum(PERITAJE_FUELS),
        short_name: z.string().min(1).max(40),
        text: z.string().min(1).max(200),
        price: z.number().int().positive(),
        sede: z.string().min(1).max(200),
        tasks: z.array(z.string().min(1)).min(1),
      }),
    ),
    tramites: z.array(
      z.strictObject({
        id: z.string().regex(/^[A-Z0-9_]{3,60}$/),
        nombre: z.string().min(1).max(200),
        precio: z.number().int().positive(),
        descripcion: z.string().min(1).max(1000),
        icono: staticOrUrl,
      }),
    ),
  })
  .superRefine((file, ctx) => {
    const unique = (list: { id: string }[], key: string) => {
      const seen = new Set<string>();
      list.forEach((item, i) => {
        if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [key, i, 'id'], message: 'repetido' });
        seen.add(item.id);
      });
    };
    unique(file.sedes, 'sedes');
    unique(file.combos, 'combos');
    unique(file.tramites, 'tramites');
  });
export type BookingFile = z.infer<typeof bookingFileSchema>;

/** Every '/static/…' path the file references (checked against apps/api/public by seed-files.ts). */
export function bookingStaticReferences(file: BookingFile): { where: string; link: string }[] {
  return [
    ...file.sedes.map((s) => ({ where: `sedes.${s.id}.imagen`, link: s.imagen })),
    ...file.tramites.map((t) => ({ where: `tramites.${t.id}.icono`, link: t.icono })),
  ];
}

/**
 * Upserts branches, prices, combos and trámites. Branches missing from the file are deactivated (bookings keep
 * pointing at them); prices, combos and trámites missing from the file are deleted. Rows edited in the console
 * (`edited`) are neither updated, deactivated nor deleted (decisions 022 and 037).
 */
export async function seedBooking(
  db: Db,
  file: BookingFile,
  knownCities: ReadonlySet<number>,
): Promise<{ branches: number; combos: number; tramites: number; prices: number }> {
  const unknown = file.sedes.filter((s) => !knownCities.has(Number(s.ciudad)));
  if (unknown.length > 0) {
    throw new Error(
      `booking.json: ciudades inexistentes en DIVIPOLA: ${unknown.map((s) => s.ciudad).join(', ')}`,
    );
  }
  const branchRows = file.sedes.map((s, i) => ({
    id: s.id,
    servicio: s.servicio,
    nombre: s.nombre,
    direccion: s.direccion,
    cityId: Number(s.ciudad),
    telefono: s.telefono,
    lat: s.lat,
    lng: s.lng,
    maps: s.maps,
    imagen: s.imagen,
    horario: s.horario,
    capacidad: s.capacidad,
    atiende: s.atiende,
    aDomicilio: s.a_domicilio,
    activo: s.activo,
    orden: (i + 1) * 10,
  }));
  await db
    .insert(bookingBranches)
    .values(branchRows)
    .onConflictDoUpdate({
      target: bookingBranches.id,
      set: excludedSet({
        servicio: bookingBranches.servicio,
        nombre: bookingBranches.nombre,
        direccion: bookingBranches.direccion,
        cityId: bookingBranches.cityId,
        telefono: bookingBranches.telefono,
        lat: bookingBranches.lat,
        lng: bookingBranches.lng,
        maps: bookingBranches.maps,
        imagen: bookingBranches.imagen,
        horario: bookingBranches.horario,
        capacidad: bookingBranches.capacidad,
        atiende: bookingBranches.atiende,
        aDomicilio: bookingBranches.aDomicilio,
        activo: bookingBranches.activo,
        orden: bookingBranches.orden,
      }),
      // A branch edited in the console keeps its edits (decision 022: seed files are first-run defaults).
      setWhere: sql`not ${bookingBranches.edited}`,
    });
  await db
    .update(bookingBranches)
    .set({ activo: false })
    .where(
      and(
        notInArray(
          bookingBranches.id,
          branchRows.map((b) => b.id),
        ),
        eq(bookingBranches.edited, false),
      ),
    );

  await db
    .insert(rtmPrices)
    .values(file.rtm_tarifas)
    .onConflictDoUpdate({
      target: rtmPrices.clase,
      set: excludedSet({ grupo: rtmPrices.grupo, precio: rtmPrices.precio }),
      // A price edited in the console keeps its value and is never deleted (decision 037, after 022).
      setWhere: sql`not ${rtmPrices.edited}`,
    });
  await db.delete(rtmPrices).where(
    and(
      notInArray(
        rtmPrices.clase,
        file.rtm_tarifas.map((p) => p.clase),
      ),
      eq(rtmPrices.edited, false),
    ),
  );

  const comboRows = file.combos.map((c, i) => ({
    id: c.id,
    grupo: c.grupo,
    combustible: c.combustible,
    shortName: c.short_name,
    text: c.text,
    precio: c.price,
    proveedor: c.sede,
    tasks: c.tasks,
    orden: (i + 1) * 10,
  }));
  if (comboRows.length > 0) {
    await db
      .insert(peritajeCombos)
      .values(comboRows)
      .onConflictDoUpdate({
        target: peritajeCombos.id,
        set: excludedSet({
          grupo: peritajeCombos.grupo,
          combustible: peritajeCombos.combustible,
          shortName: peritajeCombos.shortName,
          text: peritajeCombos.text,
          precio: peritajeCombos.precio,
          proveedor: peritajeCombos.proveedor,
          tasks: peritajeCombos.tasks,
          orden: peritajeCombos.orden,
        }),
        setWhere: sql`not ${peritajeCombos.edited}`,
      });
  }
  await db.delete(peritajeCombos).where(
    and(
      comboRows.length
        ? notInArray(
            peritajeCombos.id,
            comboRows.map((c) => c.id),
          )
        : sql`true`,
      eq(peritajeCombos.edited, false),
    ),
  );

  const tramiteRows = file.tramites.map((t, i) => ({
    id: t.id,
    nombre: t.nombre,
    precio: t.precio,
    descripcion: t.descripcion,
    icono: t.icono,
    orden: (i + 1) * 10,
  }));
  if (tramiteRows.length > 0) {
    await db
      .insert(tramites)
      .values(tramiteRows)
      .onConflictDoUpdate({
        target: tramites.id,
        set: excludedSet({
          nombre: tramites.nombre,
          precio: tramites.precio,
          descripcion: tramites.descripcion,
          icono: tramites.icono,
          orden: tramites.orden,
        }),
        setWhere: sql`not ${tramites.edited}`,
      });
  }
  await db.delete(tramites).where(
    and(
      tramiteRows.length
        ? notInArray(
            tramites.id,
            tramiteRows.map((t) => t.id),
          )
        : sql`true`,
      eq(tramites.edited, false),
    ),
  );
  return {
    branches: branchRows.length,
    combos: comboRows.length,
    tramites: tramiteRows.length,
    prices: file.rtm_tarifas.length,
  };
}
