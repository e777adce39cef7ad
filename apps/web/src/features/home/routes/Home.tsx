import { Suspense, useEffect, useMemo, useState } from 'react';
import type { Vehicle } from '@togo/domain/garage/garage.contract';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { isConnectionError } from '../../../lib/connectivity.ts';
import { lazyWhenLoaded } from '../../../lib/lazy-when-loaded.ts';
import { getUserInfo, readJson, STORAGE_KEYS } from '../../../lib/storage.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCatalog } from '../api/catalog.ts';
import { useSelectedVehicle, useUserGarages } from '../api/garage.ts';
import { FALLBACK_AVATAR, HeroVehiclePlaceholder, HomeBar, HomeTiles } from '../components/HomeFrame.tsx';
import { isGarageEmpty, setGarageEmpty } from '../../../lib/garage-empty.ts';
import '../home.css';

// Everything below the first paint is one lazy chunk, loaded beside this one (the router asks for both), and
// drawn in the first pass when it has arrived.
const loadSections = () => import('../components/HomeSections.tsx');
const HeroVehicle = lazyWhenLoaded(loadSections, (m) => m.HeroVehicle);
const HomeFeed = lazyWhenLoaded(loadSections, (m) => m.HomeFeed);

/** Settles when the sections render without suspending: the route's preload waits for it (app/router.tsx). */
export const sectionsReady = Promise.all([HeroVehicle.ready, HomeFeed.ready]);

/** 'NOMBRES APELLIDOS': the first and last names upper-cased, single-spaced. */
function greetingName(user: ReturnType<typeof getUserInfo>): string {
  return [user?.nombres ?? user?.tercero?.nombres, user?.apellidos ?? user?.tercero?.apellidos]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ')
    .toLocaleUpperCase('es-CO');
}

/** The vehicle the home stored last (localStorage 'vehicleSelected'), when it has the fields the hero needs. */
function storedVehicle(): Vehicle | null {
  const value = readJson<Partial<Vehicle>>(localStorage, STORAGE_KEYS.vehicleSelected);
  return value && typeof value.id === 'number' && typeof value.placa === 'string' ? (value as Vehicle) : null;
}

/**
 * /app/home (AHGA §2, §4): URL aliases, garage and both banner sets load in parallel. The 'empty' flag is
 * set when the user has no vehicle or the load fails, and cleared when the selected vehicle loads; while it
 * is set, Servicios and Alertas are disabled.
 */
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
      <HomeBar avatar={user?.profile_picture || FALLBACK_AVATAR} />

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

      <HomeTiles empty={empty} />

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
