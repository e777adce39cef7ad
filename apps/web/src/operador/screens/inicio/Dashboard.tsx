import { useQuery } from '@tanstack/react-query';
import { dashboardSummarySchema } from '@togo/domain/operator/operator-dashboard.contract';
import { formatCop } from '@togo/domain/money';
import { formatDateTime, formatDay } from '../../components/format.ts';
import { operatorRequest } from '../../lib/operator-api.ts';
import { operatorErrorMessage } from '../../lib/operator-messages.ts';
import { ShellLoading } from '../../components/ShellLoading.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

export const dashboardKey = ['operador', 'resumen'] as const;

/**
 * /operador: today's bookings per branch, today's paid revenue, cities whose pico y placa expired (red) or
 * expires within 30 days (amber), and background jobs that failed (decision 029).
 */
export default function Dashboard() {
  usePageTitle('Inicio');
  const summary = useQuery({
    queryKey: dashboardKey,
    queryFn: ({ signal }) =>
      operatorRequest('/api/operador/resumen/', { schema: dashboardSummarySchema, signal }),
    refetchInterval: 60_000,
  });

  return (
    <section className="op-screen" aria-labelledby="op-inicio">
      <h1 id="op-inicio" className="op-screen__title">
        Inicio
      </h1>
      {summary.isPending ? (
        <ShellLoading text="Cargando el resumen del día…" />
      ) : summary.isError ? (
        <div className="op-state" role="alert">
          <p>{operatorErrorMessage(summary.error, 'No pudimos cargar el resumen.')}</p>
          <button type="button" className="btn btn--primary" onClick={() => void summary.refetch()}>
            Reintentar
          </button>
        </div>
      ) : (
        <div className="op-dash">
          <article className="op-card op-dash__revenue" aria-labelledby="op-ingresos">
            <h2 id="op-ingresos" className="op-card__title">
              Ingresos pagados hoy
            </h2>
            <p className="op-dash__figure">{formatCop(summary.data.ingresos_hoy)}</p>
            <p className="op-muted">
              Reservas de hoy:{' '}
              {summary.data.reservas_hoy.reduce((sum, r) => sum + r.reservas, 0).toLocaleString('es-CO')}
            </p>
          </article>

          <article className="op-card" aria-labelledby="op-pyp">
            <h2 id="op-pyp" className="op-card__title">
              Pico y placa por revisar
            </h2>
            {summary.data.pico_placa.length === 0 ? (
              <p className="op-muted">Todas las ciudades tienen reglas vigentes.</p>
            ) : (
              <ul className="op-list">
                {summary.data.pico_placa.map((c) => (
                  <li key={c.ciudad} className={`op-flag op-flag--${c.estado}`}>
                    <span className="op-flag__name">{c.nombre}</span>
                    <span className="op-flag__state">
                      {c.estado === 'vencida'
                        ? 'Vencida: sin reglas para hoy'
                        : `Por vencer${c.vigente_hasta ? `: hasta ${formatDay(c.vigente_hasta)}` : ''}`}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </article>

          <article className="op-card" aria-labelledby="op-sedes">
            <h2 id="op-sedes" className="op-card__title">
              Reservas de hoy por sede
            </h2>
            {summary.data.reservas_hoy.length === 0 ? (
              <p className="op-muted">No hay sedes activas.</p>
            ) : (
              <table className="op-table op-table--compact">
                <caption className="visually-hidden">Reservas de hoy por sede</caption>
                <thead>
                  <tr>
                    <th scope="col">Sede</th>
                    <th scope="col" className="op-num">
                      Reservas
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {summary.data.reservas_hoy.map((r) => (
                    <tr key={r.sede_id}>
                      <td>{r.sede}</td>
                      <td className="op-num">{r.reservas}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </article>

          <article className="op-card" aria-labelledby="op-trabajos">
            <h2 id="op-trabajos" className="op-card__title">
              Trabajos en segundo plano fallidos
            </h2>
            {summary.data.trabajos_fallidos.length === 0 ? (
              <p className="op-muted">Ningún trabajo ha fallado en los últimos 7 días.</p>
            ) : (
              <ul className="op-list">
                {summary.data.trabajos_fallidos.map((f, i) => (
                  <li key={`${f.nombre}-${f.fecha}-${i}`} className="op-flag op-flag--vencida">
                    <span className="op-flag__name">{f.nombre}</span>
                    <span className="op-flag__state">
                      {formatDateTime(f.fecha)} · {f.error}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </article>
        </div>
      )}
    </section>
  );
}
