import { bogotaLocalDateTime } from '@togo/domain/pico-placa/pico-placa.calendar';
import {
  DaneCodeSchema,
  PicoPlacaCitySchema,
  type PicoPlacaCity,
} from '@togo/domain/pico-placa/pico-placa.rules';
import { OPERATOR_MSG } from '@togo/domain/operator/operator-auth.contract';
import type {
  OperatorPicoPlacaEntry,
  PicoPlacaVersion,
} from '@togo/domain/operator/operator-console.contract';
import { cityRulesState } from '@togo/domain/operator/operator-pico-placa.rules';
import { AppError } from '../../http/app-error.ts';
import { parse } from '../../http/validation.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditActor } from './audit.repository.ts';
import type { OperatorPicoPlacaRepository } from './operator-pico-placa.repository.ts';

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

  /** `city` is validated by the route's schema (PUT) or parsed from a stored version (revert). */
  async replace(actor: AuditActor, dane: string, city: PicoPlacaCity, accion = 'pico_placa.reemplazar') {
    const code = this.dane(dane);
    if (city.dane_code !== code) {
      throw AppError.field('dane_code', 'Debe coincidir con el código DANE de la ruta.');
    }
    if (!city.municipalities.includes(code)) {
      throw AppError.field('municipalities', 'Debe incluir el código DANE de la ciudad.');
    }
    const existing = await this.repo.findByDane(code);
    const key = existing?.key ?? city.key;
    const data = { ...city, key };
    const version = await this.repo.replace(
      { key, dane: code, data, staffId: actor.staffId },
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
    return { ciudad: code, version, ...cityRulesState(city, this.today()) };
  }

  async history(dane: string): Promise<PicoPlacaVersion[]> {
    const row = await this.repo.findByDane(this.dane(dane));
    if (!row) throw AppError.notFound();
    const versions = await this.repo.history(row.key);
    return versions.map((v) => ({ version: v.version, fecha: v.created.toISOString(), staff: v.staff }));
  }

  async revert(actor: AuditActor, dane: string, version: number) {
    const code = this.dane(dane);
    const row = await this.repo.findByDane(code);
    if (!row) throw AppError.notFound();
    const data = await this.repo.findVersion(row.key, version);
    if (data === undefined) throw AppError.notFound(OPERATOR_MSG.versionNotFound);
    return this.replace(actor, code, parse(PicoPlacaCitySchema, data), `pico_placa.revertir_a_${version}`);
  }

  private dane(value: string): string {
    if (!DaneCodeSchema.safeParse(value).success) throw AppError.notFound();
    return value;
  }
}
