import { bogotaLocalDateTime } from '@togo/domain/bogota-time';
import { BOOKING_STATE_LABELS } from '@togo/domain/labels';
import type { BulkResult } from '@togo/domain/operator/operator-agenda.contract';
import type { AgendaEntry } from '@togo/domain/operator/operator-console.contract';

/** The order of the day's totals: what is still to come first, then what happened. */
const ORDER = [
  'confirmada',
  'pendiente_pago',
  'atendido',
  'no_asistio',
  'cancelada',
  'afectada_cierre',
] as const;

/** The day's bookings by state, in ORDER (then any other state), only the states present. */
export function dayTotals(rows: readonly AgendaEntry[]): { estado: string; label: string; n: number }[] {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.estado, (counts.get(r.estado) ?? 0) + 1);
  const states = [
    ...ORDER.filter((s) => counts.has(s)),
    ...[...counts.keys()].filter((s) => !ORDER.includes(s as never)),
  ];
  return states.map((estado) => ({
    estado,
    label: (BOOKING_STATE_LABELS as Record<string, string>)[estado] ?? estado,
    n: counts.get(estado) ?? 0,
  }));
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What a bulk action did, in Spanish: how many were done, which changed meanwhile (stale) and which were
 * refused with their reason, naming each booking by its plate.
 */
export function bulkSummary(
  result: BulkResult,
  rows: readonly AgendaEntry[],
  done: { one: string; many: string },
): { ok: boolean; text: string } {
  const plate = (id: string) => rows.find((r) => r.id === id)?.placa ?? id;
  const ok = result.resultados.filter((r) => r.resultado === 'ok');
  const stale = result.resultados.filter((r) => r.resultado === 'stale');
  const refused = result.resultados.filter((r) => r.resultado === 'refused');
  const parts = [`${plural(ok.length, done.one, done.many)}.`];
  if (stale.length > 0) {
    parts.push(
      `${plural(stale.length, 'cita cambió', 'citas cambiaron')} mientras tanto y no se tocaron: ` +
        `${stale.map((r) => plate(r.id)).join(', ')}.`,
    );
  }
  for (const r of refused) parts.push(`${plate(r.id)}: ${r.detalle ?? 'no se pudo cambiar.'}`);
  return { ok: stale.length === 0 && refused.length === 0, text: parts.join(' ') };
}

/** 'HH:mm' in Bogotá of an instant (the agenda's "Actualizado" note). */
export function bogotaClock(ms: number): string {
  return bogotaLocalDateTime(new Date(ms)).slice(11, 16);
}
