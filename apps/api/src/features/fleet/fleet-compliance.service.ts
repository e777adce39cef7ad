import { bogotaLocalDateTime } from '@togo/domain/bogota-time';
import {
  FLEET_COMPLIANCE_MSG,
  FLEET_COMPLIANCE_PAGE_SIZE,
  FLEET_COMPLIANCE_SOON_DAYS,
  type FleetCompliance,
  type FleetComplianceQuery,
  type FleetComplianceRow,
  type FleetComplianceState,
  type FleetComplianceSummary,
  type FleetFineRow,
} from '@togo/domain/fleet/fleet-compliance.contract';
import type { FleetCities } from '@togo/domain/fleet/fleet-cities.contract';
import type { FleetPicoPlaca, FleetPicoPlacaQuery } from '@togo/domain/fleet/fleet-pico-placa.contract';
import { countByState } from '@togo/domain/garage/fine-states';
import { evaluatePicoPlacaDay, normalizePlate } from '@togo/domain/pico-placa/pico-placa.engine';
import { displayDate, picoPlacaVehicleType } from '@togo/domain/pico-placa/pico-placa.message';
import type { PicoPlacaCertainty } from '@togo/domain/pico-placa/pico-placa.engine';
import {
  PicoPlacaCitySchema,
  type PicoPlacaCity,
  type PicoPlacaResultStatus,
} from '@togo/domain/pico-placa/pico-placa.rules';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ComplianceVehicleRow, FleetComplianceRepository } from './fleet-compliance.repository.ts';

/** What the pico y placa engine says of one group of plates (city, vehicle kind, first and last digit). */
interface PicoDay {
  status: PicoPlacaResultStatus;
  certainty: PicoPlacaCertainty;
  /** Restricted windows when restricted, else null. */
  windows: readonly { start: string; end: string }[] | null;
}

/** The pico y placa data of one day: every stored city (holidays: the one holiday source). */
interface DayRules {
  date: string;
  cities: PicoPlacaCity[];
  /** The engine's answer by (city, vehicle kind, first and last plate digit): what the engine reads. */
  memo: Map<string, PicoDay>;
}

/** A vehicle without a city: TOGO cannot know its pico y placa (the driver's screen says the same). */
const NO_CITY: PicoDay = { status: 'unknown', certainty: 'sin_informacion', windows: null };

/** The export reads the fleet in chunks of this many vehicles (keyset by plate). */
const EXPORT_CHUNK = 2_000;

