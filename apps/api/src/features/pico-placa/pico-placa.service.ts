import { addDays, bogotaLocalDateTime } from '@togo/domain/pico-placa/pico-placa.calendar';
import {
  PICO_PLACA_BASE_URL_NAME,
  PICO_PLACA_DEFAULT_BASE_URL,
  PICO_PLACA_DEFAULT_SLUG,
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
 * Pico y placa of one of the user's vehicles on a day: rules and holidays from the database (seeded from
 * pico-y-placa.json, editable without a release), evaluated by the domain engine for the vehicle's city.
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
    const [rules, holidays, slug, base] = await Promise.all([
      daneCode === null ? undefined : this.repo.findCityRules(daneCode),
      this.repo.listHolidays(addDays(date, -1), date),
      this.repo.findEmbedSlug(daneCode),
      this.repo.findUrl(PICO_PLACA_BASE_URL_NAME),
    ]);
    const result =
      daneCode === null
        ? undefined
        : evaluateVehicleDay({ placa: vehicle.placa, daneCode, date, cities: cityRulesOf(rules), holidays });
    const status = result?.status ?? 'unknown';
    const windows = status === 'restricted' ? (result?.windows ?? []) : [];
    const cityName = vehicle.cityCommonName ?? vehicle.cityName;
    const embedSlug = slug ?? PICO_PLACA_DEFAULT_SLUG;

    return {
      fecha: date,
      status,
      ciudad: vehicle.cityId !== null && cityName !== null ? { id: vehicle.cityId, name: cityName } : null,
      slug: embedSlug,
      url: embedUrl(base ?? PICO_PLACA_DEFAULT_BASE_URL, embedSlug),
      iframe_height: PICO_PLACA_IFRAME_HEIGHT,
      mensaje: picoPlacaMessage({ status, windows, cityName: cityName ?? NO_CITY_NAME, date, today }),
      ventanas: windows.map((w) => ({ inicio: w.start, fin: w.end })),
      regla:
        status === 'restricted' && result?.rule
          ? { id: result.rule.id, confidence: result.rule.confidence, sources: [...result.rule.sources] }
          : null,
    };
  }
}
