import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { FinanciacionIcon, PeritajeIcon, RtmIcon, TramitesIcon } from '../components/service-icons.tsx';
import '../services.css';

interface ServiceTile {
  to: string;
  label: string;
  text: string;
  Icon: ComponentType;
}

export const SERVICE_TILES: readonly ServiceTile[] = [
  { to: '/app/servicios/rtm', label: 'RTM', text: 'Revisión técnico-mecánica', Icon: RtmIcon },
  { to: '/app/servicios/peritaje', label: 'Peritaje', text: 'En sede o a domicilio', Icon: PeritajeIcon },
  {
    to: '/app/servicios/tramite',
    label: 'Trámites',
    text: 'Varios trámites en una cita',
    Icon: TramitesIcon,
  },
  {
    to: '/app/servicios/financiacion',
    label: 'Financiación',
    text: 'Cotiza tu crédito',
    Icon: FinanciacionIcon,
  },
];

/** app/servicios (SPPF §2): the services menu — RTM, Peritaje, Trámites, Financiación. */
export function ServicesHomeRoute() {
  usePageTitle('Servicios');
  return (
    <main className="page page--auth services-home">
      <PageHeader title="Servicios" back="/app/home" />
      <p className="lead">Agenda en una sede o a domicilio, y paga en línea o en el sitio.</p>
      <nav aria-label="Servicios">
        <ul className="service-tiles">
          {SERVICE_TILES.map(({ to, label, text, Icon }) => (
            <li key={to}>
              <Link to={to} className="service-tile">
                <span className="service-tile__icon">
                  <Icon />
                </span>
                <span className="service-tile__label">{label}</span>
                <span className="service-tile__text">{text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Link to="/app/agendamientos" className="btn btn--secondary btn--block services-home__mine">
        Mis agendamientos
      </Link>
    </main>
  );
}
