import { bogotaLocalDateTime } from '@togo/domain/bogota-time';
import { colombianHolidayName } from '@togo/domain/calendar/colombian-holidays';
import {
  PICO_PLACA_BASE_URL_NAME,
  PICO_PLACA_DEFAULT_BASE_URL,
  PICO_PLACA_IFRAME_HEIGHT,
  type PicoPlacaQuery,
  type PicoPlacaResponse,
} from '@togo/domain/pico-placa/pico-placa.contract';
import { picoPlacaEmbedUrl } from '@togo/domain/pico-placa/pico-placa.embed';
import { picoPlacaMessage } from '@togo/domain/pico-placa/pico-placa.message';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { cityRulesOf, evaluateVehicleDay } from './pico-placa.day.ts';
import type { PicoPlacaRepository } from './pico-placa.repository.ts';

/** Used in 'Sin información vigente para …' when the vehicle has no city. */
const NO_CITY_NAME = 'tu ciudad';

/** 'https://www.pyphoy.com' + 'bogota' → 'https://www.pyphoy.com/bogota' ('{slug}' patterns also work). */
function embedUrl(base: string, slug: string): string {
  if (base.includes('{slug}')) return picoPlacaEmbedUrl(base, slug);
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(slug)}`;
}

/**
 * Pico y placa of one of the user's vehicles on a day: rules from the database (seeded from
 * pico-y-placa.json, editable without a release), evaluated by the domain engine for the vehicle's city, with
 * how sure the answer is, its sources, the day's digits and hours (decision 080) and the city's own page.
 */
export class PicoPlacaService {
  constructor(
    private readonly repo: PicoPlacaRepository,
    private readonly clock: Clock,
  ) {}

  async forVehicle(userId: number, query: PicoPlacaQuery): Promise<PicoPlacaResponse> {
    const vehicle = await this.repo.findVehicle(userId, query.id_garaje);
    if (!vehicle) throw AppError.notFound();

    const today = bogotaLocalDateTime(this.clock.now()).slice(0, 10);
    const date = query.fecha ?? today;
    const daneCode = vehicle.cityCode;
    const [rules, slug, base] = await Promise.all([
      daneCode === null ? undefined : this.repo.findCityRules(daneCode),
      this.repo.findEmbedSlug(daneCode),
      this.repo.findUrl(PICO_PLACA_BASE_URL_NAME),
    ]);
    const result =
      daneCode === null
        ? undefined
        : evaluateVehicleDay({ placa: vehicle.placa, daneCode, date, cities: cityRulesOf(rules) });
    const status = result?.status ?? 'unknown';
    const certainty = result?.certainty ?? 'sin_informacion';
    const windows = status === 'restricted' ? (result?.windows ?? []) : [];
    const cityName = vehicle.cityCommonName ?? vehicle.cityName;
    const known = status !== 'unknown';

    return {
      fecha: date,
      status,
      ciudad: vehicle.cityId !== null && cityName !== null ? { id: vehicle.cityId, name: cityName } : null,
      slug: slug ?? null,
      url: slug === undefined ? null : embedUrl(base ?? PICO_PLACA_DEFAULT_BASE_URL, slug),
      iframe_height: PICO_PLACA_IFRAME_HEIGHT,
      mensaje: picoPlacaMessage({
        status,
        certainty,
        windows,
        cityName: cityName ?? NO_CITY_NAME,
        date,
        today,
      }),
      ventanas: windows.map((w) => ({ inicio: w.start, fin: w.end })),
      regla:
        status === 'restricted' && result?.rule
          ? { id: result.rule.id, confidence: result.rule.confidence, sources: [...result.rule.sources] }
          : null,
      certeza: certainty,
      festivo: colombianHolidayName(date),
      fuentes: known ? (result?.sources ?? []) : [],
      verificado_el: known ? (result?.verifiedOn ?? null) : null,
      digitos: known ? (result?.digits ?? []) : [],
      horario: known ? (result?.dayWindows ?? []).map((w) => ({ inicio: w.start, fin: w.end })) : [],
    };
  }
}
