import { notInArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { catalogEntries, urlConfigs } from '../schema.ts';
import type { CatalogsFile } from './seed-files.ts';
import { excludedSet } from './upsert.ts';

/**
 * Catalogue entries and named URLs from catalogs.json. The file is the source of truth: entries and URLs no
 * longer in it are deleted, so an operator removes a banner by deleting it from the file (or sets activo false).
 */
export async function seedCatalogs(db: Db, file: CatalogsFile): Promise<{ entries: number; urls: number }> {
  const rows = file.catalogs.flatMap((group) =>
    group.entries.map((entry, index) => ({
      clavePadre: group.clave_padre,
      clave: entry.clave,
      valor: entry.valor,
      valorJson: entry.valor_json,
      detalleArchivos: entry.detalle_archivos,
      orden: entry.orden ?? (index + 1) * 10,
      activo: entry.valor_json.activo,
    })),
  );
  let ids: number[] = [];
  if (rows.length > 0) {
    const inserted = await db
      .insert(catalogEntries)
      .values(rows)
      .onConflictDoUpdate({
        target: [catalogEntries.clavePadre, catalogEntries.clave],
        set: excludedSet({
          valor: catalogEntries.valor,
          valorJson: catalogEntries.valorJson,
          detalleArchivos: catalogEntries.detalleArchivos,
          orden: catalogEntries.orden,
          activo: catalogEntries.activo,
        }),
      })
      .returning({ id: catalogEntries.id });
    ids = inserted.map((r) => r.id);
  }
  await db.delete(catalogEntries).where(notInArray(catalogEntries.id, ids));

  const names = file.urls.map((u) => u.name);
  if (file.urls.length > 0) {
    await db
      .insert(urlConfigs)
      .values(file.urls.map((u) => ({ name: u.name, url: u.url })))
      .onConflictDoUpdate({ target: urlConfigs.name, set: excludedSet({ url: urlConfigs.url }) });
  }
  await db.delete(urlConfigs).where(notInArray(urlConfigs.name, names));
  return { entries: rows.length, urls: file.urls.length };
}
