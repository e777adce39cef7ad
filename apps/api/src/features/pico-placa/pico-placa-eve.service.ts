import { addDays, bogotaLocalDateTime } from '@togo/domain/pico-placa/pico-placa.calendar';
import {
  PICO_PLACA_EVE_CODE,
  PICO_PLACA_EVE_ICON,
  PICO_PLACA_EVE_URL,
  picoPlacaEveTexts,
} from '@togo/domain/pico-placa/pico-placa.notice';
import type { PicoPlacaCity } from '@togo/domain/pico-placa/pico-placa.rules';
import type { Clock } from '../../lib/clock.ts';
import { cityRulesOf, evaluateVehicleDay } from './pico-placa.day.ts';
import type { EveNotice, PicoPlacaEveRepository } from './pico-placa-eve.repository.ts';
import type { PicoPlacaRepository } from './pico-placa.repository.ts';

/** Delivers notifications through the channel pipeline (NotificationDeliveryService.deliver, wired in app.ts). */
export interface NotificationSink {
  deliver(ids: readonly number[]): Promise<unknown>;
}

export interface EveRunResult {
  /** The restricted day the run looked at: tomorrow in America/Bogota ('YYYY-MM-DD'). */
  date: string;
  /** Opted-in users' selected vehicles in a known city. */
  considered: number;
  /** Of those, restricted on `date`. */
  restricted: number;
  /** Notices created by this run (0 on a retry or when another instance made them). */
  created: number;
  /** Notices handed to delivery (each is claimed before it is sent: at most once). */
  delivered: number;
}

/** Notices inserted and delivered per batch. */
const BATCH = 1000;

/**
 * "Pico y placa mañana" (issue 15, decision 041): the evening before (PICO_PLACA_NOTICE_TIME, 19:00 by default),
 * every user who turned `tipos.pico_placa` on whose selected vehicle has pico y placa tomorrow in its city gets
 * one notice with the hours, through their channels and quiet hours (the delivery pipeline). Rules and holidays
 * are read from the database like GET /api/togo/pico-placa/, so the operator's edits apply.
 */
export class PicoPlacaEveService {
  constructor(
    private readonly d: {
      repo: PicoPlacaEveRepository;
      rules: PicoPlacaRepository;
      notifications: NotificationSink;
      clock: Clock;
    },
  ) {}

  async run(): Promise<EveRunResult> {
    const now = this.d.clock.now();
    const date = addDays(bogotaLocalDateTime(now).slice(0, 10), 1);
    const [candidates, holidays] = await Promise.all([
      this.d.repo.candidates(),
      this.d.rules.listHolidays(addDays(date, -1), date),
    ]);
    const rulesByCity = new Map<string, PicoPlacaCity[]>();
    const notices: EveNotice[] = [];
    for (const c of candidates) {
      let cities = rulesByCity.get(c.city_code);
      if (!cities) {
        cities = cityRulesOf(await this.d.rules.findCityRules(c.city_code));
        rulesByCity.set(c.city_code, cities);
      }
      const day = evaluateVehicleDay({ placa: c.placa, daneCode: c.city_code, date, cities, holidays });
      if (day.status !== 'restricted') continue;
      const texts = picoPlacaEveTexts({
        placa: c.placa,
        date,
        windows: day.windows ?? [],
        cityName: c.city_name,
      });
      notices.push({ userId: Number(c.user_id), vehicleId: Number(c.vehicle_id), ...texts });
    }
    let created = 0;
    let delivered = 0;
    for (let i = 0; i < notices.length; i += BATCH) {
      const batch = await this.d.repo.insertNotices(
        notices.slice(i, i + BATCH),
        PICO_PLACA_EVE_CODE,
        date,
        { url: PICO_PLACA_EVE_URL, logo: PICO_PLACA_EVE_ICON },
        now,
      );
      created += batch.created;
      delivered += batch.undelivered.length;
      await this.d.notifications.deliver(batch.undelivered);
    }
    return { date, considered: candidates.length, restricted: notices.length, created, delivered };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The evening-before pico y placa notice (tests run it with an injected clock). */
    picoPlacaEve: PicoPlacaEveService;
  }
}
