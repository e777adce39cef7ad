import { useQueries } from '@tanstack/react-query';
import { onlyUnpaid } from '@togo/domain/garage/fine-states';
import type { AlertCode } from '@togo/domain/alerts/alerts.rules';
import { alertKey, getAlert, type AlertResponses } from './api/get-alert.ts';
import type { AlertName } from './alerts-menu.ts';
import { expiryStatus, type ExpiryStatus } from './expiry-status.ts';

/** The code each alert of the list reads (pico y placa has its own screen and no due date). */
const CODES: Partial<Record<AlertName, AlertCode>> = {
  soat: 'ALERTA_SOAT',
  poliza: 'ALERTA_TODO_RIESGO',
  infracciones: 'INFRACCION_TRANSITO',
  rtm: 'ALERTA_RTM',
  'licencia-conduccion': 'ALERTA_LICENCIA',
  kit: 'ALERTA_KIT',
  impuestos: 'ALERTA_IMPUESTO',
};

export type AlertChip = ExpiryStatus | { tone: 'unknown' | 'loading'; label: string };

/** While an alert's answer is on its way: the chip's place is kept, so the list does not move when it comes. */
export const CHIP_LOADING: AlertChip = { tone: 'loading', label: 'Consultando…' };
/** The answer could not be read: said so, never a state TOGO does not know. */
export const CHIP_FAILED: AlertChip = { tone: 'unknown', label: 'No disponible' };

const NO_DATE: AlertChip = { tone: 'unknown', label: 'Sin fecha' };

/** The chip of one answer: the due date against today, the unpaid fines, or "Sin fecha". */
export function chipOf(
  code: AlertCode,
  answer: AlertResponses[AlertCode] | undefined,
  today?: string,
): AlertChip {
  if (!answer) return NO_DATE;
  if (code === 'INFRACCION_TRANSITO') {
    const fines = answer as AlertResponses['INFRACCION_TRANSITO'];
    const unpaid = fines.empty ? 0 : onlyUnpaid(fines.data.comparendos_vehiculo).length;
    if (unpaid === 0) return { tone: 'ok', label: 'Sin comparendos pendientes' };
    return {
      tone: 'expired',
      label: unpaid === 1 ? '1 comparendo pendiente' : `${unpaid} comparendos pendientes`,
    };
  }
  if (code === 'ALERTA_LICENCIA') {
    const licence = answer as AlertResponses['ALERTA_LICENCIA'];
    const dues = licence.data.detalles_lic_transito.map((c) => c.fechaVencimiento).sort();
    return expiryStatus(dues[0], today) ?? NO_DATE;
  }
  const dated = answer as AlertResponses['ALERTA_SOAT'];
  return (!dated.empty && expiryStatus(dated.data.fecha_vencimiento, today)) || NO_DATE;
}

/**
 * Each alert's state for the list (issue 36: it showed none): "Vigente", "Vence en 12 días", "Vencido",
 * "2 comparendos pendientes" or "Sin fecha", read with the alert screens' own queries (one cache entry each). An
 * alert still loading or whose read failed has no chip (never a guess).
 */
export function useAlertChips(vehicleId: number | null): Partial<Record<AlertName, AlertChip>> {
  const entries = Object.entries(CODES) as [AlertName, AlertCode][];
  const results = useQueries({
    queries: entries.map(([, code]) => ({
      queryKey: alertKey(code, vehicleId),
      enabled: vehicleId !== null,
      staleTime: 30_000,
      retry: false,
      queryFn: ({ signal }: { signal: AbortSignal }) => getAlert(code, vehicleId as number, signal),
    })),
  });
  const chips: Partial<Record<AlertName, AlertChip>> = {};
  entries.forEach(([name, code], i) => {
    const result = results[i];
    if (result?.isSuccess) chips[name] = chipOf(code, result.data);
    else if (result?.isError) chips[name] = CHIP_FAILED;
    else if (vehicleId !== null) chips[name] = CHIP_LOADING;
  });
  return chips;
}
