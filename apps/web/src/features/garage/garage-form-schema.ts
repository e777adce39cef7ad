import * as z from 'zod/mini';
import type { VehicleCreateRequest } from '@togo/domain/garage/garage.contract';
import { isValidPlate, normalizePlate, PLATE_INVALID_MESSAGE } from '@togo/domain/plates/plate.rules';

// zod/mini keeps the form's chunk small; the server applies the full contract (garage.contract.ts).

export const GARAGE_FORM_MSG = {
  required: 'Este campo es obligatorio',
  plateInvalid: PLATE_INVALID_MESSAGE,
  alphanumeric: 'Solo se permiten letras y números.',
  digitsOnly: 'Solo se permiten números.',
  fileType: 'El archivo debe ser PDF, JPG o PNG.',
  fileTooLarge: 'El archivo no puede superar 5 MB.',
  uploadFailed: 'No fue posible subir el archivo, intente nuevamente',
} as const;

export const LICENCE_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
export const LICENCE_MAX_BYTES = 5 * 1024 * 1024;

const required = () =>
  z.string().check(z.trim(), z.minLength(1, { error: GARAGE_FORM_MSG.required, abort: true }));

/** 'Crea tu garaje' (AHGA §5): every field is required; values are the raw strings of the inputs. */
export const garageFormSchema = z.object({
  plate: required().check(z.refine((v) => isValidPlate(v), { error: GARAGE_FORM_MSG.plateInvalid })),
  mileage: required().check(z.regex(/^\d{1,7}$/, { error: GARAGE_FORM_MSG.digitsOnly })),
  department: required(),
  city: required(),
  documentType: required(),
  documentNumber: required().check(
    z.maxLength(20, { error: 'Máximo 20 caracteres.' }),
    z.regex(/^[A-Za-z0-9]+$/, { error: GARAGE_FORM_MSG.alphanumeric }),
  ),
});

export type GarageFormValues = z.input<typeof garageFormSchema>;

export const EMPTY_GARAGE_FORM: GarageFormValues = {
  plate: '',
  mileage: '',
  department: '',
  city: '',
  documentType: '',
  documentNumber: '',
};

/** POST body of POST /api/togo/vehicle/ — the plate upper-cased. */
export function toVehicleRequest(values: GarageFormValues): VehicleCreateRequest {
  return {
    documento_propietario: values.documentNumber.trim(),
    tipo_documento_propietario: Number(values.documentType),
    placa: normalizePlate(values.plate),
    kilometraje_digitado: values.mileage.trim(),
    department: Number(values.department),
    city: Number(values.city),
  };
}

/** Server field name → form field (400 {campo: [...]}). */
export const SERVER_FIELDS: Record<string, keyof GarageFormValues> = {
  placa: 'plate',
  kilometraje_digitado: 'mileage',
  department: 'department',
  city: 'city',
  tipo_documento_propietario: 'documentType',
  documento_propietario: 'documentNumber',
};

/** The licence file's problem, or null when it is acceptable. */
export function licenceFileError(file: File): string | null {
  if (!/\.(pdf|jpe?g|png)$/i.test(file.name)) return GARAGE_FORM_MSG.fileType;
  if (file.size > LICENCE_MAX_BYTES) return GARAGE_FORM_MSG.fileTooLarge;
  return null;
}
