import { useId, useState } from 'react';
import { Link } from 'react-router';
import { groupThousands } from '@togo/domain/money';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { FLEET_TABLE_PAGE_SIZE, useFleetVehiclesQuery } from '../api/list-vehicles.ts';
import { EyeIcon, HeartIcon, SearchIcon } from '../components/fleet-icons.tsx';
import { LookupProgress } from '../components/LookupProgress.tsx';
import { Pager } from '../components/Pager.tsx';
import { useFleetFavorite } from '../fleet-favorite.ts';
import { CONSULTA_NOTE, fleetRole } from '../fleet-role.ts';

/** The list's reads, started by the router with this chunk (app/router.tsx, decision 054). */
export { prefetchFleetList } from '../api/fleet-prefetch.ts';

export const FLEET_EMPTY_MESSAGE = 'No hay vehículos inscritos en tu flota';

/** The search asks the server once typing pauses this long. */
const SEARCH_DELAY_MS = 250;

/** What the search box sends: letters and digits only, upper case (the server ignores the rest too). */
const plateQuery = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * /flota (SPPF §2 'Fleet list'): plate search, 'Añadir vehículos', the table (row number, one favourite heart,
 * plate, city, detail) or the empty state. Failures are only logged (SPPF §8).
 */
export function FleetListRoute() {
  usePageTitle('Tu flota');
  const { canWrite } = fleetRole();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const placa = plateQuery(useDebouncedValue(search, SEARCH_DELAY_MS));
  const query = useFleetVehiclesQuery({ page, placa });
  const [favorite, toggleFavorite] = useFleetFavorite();
  const vehicles = query.data?.data ?? [];
  const totalPages = query.data?.numero_paginas_totales ?? 0;
  const firstRow = (page - 1) * FLEET_TABLE_PAGE_SIZE;

  return (
    <section className="fleet-screen" aria-labelledby="fleet-title">
      <header className="fleet-screen__head">
        <div>
          <h1 id="fleet-title" className="fleet-screen__title">
            Tu flota
          </h1>
          {query.data ? (
            <p className="fleet-screen__subtitle">
              {query.data.total === 1 ? '1 vehículo' : `${groupThousands(query.data.total)} vehículos`}
              {placa ? ` con «${placa}»` : ''}
            </p>
          ) : null}
          {canWrite ? null : (
            <p className="fleet-screen__subtitle" role="note">
              {CONSULTA_NOTE}
            </p>
          )}
        </div>
        <div className="fleet-screen__actions">
          <div className="fleet-search">
            <label htmlFor={searchId} className="visually-hidden">
              Buscar por placa
            </label>
            <SearchIcon />
            <input
              id={searchId}
              type="search"
              className="fleet-search__input"
              placeholder="Buscar placa"
              autoComplete="off"
              maxLength={10}
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          </div>
          {canWrite ? (
            <Link to="/flota/upload" className="btn btn--primary">
              Añadir vehículos
            </Link>
          ) : null}
        </div>
      </header>
      <LookupProgress />

      {query.isPending ? (
        <TruckLoader />
      ) : query.isError ? null : vehicles.length === 0 ? (
        <div className="fleet-empty">
          <p className="fleet-empty__text">
            {placa ? `Ningún vehículo de tu flota coincide con «${placa}».` : FLEET_EMPTY_MESSAGE}
          </p>
          {placa || !canWrite ? null : (
            <Link to="/flota/upload" className="btn btn--secondary">
              Añadir vehículos
            </Link>
          )}
        </div>
      ) : (
        <>
          <div className="fleet-table-wrap">
            <table className="fleet-table" aria-busy={query.isFetching}>
              <caption className="visually-hidden">Vehículos de tu flota</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col" className="fleet-table__icon">
                    <span className="visually-hidden">Favorito</span>
                  </th>
                  <th scope="col">Placa</th>
                  <th scope="col">Ciudad</th>
                  <th scope="col" className="fleet-table__icon">
                    <span className="visually-hidden">Detalle</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {vehicles.map((vehicle, index) => {
                  const isFavorite = favorite === vehicle.id;
                  return (
                    <tr key={vehicle.id} className={isFavorite ? 'fleet-table__row--favorite' : undefined}>
                      <td className="fleet-table__number">{groupThousands(firstRow + index + 1)}</td>
                      <td className="fleet-table__icon">
                        <button
                          type="button"
                          className={isFavorite ? 'icon-button heart heart--on' : 'icon-button heart'}
                          aria-pressed={isFavorite}
                          aria-label={`Favorito ${vehicle.placa}`}
                          onClick={() => toggleFavorite(vehicle.id)}
                        >
                          <HeartIcon filled={isFavorite} />
                        </button>
                      </td>
                      <th scope="row" className="fleet-table__plate">
                        {vehicle.placa}
                      </th>
                      <td>{vehicle.city_data?.name ?? 'No especificado'}</td>
                      <td className="fleet-table__icon">
                        <Link
                          to={`/flota/vehicle?id=${vehicle.id}`}
                          className="icon-button"
                          aria-label={`Ver detalle de ${vehicle.placa}`}
                        >
                          <EyeIcon />
                        </Link>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {totalPages > 1 ? (
            <Pager
              page={page}
              total={totalPages}
              onPage={setPage}
              disabled={query.isFetching}
              label="Páginas de la flota"
            />
          ) : null}
        </>
      )}
    </section>
  );
}
