import { z } from 'zod';
import { INT_RANGES, maxValueMessage } from '../input-limits.ts';
import { normalizePlate, isValidPlate, PLATE_INVALID_MESSAGE } from '../plates/plate.rules.ts';

/** Wire contract of the garage API (AHGA §3, §5, §7; SPPF §3 "Selected vehicle"). */

export const GARAGE_MSG = {
  required: 'Este campo es obligatorio',
  integer: 'Debe ser un número entero.',
  digitsOnly: 'Solo se permiten números.',
  alphanumeric: 'Solo se permiten letras y números.',
  plateInvalid: PLATE_INVALID_MESSAGE,
  plateDuplicate: 'Esta placa ya está registrada en tu garaje.',
  documentTypeInvalid: 'Tipo de documento no válido.',
  departmentInvalid: 'Departamento no válido.',
  cityInvalid: 'Ciudad no válida.',
  cityNotInDepartment: 'La ciudad no pertenece al departamento seleccionado.',
  fileRequired: 'Debes adjuntar un archivo.',
  fileType: 'El archivo debe ser PDF, JPG o PNG.',
  imageType: 'La imagen debe ser JPG o PNG.',
  fileTooLarge: 'El archivo no puede superar 5 MB.',
  noSelected: 'No tienes un vehículo seleccionado.',
  valueNotReady: 'Estamos actualizando tu información, por favor verifica en unos minutos.',
  valueUnavailable: 'No fue posible consultar el valor del vehículo. Intenta de nuevo más tarde.',
} as const;

/** Upload size cap for the licence document and the vehicle picture. */
export const GARAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/**
 * A positive integer id sent as a number (or as a numeric string from a form), at most `max` (its column's range:
 * integer by default, smallint for document types).
 */
const idField = (max: number = INT_RANGES.integer.max) =>
  z.unknown().transform((v, ctx) => {
    if (isBlank(v)) {
      ctx.addIssue({ code: 'custom', message: GARAGE_MSG.required });
      return z.NEVER;
    }
    const s = typeof v === 'number' || typeof v === 'string' ? String(v).trim() : '';
    if (!/^\d{1,10}$/.test(s) || Number(s) <= 0) {
      ctx.addIssue({ code: 'custom', message: GARAGE_MSG.integer });
      return z.NEVER;
    }
    if (Number(s) > max) {
      ctx.addIssue({ code: 'custom', message: maxValueMessage(max) });
      return z.NEVER;
    }
    return Number(s);
  });

