import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { vehicleClassLabel } from '@togo/domain/labels';
import { formatCop } from '@togo/domain/money';
import {
  OPERATOR_OPS_PATHS,
  priceListSchema,
  type PriceKind,
  type PriceList,
} from '@togo/domain/operator/operator-ops.contract';
import { StaleVersionNotice } from '../../components/StaleVersionNotice.tsx';
import { operatorRequest } from '../../lib/operator-api.ts';
import { isStaleVersion } from '../../lib/operator-messages.ts';
import { useMay } from '../../lib/staff-role.tsx';
import { errorMessage } from '../../lib/ops-error-message.ts';
import '../../components/operator-screens.css';

interface PriceItem {
  key: string;
  label: string;
  detail: string;
  precio: number;
  editado: boolean;
  /** The row's version: a price is saved with If-Match of its own row (decision 096). */
  version: number;
}

const SECTIONS: { kind: PriceKind; title: string; items: (l: PriceList) => PriceItem[] }[] = [
  {
    kind: 'rtm',
    title: 'Revisión técnico-mecánica por clase de vehículo',
    items: (l) =>
      l.rtm.map((p) => ({ key: p.clase, label: vehicleClassLabel(p.clase), detail: p.grupo, ...p })),
  },
  {
    kind: 'combos',
    title: 'Combos de peritaje',
    items: (l) => l.combos.map((p) => ({ key: p.id, label: p.nombre, detail: p.proveedor, ...p })),
  },
  {
    kind: 'tramites',
    title: 'Trámites',
    items: (l) => l.tramites.map((p) => ({ key: p.id, label: p.nombre, detail: p.id, ...p })),
  },
];

const PRICE_PATH: Record<PriceKind, (key: string) => string> = {
  rtm: OPERATOR_OPS_PATHS.rtmPrice,
  combos: OPERATOR_OPS_PATHS.comboPrice,
  tramites: OPERATOR_OPS_PATHS.tramitePrice,
};

function PriceRow({
  kind,
  item,
  canEdit,
  onSaved,
  onReload,
}: {
  kind: PriceKind;
  item: PriceItem;
  /** Without `precios.editar` the row only shows the price. */
  canEdit: boolean;
  onSaved: (m: string) => void;
  /** Loads the current prices again (a save refused because someone saved this price since, decision 096). */
  onReload: () => void;
}) {
  const [value, setValue] = useState(String(item.precio));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const parsed = Number(value.replace(/\D/g, ''));
  const changed = value.trim() !== '' && parsed !== item.precio;

  async function save() {
    setSaving(true);
    setError(null);
    setStale(false);
    try {
      await operatorRequest(PRICE_PATH[kind](item.key), {
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

  const inputId = `precio-${kind}-${item.key}`;
  if (!canEdit) {
    return (
      <tr>
        <th scope="row">{item.label}</th>
        <td>{item.detail}</td>
        <td>{formatCop(item.precio)}</td>
        <td>{item.editado ? 'Editado en la consola' : 'Archivo inicial'}</td>
      </tr>
    );
  }
  return (
    <tr>
      <th scope="row">
        <label htmlFor={inputId}>{item.label}</label>
      </th>
      <td>{item.detail}</td>
      <td>
        <input
          id={inputId}
          inputMode="numeric"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        {error && (
          <span id={`${inputId}-error`} role="alert" className="ops-error">
            {error}
          </span>
        )}
        {stale ? <StaleVersionNotice onReload={onReload} /> : null}
      </td>
      <td>{item.editado ? 'Editado en la consola' : 'Archivo inicial'}</td>
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

/** Prices drivers are quoted: RTM by vehicle class, peritaje combos and trámites (decision 037). */
export default function PreciosScreen() {
  const canEdit = useMay('precios.editar');
  const prices = useQuery({
    queryKey: ['operador', 'precios'],
    queryFn: ({ signal }) => operatorRequest(OPERATOR_OPS_PATHS.prices, { schema: priceListSchema, signal }),
  });
  const list = prices.data ?? null;
  const error = prices.error && !prices.isFetching ? errorMessage(prices.error) : null;
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <section className="ops-screen" aria-labelledby="precios-title">
      <h1 id="precios-title">Precios</h1>
      <p>Valores en pesos colombianos con IVA. Los conductores ven el nuevo precio de inmediato.</p>
      {!canEdit && <p className="ops-readonly">Tu rol puede consultar los precios, pero no cambiarlos.</p>}
      {error && (
        <p role="alert" className="ops-error">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" className="ops-notice">
          {notice}
        </p>
      )}
      {!list && !error && <p role="status">Cargando precios…</p>}
      {list &&
        SECTIONS.map((s) => {
          const items = s.items(list);
          return (
            <div key={s.kind} className="ops-card">
              <h2>{s.title}</h2>
              {items.length === 0 ? (
                <p className="ops-empty">No hay precios en esta sección.</p>
              ) : (
                <div className="ops-table-wrap">
                  <table className="ops-table">
                    <thead>
                      <tr>
                        <th scope="col">Nombre</th>
                        <th scope="col">Detalle</th>
                        <th scope="col">Precio (COP)</th>
                        <th scope="col">Origen</th>
                        {canEdit && (
                          <th scope="col">
                            <span className="ops-sr-only">Acciones</span>
                          </th>
                        )}
                      </tr>
                    </thead>
                    <tbody>
                      {items.map((item) => (
                        <PriceRow
                          key={`${item.key}-${item.version}-${item.precio}`}
                          kind={s.kind}
                          item={item}
                          canEdit={canEdit}
                          onSaved={(m) => {
                            setNotice(m);
                            void prices.refetch();
                          }}
                          onReload={() => {
                            setNotice('Se cargó la versión actual.');
                            void prices.refetch();
                          }}
                        />
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </div>
          );
        })}
    </section>
  );
}
