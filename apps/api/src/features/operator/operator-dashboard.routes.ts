import { bogotaInstant, bogotaToday } from '@togo/domain/bogota-time';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { XLSX_CONTENT_TYPE } from '@togo/domain/fleet/fleet.constants';
import {
  AUDIT_EXPORT_PATH,
  auditExportQuerySchema,
  auditPagedQuerySchema,
} from '@togo/domain/operator/operator-dashboard.contract';
import { auditExport } from './operator-audit-export.ts';
import type { AuditFilter, AuditRepository, AuditRow } from './audit.repository.ts';
import { AUDIT_PAGE } from './audit.repository.ts';
import type { requireStaff } from './operator-auth.hook.ts';
import type { OperatorDashboardService } from './operator-dashboard.service.ts';
import type { Clock } from '../../lib/clock.ts';

const DAY_MS = 86_400_000;
const DEFAULT_PAGE_SIZE = 25;

const wire = (r: AuditRow) => ({ ...r, fecha: r.fecha.toISOString() });

/** The screen's filters; dates are Bogotá days: desde from its midnight, hasta up to the end of its day. */
function auditFilter(query: {
  desde?: string;
  hasta?: string;
  staff?: string;
  accion?: string;
}): AuditFilter {
  return {
    from: query.desde ? bogotaInstant(query.desde, 0) : null,
    to: query.hasta ? new Date(bogotaInstant(query.hasta, 0).getTime() + DAY_MS) : null,
    staff: query.staff || undefined,
    accion: query.accion || undefined,
  };
}

/** The dashboard summary and the audit log (decision 029). */
export function operatorDashboardRoutes(
  app: FastifyInstance,
  deps: {
    guard: ReturnType<typeof requireStaff>;
    dashboard: OperatorDashboardService;
    audit: AuditRepository;
    clock: Clock;
  },
) {
  const { guard } = deps;

  app.get(
    '/api/operador/resumen/',
    { schema: { summary: 'Consola: resumen de operación' }, preHandler: guard('resumen.leer') },
    async () => deps.dashboard.summary(),
  );

  /**
   * Without `page`/`page_size`: the array of decision 022 (at most 500 rows, oldest first unless `orden`).
   * With either: one page `{data, total, page, page_size}` (page_size ≤ 100), newest first unless `orden`.
   */
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/operador/auditoria/',
    // Staff session and permission are checked before the query is validated (401/403 before 400).
    {
      preValidation: guard('auditoria.leer'),
      schema: { summary: 'Consola: registro de auditoría', querystring: auditPagedQuerySchema },
    },
    async (req) => {
      const query = req.query;
      const filter = auditFilter(query);
      if (query.page === undefined && query.page_size === undefined) {
        const rows = await deps.audit.search(filter, query.orden ?? 'asc', AUDIT_PAGE, 0);
        return rows.map(wire);
      }
      const page = query.page ?? 1;
      const size = query.page_size ?? DEFAULT_PAGE_SIZE;
      const [rows, total] = await Promise.all([
        deps.audit.search(filter, query.orden ?? 'desc', size, (page - 1) * size),
        deps.audit.count(filter),
      ]);
      return { data: rows.map(wire), total, page, page_size: size };
    },
  );

  /** The same filters as a file (issue 38): .xlsx or CSV, newest first unless `orden=asc`. */
  app.withTypeProvider<ZodTypeProvider>().get(
    AUDIT_EXPORT_PATH,
    {
      preValidation: guard('auditoria.leer'),
      schema: {
        summary: 'Consola: exportar la auditoría (Excel o CSV)',
        querystring: auditExportQuerySchema,
      },
    },
    async (req, reply) => {
      const { formato, orden } = req.query;
      const bytes = await auditExport(deps.audit, auditFilter(req.query), orden ?? 'desc', formato);
      const day = bogotaToday(deps.clock.now());
      return reply
        .header('content-type', formato === 'xlsx' ? XLSX_CONTENT_TYPE : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="auditoria-${day}.${formato}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
}
