import { phoneWithPrefix } from '@togo/domain/booking/booking.rules';
import { getUserInfo } from '../../lib/storage.ts';

/** Who books (trámites body fields): name, email and phone with prefix 57 from the stored userInfo. */
export function bookerIdentity(): { nombre?: string; correo?: string | null; celular?: string } {
  const info = getUserInfo();
  if (!info) return {};
  const tercero = info.tercero;
  const nombre = [tercero?.nombres ?? info.nombres, tercero?.apellidos ?? info.apellidos]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
  const correo = (tercero?.correo ?? info.email ?? '').trim();
  const phone = tercero?.telefono?.trim();
  return {
    ...(nombre ? { nombre } : {}),
    correo: correo || null,
    ...(phone ? { celular: phoneWithPrefix(phone) } : {}),
  };
}
