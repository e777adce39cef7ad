import { branchPatchSchema } from '@togo/domain/operator/operator-console.contract';
import { branchCreateSchema, type OperatorBranch } from '@togo/domain/operator/operator-ops.contract';
import { fieldErrors } from '../../../lib/api-client.ts';

/** What the branch form holds (text as typed; numbers parsed on submit). */
export interface BranchDraft {
  id: string;
  servicio: string;
  nombre: string;
  direccion: string;
  departamento: string;
  ciudad: string;
  telefono: string;
  capacidad: string;
  apertura: string;
  cierre: string;
  sabado: boolean;
  sabApertura: string;
  sabCierre: string;
  atiende: string[];
  aDomicilio: boolean;
  activa: boolean;
  lat: string;
  lng: string;
}

/** The fields an error can be shown at (the wire's names, as the API's 400 names them). */
export const BRANCH_ERROR_FIELDS = [
  'id',
  'servicio',
  'nombre',
  'direccion',
  'ciudad',
  'telefono',
  'capacidad',
  'horario',
  'atiende',
  'lat',
  'lng',
] as const;
export type BranchErrorField = (typeof BRANCH_ERROR_FIELDS)[number];
export type BranchErrors = Partial<Record<BranchErrorField, string>>;

/** A municipality's DANE code ('05001') names its department in its first two digits (DIVIPOLA). */
export const departmentOf = (dane: string) => (/^\d{5}$/.test(dane) ? String(Number(dane.slice(0, 2))) : '');

export function draftOf(branch: OperatorBranch | null): BranchDraft {
  return {
    id: branch?.id ?? '',
    servicio: branch?.servicio ?? 'rtm',
    nombre: branch?.nombre ?? '',
    direccion: branch?.direccion ?? '',
    departamento: departmentOf(branch?.ciudad ?? ''),
    ciudad: branch?.ciudad ?? '',
    telefono: branch?.telefono ?? '',
    capacidad: String(branch?.capacidad ?? 4),
    apertura: branch?.horario.lunes_viernes.apertura ?? '07:00',
    cierre: branch?.horario.lunes_viernes.cierre ?? '17:00',
    sabado: branch ? branch.horario.sabado !== null : true,
    sabApertura: branch?.horario.sabado?.apertura ?? '08:00',
    sabCierre: branch?.horario.sabado?.cierre ?? '12:00',
    atiende: branch?.atiende ?? ['LIVIANOS'],
    aDomicilio: branch?.a_domicilio ?? false,
    activa: branch?.activa ?? true,
    lat: String(branch?.lat ?? ''),
    lng: String(branch?.lng ?? ''),
  };
}

const REQUIRED = 'Este campo es obligatorio.';
/** A number typed with a comma as decimal separator reads as one; blank stays blank. */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim().replace(',', '.')));

/**
 * The request body of the form and the errors to show at each field before sending (the domain's own schemas, so
 * the messages are the API's). A new branch sends every field; an edit sends only what differs from `branch`.
 */
export function branchBody(
  f: BranchDraft,
  branch: OperatorBranch | null,
): { body: Record<string, unknown> | null; errors: BranchErrors } {
  const full = wireFields(f);
  const errors: BranchErrors = {};
  // Blank required fields first, in the screen's words; then the schema's checks.
  for (const key of ['nombre', 'direccion', 'telefono', 'capacidad', 'lat', 'lng'] as const) {
    const value = full[key];
    if (value === undefined || (typeof value === 'string' && value.trim() === '')) errors[key] = REQUIRED;
  }
  if (!f.ciudad)
    errors.ciudad = f.departamento ? 'Elige el municipio.' : 'Elige el departamento y el municipio.';
  // A municipality left blank is absent from the body: an edit must still refuse it.
  const cityError = errors.ciudad;
  let body: Record<string, unknown>;
  if (branch) {
    // Only what changed: a save never rewrites a field someone else may be editing.
    const current = wireFields(draftOf(branch));
    body = {};
    for (const [key, value] of Object.entries(full)) {
      if (JSON.stringify(value) !== JSON.stringify(current[key])) body[key] = value;
    }
    // An edit checks what it changes (as the API does).
    for (const key of Object.keys(errors) as BranchErrorField[]) if (!(key in body)) delete errors[key];
    if (cityError) errors.ciudad = cityError;
    if (Object.keys(body).length === 0 && Object.keys(errors).length === 0) return { body, errors };
  } else {
    if (!f.id.trim()) errors.id = REQUIRED;
    body = { ...full, id: f.id, servicio: f.servicio };
  }
  const parsed = branch ? branchPatchSchema.safeParse(body) : branchCreateSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string' && (BRANCH_ERROR_FIELDS as readonly string[]).includes(key)) {
        errors[key as BranchErrorField] ??= issue.message;
      }
    }
  }
  if (Object.keys(errors).length > 0) return { body: null, errors };
  return { body, errors };
}

/** The draft as the wire's fields (numbers parsed, blank municipality and numbers absent). */
function wireFields(f: BranchDraft): Record<string, unknown> {
  return {
    nombre: f.nombre,
    direccion: f.direccion,
    ciudad: f.ciudad || undefined,
    telefono: f.telefono,
    capacidad: numberOf(f.capacidad),
    horario: {
      lunes_viernes: { apertura: f.apertura, cierre: f.cierre },
      sabado: f.sabado ? { apertura: f.sabApertura, cierre: f.sabCierre } : null,
    },
    atiende: f.atiende,
    a_domicilio: f.aDomicilio,
    activa: f.activa,
    lat: numberOf(f.lat),
    lng: numberOf(f.lng),
  };
}

/** The API's 400 answer as errors at the form's fields; empty when it names none of them. */
export function serverErrors(error: unknown): BranchErrors {
  const out: BranchErrors = {};
  for (const key of BRANCH_ERROR_FIELDS) {
    const message = fieldErrors(error, key)[0];
    if (message) out[key] = message;
  }
  return out;
}
