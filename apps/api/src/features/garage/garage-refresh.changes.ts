/**
 * What changed between two answers of a provider, as notification events (pure). Each event has a key that is
 * unique per vehicle and kind (the fine's number, the new expiry date), so storing it with a unique index makes
 * it exist once however often a refresh runs (docs/decisions/032-scheduled-refresh.md).
 */
import { fineState, isUnpaidFine } from '@togo/domain/garage/fine-states';
import { alertRedirectUrl, notificationIconPath } from '@togo/domain/alerts/alerts.rules';
import { formatCop } from '@togo/domain/money';
import type { Fine, FinesResult, RegistryVehicle } from '@togo/domain/garage/registry.contract';

export type ChangeKind =
  'multa_nueva' | 'multa_pagada' | 'multa_retirada' | 'renovacion_soat' | 'renovacion_rtm' | 'pico_placa';

export interface ChangeEvent {
  kind: ChangeKind;
  /** Unique per (vehicle, kind). */
  key: string;
  /** notifications.code; its prefix decides the preference kind (MULTA* multas, PICO_PLACA* pico_placa). */
  code: string;
  /** notifications.due_date: the fine's date, the new expiry date or the restricted day ('YYYY-MM-DD'). */
  date: string;
  titulo: string;
  message: string;
  url: string;
  logo: string;
  /** A renewal: reminders of this alert code for dates before `newDate` stop. */
  renewal?: { alertCode: 'ALERTA_SOAT' | 'ALERTA_RTM'; newDate: string };
}

/** '2026-11-12' → '12-11-2026' (as the expiry reminders write dates). */
export function dayMonthYear(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}-${m}-${y}`;
}

function byNumber(result: FinesResult | null): Map<string, Fine> {
  // Only the vehicle's fines: the owner's personal fines would repeat on every vehicle of a company.
  return new Map((result?.comparendos_vehiculo ?? []).map((f) => [f.numero, f]));
}

function fineEvent(kind: ChangeKind, code: string, fine: Fine, titulo: string, message: string): ChangeEvent {
  return {
    kind,
    key: fine.numero,
    code,
    date: fine.fecha_infraccion,
    titulo,
    message,
    url: alertRedirectUrl('INFRACCION_TRANSITO'),
    logo: notificationIconPath('INFRACCION_TRANSITO'),
  };
}

/**
 * Fines: an owed fine (any unpaid state: vigente, en cobro coactivo, acuerdo de pago; decision 071) not in the
 * previous answer is new; a fine owed before and now paid/annulled is paid; a fine owed before and now absent was
 * removed. An owed fine changing between unpaid states (vigente → cobro coactivo) is neither. No previous answer =
 * the first look-up: nothing is "new".
 */
export function finesChanges(
  previous: FinesResult | null,
  current: FinesResult,
  placa: string,
): ChangeEvent[] {
  if (!previous) return [];
  const before = byNumber(previous);
  const now = byNumber(current);
  const events: ChangeEvent[] = [];
  for (const fine of now.values()) {
    const old = before.get(fine.numero);
    const amount = formatCop(fine.total);
    const day = dayMonthYear(fine.fecha_infraccion);
    const state = fineState(fine.estado);
    if (!old && isUnpaidFine(fine.estado)) {
      events.push(
        fineEvent(
          'multa_nueva',
          'MULTA_NUEVA',
          fine,
          `Nueva multa para ${placa}`,
          `Se registró una multa de ${amount} del ${day} para el vehículo ${placa}. Consulta el detalle y cómo pagarla en TOGO.`,
        ),
      );
    } else if (old && isUnpaidFine(old.estado) && (state === 'pagado' || state === 'anulado')) {
      events.push(
        fineEvent(
          'multa_pagada',
          'MULTA_PAGADA',
          fine,
          `Multa ${state === 'pagado' ? 'pagada' : 'anulada'}: ${placa}`,
          `La multa de ${amount} del ${day} del vehículo ${placa} ya aparece como ${state}.`,
        ),
      );
    }
  }
  for (const old of before.values()) {
    if (now.has(old.numero) || !isUnpaidFine(old.estado)) continue;
    events.push(
      fineEvent(
        'multa_retirada',
        'MULTA_RETIRADA',
        old,
        `Multa retirada: ${placa}`,
        `La multa de ${formatCop(old.total)} del ${dayMonthYear(old.fecha_infraccion)} ya no aparece en el registro de multas del vehículo ${placa}.`,
      ),
    );
  }
  return events;
}

const RENEWABLE = [
  { field: 'soat', kind: 'renovacion_soat', code: 'RENOVACION_SOAT', alertCode: 'ALERTA_SOAT', name: 'SOAT' },
  {
    field: 'rtm',
    kind: 'renovacion_rtm',
    code: 'RENOVACION_RTM',
    alertCode: 'ALERTA_RTM',
    name: 'revisión técnico-mecánica',
  },
] as const;

/** SOAT / RTM renewed: the registry's expiry date moved forward since the previous answer. */
export function registryChanges(
  previous: RegistryVehicle | null,
  current: RegistryVehicle,
  placa: string,
): ChangeEvent[] {
  if (!previous) return [];
  const events: ChangeEvent[] = [];
  for (const r of RENEWABLE) {
    const before = previous[r.field]?.fecha_vencimiento;
    const after = current[r.field]?.fecha_vencimiento;
    if (!before || !after || after <= before) continue;
    const article = r.field === 'soat' ? 'El' : 'La';
    const renewed = r.field === 'soat' ? 'renovado' : 'renovada';
    events.push({
      kind: r.kind,
      key: after,
      code: r.code,
      date: after,
      titulo: `${r.field === 'soat' ? 'SOAT' : 'Revisión técnico-mecánica'} ${renewed}: ${placa}`,
      message: `${article} ${r.name} del vehículo ${placa} ahora vence el ${dayMonthYear(after)}. Ya no te recordaremos la fecha anterior (${dayMonthYear(before)}).`,
      url: alertRedirectUrl(r.alertCode),
      logo: notificationIconPath(r.alertCode),
      renewal: { alertCode: r.alertCode, newDate: after },
    });
  }
  return events;
}
