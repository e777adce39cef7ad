import { useState } from 'react';
import { formatCop, groupThousands } from '@togo/domain/money';
import { StaleVersionNotice } from '../../components/StaleVersionNotice.tsx';
import { operatorRequest } from '../../lib/operator-api.ts';
import { isStaleVersion } from '../../lib/operator-messages.ts';
import { errorMessage } from '../../lib/ops-error-message.ts';
import { groupedInput, PRICE_PATH, pesos, type PriceItem } from './price-items.ts';

/** One price: its box (grouped as es-CO), its own save with the row's version, and its selection box. */
export function PriceRow({
  item,
  canEdit,
  selected,
  onSelect,
  onSaved,
  onReload,
}: {
  item: PriceItem;
  /** Without `precios.editar` the row only shows the price. */
  canEdit: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onSaved: (m: string) => void;
  /** Loads the current prices again (a save refused because someone saved this price since, decision 096). */
  onReload: () => void;
}) {
  const [value, setValue] = useState(groupThousands(item.precio));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const parsed = pesos(value);
  const changed = value.trim() !== '' && parsed !== item.precio;

  async function save() {
    setSaving(true);
    setError(null);
    setStale(false);
    try {
      await operatorRequest(PRICE_PATH[item.kind](item.key), {
        method: 'PUT',
        body: { precio: parsed },
        ifMatch: item.version,
      });
      onSaved(`Precio de ${item.label} actualizado a ${formatCop(parsed)}.`);
    } catch (err) {
      if (isStaleVersion(err)) setStale(true);
      else setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  const inputId = `precio-${item.kind}-${item.key}`;
  const origin = item.editado ? 'Editado en la consola' : 'Archivo inicial';
  if (!canEdit) {
    return (
      <tr>
        <th scope="row">{item.label}</th>
        <td>{item.detail}</td>
        <td className="pr-amount">{formatCop(item.precio)}</td>
        <td>{origin}</td>
      </tr>
    );
  }
  return (
    <tr className={selected ? 'pr-row--selected' : undefined}>
      <td>
        <input
          type="checkbox"
          className="pr-check"
          checked={selected}
          aria-label={`Seleccionar ${item.label}`}
          onChange={(e) => onSelect(e.target.checked)}
        />
      </td>
      <th scope="row">
        <label htmlFor={inputId}>{item.label}</label>
      </th>
      <td>{item.detail}</td>
      <td>
        <span className="pr-money">
          <span aria-hidden="true">$</span>
          <input
            id={inputId}
            inputMode="numeric"
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(e) => setValue(groupedInput(e.target.value))}
          />
        </span>
        {error && (
          <span id={`${inputId}-error`} role="alert" className="ops-error">
            {error}
          </span>
        )}
        {stale ? <StaleVersionNotice onReload={onReload} /> : null}
      </td>
      <td>{origin}</td>
      <td>
        <button
          type="button"
          className="ops-button"
          disabled={!changed || saving}
          aria-label={`Guardar precio de ${item.label}`}
          onClick={() => void save()}
        >
          {saving ? 'Guardando…' : 'Guardar'}
        </button>
      </td>
    </tr>
  );
}
