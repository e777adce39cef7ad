import { bogotaToday } from '@togo/domain/bogota-time';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { OperatorPicoPlacaEntry } from '@togo/domain/operator/operator-console.contract';
import { useMay } from '../../lib/staff-role.tsx';
import { errorText } from '../../lib/operator-messages.ts';
import { filterCities } from './city-filter.ts';
import { CityEditor } from './CityEditor.tsx';
import { RemoveCity } from './RemoveCity.tsx';
import { ReviewList } from './ReviewList.tsx';
import { reportsQuery, reviewQuery } from './pico-placa-queries.ts';
import { getCity, listCities } from './pico-placa-api.ts';
import '../../components/operator-screens.css';
import './pico-placa.css';

const STATE_LABELS: Record<OperatorPicoPlacaEntry['estado'], string> = {
  vencida: 'Vencida',
  por_vencer: 'Por vencer',
  vigente: 'Vigente',
};

function formatDate(date: string | null): string {
  if (!date) return 'Sin fecha de fin';
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

function CityList({
  cities,
  selected,
  onSelect,
}: {
  cities: OperatorPicoPlacaEntry[];
  selected: string | null;
  onSelect: (dane: string) => void;
}) {
  return (
    <table className="pp-cities">
      <caption className="visually-hidden">Ciudades y estado de sus reglas</caption>
      <thead>
        <tr>
          <th scope="col">Ciudad</th>
          <th scope="col">Estado</th>
          <th scope="col">Vigente hasta</th>
        </tr>
      </thead>
      <tbody>
        {cities.map((c) => (
          <tr
            key={c.ciudad}
            className={c.ciudad === selected ? 'pp-cities__row pp-cities__row--on' : 'pp-cities__row'}
          >
            <th scope="row">
              <button
                type="button"
                className="pp-link"
                aria-current={c.ciudad === selected ? 'true' : undefined}
                onClick={() => onSelect(c.ciudad)}
              >
                {c.nombre}
              </button>
            </th>
            <td>
              <span className={`pp-state pp-state--${c.estado}`}>{STATE_LABELS[c.estado]}</span>
            </td>
            <td>{c.estado === 'vencida' ? '—' : formatDate(c.vigente_hasta)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CityPanel({
  dane,
  today,
  onSaved,
  onRemoved,
}: {
  dane: string;
  today: string;
  onSaved: () => void;
  onRemoved: () => void;
}) {
  const [notice, setNotice] = useState<string | null>(null);
  const mayEdit = useMay('pico-placa.editar');
  const city = useQuery({
    queryKey: ['operador', 'pico-placa', 'ciudad', dane],
    queryFn: ({ signal }) => getCity(dane, signal),
  });
  if (city.error && !city.isFetching)
    return (
      <p role="alert" className="field-error">
        {errorText(city.error)}
      </p>
    );
  if (!city.data) return <p role="status">Cargando reglas…</p>;
  /** After a 409 (decision 096): the city as it is now; the editor remounts on its version. */
  const reload = () => {
    setNotice('Se cargó la versión actual.');
    void city.refetch();
    onSaved();
  };
  const name = typeof city.data.city.name === 'string' ? city.data.city.name : dane;
  return (
    <>
      <CityEditor
        key={`${dane}:${city.data.version}`}
        dane={dane}
        initial={city.data.city}
        version={city.data.version}
        today={today}
        notice={notice}
        onSaved={(text) => {
          setNotice(text);
          void city.refetch();
          onSaved();
        }}
        onReload={reload}
      />
      {mayEdit ? (
        <RemoveCity
          key={city.data.version}
          dane={dane}
          name={name}
          version={city.data.version}
          onRemoved={onRemoved}
          onReload={reload}
        />
      ) : null}
    </>
  );
}

/**
 * Pico y placa rules (issue 13): the "Por revisar" list (issue 33), every city with the state of its rules
 * (vencida in red, por vencer in amber) and, for the chosen one (?ciudad=DANE), the rules editor and "Eliminar
 * ciudad". Every role reads; admin and contenido save and remove.
 */
export default function PicoPlacaScreen() {
  const [params, setParams] = useSearchParams();
  const selected = params.get('ciudad');
  const cities = useQuery({
    queryKey: ['operador', 'pico-placa', 'ciudades'],
    queryFn: ({ signal }) => listCities(signal),
  });
  const today = bogotaToday(new Date());
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const shown = filterCities(cities.data ?? [], search);
  // The lists above the editor are drawn together once each has answered (or failed), so one that comes late
  // never pushes the others down (no layout shift).
  const review = useQuery(reviewQuery);
  const reports = useQuery(reportsQuery);
  if (review.isPending || reports.isPending || cities.isPending) {
    return (
      <div className="pp-screen" aria-busy="true">
        <h1>Pico y placa</h1>
        <p role="status">Cargando reglas y reportes…</p>
      </div>
    );
  }
  return (
    <div className="pp-screen">
      <h1>Pico y placa</h1>
      <ReviewList onSelect={(dane) => setParams({ ciudad: dane })} />
      <div className="pp-screen__cols">
        <aside className="pp-screen__list" aria-label="Ciudades">
          {cities.error && !cities.isFetching ? (
            <div role="alert">
              <p className="field-error">{errorText(cities.error)}</p>
              <button type="button" className="btn btn--secondary" onClick={() => void cities.refetch()}>
                Reintentar
              </button>
            </div>
          ) : null}
          {cities.isPending ? <p role="status">Cargando ciudades…</p> : null}
          {cities.data?.length === 0 ? <p>No hay ciudades con reglas.</p> : null}
          {cities.data?.length ? (
            <>
              <label className="pp-cities__search">
                <span>Buscar ciudad</span>
                <input
                  type="search"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  autoComplete="off"
                />
              </label>
              {shown.length ? (
                <CityList
                  cities={shown}
                  selected={selected}
                  onSelect={(dane) => setParams({ ciudad: dane })}
                />
              ) : (
                <p role="status">Ninguna ciudad coincide con «{search.trim()}».</p>
              )}
            </>
          ) : null}
        </aside>
        <section className="pp-screen__main" aria-label="Reglas de la ciudad">
          {selected ? (
            <CityPanel
              key={selected}
              dane={selected}
              today={today}
              onSaved={() => {
                void cities.refetch();
                void queryClient.invalidateQueries({ queryKey: ['operador', 'pico-placa', 'por-revisar'] });
              }}
              onRemoved={() => {
                setParams({});
                void cities.refetch();
                void queryClient.invalidateQueries({ queryKey: ['operador', 'pico-placa', 'por-revisar'] });
              }}
            />
          ) : (
            <p className="pp-muted">Elige una ciudad para ver y editar sus reglas.</p>
          )}
        </section>
      </div>
    </div>
  );
}
