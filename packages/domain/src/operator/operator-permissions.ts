import type { StaffRole } from './operator-auth.contract.ts';

/**
 * What each role may do (issue 13): admin everything; operaciones branches, agenda and bookings; contenido pico
 * y placa, banners, URLs and catalogue; soporte user look-up and support actions, read-only elsewhere.
 * Every /api/operador/ route names one permission; the server checks it before the handler runs, and the console
 * hides what the signed-in role may not do from the same table (decision 039). Plain data, no zod: the console's
 * screens import it without pulling the schemas in.
 */
export const PERMISSIONS = {
  'pico-placa.leer': ['admin', 'operaciones', 'contenido', 'soporte'],
  'pico-placa.editar': ['admin', 'contenido'],
  'agenda.leer': ['admin', 'operaciones', 'contenido', 'soporte'],
  'agendamientos.editar': ['admin', 'operaciones'],
  'sedes.leer': ['admin', 'operaciones', 'contenido', 'soporte'],
  'sedes.editar': ['admin', 'operaciones'],
  'precios.leer': ['admin', 'operaciones', 'contenido', 'soporte'],
  'precios.editar': ['admin', 'operaciones'],
  'auditoria.leer': ['admin'],
  /** The dashboard summary (decision 029). */
  'resumen.leer': ['admin', 'operaciones', 'contenido', 'soporte'],
  /** Reading a driver (look-up, detail): every role; acting on the account: admin and soporte (decision 031). */
  'usuarios.buscar': ['admin', 'operaciones', 'contenido', 'soporte'],
  'usuarios.soporte': ['admin', 'soporte'],
  'contenido.leer': ['admin', 'operaciones', 'contenido', 'soporte'],
  /** Banners, named URLs and catalogue entries. */
  'contenido.editar': ['admin', 'contenido'],
  /** The database's current state in the seed files' format. */
  'exportar.seed': ['admin'],
  'staff.gestionar': ['admin'],
  /** One's own session and TOTP enrolment. */
  'sesion.propia': ['admin', 'operaciones', 'contenido', 'soporte'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function roleMay(rol: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(rol);
}
