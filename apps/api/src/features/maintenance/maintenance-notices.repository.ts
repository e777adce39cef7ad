import { sql, type SQL } from 'drizzle-orm';
import { SOON_DAYS, SOON_KM, type MaintenanceType } from '@togo/domain/maintenance/maintenance.catalogue';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import type { Tx } from './maintenance.repository.ts';

/** A reminder that has just become due for a notice ('pronto' or 'vencido' in its current cycle). */
export interface DueReminder {
  reminder_id: number;
  vehicle_id: number;
  user_id: number;
  company: boolean;
  placa: string;
  tipo: MaintenanceType;
  estado: 'pronto' | 'vencido';
  proximo_km: number | null;
  proxima_fecha: string | null;
}

export interface NoticeRow {
  userId: number;
  vehicleId: number;
  code: string;
  step: number;
  titulo: string;
  message: string;
  url: string;
  logo: string;
}

async function rows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * A reminder's state in SQL, the same rule as the domain's `reminderState` (a test compares both): 'vencido' once
 * the mileage or today reaches the next service, 'pronto' within SOON_KM km or SOON_DAYS days, else null.
 */
export function reminderStateSql(km: SQL, today: string): SQL {
  return sql`case
    when (r.proximo_km is not null and ${km} >= r.proximo_km)
      or (r.proxima_fecha is not null and r.proxima_fecha <= ${today}::date) then 'vencido'
    when (r.proximo_km is not null and ${km} >= r.proximo_km - ${SOON_KM}::int)
      or (r.proxima_fecha is not null and r.proxima_fecha <= ${today}::date + ${SOON_DAYS}::int) then 'pronto'
    else 'al_dia' end`;
}

/** SQL only of the service-reminder notices (decision 075). */
export class MaintenanceNoticesRepository {
  constructor(private readonly db: Db) {}

  /**
   * In one transaction: claims up to `limit` reminders whose state today is 'pronto' or 'vencido' and whose notice
   * of that state was not sent in the current cycle (the UPDATE marks it, re-checked under the row lock, so two runs
   * never claim one twice; 'pronto' never follows 'vencido' in a cycle), then lets `notices` turn them into
   * notification rows, inserted once per (vehicle, code, day, step). Answers the new notifications' ids and how
   * many reminders were claimed.
   */
  async claimAndInsert(
    today: string,
    limit: number,
    now: Date,
    notices: (due: DueReminder[]) => NoticeRow[],
  ): Promise<{ claimed: number; ids: number[] }> {
    return this.db.transaction(async (tx) => {
      const due = await this.claim(tx, today, limit);
      if (due.length === 0) return { claimed: 0, ids: [] };
      const inserted = await tx
        .insert(notifications)
        .values(
          notices(due).map((n) => ({
            userId: n.userId,
            vehicleId: n.vehicleId,
            code: n.code,
            dueDate: today,
            step: n.step,
            titulo: n.titulo,
            message: n.message,
            logoNotificacion: n.logo,
            urlRedireccion: n.url,
            created: now,
          })),
        )
        .onConflictDoNothing({
          target: [notifications.vehicleId, notifications.code, notifications.dueDate, notifications.step],
        })
        .returning({ id: notifications.id });
      return { claimed: due.length, ids: inserted.map((r) => r.id) };
    });
  }

  private claim(tx: Tx, today: string, limit: number): Promise<DueReminder[]> {
    const state = reminderStateSql(sql`v.kilometraje_digitado`, today);
    return rows<DueReminder>(
      tx,
      sql`
      with due as (
        select r.id, ${state} as estado
        from maintenance_reminders r
        join vehicles v on v.id = r.vehicle_id and v.deleted_at is null
        join users u on u.id = v.user_id and u.deleted_at is null
      ), pick as (
        select d.id, d.estado from due d join maintenance_reminders r on r.id = d.id
        where d.estado <> 'al_dia'
          and (r.aviso_ciclo is distinct from r.ciclo or (r.aviso_estado = 'pronto' and d.estado = 'vencido'))
        order by d.id
        limit ${limit}
      )
      update maintenance_reminders r set aviso_ciclo = r.ciclo, aviso_estado = p.estado
      from pick p, vehicles v, users u
      where r.id = p.id and v.id = r.vehicle_id and u.id = v.user_id
        and (r.aviso_ciclo is distinct from r.ciclo or (r.aviso_estado = 'pronto' and p.estado = 'vencido'))
      returning r.id as reminder_id, r.vehicle_id, v.user_id, (u.group_id = 2) as company, v.placa, r.tipo,
                p.estado, r.proximo_km, to_char(r.proxima_fecha, 'YYYY-MM-DD') as proxima_fecha`,
    );
  }

  /** Each reminder's state computed by SQL (for the test that compares it with the domain rule). */
  async statesInSql(today: string): Promise<Map<number, string>> {
    const list = await rows<{ id: number; estado: string }>(
      this.db,
      sql`select r.id, ${reminderStateSql(sql`v.kilometraje_digitado`, today)} as estado
          from maintenance_reminders r join vehicles v on v.id = r.vehicle_id`,
    );
    return new Map(list.map((r) => [r.id, r.estado]));
  }
}
