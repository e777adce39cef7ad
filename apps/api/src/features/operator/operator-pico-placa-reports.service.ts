import {
  PICO_PLACA_REPORT_CODE,
  PICO_PLACA_REPORT_MESSAGES,
  picoPlacaReportAnswerSchema,
  picoPlacaReportResolvedTexts,
  type OperatorPicoPlacaReport,
  type PicoPlacaReportAnswer,
  type PicoPlacaReportState,
} from '@togo/domain/pico-placa/pico-placa-report.contract';
import { PICO_PLACA_EVE_ICON, PICO_PLACA_EVE_URL } from '@togo/domain/pico-placa/pico-placa.notice';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { NotificationSink } from '../../lib/notification-sink.ts';
import type { AuditActor } from './audit.repository.ts';
import type {
  OperatorPicoPlacaReportsRepository,
  ReportRow,
} from './operator-pico-placa-reports.repository.ts';

/** A stored answer that no longer parses (never expected) is shown as unknown rather than failing the list. */
const UNREADABLE_ANSWER: PicoPlacaReportAnswer = {
  status: 'unknown',
  certeza: 'sin_informacion',
  mensaje: '',
  digitos: [],
  fuentes: [],
  verificado_el: null,
  version: null,
};

function rowOf(row: ReportRow): OperatorPicoPlacaReport {
  const answer = picoPlacaReportAnswerSchema.safeParse(row.answer);
  return {
    id: row.id,
    dane: row.daneCode,
    ciudad: row.cityName,
    fecha: row.fecha,
    digito: row.digito,
    tipo_vehiculo: row.tipoVehiculo === 'moto' ? 'moto' : 'particular',
    nota: row.nota,
    estado: row.estado === 'resuelto' ? 'resuelto' : 'abierto',
    respuesta: row.respuesta,
    creado: row.created.toISOString(),
    resuelto_el: row.resolvedAt?.toISOString() ?? null,
    resuelto_por: row.resolvedByEmail,
    dijo: answer.success ? answer.data : UNREADABLE_ANSWER,
  };
}

/**
 * The drivers' reports in the console's "Por revisar" list (decision 104): who may read pico y placa sees them;
 * who may edit it resolves one with an optional reply, audited, and the driver is notified (in-app, and on the
 * channels their preferences allow for pico y placa).
 */
export class OperatorPicoPlacaReportsService {
  constructor(
    private readonly d: {
      repo: OperatorPicoPlacaReportsRepository;
      clock: Clock;
      notifications: NotificationSink;
    },
  ) {}

  async list(estado: PicoPlacaReportState): Promise<OperatorPicoPlacaReport[]> {
    return (await this.d.repo.list(estado)).map(rowOf);
  }

  async resolve(actor: AuditActor, id: number, respuesta: string | null): Promise<OperatorPicoPlacaReport> {
    const result = await this.d.repo.resolve({
      id,
      respuesta,
      staffId: actor.staffId,
      staffEmail: actor.email,
      now: this.d.clock.now(),
      audit: (before) => ({
        actor,
        accion: 'pico-placa.resolver_reporte',
        objeto: `pico-placa-reporte:${id}`,
        antes: { estado: before.estado, ciudad: before.daneCode, fecha: before.fecha },
        despues: { estado: 'resuelto', respuesta },
      }),
      notice: (row) => ({
        code: PICO_PLACA_REPORT_CODE,
        ...picoPlacaReportResolvedTexts({ ciudad: row.cityName, fecha: row.fecha, respuesta: row.respuesta }),
        url: PICO_PLACA_EVE_URL,
        logo: PICO_PLACA_EVE_ICON,
      }),
    });
    if (result === 'missing') throw AppError.notFound('Reporte no encontrado.');
    if (result === 'resolved') throw AppError.conflict(PICO_PLACA_REPORT_MESSAGES.alreadyResolved);
    await this.d.notifications.deliver(result.notificationIds);
    return rowOf(result.row);
  }
}
