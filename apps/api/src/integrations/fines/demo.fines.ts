import { bogotaToday } from '@togo/domain/bogota-time';
import { dayOfWeek, isColombianHoliday } from '@togo/domain/booking/booking.rules';
import { addDays } from '@togo/domain/garage/garage-dates';
import type { Fine, FineDiscount, FinesResult } from '@togo/domain/garage/registry.contract';
import type { Clock } from '../../lib/clock.ts';
import type { OwnerQuery } from '../registry/registry-provider.ts';
import { SeededRandom } from '../registry/seeded-random.ts';
import type { FinesProvider } from './fines-provider.ts';

/**
 * UVB (Unidad de Valor Básico) by year and the UVB multiple of each fine type, from
 * `../shared/data/vehicle-facts.md` §4: 2024 = 10,951; 2025 ≈ 11,552; 2026 = 12,110.
 * A fine's amount is fixed in the year of the infraction, rounded to hundreds as Bogotá publishes it
 * (C in 2026: 52.29 × 12,110 → COP 633,200; D: 104.55 × 12,110 → COP 1,266,100).
 */
const UVB_BY_YEAR: Record<number, number> = { 2024: 10_951, 2025: 11_552, 2026: 12_110 };
const UVB_MULTIPLE: Record<string, number> = { B: 27.86, C: 52.29, D: 104.55 };

/** Infractions of art. 131 Ley 769 de 2002 the demo uses (vehicle-facts.md §1-§5). */
const INFRACTIONS = [
  {
    code: 'C14',
    text: 'Transitar por sitios restringidos o en horas prohibidas por la autoridad competente (pico y placa).',
    weight: 5,
  },
  { code: 'C02', text: 'Estacionar un vehículo en sitios prohibidos.', weight: 5 },
  { code: 'C29', text: 'Conducir un vehículo a velocidad superior a la máxima permitida.', weight: 4 },
  { code: 'C35', text: 'No realizar la revisión técnico-mecánica en el plazo legal establecido.', weight: 2 },
  {
    code: 'D02',
    text: 'Conducir sin portar el seguro obligatorio de accidentes de tránsito (SOAT).',
    weight: 1,
  },
  {
    code: 'D04',
    text: 'No detenerse ante una luz roja o amarilla de semáforo o una señal de PARE.',
    weight: 2,
  },
  { code: 'B01', text: 'Conducir un vehículo sin llevar consigo la licencia de conducción.', weight: 1 },
  { code: 'B02', text: 'Conducir un vehículo con la licencia de conducción vencida.', weight: 1 },
] as const;

/** DANE codes of transit authorities used in demo fine numbers (Bogotá, Medellín, Cali, Barranquilla). */
const AUTHORITIES = ['11001000', '05001000', '76001000', '08001000'];
/** The transit office of each authority code. */
const OFFICES: Record<string, string> = {
  '11001000': 'Secretaría Distrital de Movilidad de Bogotá',
  '05001000': 'Secretaría de Movilidad de Medellín',
  '76001000': 'Secretaría de Movilidad de Santiago de Cali',
  '08001000': 'Secretaría de Tránsito y Seguridad Vial de Barranquilla',
};

/** `n` business days (Monday to Friday, not a Colombian holiday) after `date`. */
export function addBusinessDays(date: string, n: number): string {
  let d = date;
  for (let left = n; left > 0;) {
    d = addDays(d, 1);
    const wd = dayOfWeek(d);
    if (wd !== 0 && wd !== 6 && !isColombianHoliday(d)) left -= 1;
  }
  return d;
}

/**
 * The early-payment discount of an unpaid fine on `today` (vehicle-facts.md §4, Bogotá's tables): 50 % within 5
 * business days of the infraction, 25 % from day 6 to day 20, both with the pedagogical course. Demo data: a real
 * fotomulta counts from its notification, which the demo does not model.
 */
