import { fineState } from '@togo/domain/garage/fine-states';
import { finesResultSchema, type Fine, type FinesResult } from '@togo/domain/garage/registry.contract';
import { z } from 'zod';
import { ProviderError } from '../registry/provider-error.ts';
import type { OwnerQuery, ProviderQuota } from '../registry/registry-provider.ts';
import {
  checkOwnerDocument,
  foldUpper,
  verifikDate,
  verifikGet,
  verifikText,
  type VerifikOptions,
} from '../verifik/verifik-client.ts';
import type { FinesProvider } from './fines-provider.ts';

/** Document types the endpoint accepts (docs.verifik.co, SIMIT - General query by identification document). */
export const SIMIT_DOCUMENT_TYPES = ['CC', 'PA', 'CE', 'TI', 'RC', 'NIT'] as const;

const money = () => z.number().int().min(0).max(10_000_000_000);

/** One entry of `multas` (the documented fields; others are ignored). */
const multaSchema = z.object({
  numeroComparendo: verifikText(40),
  fechaComparendo: verifikDate(),
  fechaResolucion: verifikDate().nullable().optional(),
  estadoComparendo: verifikText(60),
  valorPagar: money(),
  placa: z.string().trim().max(10).nullable(),
  organismoTransito: verifikText(),
  departamento: z.string().trim().max(200).nullable().optional(),
  infractor: z.object({
    numeroDocumento: z.string().trim().max(20),
    nombre: z.string().trim().max(60).nullable().optional(),
    apellido: z.string().trim().max(60).nullable().optional(),
  }),
  infracciones: z
    .array(z.object({ codigoInfraccion: verifikText(10), descripcionInfraccion: verifikText(500) }))
    .min(1)
    .max(20),
});

const cursoSchema = z.object({
  numeroMulta: verifikText(40),
  fechaCurso: verifikDate(),
  centroInstruccion: verifikText(),
  estado: verifikText(60),
});

const acuerdoSchema = z.object({
  resolucion: verifikText(40),
  fechaResolucion: verifikDate(),
  estado: verifikText(60),
  pendiente: money(),
  secretaria: verifikText(),
  departamento: z.string().trim().max(200).nullable().optional(),
});

const simitDataSchema = z.object({
  multas: z.array(multaSchema).max(500),
  cursos: z.array(cursoSchema).max(500),
  acuerdosPago: z.array(acuerdoSchema).max(500),
});

/**
 * The documented 200 wraps the data twice (`{"value":{"value":{"data":…}}}`); the other SIMIT endpoints answer
 * `{"data":…}`. Both are taken, nothing else.
 */
export const simitAnswerSchema = z.union([
  z
    .object({ value: z.object({ value: z.object({ data: simitDataSchema }) }) })
    .transform((a) => a.value.value.data),
  z.object({ data: simitDataSchema }).transform((a) => a.data),
]);
type SimitData = z.output<typeof simitDataSchema>;

function office(name: string, departamento: string | null | undefined): string {
  return departamento ? `${name} (${departamento})` : name;
}

/**
 * SIMIT through Verifik (FINES_PROVIDER=verifik, decision 070):
 *
 *   GET {VERIFIK_BASE_URL}/v2/co/simit/consultar?documentType=&documentNumber=
 *   Authorization: Bearer {VERIFIK_TOKEN}
 *
 * The owner's fines (`multas`) become TOGO fines: those on the vehicle's plate are the vehicle's, the others the
 * person's; each payment agreement (`acuerdosPago`) is one owed entry of the person in state 'acuerdo de pago';
 * a course (`cursos`) is attached to the fine it names. SIMIT's states are mapped onto FINE_STATES, and an answer
 * with a state TOGO does not know is refused (never guessed). A 404 ("Record not found.") is SIMIT having no
 * record for the document: no fines.
 */
export class VerifikFinesProvider implements FinesProvider {
  readonly name = 'verifik';
  readonly quota: ProviderQuota;
  private readonly label = 'fines-verifik';

