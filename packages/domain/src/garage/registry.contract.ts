import { z } from 'zod';
import { isIsoDate } from './garage-dates.ts';

/**
 * What a vehicle-registry provider (RUNT-like) answers for a plate and its owner's document, and what the
 * fines provider (SIMIT-like) and the vehicle-value provider answer. The `demo` providers produce these
 * shapes and the `http` adapters validate real answers with them. Dates are 'YYYY-MM-DD'.
 */

const isoDate = () => z.string().refine(isIsoDate, 'Fecha no válida (YYYY-MM-DD).');
const text = () => z.string().trim().min(1).max(200);

export const registryVehicleDataSchema = z.object({
  /** Brand as on the licencia de tránsito, upper case: 'KIA'. */
  marca: text(),
  /** Line: 'PICANTO'. */
  linea: text(),
  /** Model year. */
  modelo: z.number().int().min(1900).max(2100),
  /** RUNT class: 'AUTOMOVIL', 'CAMIONETA', 'MOTOCICLETA'… */
  clase: text(),
  /** 'PARTICULAR' | 'PUBLICO' | 'OFICIAL' | 'DIPLOMATICO' | 'ESPECIAL' */
  servicio: text(),
  /** RUNT fuel: 'GASOLINA', 'DIESEL', 'GASO ELEC', 'ELECTRICO'… */
  combustible: text(),
  color: text(),
  /** Cylinder capacity in cc; 0 for electric vehicles. */
  cilindraje: z.number().int().min(0).max(30_000),
  carroceria: text().nullable(),
  /** Date of first registration (matrícula). */
  fecha_matricula: isoDate(),
});
export type RegistryVehicleData = z.infer<typeof registryVehicleDataSchema>;

export const soatSchema = z.object({
  fecha_expedicion: isoDate(),
  fecha_vencimiento: isoDate(),
  aseguradora: text(),
});
export type Soat = z.infer<typeof soatSchema>;

export const rtmSchema = z.object({
  fecha_expedicion: isoDate(),
  fecha_vencimiento: isoDate(),
  /** Centro de diagnóstico automotor that issued the certificate. */
  cda: text(),
});
export type Rtm = z.infer<typeof rtmSchema>;

export const licenceCategorySchema = z.object({
  categoria: z.string().trim().min(1).max(4),
  fechaVencimiento: isoDate(),
});

/** The owner's driving licence (AHGA §3 "Licence alert data"). */
export const drivingLicenceSchema = z.object({
  numero_licencia_transito: text(),
  organismo_expedicion: text(),
  fecha_expedicion_lic_transito: isoDate(),
  estado_lic_transito: text(),
  restricciones_lic_transito: z.string().trim().max(200).nullable(),
  detalles_lic_transito: z.array(licenceCategorySchema).max(20),
});
export type DrivingLicence = z.infer<typeof drivingLicenceSchema>;

export const registryVehicleSchema = z.object({
  placa: z.string().trim().min(1).max(10),
  vehiculo: registryVehicleDataSchema,
  /** Latest SOAT policy; null when the registry has none. */
  soat: soatSchema.nullable(),
  /** Latest RTM certificate; null when the vehicle is too new to need one (vehicle-facts.md §1) or has none. */
  rtm: rtmSchema.nullable(),
  /** The owner's licence; null when the owner holds none (e.g. a company, NIT). */
  licencia: drivingLicenceSchema.nullable(),
});
export type RegistryVehicle = z.infer<typeof registryVehicleSchema>;

/** An early-payment discount the provider reports for a fine: the percentage, until when, whether a course is needed. */
export const fineDiscountSchema = z.object({
  porcentaje: z.number().int().min(1).max(100),
  fecha_limite: isoDate(),
  requiere_curso: z.boolean(),
});
export type FineDiscount = z.infer<typeof fineDiscountSchema>;

/** The pedagogical course SIMIT records against a fine (date, state as SIMIT writes it, where). */
export const fineCourseSchema = z.object({
  fecha: isoDate(),
  estado: text(),
  centro: text(),
});
export type FineCourse = z.infer<typeof fineCourseSchema>;

export const fineSchema = z.object({
  numero: text(),
  /** 'Comparendo - C14 …' or 'MULTA DE TRÁNSITO - …' (the app labels them Comparendo / Multa). */
  tipo: text(),
  /** One of FINE_STATES for the demo and Verifik providers (fine-states.ts reads any spelling). */
  estado: z.string().trim().min(1).max(60),
  /** Amount owed in COP, no decimals. */
  total: z.number().int().min(0),
  fecha_infraccion: isoDate(),
  placa: z.string().trim().max(10),
  infractor: z.string().trim().max(120),
  descripcion: z.string().trim().max(500),
  /** Infraction code of art. 131 Ley 769 de 2002, e.g. 'C14'. */
  categoria: z.string().trim().max(10),
  /** Transit office (organismo de tránsito) that imposed it; null/absent when the provider does not say. */
  organismo_transito: text().nullable().optional(),
  /** Date of the sanctioning resolution, when there is one (the comparendo became a multa). */
  fecha_resolucion: isoDate().nullable().optional(),
  /** Early-payment discount, only where the provider gives one. */
  descuento: fineDiscountSchema.nullable().optional(),
  /** The pedagogical course recorded against it, where the provider gives one. */
  curso: fineCourseSchema.nullable().optional(),
});
export type Fine = z.infer<typeof fineSchema>;

export const finesResultSchema = z.object({
  comparendos_vehiculo: z.array(fineSchema).max(500),
  comparendos_persona: z.array(fineSchema).max(500),
});
export type FinesResult = z.infer<typeof finesResultSchema>;

/**
 * Vehicle value in US dollars without decimals; a provider that values in pesos also gives `valor_cop`, and each
 * may name its source (e.g. 'Valor de demostración'; decision 074).
 */
export const vehicleValueSchema = z.object({
  valor_vehiculo: z.number().int().min(0),
  valor_cop: z.number().int().min(0).optional(),
  fuente: text().optional(),
});
export type VehicleValue = z.infer<typeof vehicleValueSchema>;
