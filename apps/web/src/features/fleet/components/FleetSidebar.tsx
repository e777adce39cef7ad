import { NavLink } from 'react-router';
import { useState, type ReactNode } from 'react';
import { DownloadIcon } from '../../../components/ui/app-icons.tsx';
import { useComingSoon } from '../../../components/ui/coming-soon.ts';
import { LogoutIcon } from '../../../components/ui/icons.tsx';
import { Logo } from '../../../components/ui/Logo.tsx';
import { useUrlsQuery } from '../../../lib/togo-urls.ts';
import { useLogout } from '../../../lib/use-logout.ts';
import { FLEET_POLICY_NAMES } from '../api/fleet-prefetch.ts';
import {
  AlertTriangleIcon,
  CalendarIcon,
  ChartIcon,
  HelpIcon,
  ListCheckIcon,
  MoonIcon,
  TruckIcon,
} from './fleet-icons.tsx';

/** Served by the API when the catalogue has no data_policy_pdf entry. */
const DATA_POLICY_FALLBACK = '/static/legal/politica-tratamiento-datos-personales.pdf';

/** Entries whose behaviour SPPF §2 does not give: they tell the user the feature is coming. */
const COMING_SOON: { label: string; icon: ReactNode }[] = [{ label: 'Modo', icon: <MoonIcon /> }];

const navClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'fleet-nav__item fleet-nav__item--active' : 'fleet-nav__item';

/** The fleet area's sidebar (SPPF §2 'Fleet list'): a column on a PC, a scrolling strip on a narrow screen. */
export function FleetSidebar() {
  const comingSoon = useComingSoon();
  const logout = useLogout();
  const urls = useUrlsQuery(FLEET_POLICY_NAMES);
  const policy = urls.data?.data_policy_pdf || DATA_POLICY_FALLBACK;
  const soon = () => void comingSoon();
  // On a phone the menu collapses behind a button (issue 16: the strip cut off its last items).
  const [open, setOpen] = useState(false);

  return (
    <aside className="fleet-sidebar">
      <div className="fleet-sidebar__brand">
        <Logo />
        <span className="fleet-sidebar__tag">Empresas</span>
      </div>
      <button
        type="button"
        className="fleet-menu-button"
        aria-expanded={open}
        aria-controls="fleet-nav"
        onClick={() => setOpen((v) => !v)}
      >
        {open ? 'Cerrar menú' : 'Menú'}
      </button>
      <nav
        id="fleet-nav"
        className={open ? 'fleet-nav fleet-nav--open' : 'fleet-nav'}
        aria-label="Menú de la flota"
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) setOpen(false);
        }}
      >
        <NavLink to="/flota" end className={navClass}>
          <TruckIcon />
          Tu flota
        </NavLink>
        <NavLink to="/flota/estado-carga" className={navClass}>
          <ListCheckIcon />
          Estado de carga vehículos
        </NavLink>
        <NavLink to="/flota/hoy" className={navClass}>
          <AlertTriangleIcon />
          Hoy
        </NavLink>
        <NavLink to="/flota/alertas" className={navClass}>
          <AlertTriangleIcon />
          Alertas
        </NavLink>
        <NavLink to="/flota/reportes" className={navClass}>
          <ChartIcon />
          Reportes
        </NavLink>
        <NavLink to="/flota/proximos-servicios" className={navClass}>
          <CalendarIcon />
          Próximos servicios
        </NavLink>
        <NavLink to="/flota/agendamientos" className={navClass}>
          <CalendarIcon />
          Agendamientos
        </NavLink>
        <NavLink to="/flota/mantenimiento" className={navClass}>
          <CalendarIcon />
          Mantenimiento
        </NavLink>
        <NavLink to="/flota/miembros" className={navClass}>
          <ListCheckIcon />
          Miembros
        </NavLink>
        {COMING_SOON.map((item) => (
          <button key={item.label} type="button" className="fleet-nav__item" onClick={soon}>
            {item.icon}
            {item.label}
          </button>
        ))}
        <a href={policy} className="fleet-nav__item" target="_blank" rel="noopener noreferrer" download>
          <DownloadIcon />
          Política de tratamiento de datos
        </a>
        <button type="button" className="fleet-nav__item" onClick={soon}>
          <HelpIcon />
          Ayuda
        </button>
        <button
          type="button"
          className="fleet-nav__item fleet-nav__item--danger"
          onClick={() => void logout()}
        >
          <LogoutIcon />
          Cerrar sesión
        </button>
      </nav>
    </aside>
  );
}
