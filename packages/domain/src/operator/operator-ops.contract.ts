import { z } from 'zod';
import { FROM_FLOWS } from '../booking/booking.contract.ts';
import { IsoDateSchema } from '../pico-placa/pico-placa.rules.ts';
import { staffText } from './operator-auth.contract.ts';
import { pageSchema } from './operator-support.contract.ts';
import {
  branchCapacitySchema,
  branchHoursSchema,
  branchPhoneSchema,
  daneCitySchema,
  branchLatSchema,
  branchLngSchema,
  vehicleGroupsSchema,
  VEHICLE_GROUPS,
} from './operator-console.contract.ts';

/**
 * Wire contract of the console's operations screens (decision 037): branches (create, edit, closures), prices
 * (RTM by vehicle class, peritaje combos, trámites) and the agenda export.
 */

export const OPERATOR_OPS_PATHS = {
  agendaXlsx: '/api/operador/agenda.xlsx',
  branches: '/api/operador/sedes/',
  branch: (id: string) => `/api/operador/sedes/${encodeURIComponent(id)}/`,
  closures: (id: string) => `/api/operador/sedes/${encodeURIComponent(id)}/cierres/`,
  /** DIVIPOLA for the branch form: departments, then a department's municipalities. */
  departments: '/api/operador/divipola/departamentos/',
  municipalities: (department: number) => `/api/operador/divipola/departamentos/${department}/municipios/`,
  closure: (id: string, fecha: string) =>
    `/api/operador/sedes/${encodeURIComponent(id)}/cierres/${encodeURIComponent(fecha)}/`,
  prices: '/api/operador/precios/',
  rtmPrice: (clase: string) => `/api/operador/precios/rtm/${encodeURIComponent(clase)}/`,
  comboPrice: (id: string) => `/api/operador/precios/combos/${encodeURIComponent(id)}/`,
  tramitePrice: (id: string) => `/api/operador/precios/tramites/${encodeURIComponent(id)}/`,
} as const;

/** The columns of the agenda .xlsx, in order. */
export const AGENDA_XLSX_COLUMNS = [
  'Hora',
  'Placa',
  'Servicio',
  'Cliente',
  'Teléfono',
  'Estado',
  'Pagado',
  'Reembolso',
] as const;

/** A branch as the console lists it (GET /api/operador/sedes/, and the answer of create and edit). */
export const operatorBranchSchema = z.object({
  id: z.string(),
  servicio: z.string(),
  nombre: z.string(),
  direccion: z.string(),
  ciudad: z.string(),
  /** The city's name (DIVIPOLA common name when there is one). */
  ciudad_nombre: z.string(),
  telefono: z.string(),
  capacidad: z.number().int(),
  horario: z.object({
    lunes_viernes: z.object({ apertura: z.string(), cierre: z.string() }),
    sabado: z.object({ apertura: z.string(), cierre: z.string() }).nullable(),
  }),
  activa: z.boolean(),
  atiende: z.array(z.enum(VEHICLE_GROUPS)),
  a_domicilio: z.boolean(),
  lat: z.number(),
  lng: z.number(),
  /** Incremented by each console edit, sent back as If-Match by the next one (decision 096). */
  version: z.number().int(),
});
export type OperatorBranch = z.infer<typeof operatorBranchSchema>;
export const operatorBranchListSchema = z.array(operatorBranchSchema);

export const BRANCH_PAGE_SIZE_DEFAULT = 20;
export const BRANCH_PAGE_SIZE_MAX = 100;
/** Sort keys of the branch list; a leading '-' sorts descending ('ciudad' is by the city's name). */
export const BRANCH_ORDERS = ['nombre', '-nombre', 'ciudad', '-ciudad'] as const;
export type BranchOrder = (typeof BRANCH_ORDERS)[number];

const pageParam = (max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, 'Debe ser un número entero.')
    .transform(Number)
    .pipe(z.number().int().min(1, 'Mínimo 1.').max(max, `Máximo ${max}.`));

/**
 * GET /api/operador/sedes/?ciudad=&q=&orden=&page=&page_size= (decision 039). `ciudad` is a DANE code, `q` a part
 * of the branch's name or code (case and accents ignored). Without `page` and `page_size` the answer is the plain
 * array of decision 037 (filtered and sorted when asked); with either, a page.
 */
export const branchListQuerySchema = z.object({
  ciudad: z
    .string()
    .regex(/^\d{5}$/, 'Código DANE de 5 dígitos.')
    .optional(),
  q: z.string().trim().max(100, 'Máximo 100 caracteres.').optional(),
  orden: z.enum(BRANCH_ORDERS, { error: `Orden inválido: ${BRANCH_ORDERS.join(', ')}.` }).optional(),
  page: pageParam(100_000).optional(),
  page_size: pageParam(BRANCH_PAGE_SIZE_MAX).optional(),
});
export type BranchListQuery = z.infer<typeof branchListQuerySchema>;