export function demoDiscount(infraction: string, today: string): FineDiscount | null {
  const fifty = addBusinessDays(infraction, 5);
  if (today <= fifty) return { porcentaje: 50, fecha_limite: fifty, requiere_curso: true };
  const twentyFive = addBusinessDays(infraction, 20);
  if (today <= twentyFive) return { porcentaje: 25, fecha_limite: twentyFive, requiere_curso: true };
  return null;
}

export function fineAmount(code: string, infractionDate: string): number {
  const uvb = UVB_BY_YEAR[Number(infractionDate.slice(0, 4))] ?? UVB_BY_YEAR[2026] ?? 12_110;
  const multiple = UVB_MULTIPLE[code.slice(0, 1)] ?? UVB_MULTIPLE.C ?? 52.29;
  return Math.round((uvb * multiple) / 100) * 100;
}

/**
 * Demo fines: deterministic from the plate (vehicle fines) and the document (person fines). About half
 * the plates and most people have none; of the rest most are 'vigente', some paid, some old ones in coactive
 * collection or under a payment agreement (fine-states.ts). Dates fall in the two years before the clock's today
 * and never before 2024 (UVB era); each names its transit office, and a recent unpaid one its discount.
 */
export class DemoFinesProvider implements FinesProvider {
  readonly name = 'demo';

  constructor(private readonly clock: Clock) {}

  async lookupFines(query: OwnerQuery): Promise<FinesResult> {
    const today = bogotaToday(this.clock.now());
    const vehicleRnd = new SeededRandom('fines-vehicle', query.placa);
    const personRnd = new SeededRandom('fines-person', query.tipoDocumento, query.documento);
    const vehicleCount = vehicleRnd.chance(0.5) ? 0 : vehicleRnd.int(1, 3);
    const personCount = personRnd.chance(0.7) ? 0 : personRnd.int(1, 2);
    return {
      comparendos_vehiculo: Array.from({ length: vehicleCount }, () =>
        demoFine(vehicleRnd, today, query.placa, query.documento),
      ),
      comparendos_persona: Array.from({ length: personCount }, () =>
        demoFine(
          personRnd,
          today,
          personRnd.chance(0.6) ? query.placa : otherPlate(personRnd),
          query.documento,
        ),
      ),
    };
  }
}

function otherPlate(rnd: SeededRandom): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let p = '';
  for (let i = 0; i < 3; i++) p += letters[rnd.int(0, 25)];
  return p + rnd.digits(3);
}

function demoFine(rnd: SeededRandom, today: string, placa: string, documento: string): Fine {
  const infraction = rnd.weighted(INFRACTIONS, (i) => i.weight);
  let date = addDays(today, -rnd.int(3, 700));
  if (date < '2024-01-01') date = addDays('2024-01-01', rnd.int(0, 60));
  const ageDays = Math.round((Date.parse(today) - Date.parse(date)) / 86_400_000);
  const r = rnd.next();
  // Old unpaid fines go to coactive collection or a payment agreement; recent ones are pending.
  const estado =
    r < 0.2
      ? 'pagado'
      : ageDays > 365 && r < 0.5
        ? 'en cobro coactivo'
        : ageDays > 365 && r < 0.6
          ? 'acuerdo de pago'
          : 'vigente';
  const comparendo = rnd.chance(0.7);
  const tipo = comparendo
    ? `Comparendo - ${infraction.code} ${infraction.text}`
    : `MULTA DE TRÁNSITO - ${infraction.code} ${infraction.text}`;
  const authority = rnd.pick(AUTHORITIES);
  return {
    numero: `${authority}${rnd.digits(12)}`,
    tipo,
    estado,
    total: fineAmount(infraction.code, date),
    fecha_infraccion: date,
    placa,
    infractor: documento,
    descripcion: infraction.text,
    categoria: infraction.code,
    organismo_transito: OFFICES[authority] ?? null,
    fecha_resolucion: comparendo ? null : [addDays(date, 30), today].sort()[0],
    descuento: estado === 'vigente' ? demoDiscount(date, today) : null,
    curso: null,
  };
}
