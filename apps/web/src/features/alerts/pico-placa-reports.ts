import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  picoPlacaReportCreatedSchema,
  picoPlacaReportSchema,
  type PicoPlacaReport,
  type PicoPlacaReportCreated,
} from '@togo/domain/pico-placa/pico-placa-report.contract';
import { apiParse } from '../../lib/api-client.ts';

/** Under 'garage' with the vehicle's other reads: a change of garage invalidates them together. */
export const picoPlacaReportsKey = (vehicleId: number) => ['garage', vehicleId, 'pico-placa-reportes'];

/** GET /api/togo/pico-placa/reportes/?id_garaje= : the driver's reports of this vehicle, newest first. */
export function usePicoPlacaReports(vehicleId: number) {
  return useQuery({
    queryKey: picoPlacaReportsKey(vehicleId),
    retry: false,
    queryFn: ({ signal }) =>
      apiParse(picoPlacaReportSchema.array(), `/api/togo/pico-placa/reportes/?id_garaje=${vehicleId}`, {
        signal,
      }),
  });
}

/** POST /api/togo/pico-placa/reportes/ (decision 104); the list is read again after it. */
export function useSendPicoPlacaReport(vehicleId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { fecha: string; nota: string }): Promise<PicoPlacaReportCreated> =>
      apiParse(picoPlacaReportCreatedSchema, '/api/togo/pico-placa/reportes/', {
        method: 'POST',
        body: { id_garaje: vehicleId, fecha: input.fecha, nota: input.nota },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: picoPlacaReportsKey(vehicleId) }),
  });
}

/** The state of the driver's newest report about `fecha`, in plain Spanish, or null when there is none. */
export function reportStateText(
  reports: readonly PicoPlacaReport[] | undefined,
  fecha: string,
): string | null {
  const report = reports?.find((r) => r.fecha === fecha);
  if (!report) return null;
  if (report.estado === 'abierto') return 'Reportaste esta respuesta. Estado: en revisión.';
  return report.respuesta
    ? `Revisamos tu reporte. Respuesta de TOGO: ${report.respuesta}`
    : 'Revisamos tu reporte. ¡Gracias por avisarnos!';
}
