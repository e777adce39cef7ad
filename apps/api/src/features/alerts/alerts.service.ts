import {
  licenceSchema,
  parseFines,
  type AlertDates,
  type AlertQuery,
  type AlertResponse,
  type DatesAlertResponse,
  type FinesAlertResponse,
  type LicenceAlertResponse,
  type SaveAlert,
  type SavedAlert,
  type UserDatesAlertResponse,
} from '@togo/domain/alerts/alerts.contract';
import { onlyUnpaid } from '@togo/domain/garage/fine-states';
import { ALERT_MSG, futureDoneDateField } from '@togo/domain/alerts/alerts.rules';
import { bogotaToday } from '@togo/domain/bogota-time';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AlertsRepository, AlertViewRow, DatesRow } from './alerts.repository.ts';

export interface AlertsUser {
  id: number;
}

/** Called after the user's dates of a vehicle change (runs the expiry engine for it). */
export type DatesChangedHook = (vehicleId: number) => Promise<void>;

export interface AlertsLog {
  error(obj: object, msg: string): void;
}

/** Look-up answered (successfully or not): 'Estamos actualizando tu información' no longer applies. */
function answered(status: string | null): boolean {
  return status === 'ok' || status === 'failed';
}

function hasDates(d: DatesRow | null): d is DatesRow {
  return d !== null && (d.fechaExpedicion !== null || d.fechaVencimiento !== null);
}

