import type { DatesAlertResponse, FinesAlertResponse } from '@togo/domain/alerts/alerts.contract';
import { onlyUnpaid } from '@togo/domain/garage/fine-states';
import { formatCop } from '@togo/domain/money';
import type { PicoPlacaResponse } from '@togo/domain/pico-placa/pico-placa.contract';

/** A notification the home derives from the vehicle's own data (fines, pico y placa, expired documents). */
export interface TruthNote {
  id: string;
  title: string;
  text: string;
  to: string;
}

export interface TruthInput {
  /** 'YYYY-MM-DD' in Bogotá. */
  today: string;
  fines: FinesAlertResponse | undefined;
  picoPlaca: PicoPlacaResponse | undefined;
  soat: DatesAlertResponse | undefined;
  rtm: DatesAlertResponse | undefined;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function expired(answer: DatesAlertResponse | undefined, today: string): boolean {
  const due = answer?.data.fecha_vencimiento;
  return Boolean(due && due.slice(0, 10) < today);
}

/** What the home must say about the selected vehicle, most urgent first. */
export function truthNotes(input: TruthInput): TruthNote[] {
  const notes: TruthNote[] = [];
  const fines = input.fines && !input.fines.empty ? onlyUnpaid(input.fines.data.comparendos_vehiculo) : [];
  const count = fines.length;
  if (count > 0) {
    const total = fines.reduce(
      (sum, f) => sum + (typeof f.total === 'number' && Number.isFinite(f.total) ? f.total : 0),
      0,
    );
    notes.push({
      id: 'fines',
      title: 'Comparendos sin pagar:',
      text: `${plural(count, 'comparendo', 'comparendos')} por ${formatCop(total)}.`,
      to: '/app/alerts/comparendos',
    });
  }
  if (input.picoPlaca?.status === 'restricted') {
    notes.push({
      id: 'pico-placa',
      title: 'Pico y placa hoy:',
      text: input.picoPlaca.mensaje,
      to: '/app/alerts/pico-placa',
    });
  }
  if (expired(input.soat, input.today)) {
    notes.push({
      id: 'soat',
      title: 'SOAT vencido:',
      text: 'renuévalo para poder circular.',
      to: '/app/alerts/soat',
    });
  }
  if (expired(input.rtm, input.today)) {
    notes.push({
      id: 'rtm',
      title: 'Revisión técnico-mecánica vencida:',
      text: 'agenda tu RTM.',
      to: '/app/alerts/rtm',
    });
  }
  return notes;
}
