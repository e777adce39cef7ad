import { bogotaToday } from '@togo/domain/bogota-time';
import { addDays, addYears, ageOn, daysBetween } from '@togo/domain/garage/garage-dates';
import type {
  DrivingLicence,
  RegistryVehicle,
  RegistryVehicleData,
  Rtm,
  Soat,
} from '@togo/domain/garage/registry.contract';
import {
  firstRtmDueDate,
  isPublicCategory,
  licenceCategoryFor,
  licenceValidityYears,
  soatExpiry,
  type LicenceCategory,
} from '@togo/domain/garage/vehicle.rules';
import { plateFormat } from '@togo/domain/plates/plate.rules';
import type { Clock } from '../../lib/clock.ts';
import catalog from './demo-catalog.json' with { type: 'json' };
import { ProviderError } from './provider-error.ts';
import type { OwnerQuery, RegistryProvider } from './registry-provider.ts';
import { SeededRandom } from './seeded-random.ts';

interface CatalogLine {
  line: string;
  class: string;
  cc: number[];
  fuel: string[];
  body: string;
}
interface CatalogBrand {
  brand: string;
  market_share_2025_pct?: number;
  lines: CatalogLine[];
}

const CAR_BRANDS: CatalogBrand[] = catalog.car_brands;
const MOTO_BRANDS: CatalogBrand[] = catalog.moto_brands;
/**
 * The catalogue has no motorcycle market shares; its notes name the mass-market brands (Bajaj/Auteco,
 * Yamaha, Honda, AKT, Suzuki, TVS, Hero, Victory). Illustrative weights: 3 for those, 1 for the rest.
 */
const MASS_MARKET_MOTO = ['BAJAJ', 'YAMAHA', 'HONDA', 'AKT', 'SUZUKI', 'TVS', 'HERO', 'VICTORY'];
const MIN_MODEL_YEAR = catalog.demo_generation_hints.model_year_range[0] ?? 2008;
const SERVICE_MIX = Object.entries(catalog.demo_generation_hints.service_mix);
const COLOR_WEIGHTS = Object.entries(catalog.colors.weights_hint);
const OTHER_COLORS = ['BEIGE', 'VERDE', 'NARANJA', 'CAFE', 'VINOTINTO', 'AMARILLO'];

/** Demo names only: SOAT is sold by these insurers in Colombia. */
const INSURERS = [
  'SEGUROS DEL ESTADO S.A.',
  'SEGUROS GENERALES SURAMERICANA S.A.',
  'LA PREVISORA S.A. COMPAÑIA DE SEGUROS',
  'AXA COLPATRIA SEGUROS S.A.',
  'COMPAÑIA MUNDIAL DE SEGUROS S.A.',
  'SEGUROS COMERCIALES BOLIVAR S.A.',
  'MAPFRE SEGUROS GENERALES DE COLOMBIA S.A.',
];
const CDAS = ['CDA DEMO NORTE', 'CDA DEMO CENTRO', 'CDA DEMO SUR', 'CDA DEMO OCCIDENTE', 'CDA DEMO MOTOS'];
const TRANSIT_OFFICES = [
  'SECRETARÍA DISTRITAL DE MOVILIDAD DE BOGOTÁ',
  'SECRETARÍA DE MOVILIDAD DE MEDELLÍN',
  'SECRETARÍA DE MOVILIDAD DE SANTIAGO DE CALI',
  'INSTITUTO DE TRÁNSITO Y TRANSPORTE DE CUNDINAMARCA',
  'SECRETARÍA DE TRÁNSITO Y TRANSPORTE DE BARRANQUILLA',
  'SECRETARÍA DE MOVILIDAD DE ENVIGADO',
];

/**
 * Demo registry: deterministic, realistic data from the plate (vehicle, SOAT, RTM) and the owner's
 * document (licence), using the catalogue's brands weighted by 2025 market share. Dates are relative to
 * the injected clock's today in Bogotá: about one SOAT in five expires within 30 days and about one in
 * eight has expired; RTM follows vehicle-facts.md §1 (null while the vehicle is too new).
 * Trailer and motocarro plates are not modelled: they answer 'not found'.
 */
