import { usePageTitle } from '../../shell/use-page-title.ts';

/** /operador: the dashboard (today's bookings, revenue, pico y placa alerts, failed jobs). */
export default function Dashboard() {
  usePageTitle('Inicio');
  return (
    <section className="op-screen" aria-labelledby="op-inicio">
      <h1 id="op-inicio" className="op-screen__title">
        Inicio
      </h1>
      <p className="op-muted">El resumen del día aparecerá aquí.</p>
    </section>
  );
}