function joinWindows(windows: readonly { start: string; end: string }[]): string {
  const parts = windows.map((w) => `de ${w.start} a ${w.end}`);
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} y ${parts[parts.length - 1]}`;
}

/**
 * Fleet compliance (issue 16): whether each vehicle may drive on a date and why not — pico y placa in its city
 * (the same engine and stored rules drivers get), an expired or missing SOAT, an expired RTM — with its
 * document dates and owed fines (every unpaid state, labelled).
 */
export class FleetComplianceService {
  /** Parsed city rules, reused while the stored rules' fingerprint is unchanged (they are edited rarely). */
  private parsed: { version: string; cities: PicoPlacaCity[] } | null = null;

  constructor(
    private readonly repo: FleetComplianceRepository,
    private readonly clock: Clock,
  ) {}

  today(): string {
    return bogotaLocalDateTime(this.clock.now()).slice(0, 10);
  }

  async dayRules(date: string): Promise<DayRules> {
    const version = await this.repo.rulesVersion();
    if (this.parsed?.version !== version) {
      const cities: PicoPlacaCity[] = [];
      for (const r of await this.repo.cityRules()) {
        const parsed = PicoPlacaCitySchema.safeParse(r);
        if (parsed.success) cities.push(parsed.data);
      }
      this.parsed = { version, cities };
    }
    return { date, cities: this.parsed.cities, memo: new Map() };
  }

  /** The plate's pico y placa in the city on the day (memoised per group of plates the engine tells apart). */
  private picoPlaca(rules: DayRules, plate: string, cityCode: string | null): PicoDay {
    if (cityCode === null) return NO_CITY;
    const normalized = normalizePlate(plate);
    const vehicleType = picoPlacaVehicleType(normalized);
    const digits = normalized.match(/\d/g) ?? [];
    const key = `${cityCode}|${vehicleType}|${digits[0] ?? ''}|${digits[digits.length - 1] ?? ''}`;
    const known = rules.memo.get(key);
    if (known !== undefined) return known;
    const result = evaluatePicoPlacaDay(
      {
        plate: normalized,
        vehicleType,
        municipalityCode: cityCode,
        registrationMunicipalityCode: cityCode,
        date: rules.date,
      },
      { cities: rules.cities },
    );
    const day: PicoDay = {
      status: result.status,
      certainty: result.certainty,
      windows: result.status === 'restricted' ? (result.windows ?? []) : null,
    };
    rules.memo.set(key, day);
    return day;
  }

  toRow(rules: DayRules, v: ComplianceVehicleRow): FleetComplianceRow {
    const motivos: string[] = [];
    const pico = this.picoPlaca(rules, v.placa, v.city_code);
    if (pico.windows) {
      const hours = joinWindows(pico.windows);
      motivos.push(`Pico y placa en ${v.city_name ?? 'su ciudad'}${hours ? ` ${hours}` : ''}`);
    }
    if (v.registry_ok && v.soat_vence === null) motivos.push('Sin SOAT vigente');
    else if (v.soat_vence !== null && v.soat_vence < rules.date) {
      motivos.push(`SOAT vencido el ${displayDate(v.soat_vence)}`);
    }
    if (v.rtm_vence !== null && v.rtm_vence < rules.date) {
      motivos.push(`Revisión técnico-mecánica vencida el ${displayDate(v.rtm_vence)}`);
    }
    return {
      placa: v.placa,
      ciudad: v.city_name,
      // Unknown is never "puede circular" (issue 33): null unless another reason already says no.
      puede_circular: motivos.length > 0 ? false : pico.certainty === 'sin_informacion' ? null : true,
      pico_placa: { status: pico.status, certeza: pico.certainty },
      motivos,
      soat_vence: v.soat_vence,
      rtm_vence: v.rtm_vence,
      multas_pendientes: v.multas_pendientes,
      multas_total: v.multas_total,
      multas_por_estado: countByState(v.multas_estados ?? []),
    };
  }

  /** Summary over the whole fleet: the engine runs once per (city, vehicle kind, plate digits) group. */
  async summary(companyId: number, rules: DayRules): Promise<FleetComplianceSummary> {
    const groups = await this.repo.groups(companyId, rules.date, FLEET_COMPLIANCE_SOON_DAYS);
    const out: FleetComplianceSummary = {
      vehiculos: 0,
      no_pueden_circular: 0,
      sin_informacion: 0,
      vencidos: 0,
      vencen_30: 0,
    };
    for (const g of groups) {
      out.vehiculos += g.vehicles;
      out.vencidos += g.expired;
      out.vencen_30 += g.expiring;
      const pico = this.picoPlaca(rules, g.sample_plate, g.city_code);
      out.no_pueden_circular += pico.windows ? g.vehicles : g.expired;
      if (pico.certainty === 'sin_informacion') out.sin_informacion += g.vehicles - g.expired;
    }
    return out;
  }

  /**
   * The fleet's vehicles whose pico y placa TOGO does not know on the day (no rule in force in their city, or no
   * city), by city, most vehicles first: what the weekly digest names (issue 33).
   */
  async unknownPicoPlaca(
    companyId: number,
    date: string,
  ): Promise<{ ciudad: string | null; vehiculos: number }[]> {
    const rules = await this.dayRules(date);
    const groups = await this.repo.groups(companyId, date, FLEET_COMPLIANCE_SOON_DAYS);
    const byCity = new Map<string | null, number>();
    for (const g of groups) {
      if (this.picoPlaca(rules, g.sample_plate, g.city_code).certainty !== 'sin_informacion') continue;
      byCity.set(g.city_name, (byCity.get(g.city_name) ?? 0) + g.vehicles);
    }
    return [...byCity]
      .map(([ciudad, vehiculos]) => ({ ciudad, vehiculos }))
      .sort((a, b) => b.vehiculos - a.vehiculos || (a.ciudad ?? '').localeCompare(b.ciudad ?? '', 'es'));
  }

  async grid(companyId: number, query: FleetComplianceQuery): Promise<FleetCompliance> {
    const date = query.fecha ?? this.today();
    const paged = query.page !== undefined || query.page_size !== undefined;
    const page = query.page ?? 1;
    const size = query.page_size ?? FLEET_COMPLIANCE_PAGE_SIZE;
    const rules = await this.dayRules(date);
    const resumen = await this.summary(companyId, rules);
    let data: FleetComplianceRow[];
    let total: number;
    if (query.estado || query.ciudad) {
      // A state's (or a city's) rows over the whole fleet (the engine decides the state, not SQL), then a page.
      const rows = await this.rowsMatching(companyId, rules, query.estado ?? null, query.ciudad ?? null);
      total = rows.length;
      data = paged ? rows.slice((page - 1) * size, page * size) : rows;
    } else {
      const vehicles = await this.repo.page(
        companyId,
        paged ? { limit: size, offset: (page - 1) * size } : { limit: null },
      );
      total = resumen.vehiculos;
      data = vehicles.map((v) => this.toRow(rules, v));
    }
    const pages = paged ? Math.ceil(total / size) : total > 0 ? 1 : 0;
    if (paged && page > Math.max(1, pages)) throw AppError.notFound(FLEET_COMPLIANCE_MSG.pageInvalid);
    return { fecha: date, data, resumen, total, page: paged ? page : null, numero_paginas_totales: pages };
  }

  /**
   * The fleet's rows in `state` (every state when null) and `city` (every city when null) on the rules' date: those
   * that cannot drive first, then the unknown ones, then the rest, each by plate.
   */
  private async rowsMatching(
    companyId: number,
    rules: DayRules,
    state: FleetComplianceState | null,
    city: string | null,
  ): Promise<FleetComplianceRow[]> {
    const blocked: FleetComplianceRow[] = [];
    const unknown: FleetComplianceRow[] = [];
    const free: FleetComplianceRow[] = [];
    for await (const chunk of this.vehicleChunks(companyId)) {
      for (const v of chunk) {
        if (city !== null && v.city_code !== city) continue;
        const row = this.toRow(rules, v);
        if (row.puede_circular === false) {
          if (state !== 'sin_informacion') blocked.push(row);
        } else if (row.puede_circular === null) {
          if (state !== 'no_pueden') unknown.push(row);
        } else if (state === null) free.push(row);
      }
    }
    return [...blocked, ...unknown, ...free];
  }

  /** The fleet's cities with their vehicle counts (the screens' city filter). */
  async cities(companyId: number): Promise<FleetCities> {
    return { ciudades: await this.repo.cities(companyId) };
  }

  /**
   * Pico y placa of some plates in one city on one date (issue 37: the bulk booking warns before it books a
   * vehicle at an hour it may not drive). Plate rules are public; the caller is a member of an organisation.
   */
  async picoPlacaOf(query: FleetPicoPlacaQuery): Promise<FleetPicoPlaca> {
    const rules = await this.dayRules(query.fecha);
    return {
      fecha: query.fecha,
      ciudad: query.ciudad,
      vehiculos: query.placas.map((placa) => {
        const pico = this.picoPlaca(rules, placa, query.ciudad);
        return {
          placa,
          pico_placa: { status: pico.status, certeza: pico.certainty },
          ventanas: (pico.windows ?? []).map((w) => ({ inicio: w.start, fin: w.end })),
        };
      }),
    };
  }

  /** Every fine of the fleet's vehicles, in chunks of vehicles (keyset by plate), for the fines export. */
  async *allFines(companyId: number): AsyncGenerator<FleetFineRow[]> {
    let after: string | undefined;
    for (;;) {
      const chunk = await this.repo.fines(companyId, EXPORT_CHUNK, after);
      if (chunk.length > 0) yield chunk;
      const last = await this.repo.plateAt(companyId, EXPORT_CHUNK, after);
      if (last === undefined) return;
      after = last;
    }
  }

  /** Every vehicle's row, in chunks (keyset by plate), for the streaming export. */
  async *allRows(companyId: number, date: string): AsyncGenerator<FleetComplianceRow[]> {
    const rules = await this.dayRules(date);
    for await (const chunk of this.vehicleChunks(companyId)) yield chunk.map((v) => this.toRow(rules, v));
  }

  private vehicleChunks(companyId: number): AsyncGenerator<ComplianceVehicleRow[]> {
    return complianceVehicleChunks(this.repo, companyId);
  }
}

/**
 * The fleet's vehicles in chunks of EXPORT_CHUNK (keyset by plate); no empty chunk: what a state's (or a city's)
 * grid and the export read (bench:load also runs it bare, as the grid's SQL).
 */
export async function* complianceVehicleChunks(
  repo: Pick<FleetComplianceRepository, 'page'>,
  companyId: number,
): AsyncGenerator<ComplianceVehicleRow[]> {
  let after: string | undefined;
  for (;;) {
    const chunk = await repo.page(companyId, { limit: EXPORT_CHUNK, after });
    if (chunk.length === 0) return;
    yield chunk;
    if (chunk.length < EXPORT_CHUNK) return;
    after = chunk[chunk.length - 1]?.placa;
  }
}