export class DemoRegistryProvider implements RegistryProvider {
  readonly name = 'demo';

  constructor(private readonly clock: Clock) {}

  async lookupVehicle(query: OwnerQuery): Promise<RegistryVehicle> {
    const today = bogotaToday(this.clock.now());
    const format = plateFormat(query.placa);
    if (!format || format === 'trailer' || format === 'motocarro') {
      throw new ProviderError(this.name, 'not_found', `no demo data for plate format ${format ?? 'unknown'}`);
    }
    const rnd = new SeededRandom('registry-vehicle', query.placa);
    const isMoto = format === 'moto' || format === 'moto_old';
    const vehiculo = demoVehicle(rnd, { isMoto, format, today });
    return {
      placa: query.placa,
      vehiculo,
      soat: demoSoat(new SeededRandom('registry-soat', query.placa), vehiculo.fecha_matricula, today),
      rtm: demoRtm(new SeededRandom('registry-rtm', query.placa), vehiculo, today),
      licencia: demoLicence(query, vehiculo, today),
    };
  }
}

function demoVehicle(
  rnd: SeededRandom,
  opts: { isMoto: boolean; format: string; today: string },
): RegistryVehicleData {
  const brand = opts.isMoto
    ? rnd.weighted(MOTO_BRANDS, (b) => (MASS_MARKET_MOTO.includes(b.brand) ? 3 : 1))
    : rnd.weighted(CAR_BRANDS, (b) => b.market_share_2025_pct ?? 0.1);
  const line = rnd.pick(brand.lines);
  const currentYear = Number(opts.today.slice(0, 4));
  // Slightly more new vehicles than old ones in a garage: skew the uniform draw towards the current year.
  const span = currentYear - MIN_MODEL_YEAR;
  const modelo = currentYear - Math.floor(rnd.next() ** 1.2 * (span + 1));
  // Registered between July of the year before the model year and the end of the model year, never after today.
  const earliest = `${modelo - 1}-07-01`;
  const latest = `${modelo}-12-31` < opts.today ? `${modelo}-12-31` : opts.today;
  const fechaMatricula = addDays(earliest, rnd.int(0, Math.max(0, daysBetween(earliest, latest))));
  const servicio =
    opts.format === 'diplomatic'
      ? 'DIPLOMATICO'
      : opts.format === 'temporary_cargo'
        ? 'PUBLICO'
        : opts.isMoto
          ? 'PARTICULAR'
          : rnd.weighted(SERVICE_MIX, ([, w]) => w)[0];
  const combustible =
    line.fuel.length > 1 && rnd.chance(0.35) ? rnd.pick(line.fuel.slice(1)) : (line.fuel[0] ?? 'GASOLINA');
  const engines = line.cc.filter((cc) => cc > 0);
  const cilindraje = combustible === 'ELECTRICO' || engines.length === 0 ? 0 : rnd.pick(engines);
  const taxi = servicio === 'PUBLICO' && line.class === 'AUTOMOVIL';
  return {
    marca: brand.brand,
    linea: line.line,
    modelo,
    clase: line.class,
    servicio,
    combustible,
    color: taxi ? 'AMARILLO' : demoColour(rnd),
    cilindraje,
    carroceria: line.body,
    fecha_matricula: fechaMatricula,
  };
}

function demoColour(rnd: SeededRandom): string {
  const [base] = rnd.weighted(COLOR_WEIGHTS, ([, w]) => w);
  if (base === 'OTROS') return rnd.pick(OTHER_COLORS);
  const trade = catalog.colors.realistic_trade_names.filter((n) => n.startsWith(`${base} `));
  return trade.length > 0 && rnd.chance(0.5) ? rnd.pick(trade) : base;
}

