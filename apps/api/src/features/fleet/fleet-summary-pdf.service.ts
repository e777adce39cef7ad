import { FLEET_SUMMARY_TOP_FINES } from '@togo/domain/fleet/fleet-summary-pdf.contract';
import type { FleetComplianceService } from './fleet-compliance.service.ts';
import type { FleetCompanyRepository } from './fleet-company.repository.ts';
import type { FleetReportsService } from './fleet-reports.service.ts';
import type { FleetSummaryContent } from './fleet-summary-pdf.ts';

/** Gathers the management summary: today's compliance summary, documents in order, top pending fines. */
export class FleetSummaryService {
  constructor(
    private readonly deps: {
      compliance: FleetComplianceService;
      reports: FleetReportsService;
      company: FleetCompanyRepository;
    },
  ) {}

  async content(companyId: number): Promise<FleetSummaryContent> {
    const fecha = this.deps.compliance.today();
    const [empresa, resumen, reports] = await Promise.all([
      this.deps.company.companyLabel(companyId),
      this.deps.compliance.dayRules(fecha).then((rules) => this.deps.compliance.summary(companyId, rules)),
      this.deps.reports.reports(companyId),
    ]);
    const multas = reports.por_vehiculo
      .filter((v) => v.pendientes > 0)
      .sort((a, b) => b.total_pendiente - a.total_pendiente || b.pendientes - a.pendientes)
      .slice(0, FLEET_SUMMARY_TOP_FINES);
    return { empresa, fecha, resumen, documentos: reports.documentos, multas };
  }
}
