import { bogotaToday } from '@togo/domain/bogota-time';
import type { CatalogEntry } from '@togo/domain/catalog/catalog.contract';
import type { Vehicle } from '@togo/domain/garage/garage.contract';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon, TrafficLightIcon } from '../../../components/ui/app-icons.tsx';
import { PlateSelector } from '../../../components/ui/PlateSelector.tsx';
import { isConnectionError } from '../../../lib/connectivity.ts';
import { useLaterTask } from '../../../lib/use-later-task.ts';
import { PICO_PLACA_NO_SAVED_DATA, picoPlacaOfToday, usePicoPlaca } from '../../../lib/pico-placa-query.ts';
import { useNextBooking } from '../api/next-booking.ts';
import { useSelectVehicle } from '../api/select-vehicle.ts';
import { BannerCarousel, PromotionStrip } from './HomeBanners.tsx';
import { NextBooking } from './NextBooking.tsx';
import { NotificationList } from './NotificationList.tsx';
import { PushToggle } from './PushToggle.tsx';

// The next booking (its list and schema): its own chunk, drawn after the home's first task.

// How old the vehicle's RUNT and SIMIT data is: its own chunk, drawn below the fold with the notifications.
const RefreshStatus = lazy(() =>
  import('../../../components/vehicle-refresh/RefreshStatus.tsx').then((m) => ({ default: m.RefreshStatus })),
);

/**
 * The parts of /app/home after its first paint, in their own chunk (loaded while the home's data is on its
 * way): plate selector, pico y placa, banners, promotions, notifications and Web Push.
 */

export interface HeroVehicleProps {
  vehicles: readonly Vehicle[];
  vehicle: Vehicle | undefined;
}

/**
 * Plate selector (≥ 1 vehicle), 'Datos de demostración' badge and today's pico y placa line. Offline the line
 * comes from the service worker's cache; when nothing of today is saved it says so instead of disappearing.
 */
export function HeroVehicle({ vehicles, vehicle }: HeroVehicleProps) {
  const select = useSelectVehicle();
  const pyp = usePicoPlaca(vehicle?.id);
  const today = picoPlacaOfToday(pyp.data, bogotaToday(new Date()));
  const nothingSaved = !today && (pyp.data !== undefined || isConnectionError(pyp.error));
  return (
    <>
      {vehicles.length > 0 ? (
        <div className="home-hero__vehicle">
          <PlateSelector
            vehicles={vehicles}
            selectedId={vehicle?.id ?? null}
            disabled={select.isPending}
            addHref="/app/garaje-personal/nuevo-vehiculo?from=app"
            onSelect={(option) => {
              const chosen = vehicles.find((v) => v.id === option.id);
              if (chosen) select.mutate(chosen);
            }}
          />
          {vehicle?.demo ? <span className="badge badge--demo">Datos de demostración</span> : null}
        </div>
      ) : null}
      {vehicle && today ? (
        <Link
          to="/app/alerts/pico-placa"
          className={today.status === 'restricted' ? 'home-pyp home-pyp--restricted' : 'home-pyp'}
        >
          <TrafficLightIcon />
          <span>{today.mensaje}</span>
          <ChevronRightIcon />
        </Link>
      ) : vehicle && nothingSaved ? (
        <Link to="/app/alerts/pico-placa" className="home-pyp home-pyp--unknown">
          <TrafficLightIcon />
          <span>{PICO_PLACA_NO_SAVED_DATA}</span>
          <ChevronRightIcon />
        </Link>
      ) : vehicle && pyp.isPending ? (
        // The pico y placa line's place while it loads (no layout shift when it arrives).
        <div className="home-pyp home-pyp--placeholder" aria-hidden="true" />
      ) : null}
    </>
  );
}

interface CatalogQuery {
  data: CatalogEntry[] | undefined;
  isPending: boolean;
}

/** Instead of 'no alerts' while the garage is empty (issue 36): there is nothing to check yet. */
const NO_VEHICLE_ALERTS_TEXT = 'Tus alertas aparecerán aquí cuando agregues tu vehículo.';

export interface HomeFeedProps {
  /** The garage is empty (no vehicle, or it could not be loaded): invite to create it. */
  noVehicle: boolean;
  banners: CatalogQuery;
  promotions: CatalogQuery;
  aliases: Readonly<Record<string, string>>;
  garageId: number | undefined;
}

/**
 * 'Crea tu garaje' invitation, carousel, the next booking, promotions strip and the selected vehicle's
 * notifications. What is under the carousel is below the fold on a phone: it is drawn in a task after the rest of
 * the home (useLaterTask), so the home's first render is shorter, and under the carousel so that the booking card,
 * which comes with its own read, never pushes the carousel down.
 */
export function HomeFeed({ noVehicle, banners, promotions, aliases, garageId }: HomeFeedProps) {
  const later = useLaterTask();
  const next = useNextBooking();
  // Everything under the carousel is drawn at once, with the next booking's answer (or its failure): nothing
  // drawn before can be pushed down when a part of it comes (no layout shift).
  const belowTheFold = later && !next.isPending;
  return (
    <>
      {noVehicle ? (
        <section className="home-empty">
          <p>
            <strong>Aún no tienes vehículos en tu garaje.</strong> Agrega tu placa para recibir tus alertas.
          </p>
          <Link to="/app/garaje-personal/nuevo-vehiculo?from=app" className="btn btn--primary">
            Crear mi garaje
          </Link>
        </section>
      ) : null}
      <BannerCarousel query={banners} aliases={aliases} />
      {belowTheFold ? (
        <>
          {next.data ? <NextBooking booking={next.data} /> : null}
          <h2 className="home-section-title">Promociones</h2>
          <PromotionStrip query={promotions} aliases={aliases} />
          <section className="home-notes" aria-labelledby="home-notes-title">
            <div className="home-notes__head">
              <h2 id="home-notes-title" className="home-section-title">
                Notificaciones
              </h2>
              <PushToggle />
            </div>
            {noVehicle ? (
              <p className="home-notes__empty">{NO_VEHICLE_ALERTS_TEXT}</p>
            ) : (
              <NotificationList garageId={garageId} />
            )}
            {garageId !== undefined ? (
              <Suspense fallback={null}>
                <RefreshStatus scope="garage" vehicleId={garageId} kind="ambos" compact />
              </Suspense>
            ) : null}
          </section>
        </>
      ) : null}
    </>
  );
}
