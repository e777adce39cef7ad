import { useMemo, useState } from 'react';
import type { PicoPlacaCity, PicoPlacaVehicleType } from '@togo/domain/pico-placa/pico-placa.rules';
import { weekdayOf } from '@togo/domain/pico-placa/pico-placa.calendar';
import { DIGITS, previewCity, type PreviewCell } from './preview.ts';
import { WEEKDAY_LABELS } from './city-form.ts';

function cellText(cell: PreviewCell): { short: string; long: string; className: string } {
  if (cell.status === 'restricted') {
    return { short: 'PyP', long: `Restringido ${cell.windows}`, className: 'pp-cell pp-cell--restricted' };
  }
  if (cell.status === 'unknown')
    return { short: '?', long: 'Sin información vigente', className: 'pp-cell pp-cell--unknown' };
  return { short: '', long: 'Sin restricción', className: 'pp-cell' };
}

/**
 * The next 30 days for plates ending in 0–9, computed from the rules on screen (valid or not yet saved): what a
 * driver would be told. `city` is null while the form does not validate.
 */
export function PreviewTable({ city, today }: { city: PicoPlacaCity | null; today: string }) {
  const [vehicle, setVehicle] = useState<PicoPlacaVehicleType>('particular');
  const rows = useMemo(() => (city ? previewCity(city, today, vehicle) : []), [city, today, vehicle]);
  return (
    <section className="pp-preview" aria-labelledby="pp-preview-title">
      <div className="pp-preview__head">
        <h3 id="pp-preview-title">Vista previa: próximos 30 días</h3>
        <label className="pp-field pp-field--inline">
          <span>Vehículo</span>
          <select value={vehicle} onChange={(e) => setVehicle(e.target.value as PicoPlacaVehicleType)}>
            <option value="particular">Particular</option>
            <option value="moto">Moto</option>
          </select>
        </label>
      </div>
      {!city ? (
        <p className="pp-muted" role="status">
          Corrige los errores del formulario para ver la vista previa.
        </p>
      ) : (
        <div
          className="pp-preview__scroll"
          tabIndex={0}
          role="region"
          aria-label="Vista previa por fecha y dígito"
        >
          <table className="pp-preview__table">
            <caption className="visually-hidden">
              Restricción por fecha y último dígito de la placa (PyP: con pico y placa, ?: sin información)
            </caption>
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                {DIGITS.map((d) => (
                  <th key={d} scope="col">
                    {d}
                  </th>
                ))}
                <th scope="col">Reglas</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.date}>
                  <th scope="row">
                    {WEEKDAY_LABELS[weekdayOf(row.date)]} {row.date.slice(8, 10)}/{row.date.slice(5, 7)}
                  </th>
                  {row.cells.map((cell, digit) => {
                    const text = cellText(cell);
                    return (
                      <td
                        key={digit}
                        className={text.className}
                        title={text.long}
                        aria-label={`Dígito ${digit}: ${text.long}`}
                      >
                        {text.short}
                      </td>
                    );
                  })}
                  <td className="pp-cell pp-cell--rules">{row.rules.join(', ') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
