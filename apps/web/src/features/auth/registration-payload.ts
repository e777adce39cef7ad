import { DATA_POLICY } from '@togo/domain/auth/data-policy';
import { GROUP_CLIENT } from '@togo/domain/roles';
import type { AccountPayload } from './pending-registration.ts';

export interface RegistrationForm {
  nombres: string;
  apellidos: string;
  email: string;
  telefono: string;
  password: string;
  password_confirmation: string;
  /** The data-processing policy was accepted (Ley 1581): its version goes with the sign-up. */
  politica?: boolean;
}

/** The account-creation payload exactly as AHGA §3 lists it (public sign-up always creates a client). */
export function buildAccountPayload(form: RegistrationForm, now: number = Date.now()): AccountPayload {
  return {
    email: form.email.trim().toLowerCase(),
    cliente_ids: [],
    group: GROUP_CLIENT,
    password: form.password,
    password_confirmation: form.password_confirmation,
    profile_picture_base64: null,
    center: 1,
    id_user_v2: 1,
    is_mia: false,
    is_resting: false,
    operation_area: null,
    range_inspector: null,
    ...(form.politica ? { politica_datos: { version: DATA_POLICY.version, aceptada: true } } : {}),
    tercero: {
      identificacion: String(Math.floor(now / 1000)),
      telefono: form.telefono.trim(),
      tipo_documento: 'CC',
      ubic_geo_nv1: 1,
      ubic_geo_nv2: 1,
      ubic_geo_nv3: null,
      nombres: form.nombres.trim(),
      apellidos: form.apellidos.trim(),
      razon_social: null,
      direccion: null,
      id_v2: null,
    },
  };
}
