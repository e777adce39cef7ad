/**
 * The audit log in Spanish (issue 38: actions and objects were shown raw, and the filter's example "sedes" found
 * nothing since actions are `sede.*`). One place for the console's screen and its exports.
 */

/** The audited actions, as the console names them. */
const ACTIONS: Record<string, string> = {
  'agendamiento.atendido': 'Cita: llegada registrada',
  'agendamiento.no_asistio': 'Cita: no asistió',
  'agendamiento.cancelado': 'Cita cancelada',
  'agendamiento.deshacer': 'Cita: llegada o inasistencia deshecha',
  'contenido.crear_entrada': 'Contenido creado',
  'contenido.editar_entrada': 'Contenido editado',
  'contenido.borrar_entrada': 'Contenido borrado',
  'contenido.crear_url': 'Enlace creado',
  'contenido.editar_url': 'Enlace editado',
  'contenido.borrar_url': 'Enlace borrado',
  'contenido.subir_imagen': 'Imagen subida',
  'pico_placa.reemplazar': 'Pico y placa: reglas guardadas',
  'pico_placa.eliminar': 'Pico y placa: ciudad eliminada',
  'pico-placa.resolver_reporte': 'Pico y placa: reporte resuelto',
  'precio.editar': 'Precio editado',
  'sede.crear': 'Sede creada',
  'sede.editar': 'Sede editada',
  'sede.cerrar_dia': 'Sede: día cerrado',
  'sede.reabrir_dia': 'Sede: día reabierto',
  'staff.invitar': 'Equipo: invitación enviada',
  'staff.invitacion_aceptada': 'Equipo: invitación aceptada',
  'staff.actualizar': 'Equipo: miembro actualizado',
  'staff.sesion_iniciada': 'Equipo: inicio de sesión',
  'staff.sesion_fallida': 'Equipo: inicio de sesión fallido',
  'staff.sesion_bloqueada': 'Equipo: acceso bloqueado por intentos',
  'staff.totp_activado': 'Equipo: verificación en dos pasos activada',
  'staff.totp_codigo_fallido': 'Equipo: código de verificación fallido',
  'staff.totp_restablecido': 'Equipo: verificación en dos pasos restablecida',
  'staff.codigo_recuperacion_usado': 'Equipo: código de recuperación usado',
  'usuario.desbloquear': 'Soporte: cuenta desbloqueada',
  'usuario.reenviar_codigo': 'Soporte: código reenviado',
  'usuario.revocar_sesiones': 'Soporte: sesiones cerradas',
};

/** What the action filter offers: each entity and the text its actions contain (the API filters by it). */
export const AUDIT_ENTITIES = [
  { value: 'agendamiento', label: 'Citas' },
  { value: 'contenido', label: 'Contenido' },
  { value: 'pico', label: 'Pico y placa' },
  { value: 'precio', label: 'Precios' },
  { value: 'sede', label: 'Sedes' },
  { value: 'staff', label: 'Equipo' },
  { value: 'usuario', label: 'Soporte a usuarios' },
] as const;

/** The audited objects' kinds (`kind:id`). */
const OBJECTS: Record<string, string> = {
  agendamiento: 'Cita',
  combo: 'Combo de peritaje',
  catalogo: 'Contenido',
  imagen: 'Imagen',
  'pico-placa-reporte': 'Reporte de pico y placa',
  pico_placa: 'Pico y placa, ciudad',
  'precio-rtm': 'Precio de RTM',
  sede: 'Sede',
  staff: 'Miembro del equipo',
  tramite: 'Trámite',
  url: 'Enlace',
  usuario: 'Usuario',
};

/** 'sede.crear' → 'Sede creada'; an action without a name yet is shown as written. */
export function auditActionLabel(accion: string): string {
  return ACTIONS[accion] ?? accion;
}

/** 'usuario:12' → 'Usuario 12'; an object of an unknown kind is shown as written. */
export function auditObjectLabel(objeto: string): string {
  const at = objeto.indexOf(':');
  if (at < 0) return objeto;
  const kind = OBJECTS[objeto.slice(0, at)];
  return kind ? `${kind} ${objeto.slice(at + 1)}` : objeto;
}

/** The top-level fields whose value differs between before and after (all of one side's when the other is none). */
export function auditChangedFields(antes: unknown, despues: unknown): string[] {
  const a = isRecord(antes) ? antes : {};
  const d = isRecord(despues) ? despues : {};
  const keys = [...new Set([...Object.keys(a), ...Object.keys(d)])];
  return keys.filter((k) => JSON.stringify(a[k]) !== JSON.stringify(d[k]));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
