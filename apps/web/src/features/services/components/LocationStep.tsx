import { lazy, Suspense, useId, useState } from 'react';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useBookingCities } from '../api/cities.ts';
import { useBranches } from '../api/branches.ts';
import { BOOKING_MSG } from '@togo/domain/booking/booking.contract';
import type { Branch, CityOption, FromFlow } from '@togo/domain/booking/booking.contract';
import { mapCityName } from '@togo/domain/booking/booking.rules';
import { formatKm, sortByDistance } from '../branch-distance.ts';
import { BranchDirections } from './BranchDirections.tsx';
import { MapBoundary } from './MapBoundary.tsx';

const BranchMap = lazy(() => import('./BranchMap.tsx'));

export const NO_BRANCHES_MESSAGE = BOOKING_MSG.noBranches;
/** The branches could not be asked for at all (offline): not the same as a city without branches. */
export const NO_CONNECTION_MESSAGE =
  'Necesitas conexión a internet para ver las sedes. Revisa tu conexión e intenta de nuevo.';

export interface LocationStepProps {
  flow: FromFlow;
  city: CityOption | null;
  onCityChange: (city: CityOption) => void;
  onChoose: (branch: Branch) => void;
  disabled?: boolean;
}

type Position = { lat: number; lng: number };

/**
 * ubicacion (SPPF §2): city select, the city's branches as a list and a Leaflet map (lazy), and 'Usar mi
 * ubicación' to sort them by distance. The list works without the map and without tiles.
 */
export function LocationStep({ flow, city, onCityChange, onChoose, disabled = false }: LocationStepProps) {
  const selectId = useId();
  const cities = useBookingCities(flow);
  const branches = useBranches(flow, city?.value ?? null);
  const config = usePublicConfig();
  const [position, setPosition] = useState<Position | null>(null);
  const [locating, setLocating] = useState(false);
  const [geoError, setGeoError] = useState<string | null>(null);

  // The peritaje home-service pseudo-branch is not a place to go to.
  const list = (branches.data ?? []).filter((branch) => !branch.a_domicilio);
  const sorted = position ? sortByDistance(list, position) : list.map((item) => ({ item, km: null }));
  const canLocate = typeof navigator !== 'undefined' && 'geolocation' in navigator;

  const locate = () => {
    setGeoError(null);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        setPosition({ lat: pos.coords.latitude, lng: pos.coords.longitude });
      },
      () => {
        setLocating(false);
        setGeoError('No pudimos obtener tu ubicación. Revisa los permisos del navegador.');
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 60_000 },
    );
  };

  return (
    <section className="location-step" aria-label="Ubicación">
      <div className="field">
        <label htmlFor={selectId} className="field__label">
          Ciudad
        </label>
        <select
          id={selectId}
          className="input select"
          value={city?.value ?? ''}
          disabled={disabled}
          onChange={(event) => {
            const chosen = cities.data?.find((option) => option.value === event.target.value);
            if (chosen) onCityChange(chosen);
          }}
        >
          <option value="">
            {cities.isPending
              ? 'Cargando...'
              : cities.isError
                ? 'No disponible, intenta más tarde'
                : 'Selecciona una ciudad'}
          </option>
          {(cities.data ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
        </select>
      </div>

      {city && branches.isFetching ? (
        <p className="services__empty" role="status">
          Buscando sedes...
        </p>
      ) : null}
      {city && branches.isError && !branches.isFetching ? (
        <div className="services__empty" role="alert">
          <p>{NO_CONNECTION_MESSAGE}</p>
          <button type="button" className="btn btn--secondary" onClick={() => void branches.refetch()}>
            Reintentar
          </button>
        </div>
      ) : null}
      {city && branches.isSuccess && list.length === 0 ? (
        <p className="services__empty" role="alert">
          {NO_BRANCHES_MESSAGE}
        </p>
      ) : null}

      {list.length > 0 ? (
        <>
          {canLocate ? (
            <button
              type="button"
              className="btn btn--secondary btn--block"
              onClick={locate}
              disabled={locating || disabled}
            >
              {locating ? 'Buscando tu ubicación...' : 'Usar mi ubicación'}
            </button>
          ) : null}
          {geoError ? (
            <p className="field-error" role="alert">
              {geoError}
            </p>
          ) : null}
          <MapBoundary>
            <Suspense fallback={<div className="branch-map branch-map--loading" aria-hidden="true" />}>
              <BranchMap
                branches={list}
                focus={sorted[0]?.item ?? null}
                tileUrl={config.data?.map_tile_url ?? null}
                attribution={config.data?.map_tile_attribution ?? ''}
                label={`Mapa de sedes en ${mapCityName(city?.text ?? '')}`}
                onChoose={onChoose}
              />
            </Suspense>
          </MapBoundary>
          <h2 className="services__subtitle">Sedes en {city?.text}</h2>
          <ul className="branch-list">
            {sorted.map(({ item, km }) => (
              <li key={item.id} className="branch-item">
                <button
                  type="button"
                  className="branch-card"
                  disabled={disabled}
                  onClick={() => onChoose(item)}
                >
                  {item.imagen ? <img className="branch-card__image" src={item.imagen} alt="" /> : null}
                  <span className="branch-card__body">
                    <span className="branch-card__name">{item.nombre}</span>
                    <span className="branch-card__address">{item.direccion}</span>
                    {km !== null ? <span className="branch-card__distance">A {formatKm(km)}</span> : null}
                  </span>
                </button>
                <BranchDirections branch={item} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
