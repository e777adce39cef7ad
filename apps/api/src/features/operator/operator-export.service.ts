import type { ExportFile } from '@togo/domain/operator/operator-content.contract';
import { DEFAULT_SEED_DIR, readSeedFiles, SEED_FILES } from '../../db/seed/seed-files.ts';
import type { OperatorExportRepository } from './operator-export.repository.ts';

type Json = Record<string, unknown>;

/** Position of each key in the shipped file; keys it does not know go after it, in their own order. */
function byTemplate<T>(items: T[], keyOf: (item: T) => string, template: readonly string[]): T[] {
  const position = new Map(template.map((k, i) => [k, i]));
  return items
    .map((item, i) => ({ item, i, p: position.get(keyOf(item)) ?? template.length }))
    .sort((a, b) => a.p - b.p || a.i - b.i)
    .map((x) => x.item);
}

const withOptional = (key: string, value: unknown) => (value === undefined ? {} : { [key]: value });

/**
 * GET /api/operador/exportar/{archivo}/ (issue 13 'Seed files'): the database's current state in the shape of
 * apps/api/seed-data/<archivo>.json, so staff can put the console's edits back into the repository. What the
 * database holds comes from the database; what it does not hold (comments, descriptions, the pico y placa file's
 * engine notes and test cases) is copied from the shipped file, which also gives the order of known items.
 */
export class OperatorExportService {
  constructor(
    private readonly repo: OperatorExportRepository,
    private readonly seedDir = DEFAULT_SEED_DIR,
  ) {}

  private template(file: ExportFile): Json {
    const key = ({ booking: 'booking', catalogs: 'catalogs', 'pico-y-placa': 'picoPlaca' } as const)[file];
    return JSON.parse(readSeedFiles(this.seedDir)[key].toString('utf8')) as Json;
  }

  filename(file: ExportFile): string {
    return file === 'pico-y-placa' ? SEED_FILES.picoPlaca : SEED_FILES[file];
  }

  async export(file: ExportFile): Promise<Json> {
    const template = this.template(file);
    if (file === 'catalogs') return this.catalogs(template);
    if (file === 'booking') return this.booking(template);
    return this.picoPlaca(template);
  }

  private async catalogs(template: Json): Promise<Json> {
    const { entries, urls } = await this.repo.catalogs();
    const tUrls = (template.urls ?? []) as { name: string; descripcion?: string }[];
    const tGroups = (template.catalogs ?? []) as { clave_padre: string; descripcion?: string }[];
    const groups = new Map<string, typeof entries>();
    for (const entry of entries)
      groups.set(entry.clavePadre, [...(groups.get(entry.clavePadre) ?? []), entry]);
    const catalogs = byTemplate(
      [...groups.keys()].sort(),
      (k) => k,
      tGroups.map((g) => g.clave_padre),
    ).map((clavePadre) => ({
      clave_padre: clavePadre,
      ...withOptional('descripcion', tGroups.find((g) => g.clave_padre === clavePadre)?.descripcion),
      entries: (groups.get(clavePadre) ?? []).map((e, i) => ({
        clave: e.clave,
        valor: e.valor,
        // The seed's default order is (position + 1) * 10; only a different one is written out.
        ...(e.orden === (i + 1) * 10 ? {} : { orden: e.orden }),
        valor_json: e.valorJson,
        detalle_archivos: e.detalleArchivos,
      })),
    }));
    return {
      ...template,
      urls: byTemplate(
        urls,
        (u) => u.name,
        tUrls.map((u) => u.name),
      ).map((u) => ({
        name: u.name,
        url: u.url,
        ...withOptional('descripcion', tUrls.find((t) => t.name === u.name)?.descripcion),
      })),
      catalogs,
    };
  }

  private async booking(template: Json): Promise<Json> {
    const data = await this.repo.booking();
    const tPrices = ((template.rtm_tarifas ?? []) as { clase: string }[]).map((p) => p.clase);
    return {
      ...template,
      rtm_tarifas: byTemplate(data.prices, (p) => p.clase, tPrices).map((p) => ({
        clase: p.clase,
        grupo: p.grupo,
        precio: p.precio,
      })),
      sedes: data.branches.map((b) => ({
        id: b.id,
        servicio: b.servicio,
        nombre: b.nombre,
        direccion: b.direccion,
        ciudad: String(b.cityId).padStart(5, '0'),
        telefono: b.telefono,
        lat: b.lat,
        lng: b.lng,
        maps: b.maps,
        imagen: b.imagen,
        horario: b.horario,
        capacidad: b.capacidad,
        atiende: b.atiende,
        a_domicilio: b.aDomicilio,
        // `activo` defaults to true in the file.
        ...(b.activo ? {} : { activo: false }),
      })),
      combos: data.combos.map((c) => ({
        id: c.id,
        grupo: c.grupo,
        combustible: c.combustible,
        short_name: c.shortName,
        text: c.text,
        price: c.precio,
        sede: c.proveedor,
        tasks: c.tasks,
      })),
      tramites: data.tramites.map((t) => ({
        id: t.id,
        nombre: t.nombre,
        precio: t.precio,
        descripcion: t.descripcion,
        icono: t.icono,
      })),
    };
  }

  private async picoPlaca(template: Json): Promise<Json> {
    const data = await this.repo.picoPlaca();
    const tCities = ((template.cities ?? []) as { key: string }[]).map((c) => c.key);
    const tEmbed = (template.embed ?? {}) as Json & { cities?: { slug: string }[] };
    const defaultRow = data.embed.find((e) => e.isDefault);
    // Holidays are not data any more (decision 081): an old file's table is left out of the export.
    const { holidays: _holidays, ...rest } = template;
    return {
      ...rest,
      embed: {
        ...tEmbed,
        ...withOptional('default_slug', defaultRow?.slug),
        cities: byTemplate(
          data.embed,
          (e) => e.slug,
          (tEmbed.cities ?? []).map((c) => c.slug),
        ).map((e) => ({
          slug: e.slug,
          name: e.name,
          ...(e.daneCode === null ? {} : { dane_code: e.daneCode }),
          rules_city: e.rulesCity,
        })),
      },
      cities: byTemplate(data.cities, (c) => c.key, tCities).map((c) => c.data),
    };
  }
}
