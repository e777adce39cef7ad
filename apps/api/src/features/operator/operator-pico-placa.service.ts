import { bogotaLocalDateTime } from '@togo/domain/bogota-time';
import {
  DaneCodeSchema,
  PicoPlacaCitySchema,
  type PicoPlacaCity,
} from '@togo/domain/pico-placa/pico-placa.rules';
import { OPERATOR_MSG } from '@togo/domain/operator/operator-auth.contract';
import type {
  OperatorPicoPlacaEntry,
  PicoPlacaReviewItem,
  PicoPlacaVersion,
} from '@togo/domain/operator/operator-console.contract';
import { cityRulesState, rulesToReview } from '@togo/domain/operator/operator-pico-placa.rules';
import { staleVersion } from '../../http/if-match.ts';
import { AppError } from '../../http/app-error.ts';
import { parse } from '../../http/validation.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditActor } from './audit.repository.ts';
import type { OperatorPicoPlacaRepository } from './operator-pico-placa.repository.ts';

export const OPERATOR_PICO_PLACA_MSG = {
  notMunicipality: (code: string) => `El código DANE ${code} no es un municipio de la DIVIPOLA.`,
  notMunicipalities: (codes: readonly string[]) =>
    `${codes.length === 1 ? 'Este código no es un municipio' : 'Estos códigos no son municipios'} de la DIVIPOLA: ${codes.join(', ')}.`,
  seededCity:
    'Solo se puede eliminar una ciudad creada en la consola. Esta viene de los datos de TOGO: corrige sus reglas o vuelve a una versión anterior.',
} as const;

/**
 * Pico y placa rules in the console: state per city, replace (a new version, effective for drivers at once since
 * their route reads the table at every request), history and revert (a new version with an older one's data).
 */
export class OperatorPicoPlacaService {
  constructor(
    private readonly repo: OperatorPicoPlacaRepository,
    private readonly clock: Clock,
  ) {}

  private today(): string {
    return bogotaLocalDateTime(this.clock.now()).slice(0, 10);
  }

  async list(): Promise<OperatorPicoPlacaEntry[]> {
    const today = this.today();
    const rows = await this.repo.listCities();
    return rows.flatMap((row) => {
      const parsed = PicoPlacaCitySchema.safeParse(row.data);
      if (!parsed.success) return [];
      const city = parsed.data;
      return [{ ciudad: city.dane_code, nombre: city.name, ...cityRulesState(city, today) }];
    });
  }

  async get(dane: string): Promise<unknown> {
    const row = await this.repo.findByDane(this.dane(dane));
    if (!row) throw AppError.notFound();
    return { ...(row.data as object), version: row.version };
  }

  /**
   * `city` is validated by the route's schema (PUT) or parsed from a stored version (revert); `expected` is the
   * version the editor read (If-Match): 409 when another save came first.
   */
  async replace(
    actor: AuditActor,
    dane: string,
    city: PicoPlacaCity,
    expected: number,
    accion = 'pico_placa.reemplazar',
  ) {
    const code = this.dane(dane);
    if (city.dane_code !== code) {
      throw AppError.field('dane_code', 'Debe coincidir con el código DANE de la ruta.');
    }
    if (!city.municipalities.includes(code)) {
      throw AppError.field('municipalities', 'Debe incluir el código DANE de la ciudad.');
    }
    // Only DIVIPOLA municipalities (issue 33: 'Ciudad Falsa' 99999 was created and listed as vigente).
    const unknown = await this.repo.notMunicipalities([code, ...city.municipalities]);
    if (unknown.includes(code)) throw AppError.notFound(OPERATOR_PICO_PLACA_MSG.notMunicipality(code));
    if (unknown.length > 0) {
      throw AppError.field('municipalities', OPERATOR_PICO_PLACA_MSG.notMunicipalities(unknown));
    }
    const existing = await this.repo.findByDane(code);
    const key = existing?.key ?? city.key;
    const data = { ...city, key };
    const version = await this.repo.replace(
      { key, dane: code, data, staffId: actor.staffId, expected },
      (before, v) => ({
        actor,
        accion,
        objeto: `pico_placa:${code}`,
        antes: before,
        despues: { ...data, version: v },
      }),
      this.clock.now(),
    );
    if (version === 'key_taken') throw AppError.field('key', 'La clave ya pertenece a otra ciudad.');
    if (version === 'stale') throw staleVersion();
    return { ciudad: code, version, ...cityRulesState(city, this.today()) };
  }

  /** Removes a city created in the console by mistake; a seeded city cannot be removed (it would come back). */
  /** `expected`: the version the editor read (If-Match); 409 when a save came since (decision 096). */
  async remove(
    actor: AuditActor,
    dane: string,
    expected: number,
  ): Promise<{ ciudad: string; eliminada: true }> {
    const code = this.dane(dane);
    const row = await this.repo.findByDane(code);
    if (!row) throw AppError.notFound();
    const result = await this.repo.remove(
      row.key,
      expected,
      (before) => ({
        actor,
        accion: 'pico_placa.eliminar',
        objeto: `pico_placa:${code}`,
        antes: before,
        despues: null,
      }),
      this.clock.now(),
    );
    if (result === 'missing') throw AppError.notFound();
    if (result === 'seeded') throw AppError.conflict(OPERATOR_PICO_PLACA_MSG.seededCity);
    if (result === 'stale') throw staleVersion();
    return { ciudad: code, eliminada: true };
  }

  /**
   * The "Por revisar" list (issue 33, decision 083): rules ending or due for review within 30 days, or past it,
   * most drivers' vehicles affected first (then the earliest date).
   */
  async review(): Promise<PicoPlacaReviewItem[]> {
    const today = this.today();
    const [rows, counts] = await Promise.all([this.repo.listCities(), this.repo.vehiclesByMunicipality()]);
    const items: PicoPlacaReviewItem[] = [];
    for (const row of rows) {
      const parsed = PicoPlacaCitySchema.safeParse(row.data);
      if (!parsed.success) continue;
      const city = parsed.data;
      const vehiculos = [...new Set([city.dane_code, ...city.municipalities])].reduce(
        (n, code) => n + (counts.get(code) ?? 0),
        0,
      );
      for (const r of rulesToReview(city, today)) {
        items.push({ ciudad: city.dane_code, nombre: city.name, ...r, vehiculos });
      }
    }
    return items.sort(
      (a, b) =>
        b.vehiculos - a.vehiculos ||
        (a.fecha ?? '').localeCompare(b.fecha ?? '') ||
        a.nombre.localeCompare(b.nombre, 'es') ||
        a.regla.localeCompare(b.regla),
    );
  }

  async history(dane: string): Promise<PicoPlacaVersion[]> {
    const row = await this.repo.findByDane(this.dane(dane));
    if (!row) throw AppError.notFound();
    const versions = await this.repo.history(row.key);
    return versions.map((v) => ({ version: v.version, fecha: v.created.toISOString(), staff: v.staff }));
  }

  async revert(actor: AuditActor, dane: string, version: number, expected: number) {
    const code = this.dane(dane);
    const row = await this.repo.findByDane(code);
    if (!row) throw AppError.notFound();
    const data = await this.repo.findVersion(row.key, version);
    if (data === undefined) throw AppError.notFound(OPERATOR_MSG.versionNotFound);
    return this.replace(
      actor,
      code,
      parse(PicoPlacaCitySchema, data),
      expected,
      `pico_placa.revertir_a_${version}`,
    );
  }

  private dane(value: string): string {
    if (!DaneCodeSchema.safeParse(value).success) throw AppError.notFound();
    return value;
  }
}
