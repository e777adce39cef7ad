import type { SupportUser } from '@togo/domain/operator/operator-console.contract';
import type { OperatorSupportRepository } from './operator-support.repository.ts';

/** Support look-up of drivers: the query is tried as email, phone, document and plate at once. */
export class OperatorSupportService {
  constructor(private readonly repo: OperatorSupportRepository) {}

  async search(q: string): Promise<SupportUser[]> {
    const trimmed = q.trim();
    const plate = trimmed.toUpperCase().replace(/[\s-]/g, '');
    const rows = await this.repo.search(trimmed, plate);
    return rows.map((r) => ({ ...r, id: Number(r.id), placas: r.placas ?? [] }));
  }
}
