import { bogotaToday } from '@togo/domain/bogota-time';
import { useState, type ReactNode } from 'react';
import { alertLabel } from '../alerts-menu.ts';
import { useAlertsNav } from '../alerts-nav.ts';
import { readSelectedVehicle } from '../alerts-storage.ts';
import { useLaterTask } from '../../../lib/use-later-task.ts';
import { PICO_PLACA_NO_SAVED_DATA, picoPlacaOfToday, usePicoPlaca } from '../../../lib/pico-placa-query.ts';
import { PicoPlacaIcon } from '../components/alert-icons.tsx';
import { AlertScreen, NoVehicleNotice } from '../components/AlertScreen.tsx';
import { PicoPlacaDay } from '../components/PicoPlacaDay.tsx';
import { PicoPlacaFrame } from '../components/PicoPlacaFrame.tsx';
import { ReportWrongAnswer } from '../components/ReportWrongAnswer.tsx';
import { picoPlacaCity, picoPlacaTone } from '../pico-placa.ts';

/**
 * What goes under the answer, drawn a task after it (lib/use-later-task.ts): the driver's reports and the city's
 * own page (an iframe, a document of its own) are asked for once the answer is painted, not before it (decision
 * 134).
 */
function AfterTheAnswer({ children }: { children: ReactNode }) {
  return useLaterTask() ? children : null;
}

/**
 * /app/alerts/pico-placa (AHGA §2, issue 33): 'Pico y Placa en {city}', the API's message for today, the rule
 * behind it (digits, hours, certainty, sources) and the city's own embedded page. A city without a page of its
 * own shows none, never another city's page under its name.
 */
export function PicoPlacaRoute() {
  const nav = useAlertsNav();
  const [vehicle] = useState(readSelectedVehicle);
  const vehicleId = vehicle?.id ?? null;
  const query = usePicoPlaca(vehicleId);
  // A saved answer of another day (offline) is not today's: it is not shown (decision 040).
  const data = picoPlacaOfToday(query.data, bogotaToday(new Date())) ?? undefined;
  const stale = query.data !== undefined && data === undefined;

  if (!vehicle || vehicleId === null) {
    return (
      <AlertScreen title={alertLabel('pico-placa')} back={nav.list}>
        <NoVehicleNotice />
      </AlertScreen>
    );
  }

  const city = picoPlacaCity(data, vehicle);
  const tone = picoPlacaTone(data?.status);
  return (
    <AlertScreen title={`Pico y Placa en ${city}`} section={alertLabel('pico-placa')} back={nav.list}>
      {query.isLoading ? <p className="pico-placa__loading">Consultando...</p> : null}
      {(query.isError && !data) || stale ? (
        <section className="alert-card pico-placa-fallback" role="alert">
          <p>
            {stale
              ? `${PICO_PLACA_NO_SAVED_DATA}. Revisa tu conexión e intenta de nuevo.`
              : 'No pudimos consultar el pico y placa de hoy. Revisa tu conexión e intenta de nuevo.'}
          </p>
          <button
            type="button"
            className="btn btn--secondary btn--block"
            onClick={() => void query.refetch()}
          >
            Reintentar
          </button>
        </section>
      ) : null}
      {data ? (
        <>
          <section className={`alert-card pico-placa pico-placa--${tone}`} aria-label="Pico y placa hoy">
            <span className="pico-placa__icon">
              <PicoPlacaIcon />
            </span>
            <div>
              {vehicle.placa ? <p className="pico-placa__plate">Placa {vehicle.placa}</p> : null}
              <p className="pico-placa__message">{data.mensaje}</p>
            </div>
          </section>
          <PicoPlacaDay data={data} city={city} placa={vehicle.placa ?? null} />
          <AfterTheAnswer>
            <ReportWrongAnswer
              vehicleId={vehicleId}
              fecha={data.fecha ?? bogotaToday(new Date())}
              city={city}
            />
            {data.url !== null ? (
              <PicoPlacaFrame data={{ ...data, url: data.url }} city={city} />
            ) : data.certeza === 'sin_informacion' ? null : (
              <p className="pico-placa__source">
                {city} no tiene una página de pico y placa para mostrar aquí.
              </p>
            )}
          </AfterTheAnswer>
        </>
      ) : null}
    </AlertScreen>
  );
}
