import {
  CATALOG_MESSAGES,
  CATALOG_PAGE_SIZE_DEFAULT,
  type CatalogEntry,
  type CatalogQuery,
  type CatalogValorJson,
  type UrlListResponse,
} from '@togo/domain/catalog/catalog.contract';
import { AppError } from '../../http/app-error.ts';
import type { CatalogRepository, CatalogRow } from './catalog.repository.ts';

export interface CatalogPageData {
  count: number;
  page: number;
  pageSize: number;
  hasNext: boolean;
  results: CatalogEntry[];
}

function toEntry(row: CatalogRow): CatalogEntry {
  return {
    clave: row.clave,
    valor: row.valor,
    valor_json: row.valorJson as CatalogValorJson,
    detalle_archivos: (row.detalleArchivos as { archivo: string }[]).map((f) => ({ archivo: f.archivo })),
  };
}

/**
 * Catalogues and named URLs. Only active entries (valor_json.activo true) are ever served — which is what the
 * banner keys require — ordered by `orden`.
 */
export class CatalogService {
  constructor(private readonly repo: CatalogRepository) {}

  /** DRF page-number pagination: a page past the last one is a 404 'Página inválida.' (page 1 always exists). */
  async page(query: CatalogQuery): Promise<CatalogPageData> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? CATALOG_PAGE_SIZE_DEFAULT;
    const total = await this.repo.countActive(query.clave_padre);
    const lastPage = Math.max(1, Math.ceil(total / pageSize));
    if (page > lastPage) throw AppError.notFound(CATALOG_MESSAGES.invalidPage);
    const rows = await this.repo.listActive(query.clave_padre, pageSize, (page - 1) * pageSize);
    return { count: total, page, pageSize, hasNext: page < lastPage, results: rows.map(toEntry) };
  }

  /**
   * The first active entry's first file (the home carousel's first banner, its largest paint), when it is a path
   * of this server: the drivers' home page asks the browser to preload it (docs/decisions/044).
   */
  async firstImage(clavePadre: string): Promise<string | null> {
    const [row] = await this.repo.listActive(clavePadre, 1, 0);
    const file = row ? toEntry(row).detalle_archivos[0]?.archivo : undefined;
    return file && /^\/[\w./-]+$/.test(file) ? file : null;
  }

  /** Entries in the order the names were asked for; unknown names are left out. No names = every URL. */
  async urls(names?: readonly string[]): Promise<UrlListResponse> {
    if (names && names.length === 0) return { results: await this.repo.listUrls() };
    const rows = await this.repo.listUrls(names);
    if (names) {
      const position = new Map(names.map((n, i) => [n, i]));
      rows.sort((a, b) => (position.get(a.name) ?? 0) - (position.get(b.name) ?? 0));
    }
    return { results: rows.map((r) => ({ name: r.name, url: r.url })) };
  }
}
