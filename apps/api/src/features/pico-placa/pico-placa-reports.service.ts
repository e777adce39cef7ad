import { bogotaToday } from '@togo/domain/bogota-time';
import { addDays } from '@togo/domain/pico-placa/pico-placa.calendar';
import { plateDigit } from '@togo/domain/pico-placa/pico-placa.engine';
import { picoPlacaVehicleType } from '@togo/domain/pico-placa/pico-placa.message';
import {
  PICO_PLACA_REPORT_MESSAGES as MSG,
  PICO_PLACA_REPORT_WINDOW_DAYS,
  type PicoPlacaReport,
  type PicoPlacaReportAnswer,
  type PicoPlacaReportBody,
  type PicoPlacaReportCreated,
} from '@togo/domain/pico-placa/pico-placa-report.contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PicoPlacaReportRow, PicoPlacaReportsRepository } from './pico-placa-reports.repository.ts';
import type { PicoPlacaRepository } from './pico-placa.repository.ts';
import type { PicoPlacaService } from './pico-placa.service.ts';

/** At most this many reports per driver per hour (a duplicate counts too: it is a request). */
const PICO_PLACA_REPORTS_PER_HOUR = 10;

export interface PicoPlacaReportsDeps {
  reports: PicoPlacaReportsRepository;
  rules: PicoPlacaRepository;
  picoPlaca: PicoPlacaService;
  clock: Clock;
  /** The accounts feature's shared request limiter, injected: a 429 with the wait when the window is full. */
  limit: (rule: {
    key: string;
    limit: number;
    windowSeconds: number;
    message: (wait: string) => string;
  }) => Promise<void>;
}

function reportOf(row: PicoPlacaReportRow): PicoPlacaReport {
  return {
    id: row.id,
    id_garaje: row.vehicleId,
    fecha: row.fecha,
    ciudad: row.cityName,
    digito: row.digito,
    tipo_vehiculo: row.tipoVehiculo === 'moto' ? 'moto' : 'particular',
    nota: row.nota,
    estado: row.estado === 'resuelto' ? 'resuelto' : 'abierto',
    respuesta: row.respuesta,
    creado: row.created.toISOString(),
    resuelto_el: row.resolvedAt?.toISOString() ?? null,
  };
}

/**
 * "¿Esta información está mal?" (issue 33 item 8, decision 104): a driver reports the answer TOGO gave for one of
 * their vehicles on a day. The city, digit and vehicle type come from the vehicle; what TOGO answered is computed
 * again by the same service as the answer screen, and kept with the report.
 */
export class PicoPlacaReportsService {
  constructor(private readonly d: PicoPlacaReportsDeps) {}

  async create(userId: number, body: PicoPlacaReportBody): Promise<PicoPlacaReportCreated> {
    const now = this.d.clock.now();
    const today = bogotaToday(now);
    if (
      body.fecha < addDays(today, -PICO_PLACA_REPORT_WINDOW_DAYS) ||
      body.fecha > addDays(today, PICO_PLACA_REPORT_WINDOW_DAYS)
    ) {
      throw AppError.field('fecha', MSG.outOfWindow);
    }
    const vehicle = await this.d.rules.findVehicle(userId, body.id_garaje);
    if (!vehicle) throw AppError.notFound();
    const cityName = vehicle.cityCommonName ?? vehicle.cityName;
    const digit = plateDigit(vehicle.placa, 'last');
    if (vehicle.cityCode === null || cityName === null) throw AppError.field('id_garaje', MSG.noCity);
    if (digit === undefined) throw AppError.field('id_garaje', MSG.vehicle);
    await this.d.limit({
      key: `pico-placa-reporte:${userId}`,
      limit: PICO_PLACA_REPORTS_PER_HOUR,
      windowSeconds: 3600,
      message: MSG.tooMany,
    });
    const [said, version] = await Promise.all([
      this.d.picoPlaca.forVehicle(userId, { id_garaje: body.id_garaje, fecha: body.fecha }),
      this.d.reports.cityVersion(vehicle.cityCode),
    ]);
    const answer: PicoPlacaReportAnswer = {
      status: said.status,
      certeza: said.certeza,
      mensaje: said.mensaje,
      digitos: said.digitos,
      fuentes: said.fuentes,
      verificado_el: said.verificado_el,
      version,
    };
    const { row, duplicate } = await this.d.reports.insertOnce({
      userId,
      vehicleId: vehicle.id,
      daneCode: vehicle.cityCode,
      cityName,
      fecha: body.fecha,
      digito: digit,
      tipoVehiculo: picoPlacaVehicleType(vehicle.placa),
      nota: body.nota,
      answer,
      reportDay: today,
      created: now,
    });
    return { ...reportOf(row), duplicado: duplicate };
  }

  async mine(userId: number, vehicleId: number): Promise<PicoPlacaReport[]> {
    const vehicle = await this.d.rules.findVehicle(userId, vehicleId);
    if (!vehicle) throw AppError.notFound();
    return (await this.d.reports.mine(userId, vehicleId)).map(reportOf);
  }
}
