import { Suspense, useEffect, useMemo, useState } from 'react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import type { Vehicle } from '@togo/domain/garage/garage.contract';
import { BellIcon, GarageIcon, GridIcon, WrenchIcon } from '../../../components/ui/section-icons.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { isConnectionError } from '../../../lib/connectivity.ts';
import { lazyWhenLoaded } from '../../../lib/lazy-when-loaded.ts';
import { getUserInfo, readJson, STORAGE_KEYS } from '../../../lib/storage.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCatalog } from '../api/catalog.ts';
import { useSelectedVehicle, useUserGarages } from '../api/garage.ts';
import { SideMenu } from '../components/SideMenu.tsx';
import { isGarageEmpty, setGarageEmpty } from '../../../lib/garage-empty.ts';
import '../home.css';

// Everything below the first paint is one lazy chunk, loaded beside this one (the router asks for both), and
// drawn in the first pass when it has arrived.
const loadSections = () => import('../components/HomeSections.tsx');
const HeroVehicle = lazyWhenLoaded(loadSections, (m) => m.HeroVehicle);
const HomeFeed = lazyWhenLoaded(loadSections, (m) => m.HomeFeed);

export const FALLBACK_AVATAR = '/avatar.svg';

/**
 * 'NOMBRES APELLIDOS' upper-cased (same rule as lib/formatters upperFullName, kept here so the home's first
 * chunk does not carry the Intl number and date formatters).
 */
function greetingName(user: ReturnType<typeof getUserInfo>): string {
  return [user?.nombres ?? user?.tercero?.nombres, user?.apellidos ?? user?.tercero?.apellidos]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ')
    .toLocaleUpperCase('es-CO');
}

const TILES: readonly { to: string; label: string; Icon: ComponentType; needsGarage: boolean }[] = [
  { to: '/app/servicios', label: 'Servicios', Icon: WrenchIcon, needsGarage: true },
  { to: '/app/garaje-personal', label: 'Tu Garaje', Icon: GarageIcon, needsGarage: false },
  { to: '/app/alerts', label: 'Alertas', Icon: BellIcon, needsGarage: true },
  { to: '/app/otros', label: 'Otros', Icon: GridIcon, needsGarage: false },
];

const MENU_LINKS = [{ to: '/app/otros/tutorial', label: 'Tutorial de instalación', icon: 'phone' as const }];

/**
 * /app/home (AHGA §2, §4): URL aliases, garage and both banner sets load in parallel. The 'empty' flag is
 * set when the user has no vehicle or the load fails, and cleared when the selected vehicle loads; while it
 * is set, Servicios and Alertas are disabled.
 */
/**
 * The places of the plate selector and the pico y placa line, kept while the garage loads, so the tiles and
 * banners below do not shift when they arrive (Lighthouse's CLS on the home).
 */
function HeroVehiclePlaceholder() {
  return (
    <>
      <div className="home-hero__placeholder" aria-hidden="true" />
      <div className="home-pyp home-pyp--placeholder" aria-hidden="true" />
    </>
  );
}

/** The vehicle the home stored last (localStorage 'vehicleSelected'), when it has the fields the hero needs. */
function storedVehicle(): Vehicle | null {
  const value = readJson<Partial<Vehicle>>(localStorage, STORAGE_KEYS.vehicleSelected);
  return value && typeof value.id === 'number' && typeof value.placa === 'string' ? (value as Vehicle) : null;
}

export function HomeRoute() {
  usePageTitle('Inicio');
  const [user] = useState(getUserInfo);
  const name = greetingName(user);

  const aliasQuery = useCatalog('ALIAS_URLS_TOGO');
  const garages = useUserGarages();
  const selected = useSelectedVehicle();
  const banners = useCatalog('BANNERS_GENERALES_TOGO');
  const promotions = useCatalog('BANNERS_OTROS_TOGO');

  // Offline with the garage list not saved by the service worker: the selected vehicle (or the one stored on the
  // device) stands in, so the plate selector stays and the garage is not taken for empty (decision 040).
  const garagesOffline = isConnectionError(garages.error);
  const list = useMemo(() => {
    if (garages.data) return garages.data;
    const standIn = garagesOffline ? (selected.data ?? storedVehicle()) : null;
    return standIn ? [standIn] : [];
  }, [garages.data, garagesOffline, selected.data]);
  const vehicle: Vehicle | undefined = selected.data ?? list.find((v) => v.is_selected) ?? list[0];
  const settled = !garages.isPending && !selected.isPending;
  // Nothing learnt about the garage (offline, nothing saved): the stored flag stays the answer.
  const unknown = garagesOffline && !vehicle;
  const empty = settled && !unknown ? !vehicle : isGarageEmpty();

  const aliases = useMemo(
    () => Object.fromEntries((aliasQuery.data ?? []).map((entry) => [entry.clave, entry.valor])),
    [aliasQuery.data],
  );

  useEffect(() => {
    if (!settled) return;
    if (garages.error) console.error('Inicio: garaje', garages.error);
    if (selected.error) console.error('Inicio: vehículo seleccionado', selected.error);
    if (unknown) return;
    setGarageEmpty(!vehicle);
    if (vehicle) localStorage.setItem(STORAGE_KEYS.vehicleSelected, JSON.stringify(vehicle));
  }, [settled, vehicle, unknown, garages.error, selected.error]);

  return (
    <main className="page page--app home-page">
      <header className="app-bar home-bar">
        <SideMenu links={MENU_LINKS} legal />
        <span className="app-bar__brand">TOGO</span>
        <span className="app-bar__spacer" />
        <Link to="/app/profile" className="home-avatar" aria-label="Mi perfil">
          <img
            src={user?.profile_picture || FALLBACK_AVATAR}
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

      <section className="home-hero">
        <h1 className="home__greeting">
          Hola, <span className="home__name">{name}</span>
        </h1>
        {settled ? (
          <Suspense fallback={empty ? null : <HeroVehiclePlaceholder />}>
            <HeroVehicle vehicles={list} vehicle={vehicle} />
          </Suspense>
        ) : empty ? null : (
          <HeroVehiclePlaceholder />
        )}
      </section>

      <nav className="home-tiles" aria-label="Secciones">
        {TILES.map(({ to, label, Icon, needsGarage }) =>
          needsGarage && empty ? (
            <a key={to} role="link" aria-disabled="true" className="home-tile home-tile--disabled">
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
      </nav>

      <Suspense fallback={<div className="home-banner home-banner--loading" aria-hidden="true" />}>
        <HomeFeed
          noVehicle={settled && empty}
          banners={banners}
          promotions={promotions}
          aliases={aliases}
          garageId={vehicle?.id}
        />
      </Suspense>

      {settled ? null : <TruckLoader overlay />}
    </main>
  );
}
