import {
  registryVehicleSchema,
  type RegistryVehicle,
  type Rtm,
  type Soat,
} from '@togo/domain/garage/registry.contract';
import { z } from 'zod';
import {
  checkOwnerDocument,
  foldUpper,
  verifikDate,
  verifikGet,
  verifikText,
  type VerifikOptions,
} from '../verifik/verifik-client.ts';
import { ProviderError } from './provider-error.ts';
import type { OwnerQuery, ProviderQuota, RegistryProvider } from './registry-provider.ts';

/** Owner document types the endpoint accepts (docs.verifik.co, RUNT - Vehicle records by plate number). */
export const RUNT_DOCUMENT_TYPES = ['CC', 'CE', 'PA', 'NIT'] as const;

/** RUNT's service types as TOGO's rules name them (vehicle.rules.ts): 'Público' → 'PUBLICO'. */
const SERVICES = ['PARTICULAR', 'PUBLICO', 'OFICIAL', 'DIPLOMATICO', 'ESPECIAL', 'OTROS'] as const;

const digits = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, 'expected digits')
    .transform(Number)
    .pipe(z.number().int().min(0).max(max));

/**
 * informacionGeneral as documented. The plate page spells the engine size `cilidraje`, the VIN page (which
 * "provides the same comprehensive information as the plate-based service") `cilindraje`: either is taken.
 */
const generalSchema = z
  .object({
    noPlaca: verifikText(10),
    marca: verifikText(),
    linea: verifikText(),
    modelo: digits(2100).pipe(z.number().min(1900)),
    claseVehiculo: verifikText(),
    tipoServicio: verifikText(),
    tipoCombustible: verifikText(),
    color: verifikText(),
    cilidraje: digits(30_000).optional(),
    cilindraje: digits(30_000).optional(),
    tipoCarroceria: z.string().trim().max(200).nullable().optional(),
    fechaMatricula: verifikDate(),
  })
  .refine((g) => g.cilidraje !== undefined || g.cilindraje !== undefined, {
    message: 'missing cilindraje',
    path: ['cilindraje'],
  })
  .transform((g, ctx) => {
    const servicio = foldUpper(g.tipoServicio).split(' ')[0] ?? '';
    if (!(SERVICES as readonly string[]).includes(servicio)) {
      ctx.addIssue({
        code: 'custom',
        message: `unknown tipoServicio '${g.tipoServicio}'`,
        path: ['tipoServicio'],
      });
      return z.NEVER;
    }
    return { ...g, servicio, cc: g.cilindraje ?? g.cilidraje ?? 0 };
  });

/** One SOAT policy row (both documented row shapes share these fields). */
const soatRowSchema = z.object({
  noPoliza: verifikText(),
  fechaExpedicion: verifikDate(),
  fechaVencimiento: verifikDate(),
  entidadExpideSoat: verifikText(),
  estado: verifikText(60),
});

/**
 * One technical-inspection row: either RUNT's "no inspection applies" marker (the plate page's example,
 * `{"vigente": "NO APLICA"}`) or a certificate (the VIN page's rows). Anything else is refused.
 */
const rtmRowSchema = z.union([
  z.object({
    fechaExpedicion: verifikDate(),
    fechaVencimiento: verifikDate(),
    cdaExpide: verifikText(),
    vigente: z.enum(['SI', 'NO']),
  }),
  z.object({ vigente: z.literal('NO APLICA') }).strict(),
]);

export const runtVehicleAnswerSchema = z.object({
  data: z.object({
    informacionGeneral: generalSchema,
    soat: z.array(soatRowSchema).max(200),
    tecnoMecanica: z.array(rtmRowSchema).max(200),
  }),
});
type RuntAnswer = z.output<typeof runtVehicleAnswerSchema>;

/** The policy with the latest expiry (RUNT lists the history); null when there is none. */
function currentSoat(rows: RuntAnswer['data']['soat']): Soat | null {
  const latest = [...rows].sort((a, b) => b.fechaVencimiento.localeCompare(a.fechaVencimiento))[0];
  return latest
    ? {
        fecha_expedicion: latest.fechaExpedicion,
        fecha_vencimiento: latest.fechaVencimiento,
        aseguradora: latest.entidadExpideSoat,
      }
    : null;
}

/** The last inspection (latest expiry); null when RUNT lists none or says none applies yet. */
function lastInspection(rows: RuntAnswer['data']['tecnoMecanica']): Rtm | null {
  const certificates = rows.flatMap((r) => ('fechaVencimiento' in r ? [r] : []));
  const latest = certificates.sort((a, b) => b.fechaVencimiento.localeCompare(a.fechaVencimiento))[0];
  return latest
    ? {
        fecha_expedicion: latest.fechaExpedicion,
        fecha_vencimiento: latest.fechaVencimiento,
        cda: latest.cdaExpide,
      }
    : null;
}

/**
 * RUNT through Verifik (REGISTRY_PROVIDER=verifik, decision 070):
 *
 *   GET {VERIFIK_BASE_URL}/v2/co/runt/vehicle-by-plate?documentType=&documentNumber=&plate=
 *   Authorization: Bearer {VERIFIK_TOKEN}
 *
 * maps informacionGeneral to the vehicle (class, service, brand, line, model year, registration date, fuel,
 * colour, engine size, body), the SOAT list to the current policy and the tecnoMecanica list to the last
 * inspection. The endpoint does not answer the owner's driving licence: `licencia` is null (the licence alert
 * keeps the user's own dates).
 */
export class VerifikRegistryProvider implements RegistryProvider {
  readonly name = 'verifik';
  readonly quota: ProviderQuota;
  private readonly label = 'registry-verifik';

  constructor(
    private readonly opts: VerifikOptions,
    quotaPerMinute: number,
  ) {
    this.quota = { key: 'verifik', perMinute: quotaPerMinute };
  }

  async lookupVehicle(query: OwnerQuery): Promise<RegistryVehicle> {
    checkOwnerDocument(this.label, RUNT_DOCUMENT_TYPES, query);
    const answer = await verifikGet(
      this.opts,
      this.label,
      {
        path: 'v2/co/runt/vehicle-by-plate',
        query: { documentType: query.tipoDocumento, documentNumber: query.documento, plate: query.placa },
      },
      runtVehicleAnswerSchema,
    );
    const g = answer.data.informacionGeneral;
    if (foldUpper(g.noPlaca) !== query.placa) {
      throw new ProviderError(this.label, 'invalid_answer', 'answer is about another plate');
    }
    const vehicle: RegistryVehicle = {
      placa: query.placa,
      vehiculo: {
        marca: foldUpper(g.marca),
        linea: g.linea,
        modelo: g.modelo,
        clase: foldUpper(g.claseVehiculo),
        servicio: g.servicio,
        combustible: foldUpper(g.tipoCombustible),
        color: g.color,
        cilindraje: g.cc,
        carroceria: g.tipoCarroceria ? g.tipoCarroceria : null,
        fecha_matricula: g.fechaMatricula,
      },
      soat: currentSoat(answer.data.soat),
      rtm: lastInspection(answer.data.tecnoMecanica),
      licencia: null,
    };
    // TOGO's own contract (lengths, ranges) once more: whatever is stored has passed it.
    const checked = registryVehicleSchema.safeParse(vehicle);
    if (!checked.success) {
      throw new ProviderError(
        this.label,
        'invalid_answer',
        `answer out of range at ${checked.error.issues[0]?.path.join('.')}`,
      );
    }
    return checked.data;
  }
}
