import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BackButton } from '../../../components/ui/BackButton.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import '../alerts.css';

export interface AlertScreenProps {
  /** Heading of the page; also the section of the document title ('<section> | TOGO'). */
  title: string;
  /** Document-title section when it differs from the heading. */
  section?: string;
  /** Back button target. */
  back: string;
  /** Blocking 'Consultando...' overlay (fetch, save, upload). */
  loading?: boolean;
  /** The data on screen comes from the demo provider: shows 'Datos de demostración'. */
  demo?: boolean;
  children?: ReactNode;
}

/** Frame of every alerts screen: blue bar with back button and title, the content, optional overlay. */
export function AlertScreen({
  title,
  section,
  back,
  loading = false,
  demo = false,
  children,
}: AlertScreenProps) {
  usePageTitle(section ?? title);
  return (
    <main className="page page--app alerts" aria-busy={loading || undefined}>
      <header className="app-bar alerts-bar">
        <BackButton to={back} />
        <h1 className="alerts-bar__title">{title}</h1>
      </header>
      {demo ? <DemoNote /> : null}
      <div className="alerts__content">{children}</div>
      {loading ? <TruckLoader overlay /> : null}
    </main>
  );
}

/** AHGA/ARCHITECTURE: demo data is never presented as real. */
export function DemoNote() {
  return (
    <p className="demo-note" role="note">
      <strong>Datos de demostración.</strong> Esta información es de ejemplo: todavía no viene de la fuente
      oficial.
    </p>
  );
}

/** Shown when there is no selected vehicle in this browser. */
export function NoVehicleNotice() {
  return (
    <section className="alert-card alert-empty">
      <h2 className="alert-card__title">No tienes un vehículo seleccionado</h2>
      <p className="alert-card__text">Configura tu garaje para ver las alertas de tu vehículo.</p>
      <Link to="/app/garaje-personal/nuevo-vehiculo" className="btn btn--primary btn--block">
        Configurar garaje
      </Link>
    </section>
  );
}
