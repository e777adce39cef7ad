import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { catalogEntries, urlConfigs } from '../schema.ts';
import type { CatalogsFile } from './seed-files.ts';
import { excludedSet } from './upsert.ts';

/**
 * Catalogue entries and named URLs from catalogs.json: first-run defaults (decision 030). Rows edited in the
 * console (`edited`, deleted ones included, kept as tombstones) are never overwritten or deleted; the other rows
 * follow the file, and those no longer in it are deleted.
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
        setWhere: sql`not ${catalogEntries.edited}`,
      })
      .returning({ id: catalogEntries.id });
    ids = inserted.map((r) => r.id);
  }
  // Edited rows are left out of RETURNING (the update was skipped), so they are excluded here explicitly.
  await db
    .delete(catalogEntries)
    .where(and(notInArray(catalogEntries.id, ids), eq(catalogEntries.edited, false)));

  const names = file.urls.map((u) => u.name);
  if (file.urls.length > 0) {
    await db
      .insert(urlConfigs)
      .values(file.urls.map((u) => ({ name: u.name, url: u.url })))
      .onConflictDoUpdate({
        target: urlConfigs.name,
        set: excludedSet({ url: urlConfigs.url }),
        setWhere: sql`not ${urlConfigs.edited}`,
      });
  }
  await db.delete(urlConfigs).where(and(notInArray(urlConfigs.name, names), eq(urlConfigs.edited, false)));
  return { entries: rows.length, urls: file.urls.length };
}
