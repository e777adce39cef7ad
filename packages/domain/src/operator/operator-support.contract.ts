import { z } from 'zod';
import { staffText } from './operator-auth.contract.ts';
import { supportUserSchema } from './operator-console.contract.ts';

/**
 * Operator console, user support (issue 13 "User support", decision 031): the paged look-up, a driver's detail
 * (vehicles, bookings, notification deliveries) and the support actions.
 */

export const SUPPORT_PAGE_SIZE_MAX = 100;
export const SUPPORT_PAGE_SIZE_DEFAULT = 20;
/** The detail's first page of bookings and deliveries; "Ver más" pages through the sub-routes. */
export const SUPPORT_DETAIL_PAGE = 10;

/** Sort keys of the look-up; a leading '-' sorts descending. */
export const SUPPORT_SORT_KEYS = ['nombre', 'correo', 'creado'] as const;
export type SupportSortKey = (typeof SUPPORT_SORT_KEYS)[number];
export const SUPPORT_ORDERS = ['nombre', '-nombre', 'correo', '-correo', 'creado', '-creado'] as const;
export type SupportOrder = (typeof SUPPORT_ORDERS)[number];

const pageNumber = z.coerce
  .number({ error: 'Debe ser un número entero.' })
  .int('Debe ser un número entero.')
  .min(1, 'Mínimo 1.')
  .max(100_000, 'Máximo 100000.');

const pageSize = z.coerce
  .number({ error: 'Debe ser un número entero.' })
  .int('Debe ser un número entero.')
  .min(1, 'Mínimo 1.')
  .max(SUPPORT_PAGE_SIZE_MAX, `Máximo ${SUPPORT_PAGE_SIZE_MAX}.`);

/** ?page=&page_size= of the detail's sub-lists. */
export const supportPageQuerySchema = z.object({
  page: pageNumber.default(1),
  page_size: pageSize.default(SUPPORT_DETAIL_PAGE),
});

/**
 * GET /api/operador/usuarios/?q=[&page=&page_size=&orden=]. Without page, page_size and orden the answer is the
 * plain list of decision 022 (at most 20); with any of them, a page `{data, total, page, page_size}`.
 */
export const supportSearchPageQuerySchema = z.object({
  q: staffText(254),
  page: pageNumber.optional(),
  page_size: pageSize.optional(),
  orden: z.enum(SUPPORT_ORDERS, { error: `Orden inválido: ${SUPPORT_ORDERS.join(', ')}.` }).optional(),
});
export type SupportSearchPageQuery = z.infer<typeof supportSearchPageQuerySchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}

export const supportUserRowSchema = supportUserSchema.extend({ creado: z.string() });
export type SupportUserRow = z.infer<typeof supportUserRowSchema>;
export const supportSearchPageSchema = pageSchema(supportUserRowSchema);
export type SupportSearchPage = z.infer<typeof supportSearchPageSchema>;

export const supportVehicleSchema = z.object({
  id: z.number().int(),
  placa: z.string(),
  /** City name (the vehicle's registration city in the garage), null when unknown. */
  ciudad: z.string().nullable(),
  /** RUNT class from the registry look-up, null until it answered. */
  clase: z.string().nullable(),
});
export type SupportVehicle = z.infer<typeof supportVehicleSchema>;

export const REFUND_STATES = ['pendiente', 'realizado', 'fallido'] as const;

export const supportBookingSchema = z.object({
  id: z.string(),
  referencia: z.string(),
  servicio: z.string(),
  sede: z.string(),
  fecha: z.string(),
  /** 'HH:00', Bogotá. */
  hora: z.string(),
  placa: z.string(),
  estado: z.string(),
  pagado: z.boolean(),
  estado_reembolso: z.enum(REFUND_STATES).nullable(),
});
export type SupportBooking = z.infer<typeof supportBookingSchema>;

export const SUPPORT_DELIVERY_STATES = ['sent', 'failed', 'held', 'suppressed', 'sending'] as const;

export const supportDeliverySchema = z.object({
  id: z.number().int(),
  canal: z.string(),
  tipo: z.string(),
  titulo: z.string(),
  estado: z.string(),
  motivo: z.string().nullable(),
  fecha: z.string(),
});
export type SupportDelivery = z.infer<typeof supportDeliverySchema>;

export const supportBookingsPageSchema = pageSchema(supportBookingSchema);
export type SupportBookingsPage = z.infer<typeof supportBookingsPageSchema>;
export const supportDeliveriesPageSchema = pageSchema(supportDeliverySchema);
export type SupportDeliveriesPage = z.infer<typeof supportDeliveriesPageSchema>;

/** GET /api/operador/usuarios/{id}/ */
export const supportUserDetailSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  correo: z.string(),
  /** A requested email change waiting for its code. */
  correo_pendiente: z.string().nullable(),
  telefono: z.string().nullable(),
  tipo_documento: z.string(),
  documento: z.string().nullable(),
  /** The email was proven by a code (decision 017). */
  verificado: z.boolean(),
  /** Sign-in or code flow locked by failed attempts right now. */
  bloqueado: z.boolean(),
  bloqueado_hasta: z.string().nullable(),
  sesiones_activas: z.number().int(),
  creado: z.string(),
  eliminado: z.string().nullable(),
  vehiculos: z.array(supportVehicleSchema),
  agendamientos: supportBookingsPageSchema,
  avisos: supportDeliveriesPageSchema,
});
export type SupportUserDetail = z.infer<typeof supportUserDetailSchema>;

/** POST …/reenviar-codigo/ */
export const supportResendAnswerSchema = z.object({
  detail: z.string(),
  canal: z.enum(['email', 'sms']),
  destino: z.string(),
  proceso: z.string(),
});
export type SupportResendAnswer = z.infer<typeof supportResendAnswerSchema>;

/** POST …/desbloquear/ and …/revocar-sesiones/ */
export const supportActionAnswerSchema = z.object({
  detail: z.string(),
  /** Throttle rows / failures cleared, or sessions revoked. */
  afectados: z.number().int(),
});
export type SupportActionAnswer = z.infer<typeof supportActionAnswerSchema>;

export const SUPPORT_MSG = {
  codeSent: (destino: string, proceso: string) =>
    proceso === 'RESETEAR_CLAVE'
      ? `Código para restablecer la contraseña enviado a ${destino}.`
      : `Código para confirmar el nuevo correo enviado a ${destino}.`,
  noDestination: 'El usuario no tiene un correo ni un celular al que enviar el código.',
  deleted: 'La cuenta del usuario fue eliminada.',
  unlocked: 'Cuenta desbloqueada.',
  sessionsRevoked: (n: number) => (n === 1 ? 'Se cerró 1 sesión.' : `Se cerraron ${n} sesiones.`),
} as const;
