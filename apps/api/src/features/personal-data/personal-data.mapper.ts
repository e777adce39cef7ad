import { DATA_POLICY } from '@togo/domain/auth/data-policy';
import { GROUP_COMPANY } from '@togo/domain/roles';
import type { ExportFile } from './personal-data-export.ts';
import type { PersonalDataRepository, PersonalUserRow } from './personal-data.repository.ts';

type Rows<K extends keyof PersonalDataRepository> = PersonalDataRepository[K] extends (
  ...args: never[]
) => PromiseLike<infer R>
  ? R
  : never;

/** Everything datos.json is made of, read before the archive starts streaming. */
export interface ExportRows {
  user: PersonalUserRow;
  identities: Rows<'identities'>;
  vehicles: Rows<'vehicles'>;
  alertDates: Rows<'alertDates'>;
  files: Rows<'files'>;
  bookings: Rows<'bookings'>;
  notifications: Rows<'notifications'>;
  consents: Rows<'consents'>;
}

/**
 * The spec's sign-up sends the Unix time of the sign-up as `identificacion` (no document is asked). Such a value
 * (10 digits within two days of the account's creation) is not a document: the export writes it as an ISO date.
 */
function placeholderIdentification(user: PersonalUserRow): string | null {
  const value = user.identificacion?.trim() ?? '';
  if (!/^\d{9,11}$/.test(value) || !user.created) return null;
  const ms = Number(value) * 1000;
  return Math.abs(ms - user.created.getTime()) <= 2 * 86_400_000 ? new Date(ms).toISOString() : null;
}

/** The sign-up's answer about the data-processing policy: the last record of it, or 'no informada'. */
function dataPolicyAnswer(consents: Rows<'consents'>) {
  const last = consents.filter((c) => c.purpose === DATA_POLICY.purpose).at(-1);
  if (!last) return { estado: 'no informada', version: null, fecha: null };
  return {
    estado: last.accepted ? 'aceptada' : 'no informada',
    version: last.accepted ? (/versión ([\d.]*\d)/.exec(last.text)?.[1] ?? null) : null,
    fecha: iso(last.created),
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * datos.json: the account, profile, vehicles (with their dates), documents' metadata (and where each file is
 * in the archive), bookings and notifications, with Spanish keys. Never raw rows: no password hash, no
 * storage keys, no internal ids of other users.
 */
export function toExportData(rows: ExportRows, files: ExportFile[], now: Date) {
  const { user } = rows;
  return {
    formato: 'togo-mis-datos/1',
    generado: now.toISOString(),
    cuenta: {
      id: user.id,
      email: user.email,
      tipo_usuario: user.groupId === GROUP_COMPANY ? 'empresa' : 'cliente',
      creada: iso(user.created),
      actualizada: iso(user.updated),
      tiene_contrasena: user.passwordHash !== null,
      inicio_de_sesion_social: rows.identities.map((i) => ({
        proveedor: i.provider,
        correo: i.email,
        vinculado: iso(i.created),
      })),
    },
    perfil: {
      nombres: user.nombres,
      apellidos: user.apellidos,
      telefono: user.telefono,
      tipo_documento: user.tipoDocumento,
      identificacion: placeholderIdentification(user) ? null : user.identificacion,
      identificacion_provisional_del_registro: placeholderIdentification(user),
      razon_social: user.razonSocial,
      foto_perfil_externa: user.profilePicture,
    },
    vehiculos: rows.vehicles.map((v) => ({
      id: v.id,
      placa: v.placa,
      tipo_documento_propietario: v.tipoDocumentoPropietario,
      documento_propietario: v.documentoPropietario,
      kilometraje: v.kilometrajeDigitado,
      departamento: v.departmentId,
      ciudad: v.cityId,
      seleccionado: v.isSelected,
      creado: iso(v.created),
      eliminado: iso(v.deletedAt),
      fechas: rows.alertDates
        .filter((d) => d.vehicleId === v.id)
        .map((d) => ({
          codigo: d.code,
          fuente: d.source === 'user' ? 'usuario' : 'registro',
          fecha_expedicion: d.fechaExpedicion,
          fecha_vencimiento: d.fechaVencimiento,
        })),
    })),
    documentos: rows.files.map((f, i) => ({
      id: f.id,
      proposito: f.purpose,
      tipo_contenido: f.contentType,
      tamano_bytes: f.size,
      creado: iso(f.created),
      archivo: files[i]?.path ?? null,
      disponible: files[i]?.available ?? false,
    })),
    reservas: rows.bookings.map((b) => ({
      referencia: b.referencia,
      servicio: b.servicio,
      sede: b.branchId,
      fecha: b.fecha,
      hora: b.hora,
      placa: b.placa,
      tipo_vehiculo: b.tipoVehiculo,
      tipo_atencion: b.tipoAtencion,
      metodo_pago: b.metodoPago,
      estado: b.estado,
      precio: b.precio,
      detalle: b.detalle,
      datos: b.datos,
      direccion_servicio: b.direccionServicio,
      correo: b.correo,
      creada: iso(b.created),
    })),
    notificaciones: rows.notifications.map((n) => ({
      vehiculo: n.vehicleId,
      codigo: n.code,
      fecha_vencimiento: n.dueDate,
      titulo: n.titulo,
      mensaje: n.message,
      creada: iso(n.created),
      entregada: iso(n.deliveredAt),
    })),
    // Ley 1581 (issue 36): the sign-up's policy answer and every channel consent, with its time and screen.
    politica_tratamiento_datos: dataPolicyAnswer(rows.consents),
    consentimientos: rows.consents.map((c) => ({
      finalidad: c.purpose,
      aceptado: c.accepted,
      pantalla: c.screen,
      texto: c.text,
      fecha: iso(c.created),
    })),
  };
}

/** What datos.json holds. */
export type ExportData = ReturnType<typeof toExportData>;