/** A city that has at least one branch: the options of the list's city filter. */
export const branchCityOptionSchema = z.object({ ciudad: z.string(), nombre: z.string() });
export type BranchCityOption = z.infer<typeof branchCityOptionSchema>;

/** One page of branches, with every city that has a branch (whatever the filter) for the city filter. */
export const operatorBranchPageSchema = pageSchema(operatorBranchSchema).extend({
  ciudades: z.array(branchCityOptionSchema),
});
export type OperatorBranchPage = z.infer<typeof operatorBranchPageSchema>;

/** POST /api/operador/sedes/: a new branch (the seed file's branch fields; `maps` and `imagen` are derived). */
export const branchCreateSchema = z.strictObject({
  id: z
    .string({ error: 'Este campo es requerido.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{3,40}$/, 'Código de 3 a 40 letras, dígitos o guiones.'),
  servicio: z.enum(FROM_FLOWS, { error: 'Servicio inválido: usa "rtm", "peritaje" o "tramites".' }),
  nombre: staffText(200),
  direccion: staffText(300),
  ciudad: daneCitySchema,
  telefono: branchPhoneSchema,
  lat: branchLatSchema,
  lng: branchLngSchema,
  horario: branchHoursSchema,
  capacidad: branchCapacitySchema,
  atiende: vehicleGroupsSchema,
  a_domicilio: z.boolean().default(false),
  activa: z.boolean().default(true),
});
export type BranchCreate = z.infer<typeof branchCreateSchema>;

export const branchClosureEntrySchema = z.object({
  fecha: z.string(),
  motivo: z.string(),
  staff: z.string().nullable(),
  creado: z.string(),
});
export type BranchClosureEntry = z.infer<typeof branchClosureEntrySchema>;
export const branchClosureListSchema = z.array(branchClosureEntrySchema);

/** DELETE /api/operador/sedes/{id}/cierres/{fecha}/: a bad date is a 400 naming `fecha`. */
export const branchClosureParamsSchema = z.object({
  id: z.string(),
  fecha: IsoDateSchema.refine((v) => !Number.isNaN(Date.parse(v)), 'Fecha inválida (AAAA-MM-DD).'),
});

/** PUT /api/operador/precios/{kind}/{key}/: the price's key (a class, a combo, a procedure). */
export const priceKeyParamsSchema = z.object({ key: z.string() });

// ───────────────────────────── prices ─────────────────────────────

/** COP with taxes, whole pesos. */
export const priceSchema = z
  .number({ error: 'Precio inválido.' })
  .int('El precio es un número entero de pesos.')
  .min(1000, 'Mínimo $1.000.')
  .max(50_000_000, 'Máximo $50.000.000.');

export const priceUpdateSchema = z.strictObject({ precio: priceSchema });
export type PriceUpdate = z.infer<typeof priceUpdateSchema>;

export const rtmPriceSchema = z.object({
  clase: z.string(),
  grupo: z.string(),
  precio: z.number().int(),
  editado: z.boolean(),
  /** The row's version (decision 096): a price is saved with If-Match of the row it edits. */
  version: z.number().int(),
});
export const comboPriceSchema = z.object({
  id: z.string(),
  grupo: z.string(),
  combustible: z.string(),
  nombre: z.string(),
  proveedor: z.string(),
  precio: z.number().int(),
  editado: z.boolean(),
  /** The row's version (decision 096): a price is saved with If-Match of the row it edits. */
  version: z.number().int(),
});
export const tramitePriceSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  precio: z.number().int(),
  editado: z.boolean(),
  /** The row's version (decision 096): a price is saved with If-Match of the row it edits. */
  version: z.number().int(),
});
export type RtmPrice = z.infer<typeof rtmPriceSchema>;
export type ComboPrice = z.infer<typeof comboPriceSchema>;
export type TramitePrice = z.infer<typeof tramitePriceSchema>;

/** GET /api/operador/precios/ */
export const priceListSchema = z.object({
  rtm: z.array(rtmPriceSchema),
  combos: z.array(comboPriceSchema),
  tramites: z.array(tramitePriceSchema),
});
export type PriceList = z.infer<typeof priceListSchema>;

export const PRICE_KINDS = ['rtm', 'combos', 'tramites'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

/** A department or a municipality of the branch form's lists (DIVIPOLA; `id` the DANE code as a number). */
export const divipolaOptionSchema = z.object({ id: z.number().int(), nombre: z.string() });
export type DivipolaOption = z.infer<typeof divipolaOptionSchema>;
export const divipolaListSchema = z.array(divipolaOptionSchema);
/** GET …/divipola/departamentos/{id}/municipios/: a department named by its DANE code. */
export const divipolaDepartmentParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,2}$/, 'Departamento inválido.')
    .transform(Number),
});