function toWire(d: DatesRow | null): AlertDates {
  return { fecha_expedicion: d?.fechaExpedicion ?? null, fecha_vencimiento: d?.fechaVencimiento ?? null };
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Alert screens (AHGA §2 alerts routes, §4, §7): registry data, the user's dates, fines. */
export class AlertsService {
  constructor(
    private readonly repo: AlertsRepository,
    private readonly clock: Clock,
    private readonly onDatesChanged: DatesChangedHook,
    private readonly log?: AlertsLog,
  ) {}

  async getAlert(user: AlertsUser, q: AlertQuery): Promise<AlertResponse> {
    switch (q.code) {
      case 'ALERTA_SOAT':
      case 'ALERTA_RTM':
        return this.registryDates(user, q.id_garaje, q.code);
      case 'ALERTA_TODO_RIESGO':
      case 'ALERTA_IMPUESTO':
      case 'ALERTA_KIT':
        return this.userDates(user, q.id_garaje, q.code);
      case 'ALERTA_LICENCIA':
        return this.licence(user, q.id_garaje);
      case 'INFRACCION_TRANSITO':
        return this.fines(user, q.id_garaje);
    }
  }

  async create(user: AlertsUser, input: SaveAlert): Promise<SavedAlert> {
    this.refuseFutureDoneDate(input);
    await this.requireVehicle(user, input.id_garaje);
    const dates = { fechaExpedicion: input.fecha_expedicion, fechaVencimiento: input.fecha_vencimiento };
    const inserted = await this.repo.insertUserDates(input.id_garaje, input.code, dates, this.clock.now());
    if (!inserted) throw AppError.badRequest(ALERT_MSG.alreadyExists);
    await this.datesChanged(input.id_garaje);
    return { code: input.code, id_garaje: input.id_garaje, data: toWire(dates) };
  }

  async update(user: AlertsUser, input: SaveAlert): Promise<SavedAlert> {
    this.refuseFutureDoneDate(input);
    await this.requireVehicle(user, input.id_garaje);
    const dates = { fechaExpedicion: input.fecha_expedicion, fechaVencimiento: input.fecha_vencimiento };
    const updated = await this.repo.updateUserDates(input.id_garaje, input.code, dates, this.clock.now());
    if (!updated) throw AppError.notFound();
    await this.datesChanged(input.id_garaje);
    return { code: input.code, id_garaje: input.id_garaje, data: toWire(dates) };
  }

  /** A date of something already done may not be in the future (issue 36: a kit "recharged" in 2030). */
  private refuseFutureDoneDate(input: SaveAlert): void {
    const field = futureDoneDateField(input.code, input, bogotaToday(this.clock.now()));
    if (field) throw AppError.field(field, ALERT_MSG.futureDoneDate);
  }

  private async requireVehicle(user: AlertsUser, vehicleId: number): Promise<void> {
    if (!(await this.repo.ownsVehicle(user.id, vehicleId))) throw AppError.notFound();
  }

  /** The dates are saved; a failed engine run is logged, not reported (the daily run catches up). */
  private async datesChanged(vehicleId: number): Promise<void> {
    try {
      await this.onDatesChanged(vehicleId);
    } catch (err) {
      this.log?.error({ err, vehicleId }, 'expiry engine run after a date change failed');
    }
  }

  private async view(
    user: AlertsUser,
    vehicleId: number,
    code: string,
    snapshot: { kind: string; keys: string[] } | null,
  ): Promise<AlertViewRow> {
    const row = await this.repo.findAlertView(user.id, vehicleId, code, snapshot);
    if (!row) throw AppError.notFound();
    return row;
  }

  /**
   * SOAT/RTM: the user's dates win, else the registry's (alert_dates, or the snapshot itself). `empty`
   * while the look-up has not answered and there is nothing to show.
   */
  private async registryDates(
    user: AlertsUser,
    vehicleId: number,
    code: 'ALERTA_SOAT' | 'ALERTA_RTM',
  ): Promise<DatesAlertResponse> {
    const key = code === 'ALERTA_SOAT' ? 'soat' : 'rtm';
    const row = await this.view(user, vehicleId, code, { kind: 'registry', keys: [key] });
    const part = record(row.snapshotPart);
    const fromSnapshot: DatesRow | null = part
      ? {
          fechaExpedicion: textOrNull(part.fecha_expedicion),
          fechaVencimiento: textOrNull(part.fecha_vencimiento),
        }
      : null;
    const registry = hasDates(row.registry) ? row.registry : hasDates(fromSnapshot) ? fromSnapshot : null;
    const user_ = hasDates(row.user) ? row.user : null;
    const fuente = user_ ? 'usuario' : registry ? 'registro' : null;
    const extra =
      code === 'ALERTA_SOAT'
        ? { aseguradora: fuente === 'registro' ? textOrNull(part?.aseguradora) : null }
        : { cda: fuente === 'registro' ? textOrNull(part?.cda) : null };
    return {
      empty: fuente === null && !answered(row.snapshotStatus),
      data: {
        ...toWire(user_ ?? registry),
        fuente,
        demo: fuente === 'registro' && row.snapshotProvider === 'demo',
        ...extra,
      },
    };
  }

  /** Policy, taxes, kit: only what the user entered ('Sin registrar' on the screen when null). */
  private async userDates(
    user: AlertsUser,
    vehicleId: number,
    code: string,
  ): Promise<UserDatesAlertResponse> {
    const row = await this.view(user, vehicleId, code, null);
    return { empty: false, data: toWire(row.user) };
  }

  /** Driving licence from the registry; categories sorted by name; the user's issue date wins. */
  private async licence(user: AlertsUser, vehicleId: number): Promise<LicenceAlertResponse> {
    const row = await this.view(user, vehicleId, 'ALERTA_LICENCIA', {
      kind: 'registry',
      keys: ['licencia', 'licence'],
    });
    const data = licenceSchema.parse(record(row.snapshotPart) ?? {});
    data.detalles_lic_transito.sort((a, b) =>
      (a.categoria ?? '').localeCompare(b.categoria ?? '', 'es', { numeric: true }),
    );
    const userDates = hasDates(row.user) ? row.user : null;
    if (userDates?.fechaExpedicion) data.fecha_expedicion_lic_transito = userDates.fechaExpedicion;
    return {
      empty: row.snapshotPart === null && userDates === null && !answered(row.snapshotStatus),
      data,
    };
  }

  /**
   * Fines: every owed one is counted and listed (vigente, en cobro coactivo, acuerdo de pago: as SIMIT counts
   * them, decision 071). `empty` while there is no fines answer to show
   * (look-up pending, or failed: an unknown result is never shown as 'no tienes comparendos').
   */
  private async fines(user: AlertsUser, vehicleId: number): Promise<FinesAlertResponse> {
    const row = await this.view(user, vehicleId, 'INFRACCION_TRANSITO', { kind: 'fines', keys: [] });
    const data = record(row.snapshotPart);
    const vehiculo = onlyUnpaid(parseFines(data?.comparendos_vehiculo));
    const persona = onlyUnpaid(parseFines(data?.comparendos_persona));
    return {
      empty: data === null,
      data: {
        cant_comparendos_vehiculo: vehiculo.length,
        comparendos_vehiculo: vehiculo,
        comparendos_persona: persona,
      },
    };
  }
}