/** Days from today to the document's expiry: ~12 % expired, ~20 % within 30 days, the rest later. */
function daysToExpiry(rnd: SeededRandom): number {
  const r = rnd.next();
  if (r < 0.12) return -rnd.int(1, 180);
  if (r < 0.32) return rnd.int(0, 30);
  return rnd.int(31, 364);
}

function demoSoat(rnd: SeededRandom, registration: string, today: string): Soat {
  let start = addYears(addDays(today, daysToExpiry(rnd)), -1);
  // The first policy starts on the registration day; no policy starts before the vehicle existed.
  if (start < registration) start = registration;
  return { fecha_expedicion: start, fecha_vencimiento: soatExpiry(start), aseguradora: rnd.pick(INSURERS) };
}

function demoRtm(rnd: SeededRandom, v: RegistryVehicleData, today: string): Rtm | null {
  const firstDue = firstRtmDueDate(v.fecha_matricula, v.clase, v.servicio);
  if (today < firstDue) return null;
  let issued = addYears(addDays(today, daysToExpiry(rnd)), -1);
  // The first inspection happens in the month before it is due at the earliest.
  const earliestFirst = addDays(firstDue, -30);
  if (issued < earliestFirst) issued = addDays(earliestFirst, rnd.int(0, 30));
  return {
    fecha_expedicion: issued,
    fecha_vencimiento: addYears(issued, 1),
    cda: v.clase === 'MOTOCICLETA' ? 'CDA DEMO MOTOS' : rnd.pick(CDAS.slice(0, 4)),
  };
}

/**
 * The owner's licence, seeded by the document: a company (NIT) holds none. It always includes the
 * category needed for this vehicle (public categories only from 18), sometimes another one; each
 * category's expiry follows the validity for the holder's age at issue (vehicle-facts.md §3). The issue
 * date is chosen so that the earliest expiry is past for about one licence in ten and within 60 days
 * for another one in ten.
 */
function demoLicence(query: OwnerQuery, v: RegistryVehicleData, today: string): DrivingLicence | null {
  if (query.tipoDocumento === 'NIT') return null;
  const rnd = new SeededRandom('registry-licence', query.tipoDocumento, query.documento);
  const birth = addDays(addYears(today, -rnd.int(19, 78)), -rnd.int(0, 364));
  const ageNow = ageOn(birth, today);
  const needed = licenceCategoryFor(v.clase, v.servicio, v.cilindraje) ?? 'B1';
  const wanted = new Set<LicenceCategory>([needed]);
  if (rnd.chance(0.3)) wanted.add(needed.startsWith('A') ? 'B1' : 'A2');
  const categories = [...wanted].filter((c) => !isPublicCategory(c) || ageNow >= 18).sort();
  if (categories.length === 0) categories.push('B1');

  const r = rnd.next();
  const daysToEarliest = r < 0.1 ? -rnd.int(1, 400) : r < 0.2 ? rnd.int(0, 60) : rnd.int(61, 3000);
  const shortest = Math.min(...categories.map((c) => licenceValidityYears(c, ageNow)));
  let issued = addYears(addDays(today, daysToEarliest), -shortest);
  if (issued > today) issued = addDays(today, -rnd.int(0, 200));
  const sixteenth = addYears(birth, 16);
  if (issued < sixteenth) issued = sixteenth;
  const age = ageOn(birth, issued);
  return {
    numero_licencia_transito: query.documento,
    organismo_expedicion: rnd.pick(TRANSIT_OFFICES),
    fecha_expedicion_lic_transito: issued,
    estado_lic_transito: 'ACTIVA',
    restricciones_lic_transito: rnd.chance(0.2) ? 'CONDUCIR CON LENTES' : 'NINGUNA',
    detalles_lic_transito: categories.map((categoria) => ({
      categoria,
      fechaVencimiento: addYears(issued, licenceValidityYears(categoria, age)),
    })),
  };
}
