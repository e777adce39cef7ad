import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cities, departments, documentTypes } from '../../db/schema.ts';

/** SQL only: reference data (DIVIPOLA, document types). */
export class ReferenceRepository {
  constructor(private readonly db: Db) {}

  listDepartments(countryId: number) {
    return this.db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(eq(departments.countryId, countryId));
  }

  listCitiesByDepartment(departmentId: number) {
    return this.db
      .select({ id: cities.id, name: cities.name, departmentId: cities.departmentId })
      .from(cities)
      .where(eq(cities.departmentId, departmentId));
  }

  listDocumentTypes() {
    return this.db
      .select({ id: documentTypes.id, name: documentTypes.name, code: documentTypes.code })
      .from(documentTypes)
      .orderBy(asc(documentTypes.id));
  }
}
