import { useState } from 'react';
import { bogotaToday } from '@togo/domain/bogota-time';
import { isIsoDate } from '@togo/domain/content/blog.contract';
import { formatCop } from '@togo/domain/money';
import { applyPercent, parsePercent } from '@togo/domain/operator/price-change.rules';
import { PRICE_SCHEDULE_PATHS } from '@togo/domain/operator/price-schedule.contract';
import { operatorRequest } from '../../lib/operator-api.ts';
import { isStaleVersion } from '../../lib/operator-messages.ts';
import { PRICE_PATH, type PriceItem } from './price-items.ts';

const MIN = 1000;
const MAX = 50_000_000;

/** 'DD-MM-YYYY' of a wire date. */
const shown = (date: string) => date.split('-').reverse().join('-');

/**
 * A percentage change of the selected prices (issue 38): a preview of old → new, rounded to whole pesos (a half
 * peso rounds up), then one save per row with that row's version (decision 096), now or from a date (decision 118).
 */
export function BulkChange({
  items,
  onDone,
  onClear,
}: {
  items: PriceItem[];
  /** Called after the saves with what to tell the operator. */
  onDone: (result: { notice: string; problems: string | null }) => void;
  onClear: () => void;
}) {
  const [percentText, setPercentText] = useState('');
  const [when, setWhen] = useState<'ahora' | 'fecha'>('ahora');
  const [date, setDate] = useState('');
  const [busy, setBusy] = useState(false);
  const percent = parsePercent(percentText);
  const today = bogotaToday(new Date());
  const dateError =
    when === 'fecha' && date !== '' && (!isIsoDate(date) || date <= today)
      ? 'La fecha debe ser posterior a hoy.'
      : null;
  const rows = items.map((item) => {
    const next = percent === null ? null : applyPercent(item.precio, percent);
    return { item, next, outOfRange: next !== null && (next < MIN || next > MAX) };
  });
  const ready =
    percent !== null && !rows.some((r) => r.outOfRange) && (when === 'ahora' || (date !== '' && !dateError));

  async function apply() {
    if (!ready) return;
    setBusy(true);
    const saved: string[] = [];
    const stale: string[] = [];
    const failed: string[] = [];
    for (const { item, next } of rows) {
      if (next === null) continue;
      try {
        if (when === 'ahora') {
          await operatorRequest(PRICE_PATH[item.kind](item.key), {
            method: 'PUT',
            body: { precio: next },
            ifMatch: item.version,
          });
        } else {
          await operatorRequest(PRICE_SCHEDULE_PATHS.list, {
            method: 'POST',
            body: { tipo: item.kind, clave: item.key, precio: next, vigente_desde: date },
          });
        }
        saved.push(item.label);
      } catch (err) {
        (isStaleVersion(err) ? stale : failed).push(item.label);
      }
    }
    setBusy(false);
    const verb = when === 'ahora' ? 'Se actualizaron' : `Se programaron desde el ${shown(date)}`;
    const problems = [
      stale.length > 0
        ? `Otra persona cambió ${stale.join(', ')} mientras editabas: no se guardaron. Revisa los precios actuales y vuelve a aplicar el cambio.`
        : '',
      failed.length > 0 ? `No pudimos guardar ${failed.join(', ')}. Intenta de nuevo.` : '',
    ]
      .filter(Boolean)
      .join(' ');
    onDone({
      notice: `${verb} ${saved.length} de ${rows.length} precios (${percentText.trim()} %).`,
      problems: problems || null,
    });
  }

  return (
    <section className="ops-card pr-bulk" aria-labelledby="pr-bulk-title">
      <h2 id="pr-bulk-title">Cambio porcentual de {items.length} precios seleccionados</h2>
      <div className="pr-bulk__controls">
        <div className="pr-field">
          <label htmlFor="pr-percent">Cambio (%)</label>
          <input
            id="pr-percent"
            inputMode="decimal"
            placeholder="p. ej. 5 o −3"
            value={percentText}
            aria-describedby="pr-percent-rule"
            aria-invalid={percentText.trim() !== '' && percent === null ? true : undefined}
            onChange={(e) => setPercentText(e.target.value)}
          />
        </div>
        <fieldset className="pr-when">
          <legend>Cuándo</legend>
          <label>
            <input type="radio" name="pr-when" checked={when === 'ahora'} onChange={() => setWhen('ahora')} />
            Desde ahora
          </label>
          <label>
            <input type="radio" name="pr-when" checked={when === 'fecha'} onChange={() => setWhen('fecha')} />
            Desde una fecha
          </label>
        </fieldset>
        {when === 'fecha' ? (
          <div className="pr-field">
            <label htmlFor="pr-date">A partir del día (hora de Bogotá)</label>
            <input
              id="pr-date"
              type="date"
              min={today}
              value={date}
              aria-invalid={dateError ? true : undefined}
              aria-describedby={dateError ? 'pr-date-error' : undefined}
              onChange={(e) => setDate(e.target.value)}
            />
            {dateError ? (
              <span id="pr-date-error" className="ops-error" role="alert">
                {dateError}
              </span>
            ) : null}
          </div>
        ) : null}
      </div>
      <p id="pr-percent-rule" className="ops-hint">
        Entre −90 % y +200 %, con un decimal como máximo. Cada precio nuevo se redondea al peso entero más
        cercano (medio peso sube).
      </p>
      {percentText.trim() !== '' && percent === null ? (
        <p className="ops-error" role="alert">
          Escribe un porcentaje como 5, +2,5 o −3.
        </p>
      ) : null}
      <div className="ops-table-wrap">
        <table className="ops-table pr-preview">
          <caption className="ops-sr-only">Vista previa del cambio</caption>
          <thead>
            <tr>
              <th scope="col">Precio</th>
              <th scope="col">Actual</th>
              <th scope="col">Nuevo</th>
              <th scope="col">Diferencia</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ item, next, outOfRange }) => (
              <tr key={`${item.kind}:${item.key}`}>
                <th scope="row">{item.label}</th>
                <td className="pr-amount">{formatCop(item.precio)}</td>
                <td className="pr-amount">
                  {next === null ? '—' : <strong>{formatCop(next)}</strong>}
                  {outOfRange ? (
                    <span className="ops-error pr-inline">Fuera del rango $ 1.000 – $ 50.000.000</span>
                  ) : null}
                </td>
                <td className="pr-amount">
                  {next === null
                    ? '—'
                    : `${next >= item.precio ? '+' : '−'}${formatCop(Math.abs(next - item.precio))}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="pr-bulk__actions">
        <button type="button" className="ops-button ops-button--ghost" onClick={onClear} disabled={busy}>
          Quitar la selección
        </button>
        <button type="button" className="ops-button" disabled={!ready || busy} onClick={() => void apply()}>
          {busy
            ? 'Guardando…'
            : when === 'ahora'
              ? `Aplicar a ${items.length} precios`
              : `Programar ${items.length} precios`}
        </button>
      </div>
    </section>
  );
}
