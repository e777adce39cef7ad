import { useState } from 'react';
import { alertLabel } from '../alerts-menu.ts';
import { useAlertsNav } from '../alerts-nav.ts';
import { readSelectedVehicle } from '../alerts-storage.ts';
import { usePicoPlacaQuery } from '../api/get-pico-placa.ts';
import { PicoPlacaIcon } from '../components/alert-icons.tsx';
import { AlertScreen, NoVehicleNotice } from '../components/AlertScreen.tsx';
import { PICO_PLACA_IFRAME_HEIGHT, picoPlacaCity, picoPlacaTone } from '../pico-placa.ts';

/**
 * /app/alerts/pico-placa (AHGA §2): 'Pico y Placa en {city}', the API's message for today and the
 * embedded page of the city (the API falls back to Bogotá when the city is not on it).
 */
export function PicoPlacaRoute() {
  const nav = useAlertsNav();
  const [vehicle] = useState(readSelectedVehicle);
  const vehicleId = vehicle?.id ?? null;
  const query = usePicoPlacaQuery(vehicleId);
  const data = query.data;

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
          <div className="pico-placa__frame">
            <iframe
              src={data.url}
              title={`Pico y placa en ${city}`}
              height={data.iframe_height || PICO_PLACA_IFRAME_HEIGHT}
              width="100%"
              loading="lazy"
              referrerPolicy="no-referrer"
              sandbox="allow-scripts allow-same-origin"
            />
          </div>
          <p className="pico-placa__source">
            ¿No ves la página?{' '}
            <a href={data.url} target="_blank" rel="noopener noreferrer">
              Ábrela en una pestaña nueva
            </a>
          </p>
        </>
      ) : null}
    </AlertScreen>
  );
}
