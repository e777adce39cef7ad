/**
 * Maintenance, fuel and costs (issue 39): the service catalogue, the limits every record obeys and the Spanish
 * texts the API and the screens share. Pure, zod-free (the web app's screens import it without the contracts).
 */

/** The `tipo` of a maintenance record or reminder, exactly as the wire contract spells it. */
export const MAINTENANCE_TYPES = [
  'cambio_aceite',
  'llantas',
  'frenos',
  'bateria',
  'alineacion_balanceo',
  'filtros',
  'revision_general',
  'reparacion',
  'otro',
] as const;
export type MaintenanceType = (typeof MAINTENANCE_TYPES)[number];

/** How each type reads on screen, in exports and in notices. */
export const MAINTENANCE_TYPE_LABEL: Record<MaintenanceType, string> = {
  cambio_aceite: 'Cambio de aceite',
  llantas: 'Llantas',
  frenos: 'Frenos',
  bateria: 'Batería',
  alineacion_balanceo: 'Alineación y balanceo',
  filtros: 'Filtros',
  revision_general: 'Revisión general',
  reparacion: 'Reparación',
  otro: 'Otro',
};

export function isMaintenanceType(value: string): value is MaintenanceType {
  return (MAINTENANCE_TYPES as readonly string[]).includes(value);
}

/**
 * The TOGO service that answers a reminder ("Agendar"): a general check-up is what a peritaje inspects. The
 * other types are workshop jobs TOGO does not sell, so they get no booking button.
 */
export const TOGO_SERVICE_OF_TYPE: Partial<Record<MaintenanceType, 'peritaje'>> = {
  revision_general: 'peritaje',
};

/** A reminder is 'pronto' within this many kilometres of its next service… */
export const SOON_KM = 500;
/** …or within this many days of its date; 'vencido' once either is reached. */
export const SOON_DAYS = 15;

export const REMINDER_STATES = ['al_dia', 'pronto', 'vencido'] as const;
export type ReminderState = (typeof REMINDER_STATES)[number];

export const REMINDER_STATE_LABEL: Record<ReminderState, string> = {
  al_dia: 'Al día',
  pronto: 'Pronto',
  vencido: 'Vencido',
};

/** Bounds of every number a record carries (decision 075). */
export const MAINTENANCE_LIMITS = {
  /** Odometer readings: seven digits, as the fleet spreadsheet allows. */
  maxKm: 9_999_999,
  /** One record's cost in COP (an engine overhaul of a truck fits; a typo of three extra zeros does not). */
  maxCost: 500_000_000,
  /** Gallons of one fill-up: more than 100 is a typo or a tanker. */
  maxGallons: 100,
  /** Reminders: every 1 to 200,000 km, every 1 to 120 months. */
  maxEveryKm: 200_000,
  maxEveryMonths: 120,
  descripcion: 500,
  taller: 120,
  /** The earliest date a record may carry. */
  minDate: '1950-01-01',
  /** Longest period of a costs query, in days (ten years). */
  maxPeriodDays: 3_660,
} as const;

export const MAINTENANCE_MSG = {
  required: 'Este campo es obligatorio.',
  number: 'Debe ser un número.',
  integer: 'Debe ser un número entero.',
  negative: 'No puede ser un valor negativo.',
  date: 'Fecha inválida. Usa el formato AAAA-MM-DD.',
  future: 'La fecha no puede ser posterior a hoy.',
  tooOld: 'La fecha no puede ser anterior a 1950.',
  type: `Tipo no válido. Usa uno de: ${MAINTENANCE_TYPES.join(', ')}.`,
  boolean: 'Debe ser verdadero o falso.',
  gallonsPositive: 'Los galones deben ser mayores que cero.',
  gallonsMax: `No puede superar ${MAINTENANCE_LIMITS.maxGallons} galones en un tanqueo.`,
  gallonsDecimals: 'Usa máximo tres decimales.',
  textTooLong: (max: number) => `Asegúrese de que este campo no tenga más de ${max} caracteres.`,
  everyRequired: 'Indica cada cuántos kilómetros o cada cuántos meses (al menos uno).',
  everyKmMin: 'Debe ser al menos 1 km.',
  everyMonthsMin: 'Debe ser al menos 1 mes.',
  period: 'La fecha inicial no puede ser posterior a la final.',
  periodTooLong: 'El periodo no puede superar diez años.',
  /** The odometer rule (decision 075): the earlier reading is named so the driver can check it. */
  odometerLower: (km: string, fecha: string) =>
    `El kilometraje es menor que una lectura anterior (${km} km el ${fecha}). Revísalo o márcalo como corrección.`,
  odometerHigher: (km: string, fecha: string) =>
    `El kilometraje es mayor que una lectura posterior (${km} km el ${fecha}). Revísalo o márcalo como corrección.`,
  invoiceType: 'La factura debe ser una foto (JPG o PNG) o un PDF.',
  invoiceRequired: 'Adjunta la foto o el PDF de la factura.',
  invoiceTooLarge: 'La factura no puede superar 5 MB.',
  invoiceDamaged: 'La imagen está dañada o no se puede leer.',
} as const;

/** Largest invoice photo or PDF (bytes). */
export const INVOICE_MAX_BYTES = 5 * 1024 * 1024;
/** The multipart field of the invoice. */
export const INVOICE_FIELD = 'file';