  constructor(
    private readonly opts: VerifikOptions,
    quotaPerMinute: number,
  ) {
    this.quota = { key: 'verifik', perMinute: quotaPerMinute };
  }

  async lookupFines(query: OwnerQuery): Promise<FinesResult> {
    checkOwnerDocument(this.label, SIMIT_DOCUMENT_TYPES, query);
    let data: SimitData;
    try {
      data = await verifikGet(
        this.opts,
        this.label,
        {
          path: 'v2/co/simit/consultar',
          query: { documentType: query.tipoDocumento, documentNumber: query.documento },
        },
        simitAnswerSchema,
      );
    } catch (err) {
      if (err instanceof ProviderError && err.kind === 'not_found') {
        return { comparendos_vehiculo: [], comparendos_persona: [] };
      }
      throw err;
    }
    const result = this.toFines(data, query);
    const checked = finesResultSchema.safeParse(result);
    if (!checked.success) {
      const at = checked.error.issues[0]?.path.join('.') ?? '';
      throw new ProviderError(this.label, 'invalid_answer', `answer out of range at ${at}`);
    }
    return checked.data;
  }

  private toFines(data: SimitData, query: OwnerQuery): FinesResult {
    const courses = new Map(data.cursos.map((c) => [c.numeroMulta, c]));
    const vehicle: Fine[] = [];
    const person: Fine[] = [];
    data.multas.forEach((m, i) => {
      const estado = fineState(m.estadoComparendo);
      if (!estado) {
        throw new ProviderError(
          this.label,
          'invalid_answer',
          `unknown estadoComparendo '${m.estadoComparendo.slice(0, 60)}' at multas.${i}`,
        );
      }
      const codes = m.infracciones.map((x) => x.codigoInfraccion);
      const course = courses.get(m.numeroComparendo);
      const placa = m.placa ? foldUpper(m.placa).replace(/[^A-Z0-9]/g, '') : '';
      const name = [m.infractor.nombre, m.infractor.apellido].filter(Boolean).join(' ').trim();
      const fine: Fine = {
        numero: m.numeroComparendo,
        // SIMIT lists comparendos and multas alike; a sanctioning resolution makes it a multa.
        tipo: `${m.fechaResolucion ? 'MULTA DE TRÁNSITO' : 'Comparendo'} - ${codes.join(', ')}`,
        estado,
        total: m.valorPagar,
        fecha_infraccion: m.fechaComparendo,
        placa,
        infractor: name || m.infractor.numeroDocumento,
        descripcion: m.infracciones
          .map((x) => x.descripcionInfraccion)
          .join(' / ')
          .slice(0, 500),
        categoria: codes[0] ?? '',
        organismo_transito: office(m.organismoTransito, m.departamento),
        fecha_resolucion: m.fechaResolucion ?? null,
        descuento: null,
        curso: course
          ? { fecha: course.fechaCurso, estado: course.estado, centro: course.centroInstruccion }
          : null,
      };
      (placa === query.placa ? vehicle : person).push(fine);
    });
    data.acuerdosPago.forEach((a, i) => {
      const estado = fineState(a.estado);
      if (estado !== 'acuerdo de pago') {
        throw new ProviderError(
          this.label,
          'invalid_answer',
          `unknown acuerdosPago estado '${a.estado.slice(0, 60)}' at acuerdosPago.${i}`,
        );
      }
      person.push({
        numero: a.resolucion,
        tipo: 'Acuerdo de pago',
        estado,
        total: a.pendiente,
        fecha_infraccion: a.fechaResolucion,
        placa: '',
        infractor: query.documento,
        descripcion: `Acuerdo de pago, resolución ${a.resolucion}.`,
        categoria: '',
        organismo_transito: office(a.secretaria, a.departamento),
        fecha_resolucion: a.fechaResolucion,
        descuento: null,
        curso: null,
      });
    });
    return { comparendos_vehiculo: vehicle, comparendos_persona: person };
  }
}
