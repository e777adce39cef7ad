import { DOCUMENT_TYPES } from '@togo/domain/reference/document-types';
import { COUNTRY_COLOMBIA } from '@togo/domain/reference/reference.contract';
import type { Db } from '../client.ts';
import { cities, departments, documentTypes } from '../schema.ts';
import type { DivipolaFile } from './seed-files.ts';
import { excludedSet } from './upsert.ts';

/**
 * Document types and DIVIPOLA: one multi-row upsert per table. Rows are never deleted here (vehicles reference
 * them); a code removed from the file stays in the database.
 */
export async function seedDocumentTypes(db: Db): Promise<number> {
  await db
    .insert(documentTypes)
    .values(DOCUMENT_TYPES.map((t) => ({ id: t.id, code: t.code, name: t.name })))
    .onConflictDoUpdate({
      target: documentTypes.id,
      set: excludedSet({ code: documentTypes.code, name: documentTypes.name }),
    });
  return DOCUMENT_TYPES.length;
}

export async function seedDivipola(
  db: Db,
  file: DivipolaFile,
): Promise<{ departments: number; cities: number }> {
  await db
    .insert(departments)
    .values(
      file.departments.map((d) => ({
        id: Number(d.code),
        code: d.code,
        name: d.name,
        countryId: COUNTRY_COLOMBIA,
      })),
    )
    .onConflictDoUpdate({
      target: departments.id,
      set: excludedSet({ code: departments.code, name: departments.name, countryId: departments.countryId }),
    });
  await db
    .insert(cities)
    .values(
      file.municipalities.map((m) => ({
        id: Number(m.code),
        code: m.code,
        name: m.name,
        commonName: m.common_name ?? null,
        departmentId: Number(m.department_code),
        slug: m.slug,
        lat: m.lat ?? null,
        lng: m.lng ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: cities.id,
      set: excludedSet({
        code: cities.code,
        name: cities.name,
        commonName: cities.commonName,
        departmentId: cities.departmentId,
        slug: cities.slug,
        lat: cities.lat,
        lng: cities.lng,
      }),
    });
  return { departments: file.departments.length, cities: file.municipalities.length };
}
