import { eq, inArray } from 'drizzle-orm';
import type { Preferences } from '@togo/domain/reminders/reminders.contract';
import type { Db } from '../../db/client.ts';
import { notificationPreferences } from '../../db/schema.ts';

type Row = typeof notificationPreferences.$inferSelect;

function toPreferences(r: Row): Preferences {
  return {
    canales: { email: r.email, push: r.push, whatsapp: r.whatsapp, sms: r.sms },
    tipos: {
      vencimientos: r.vencimientos,
      multas: r.multas,
      pico_placa: r.picoPlaca,
      agendamientos: r.agendamientos,
      mantenimiento: r.mantenimiento,
    },
    silencio: { desde: r.silencioDesde, hasta: r.silencioHasta },
  };
}

/** SQL only: notification preferences (no row = the defaults). */
export class PreferencesRepository {
  constructor(private readonly db: Db) {}

  async find(userId: number): Promise<Preferences | undefined> {
    const [row] = await this.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
    return row ? toPreferences(row) : undefined;
  }

  async findMany(userIds: readonly number[]): Promise<Map<number, Preferences>> {
    if (userIds.length === 0) return new Map();
    const list = await this.db
      .select()
      .from(notificationPreferences)
      .where(inArray(notificationPreferences.userId, [...userIds]));
    return new Map(list.map((r) => [r.userId, toPreferences(r)]));
  }

  async save(userId: number, p: Preferences, now: Date): Promise<void> {
    const values = {
      email: p.canales.email,
      push: p.canales.push,
      whatsapp: p.canales.whatsapp,
      sms: p.canales.sms,
      vencimientos: p.tipos.vencimientos,
      multas: p.tipos.multas,
      picoPlaca: p.tipos.pico_placa,
      agendamientos: p.tipos.agendamientos,
      mantenimiento: p.tipos.mantenimiento,
      silencioDesde: p.silencio.desde,
      silencioHasta: p.silencio.hasta,
      updated: now,
    };
    await this.db
      .insert(notificationPreferences)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
  }
}
