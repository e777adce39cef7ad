import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { bogotaToday } from '@togo/domain/booking/booking.rules';
import type { OperatorPicoPlacaEntry } from '@togo/domain/operator/operator-console.contract';
import { errorText, useLoad } from '../../lib/use-load.ts';
import { CityEditor } from './CityEditor.tsx';
import { getCity, listCities } from './pico-placa-api.ts';
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

function CityPanel({ dane, today, onSaved }: { dane: string; today: string; onSaved: () => void }) {
  const [refresh, setRefresh] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const city = useLoad((signal) => getCity(dane, signal), `${dane}:${refresh}`);
  if (city.error)
    return (
      <p role="alert" className="field-error">
        {errorText(city.error)}
      </p>
    );
  if (!city.data) return <p role="status">Cargando reglas…</p>;
  return (
    <CityEditor
      key={`${dane}:${city.data.version}`}
      dane={dane}
      initial={city.data.city}
      version={city.data.version}
      today={today}
      notice={notice}
      onSaved={(text) => {
        setNotice(text);
        setRefresh((n) => n + 1);
        onSaved();
      }}
    />
  );
}

/**
 * Pico y placa rules (issue 13): every city with the state of its rules (vencida in red, por vencer in amber) and,
 * for the chosen one (?ciudad=DANE), the rules editor. Every role reads; admin and contenido save.
 */
export default function PicoPlacaScreen() {
  const [params, setParams] = useSearchParams();
  const selected = params.get('ciudad');
  const [refresh, setRefresh] = useState(0);
  const cities = useLoad((signal) => listCities(signal), String(refresh));
  const today = bogotaToday(new Date());
  return (
    <div className="pp-screen">
      <h1>Pico y placa</h1>
      <div className="pp-screen__cols">
        <aside className="pp-screen__list" aria-label="Ciudades">
          {cities.error ? (
            <div role="alert">
              <p className="field-error">{errorText(cities.error)}</p>
              <button type="button" className="btn btn--secondary" onClick={cities.reload}>
                Reintentar
              </button>
            </div>
          ) : null}
          {!cities.data && cities.loading ? <p role="status">Cargando ciudades…</p> : null}
          {cities.data?.length === 0 ? <p>No hay ciudades con reglas.</p> : null}
          {cities.data?.length ? (
            <CityList
              cities={cities.data}
              selected={selected}
              onSelect={(dane) => setParams({ ciudad: dane })}
            />
          ) : null}
        </aside>
        <section className="pp-screen__main" aria-label="Reglas de la ciudad">
          {selected ? (
            <CityPanel
              key={selected}
              dane={selected}
              today={today}
              onSaved={() => setRefresh((n) => n + 1)}
            />
          ) : (
            <p className="pp-muted">Elige una ciudad para ver y editar sus reglas.</p>
          )}
        </section>
      </div>
    </div>
  );
}
