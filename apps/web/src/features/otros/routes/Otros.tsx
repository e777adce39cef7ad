import { useState } from 'react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { CartIcon, NewsIcon, RouteIcon } from '../../../components/ui/app-icons.tsx';
import { BellIcon, GarageIcon, WrenchIcon } from '../../../components/ui/section-icons.tsx';
import { useComingSoon } from '../../../components/ui/coming-soon.ts';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { isGarageEmpty } from '../../../lib/garage-empty.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import '../otros.css';

interface Tile {
  to: string;
  label: string;
  text: string;
  Icon: ComponentType;
  /** Dimmed while the garage is empty. */
  needsGarage?: boolean;
}

const TILES: readonly Tile[] = [
  {
    to: '/app/servicios',
    label: 'Servicios',
    text: 'RTM, peritajes y trámites',
    Icon: WrenchIcon,
    needsGarage: true,
  },
  {
    to: '/app/garaje-personal?from=otros',
    label: 'Tu garaje Personal',
    text: 'Tus vehículos',
    Icon: GarageIcon,
    needsGarage: true,
  },
  {
    to: '/app/alerts?from=otros',
    label: 'Alertas',
    text: 'SOAT, multas y más',
    Icon: BellIcon,
    needsGarage: true,
  },
  { to: '/app/otros/blog', label: 'Blog', text: 'Consejos para tu vehículo', Icon: NewsIcon },
  { to: '/app/otros/compras', label: 'Comprar', text: 'SOAT, pólizas y peajes', Icon: CartIcon },
];

/** app/otros (AHGA §2 "Hub page otros"). */
export function OtrosRoute() {
  usePageTitle('Otros');
  const comingSoon = useComingSoon();
  const [empty] = useState(() => isGarageEmpty());
  return (
    <main className="page page--auth">
      <PageHeader title="Otros" back="/app/home" />
      <ul className="hub-grid">
        {TILES.map(({ to, label, text, Icon, needsGarage }) => (
          <li key={to}>
            <Link to={to} className={needsGarage && empty ? 'hub-tile hub-tile--dimmed' : 'hub-tile'}>
              <Icon />
              <span className="hub-tile__label">{label}</span>
              <span className="hub-tile__text">{text}</span>
            </Link>
          </li>
        ))}
        <li>
          <button type="button" className="hub-tile" onClick={() => void comingSoon()}>
            <RouteIcon />
            <span className="hub-tile__label">GeoRuta</span>
            <span className="hub-tile__text">Próximamente</span>
          </button>
        </li>
      </ul>
    </main>
  );
}
