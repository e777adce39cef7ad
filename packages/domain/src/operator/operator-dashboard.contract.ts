import { z } from 'zod';
import { IsoDateSchema } from '../pico-placa/pico-placa.rules.ts';
import { auditEntrySchema, operatorPicoPlacaEntrySchema } from './operator-console.contract.ts';

/** The console's dashboard and the paged audit log (decision 029). */

export const dashboardSummarySchema = z.object({
  /** Today's (Bogotá) live bookings per active branch, most first. */
  reservas_hoy: z.array(z.object({ sede_id: z.string(), sede: z.string(), reservas: z.number().int() })),
  /** Paid revenue today (Bogotá day), COP: approved payments, refunded ones left out. */
  ingresos_hoy: z.number(),
  /** Only cities whose rules are 'vencida' or 'por_vencer'. */
  pico_placa: z.array(operatorPicoPlacaEntrySchema),
  /** Background jobs that failed for good in the last 7 days, newest first (at most 20). */
  trabajos_fallidos: z.array(z.object({ nombre: z.string(), error: z.string(), fecha: z.string() })),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

const isoDate = IsoDateSchema.refine((v) => !Number.isNaN(Date.parse(v)), 'Fecha inválida (AAAA-MM-DD).');
const positiveInt = (max: number, field: string) =>
  z
    .string()
    .regex(/^\d{1,7}$/, `${field} debe ser un número entero.`)
    .transform(Number)
    .pipe(z.number().int().min(1, `${field} mínimo es 1.`).max(max, `${field} máximo es ${max}.`));

/**
 * GET /api/operador/auditoria/: desde/hasta (Bogotá days, inclusive), staff (part of the email), accion (part
 * of the action), orden (by date). With `page` or `page_size` the answer is a page; without, the array.
 */
export const auditPagedQuerySchema = z.object({
  desde: isoDate.optional(),
  hasta: isoDate.optional(),
  staff: z.string().trim().max(254, 'Máximo 254 caracteres.').optional(),
  accion: z.string().trim().max(100, 'Máximo 100 caracteres.').optional(),
  orden: z.enum(['asc', 'desc'], { error: 'orden debe ser asc o desc.' }).optional(),
  page: positiveInt(1_000_000, 'page').optional(),
  page_size: positiveInt(100, 'page_size').optional(),
});
export type AuditPagedQuery = z.infer<typeof auditPagedQuerySchema>;

/** GET /api/operador/auditoria/exportar/: the audit screen's filters and order, as an .xlsx or a CSV (issue 38). */
export const AUDIT_EXPORT_PATH = '/api/operador/auditoria/exportar/';
export const AUDIT_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];
export const auditExportQuerySchema = auditPagedQuerySchema
  .omit({ page: true, page_size: true })
  .extend({ formato: z.enum(AUDIT_EXPORT_FORMATS, { error: 'formato debe ser xlsx o csv.' }) });
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;
/** An export holds at most this many rows (newest or oldest first, per `orden`); the file says when it stopped. */
export const AUDIT_EXPORT_MAX_ROWS = 20_000;
/** The export's columns, in order. */
export const AUDIT_EXPORT_COLUMNS = [
  'Fecha (hora de Bogotá)',
  'Miembro',
  'Acción',
  'Código de la acción',
  'Objeto',
  'Campos cambiados',
  'Antes',
  'Después',
] as const;

export const auditPageSchema = z.object({
  data: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
