import { randomUUID } from 'node:crypto';
import {
  BANNER_IMAGE_MAX_SIDE,
  CONTENT_MSG,
  type CatalogEntriesPage,
  type CatalogEntriesQuery,
  type CatalogEntryInput,
  type CatalogGroup,
  type ContentImage,
  type OperatorCatalogEntry,
  type OperatorNamedUrl,
} from '@togo/domain/operator/operator-content.contract';
import type { CatalogValorJson } from '@togo/domain/catalog/catalog.contract';
import { AppError } from '../../http/app-error.ts';
import { staleVersion } from '../../http/if-match.ts';
import { reencodeUpload } from '../../http/image-upload.ts';
import { CONTENT_TYPES, detectKind } from '../../integrations/files/file-content.ts';
import { storageKeyFor, type FileStorage } from '../../integrations/files/file-storage.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditActor } from './audit.repository.ts';
import type {
  CatalogEntryRow,
  CatalogEntryValues,
  NamedUrlRow,
  OperatorContentRepository,
} from './operator-content.repository.ts';

type EntryInput = Required<Pick<CatalogEntryInput, 'clave_padre' | 'clave' | 'orden'>> & {
  valor: string;
  valor_json: CatalogValorJson;
  detalle_archivos: { archivo: string }[];
};

/** Where a banner image is served: public, immutable (a new upload gets a new id). */
export const contentImageUrl = (id: string, extension: string) =>
  `/api/contenido/imagenes/${id}.${extension}`;

export function toEntry(row: CatalogEntryRow): OperatorCatalogEntry {
  return {
    id: row.id,
    clave_padre: row.clavePadre,
    clave: row.clave,
    valor: row.valor,
    orden: row.orden,
    activo: row.activo,
    valor_json: row.valorJson as CatalogValorJson,
    detalle_archivos: (row.detalleArchivos as { archivo: string }[]).map((f) => ({ archivo: f.archivo })),
    editado: row.edited,
    version: row.version,
  };
}

const toUrl = (row: NamedUrlRow): OperatorNamedUrl => ({
  name: row.name,
  url: row.url,
  editado: row.edited,
  version: row.version,
});

function values(input: EntryInput): CatalogEntryValues {
  return {
    clavePadre: input.clave_padre,
    clave: input.clave,
    valor: input.valor,
    orden: input.orden,
    activo: input.valor_json.activo,
    valorJson: input.valor_json,
    detalleArchivos: input.detalle_archivos,
  };
}

const entryObject = (e: { clave_padre: string; clave: string }) => `catalogo:${e.clave_padre}/${e.clave}`;

/**
 * The console's content (issue 13): catalogue entries (banners included), named URLs and banner images. The
 * drivers' catalogue and URL routes read the same rows at every request, so a change is served at once.
 */
export class OperatorContentService {
  constructor(
    private readonly deps: { repo: OperatorContentRepository; storage: FileStorage; clock: Clock },
  ) {}

