import { bogotaLocalDateTime } from '@togo/domain/bogota-time';
import { addDays } from '@togo/domain/pico-placa/pico-placa.calendar';
import {
  PICO_PLACA_EVE_CODE,
  PICO_PLACA_EVE_ICON,
  PICO_PLACA_EVE_URL,
  PICO_PLACA_UNKNOWN_CODE,
  picoPlacaEveTexts,
  picoPlacaUnknownTexts,
} from '@togo/domain/pico-placa/pico-placa.notice';
import { normalizePlate } from '@togo/domain/pico-placa/pico-placa.engine';
import { picoPlacaVehicleType } from '@togo/domain/pico-placa/pico-placa.message';
import type { PicoPlacaCity } from '@togo/domain/pico-placa/pico-placa.rules';
import type { Clock } from '../../lib/clock.ts';
import { cityRulesOf, evaluateVehicleDay } from './pico-placa.day.ts';
import type { EveNotice, PicoPlacaEveRepository } from './pico-placa-eve.repository.ts';
import type { PicoPlacaRepository } from './pico-placa.repository.ts';
import type { NotificationSink } from '../../lib/notification-sink.ts';

export interface EveRunResult {
  /** The restricted day the run looked at: tomorrow in America/Bogota ('YYYY-MM-DD'). */
  date: string;
  /** Opted-in users' selected vehicles in a known city. */
  considered: number;
  /** Of those, restricted on `date`. */
  restricted: number;
  /** Of those, with no rule in force on `date` (told once per unknown period, issue 33). */
  unknown: number;
  /** Notices created by this run (0 on a retry or when another instance made them). */
  created: number;
  /** Notices handed to delivery (each is claimed before it is sent: at most once). */
  delivered: number;
}

/** Notices inserted and delivered per batch. */
const BATCH = 1000;
/**
 * How far back the start of an unknown period is looked for. A city with no rule at all, or unknown for longer,
 * gets this fixed start instead, so its notice still exists once (decision 082).
 */
const LOOKBACK_DAYS = 1100;
const UNKNOWN_SINCE_EVER = '2000-01-01';

/**
 * The first day of the unknown period `date` belongs to (the day after the last day a rule answered), for a
 * plate of that kind in the city: the notice's key, so it is sent once per period.
 */
function unknownSince(
  cities: readonly PicoPlacaCity[],
  placa: string,
  daneCode: string,
  date: string,
): string {
  if (cities.length === 0) return UNKNOWN_SINCE_EVER;
  let first = date;
  for (let i = 0; i < LOOKBACK_DAYS; i++) {
    const before = addDays(first, -1);
    if (evaluateVehicleDay({ placa, daneCode, date: before, cities }).status !== 'unknown') return first;
    first = before;
  }
  return UNKNOWN_SINCE_EVER;
}

/**
 * "Pico y placa mañana" (issue 15, decision 041): the evening before (PICO_PLACA_NOTICE_TIME, 19:00 by default),
 * every user who turned `tipos.pico_placa` on whose selected vehicle has pico y placa tomorrow in its city gets
 * one notice with the hours (saying so when the rule is por confirmar), through their channels and quiet hours
 * (the delivery pipeline). When no rule covers tomorrow, the notice says TOGO does not know it, once per vehicle
 * and unknown period (issue 33, decision 082). Rules are read from the database like GET /api/togo/pico-placa/,
 * so the operator's edits apply.
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
    const candidates = await this.d.repo.candidates();
    const rulesByCity = new Map<string, PicoPlacaCity[]>();
    const notices: EveNotice[] = [];
    /** Unknown tomorrow, by the first day of the unknown period (the notices' due date). */
    const unknown = new Map<string, EveNotice[]>();
    const periods = new Map<string, string>();
    for (const c of candidates) {
      let cities = rulesByCity.get(c.city_code);
      if (!cities) {
        cities = cityRulesOf(await this.d.rules.findCityRules(c.city_code));
        rulesByCity.set(c.city_code, cities);
      }
      const day = evaluateVehicleDay({ placa: c.placa, daneCode: c.city_code, date, cities });
      const who = { userId: Number(c.user_id), vehicleId: Number(c.vehicle_id) };
      if (day.status === 'unknown') {
        const key = `${c.city_code}|${picoPlacaVehicleType(normalizePlate(c.placa))}`;
        const since = periods.get(key) ?? unknownSince(cities, c.placa, c.city_code, date);
        periods.set(key, since);
        const list = unknown.get(since) ?? [];
        list.push({ ...who, ...picoPlacaUnknownTexts({ date, cityName: c.city_name }) });
        unknown.set(since, list);
        continue;
      }
      if (day.status !== 'restricted') continue;
      const texts = picoPlacaEveTexts({
        placa: c.placa,
        date,
        windows: day.windows ?? [],
        cityName: c.city_name,
        porConfirmar: day.certainty === 'por_confirmar',
      });
      notices.push({ ...who, ...texts });
    }
    const batches: [EveNotice[], string, string][] = [
      [notices, PICO_PLACA_EVE_CODE, date],
      ...[...unknown].map(([since, list]): [EveNotice[], string, string] => [
        list,
        PICO_PLACA_UNKNOWN_CODE,
        since,
      ]),
    ];
    let created = 0;
    let delivered = 0;
    for (const [list, code, dueDate] of batches) {
      for (let i = 0; i < list.length; i += BATCH) {
        const batch = await this.d.repo.insertNotices(
          list.slice(i, i + BATCH),
          code,
          dueDate,
          { url: PICO_PLACA_EVE_URL, logo: PICO_PLACA_EVE_ICON },
          now,
        );
        created += batch.created;
        delivered += batch.undelivered.length;
        await this.d.notifications.deliver(batch.undelivered);
      }
    }
    const unknownCount = [...unknown.values()].reduce((n, l) => n + l.length, 0);
    return {
      date,
      considered: candidates.length,
      restricted: notices.length,
      unknown: unknownCount,
      created,
      delivered,
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The evening-before pico y placa notice (tests run it with an injected clock). */
    picoPlacaEve: PicoPlacaEveService;
  }
}
