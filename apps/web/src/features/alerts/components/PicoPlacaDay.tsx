import type { PicoPlacaResponse } from '@togo/domain/pico-placa/pico-placa.contract';
import {
  PICO_PLACA_CERTEZA_LABELS,
  picoPlacaCertaintyDetail,
  picoPlacaDigitsText,
  sourceLabel,
  weekdayShortDate,
} from '@togo/domain/pico-placa/pico-placa.certainty-text';
import { picoPlacaVehicleType } from '@togo/domain/pico-placa/pico-placa.message';
import { picoPlacaHoursText } from '../pico-placa.ts';

interface Props {
  data: PicoPlacaResponse;
  city: string;
  placa: string | null;
}

/**
 * The rule behind the answer (issue 33): the day and its holiday, the digits and hours restricted in the city
 * for the vehicle's type, how sure TOGO is (plain Spanish, with the verification date) and a link to each source.
 */
export function PicoPlacaDay({ data, city, placa }: Props) {
  const kind = placa && picoPlacaVehicleType(placa) === 'moto' ? 'motos' : 'carros particulares';
  const digits = picoPlacaDigitsText(data.digitos);
  const hours = picoPlacaHoursText(data.horario);
  const known = data.certeza !== 'sin_informacion';
  return (
    <section className="alert-card pico-placa-day" aria-labelledby="pico-placa-day-title">
      <h2 id="pico-placa-day-title" className="pico-placa-day__title">
        La medida en {city}
        {data.fecha ? `, ${weekdayShortDate(data.fecha)}` : ''}
      </h2>
      {data.festivo ? <p className="pico-placa-day__holiday">Festivo: {data.festivo}.</p> : null}
      {known ? (
        digits ? (
          <p>
            {digits} ({kind}).{hours ? ` ${hours}` : ''}
          </p>
        ) : (
          <p>Ese día no hay pico y placa para {kind}.</p>
        )
      ) : null}
      <p className={`pico-placa-day__certainty pico-placa-day__certainty--${data.certeza}`}>
        <span className="pico-placa-day__badge">{PICO_PLACA_CERTEZA_LABELS[data.certeza]}</span>{' '}
        {picoPlacaCertaintyDetail({
          certeza: data.certeza,
          verificado_el: data.verificado_el,
          cityName: city,
        })}
      </p>
      {data.fuentes.length > 0 ? (
        <div className="pico-placa-day__sources">
          <h3 className="pico-placa-day__subtitle">Fuentes</h3>
          <ul>
            {data.fuentes.map((url, i) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noopener noreferrer">
                  Fuente {i + 1}: {sourceLabel(url)}
                  <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