  async entries(query: CatalogEntriesQuery): Promise<CatalogEntriesPage> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? 50;
    const { total, rows } = await this.deps.repo.listEntries({
      clavePadre: query.clave_padre,
      q: query.q,
      sort: query.orden ?? 'orden',
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { count: total, page, page_size: pageSize, results: rows.map(toEntry) };
  }

  async groups(): Promise<CatalogGroup[]> {
    const rows = await this.deps.repo.groups();
    return rows.map((r) => ({ clave_padre: r.clavePadre, entradas: r.entradas }));
  }

  async entry(id: number): Promise<OperatorCatalogEntry> {
    const row = await this.deps.repo.findEntry(id);
    if (!row) throw AppError.notFound();
    return toEntry(row);
  }

  async createEntry(actor: AuditActor, input: EntryInput): Promise<OperatorCatalogEntry> {
    const row = await this.deps.repo.createEntry(
      values(input),
      (created) => ({
        actor,
        accion: 'contenido.crear_entrada',
        objeto: entryObject(input),
        antes: null,
        despues: toEntry(created),
      }),
      this.deps.clock.now(),
    );
    if (!row) throw AppError.field('clave', CONTENT_MSG.entryExists);
    return toEntry(row);
  }

  /** `expected`: the version the editor read (If-Match); 409 when another save came first (decision 096). */
  async updateEntry(
    actor: AuditActor,
    id: number,
    input: EntryInput,
    expected: number,
  ): Promise<OperatorCatalogEntry> {
    const result = await this.deps.repo.updateEntry(
      id,
      expected,
      values(input),
      (before, after) => ({
        actor,
        accion: 'contenido.editar_entrada',
        objeto: entryObject(input),
        antes: toEntry(before),
        despues: toEntry(after),
      }),
      this.deps.clock.now(),
    );
    if (result === 'missing') throw AppError.notFound();
    if (result === 'stale') throw staleVersion();
    if (result === 'taken') throw AppError.field('clave', CONTENT_MSG.entryExists);
    return toEntry(result);
  }

  async deleteEntry(actor: AuditActor, id: number, expected: number): Promise<void> {
    const result = await this.deps.repo.deleteEntry(
      id,
      expected,
      (before) => ({
        actor,
        accion: 'contenido.borrar_entrada',
        objeto: entryObject({ clave_padre: before.clavePadre, clave: before.clave }),
        antes: toEntry(before),
        despues: null,
      }),
      this.deps.clock.now(),
    );
    if (result === 'missing') throw AppError.notFound();
    if (result === 'stale') throw staleVersion();
  }

  async urls(): Promise<OperatorNamedUrl[]> {
    return (await this.deps.repo.listUrls()).map(toUrl);
  }

  async writeUrl(
    actor: AuditActor,
    name: string,
    url: string,
    /** 'create', or the version the editor read (If-Match) of the URL it replaces. */
    mode: 'create' | { expected: number },
  ): Promise<OperatorNamedUrl> {
    const result = await this.deps.repo.writeUrl(
      name,
      url,
      mode,
      (before, after) => ({
        actor,
        accion: mode === 'create' ? 'contenido.crear_url' : 'contenido.editar_url',
        objeto: `url:${name}`,
        antes: before ? toUrl(before) : null,
        despues: toUrl(after),
      }),
      this.deps.clock.now(),
    );
    if (result === 'exists') throw AppError.field('name', CONTENT_MSG.urlExists);
    if (result === 'missing') throw AppError.notFound();
    if (result === 'stale') throw staleVersion();
    return toUrl(result);
  }

  async deleteUrl(actor: AuditActor, name: string, expected: number): Promise<void> {
    const result = await this.deps.repo.deleteUrl(
      name,
      expected,
      (before) => ({
        actor,
        accion: 'contenido.borrar_url',
        objeto: `url:${name}`,
        antes: toUrl(before),
        despues: null,
      }),
      this.deps.clock.now(),
    );
    if (result === 'missing') throw AppError.notFound();
    if (result === 'stale') throw staleVersion();
  }

  /**
   * A banner image: JPEG/PNG by its bytes (415 otherwise), re-encoded like avatars (orientation applied, metadata
   * dropped, fitted in BANNER_IMAGE_MAX_SIDE), stored, recorded and audited. The bytes are removed again when the
   * record cannot be written.
   */
  async uploadImage(actor: AuditActor, bytes: Buffer | null): Promise<ContentImage> {
    if (!bytes || bytes.length === 0) throw AppError.field('imagen', CONTENT_MSG.imageRequired);
    const kind = await detectKind(bytes);
    if (kind !== 'jpg' && kind !== 'png') throw new AppError(415, CONTENT_MSG.imageType);
    const stored = await reencodeUpload(
      bytes,
      kind,
      BANNER_IMAGE_MAX_SIDE,
      'imagen',
      CONTENT_MSG.imageDamaged,
    );
    const id = randomUUID();
    const key = storageKeyFor(id, kind);
    const contentType = CONTENT_TYPES[kind];
    await this.deps.storage.put(key, stored, contentType);
    const url = contentImageUrl(id, kind);
    try {
      await this.deps.repo.insertImage(
        {
          id,
          staffId: actor.staffId,
          contentType,
          extension: kind,
          size: stored.length,
          storageKey: key,
          created: this.deps.clock.now(),
        },
        { actor, accion: 'contenido.subir_imagen', objeto: `imagen:${id}`, antes: null, despues: { url } },
      );
    } catch (err) {
      await this.deps.storage.delete(key).catch(() => undefined);
      throw err;
    }
    return { id, url, bytes: stored.length };
  }

  /** The bytes of a content image named '<uuid>.<ext>', or null. */
  async image(file: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png)$/.exec(file);
    if (!match) return null;
    const row = await this.deps.repo.findImage(match[1] as string);
    if (!row || row.extension !== match[2]) return null;
    const bytes = await this.deps.storage.get(row.storageKey);
    return bytes ? { bytes, contentType: row.contentType } : null;
  }
}
