import { useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { BellIcon, GarageIcon, GridIcon, WrenchIcon } from '../../../components/ui/section-icons.tsx';
import { SideMenu } from './SideMenu.tsx';

/**
 * The parts of the home drawn the same way by the screen (routes/Home.tsx) and by its shell (HomeShell.tsx, the
 * page the server sends before any JavaScript runs): the app bar, the section tiles and the hero's placeholders.
 * Sharing them keeps the shell's layout exactly the screen's, so the swap is not seen.
 */

export const FALLBACK_AVATAR = '/avatar.svg';

const MENU_LINKS = [{ to: '/app/otros/tutorial', label: 'Tutorial de instalación', icon: 'phone' as const }];

const TILES: readonly { to: string; label: string; Icon: ComponentType; needsGarage: boolean }[] = [
  { to: '/app/servicios', label: 'Servicios', Icon: WrenchIcon, needsGarage: true },
  { to: '/app/garaje-personal', label: 'Tu Garaje', Icon: GarageIcon, needsGarage: false },
  { to: '/app/alerts', label: 'Alertas', Icon: BellIcon, needsGarage: true },
  { to: '/app/otros', label: 'Otros', Icon: GridIcon, needsGarage: false },
];

/** App bar: side menu, brand and the avatar linking to the profile. */
export function HomeBar({ avatar }: { avatar: string }) {
  return (
    <header className="app-bar home-bar">
      <SideMenu links={MENU_LINKS} legal />
      <span className="app-bar__brand">TOGO</span>
      <span className="app-bar__spacer" />
      <Link to="/app/profile" className="home-avatar" aria-label="Mi perfil">
        <img
          src={avatar}
          alt=""
          width={36}
          height={36}
          onError={(event) => {
            const img = event.currentTarget;
            if (!img.src.endsWith(FALLBACK_AVATAR)) img.src = FALLBACK_AVATAR;
          }}
        />
      </Link>
    </header>
  );
}

/** Why a dimmed tile does nothing, said when it is tapped (issue 36). */
const needsVehicleText = (label: string) => `Para usar ${label} agrega primero un vehículo a tu garaje.`;

/**
 * The four sections; Servicios and Alertas are disabled while the garage is empty, and tapping one says why
 * (a polite live line under the tiles).
 */
export function HomeTiles({ empty }: { empty: boolean }) {
  const [hint, setHint] = useState('');
  return (
    <nav className="home-tiles" aria-label="Secciones">
      {TILES.map(({ to, label, Icon, needsGarage }) =>
        needsGarage && empty ? (
          <a
            key={to}
            role="link"
            aria-disabled="true"
            tabIndex={0}
            className="home-tile home-tile--disabled"
            onClick={() => setHint(needsVehicleText(label))}
            onKeyDown={(event) => {
              if (event.key === 'Enter') setHint(needsVehicleText(label));
            }}
          >
            <Icon />
            {label}
          </a>
        ) : (
          <Link key={to} to={to} className="home-tile">
            <Icon />
            {label}
          </Link>
        ),
      )}
      <p className="home-tiles__hint" aria-live="polite" hidden={!hint}>
        {hint}
      </p>
    </nav>
  );
}

/**
 * The places of the plate selector and the pico y placa line, kept while the garage loads, so the tiles and
 * banners below do not shift when they arrive (Lighthouse's CLS on the home).
 */
export function HeroVehiclePlaceholder() {
  return (
    <>
      <div className="home-hero__placeholder" aria-hidden="true" />
      <div className="home-pyp home-pyp--placeholder" aria-hidden="true" />
    </>
  );
}
