import type { City, Department, DocumentTypesResponse } from '@togo/domain/reference/reference.contract';
import { COUNTRY_COLOMBIA } from '@togo/domain/reference/reference.contract';
import type { ReferenceRepository } from './reference.repository.ts';

/** Spanish order, accents and case ignored ('Ábrego' with the A's, 'Ñ' after 'N'). */
const spanish = new Intl.Collator('es-CO', { sensitivity: 'base', numeric: true });

function byName<T extends { id: number; name: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => spanish.compare(a.name, b.name) || a.id - b.id);
}

/** Departments, cities and document types, mapped to the contract. */
export class ReferenceService {
  constructor(private readonly repo: ReferenceRepository) {}

  async departments(countryId = COUNTRY_COLOMBIA): Promise<Department[]> {
    return byName(await this.repo.listDepartments(countryId)).map((d) => ({ id: d.id, name: d.name }));
  }

  /** An unknown department has no cities: [] (a list filter that matches nothing). */
  async cities(departmentId: number): Promise<City[]> {
    return byName(await this.repo.listCitiesByDepartment(departmentId)).map((c) => ({
      id: c.id,
      name: c.name,
      department: c.departmentId,
    }));
  }

  async documentTypes(): Promise<DocumentTypesResponse> {
    const rows = await this.repo.listDocumentTypes();
    return { results: rows.map((t) => ({ id: t.id, name: t.name, code: t.code })) };
  }
}