/** Required text (a number is accepted and turned into text), trimmed, checked against a pattern. */
const textField = (pattern: RegExp, message: string, max: number, maxMessage = `Máximo ${max} caracteres.`) =>
  z.unknown().transform((v, ctx) => {
    if (isBlank(v)) {
      ctx.addIssue({ code: 'custom', message: GARAGE_MSG.required });
      return z.NEVER;
    }
    const s = typeof v === 'number' || typeof v === 'string' ? String(v).trim() : '';
    if (s.length > max) {
      ctx.addIssue({ code: 'custom', message: maxMessage });
      return z.NEVER;
    }
    if (!pattern.test(s)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return s;
  });

export const vehicleCreateSchema = z.object({
  documento_propietario: textField(/^[A-Za-z0-9]+$/, GARAGE_MSG.alphanumeric, 20).transform((v) =>
    v.toUpperCase(),
  ),
  tipo_documento_propietario: idField(INT_RANGES.smallint.max),
  /** Upper-cased, spaces and hyphens removed, checked against the Colombian plate formats. */
  placa: z.unknown().transform((v, ctx) => {
    if (isBlank(v)) {
      ctx.addIssue({ code: 'custom', message: GARAGE_MSG.required });
      return z.NEVER;
    }
    const plate = typeof v === 'string' ? normalizePlate(v) : '';
    if (!isValidPlate(plate)) {
      ctx.addIssue({ code: 'custom', message: GARAGE_MSG.plateInvalid });
      return z.NEVER;
    }
    return plate;
  }),
  /** Digits only (AHGA §5); a whole number is accepted too. */
  kilometraje_digitado: textField(/^\d+$/, GARAGE_MSG.digitsOnly, 7, 'Máximo 7 dígitos.').transform(Number),
  department: idField(),
  city: idField(),
});
/** What the web sends (AHGA §3 "Vehicle creation payload"). */
export interface VehicleCreateRequest {
  documento_propietario: string;
  tipo_documento_propietario: number;
  placa: string;
  kilometraje_digitado: string | number;
  department: number;
  city: number;
}
export type VehicleCreate = z.output<typeof vehicleCreateSchema>;

/**
 * PUT /api/togo/vehicle/{id}/kilometraje/ (issue 36): the driver corrects the mileage typed when the vehicle was
 * added (a typo, an odometer replaced). Any whole number up to 7 digits, lower than before included; a JSON number
 * or digits as text.
 */
export const VEHICLE_MILEAGE_PATH = '/api/togo/vehicle/:id/kilometraje/';
export const vehicleMileageSchema = z.strictObject({
  kilometraje_digitado: textField(/^\d+$/, GARAGE_MSG.digitsOnly, 7, 'Máximo 7 dígitos.').transform(Number),
});
export type VehicleMileage = z.output<typeof vehicleMileageSchema>;

/** Registry data as the web reads it (vehicle_data); dates 'YYYY-MM-DD'. */
export const vehicleDataSchema = z.object({
  vehicle_plate: z.string(),
  vehicle_brand: z.string(),
  year_model: z.number().int(),
  vehicle_line: z.string(),
  cylinder_capacity: z.number().int(),
  /** The mileage the owner typed (the registry has none). */
  mileage: z.number().int(),
  type_service: z.string(),
  vehicle_class_v2: z.string(),
  vehicle_fuel: z.string(),
  color: z.string(),
  /** null when the vehicle is too new to need an RTM. */
  expiration_rtm: z.string().nullable(),
  expiration_soat: z.string().nullable(),
});
export type VehicleData = z.infer<typeof vehicleDataSchema>;

export const LOOKUP_STATUSES = ['pending', 'ok', 'failed'] as const;
export type LookupStatus = (typeof LOOKUP_STATUSES)[number];

export const vehicleSchema = z.object({
  id: z.number().int(),
  placa: z.string(),
  kilometraje_digitado: z.number().int(),
  score: z.number().int().nullable(),
  /** ISO 8601 instant. */
  created: z.string(),
  /** Expiring signed URL of the vehicle picture, usable in <img src>. */
  url_imagen_vehiculo: z.string().nullable(),
  /** Expiring signed URL of the transit-licence document. */
  url_licencia: z.string().nullable(),
  documento_propietario: z.string(),
  tipo_documento_propietario: z.number().int(),
  tipo_documento_propietario_data: z.object({ name: z.string() }),
  city: z.number().int().nullable(),
  city_data: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  department: z.number().int().nullable(),
  /** null until the registry look-up has answered. */
  vehicle_data: vehicleDataSchema.nullable(),
  is_selected: z.boolean(),
  /** The data comes from the demo provider: the UI shows 'Datos de demostración'. */
  demo: z.boolean(),
  lookup_status: z.enum(LOOKUP_STATUSES),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

export const vehicleListSchema = z.array(vehicleSchema);

export const fileUploadResponseSchema = z.object({ file_url: z.string() });
export type FileUploadResponse = z.infer<typeof fileUploadResponseSchema>;

export const vehicleValueResponseSchema = z.object({
  /** US dollars, no decimals. */
  valor_vehiculo: z.number().int(),
  /** The value comes from the demo provider. */
  demo: z.boolean(),
  /**
   * The value in pesos: the provider's own when it values in pesos (the demo does), else at the configured reference
   * rate; absent when neither.
   */
  valor_cop: z.number().int().optional(),
  /** Pesos per US dollar used for valor_cop, and the date of that rate (YYYY-MM-DD). */
  tasa_usd_cop: z.number().optional(),
  tasa_fecha: z.iso.date().optional(),
  /** Where the value comes from ('Valor de demostración', the provider's name of its guide) and its date. */
  fuente: z.string().optional(),
  fecha: z.iso.date().optional(),
});
export type VehicleValueResponse = z.infer<typeof vehicleValueResponseSchema>;
