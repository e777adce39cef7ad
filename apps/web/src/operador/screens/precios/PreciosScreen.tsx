import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { OPERATOR_OPS_PATHS, priceListSchema } from '@togo/domain/operator/operator-ops.contract';
import { operatorRequest } from '../../lib/operator-api.ts';
import { useMay } from '../../lib/staff-role.tsx';
import { errorMessage } from '../../lib/ops-error-message.ts';
import { BulkChange } from './BulkChange.tsx';
import { itemId, SECTIONS } from './price-items.ts';
import { PriceRow } from './PriceRow.tsx';
import { SCHEDULES_KEY, ScheduledPrices } from './ScheduledPrices.tsx';
import '../../components/operator-screens.css';
import './precios.css';

/**
 * Prices drivers are quoted: RTM by vehicle class, peritaje combos and trámites (decision 037); one price at a time,
 * a percentage change of several (issue 38), and prices scheduled from a date (decision 118).
 */
export default function PreciosScreen() {
  const canEdit = useMay('precios.editar');
  const queryClient = useQueryClient();
  const prices = useQuery({
    queryKey: ['operador', 'precios'],
    queryFn: ({ signal }) => operatorRequest(OPERATOR_OPS_PATHS.prices, { schema: priceListSchema, signal }),
  });
  const list = prices.data ?? null;
  const error = prices.error && !prices.isFetching ? errorMessage(prices.error) : null;
  const [notice, setNotice] = useState<string | null>(null);
  const [problems, setProblems] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const all = list ? SECTIONS.flatMap((s) => s.items(list)) : [];
  const chosen = all.filter((i) => selected.has(itemId(i)));

  const select = (ids: string[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  return (
    <section className="ops-screen" aria-labelledby="precios-title">
      <h1 id="precios-title">Precios</h1>
      <p>
        Valores en pesos colombianos con IVA. Un precio guardado rige de inmediato para las citas nuevas; uno
        programado, desde su fecha.
      </p>
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
      {problems && (
        <p role="alert" className="ops-warning">
          {problems}
        </p>
      )}
      {!list && !error && <p role="status">Cargando precios…</p>}
      {canEdit && chosen.length > 0 ? (
        <BulkChange
          key={[...selected].sort().join(',')}
          items={chosen}
          onClear={() => setSelected(new Set())}
          onDone={(r) => {
            setNotice(r.notice);
            setProblems(r.problems);
            setSelected(new Set());
            void prices.refetch();
            void queryClient.invalidateQueries({ queryKey: SCHEDULES_KEY });
          }}
        />
      ) : null}
      {list &&
        SECTIONS.map((s) => {
          const items = s.items(list);
          const ids = items.map(itemId);
          const allOn = ids.length > 0 && ids.every((id) => selected.has(id));
          return (
            <div key={s.kind} className="ops-card">
              <h2>{s.title}</h2>
              {items.length === 0 ? (
                <p className="ops-empty">No hay precios en esta sección.</p>
              ) : (
                <div className="ops-table-wrap">
                  <table className="ops-table pr-table">
                    <thead>
                      <tr>
                        {canEdit && (
                          <th scope="col" className="pr-check-col">
                            <input
                              type="checkbox"
                              className="pr-check"
                              checked={allOn}
                              aria-label={`Seleccionar todos: ${s.title}`}
                              onChange={(e) => select(ids, e.target.checked)}
                            />
                          </th>
                        )}
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
                          item={item}
                          canEdit={canEdit}
                          selected={selected.has(itemId(item))}
                          onSelect={(on) => select([itemId(item)], on)}
                          onSaved={(m) => {
                            setNotice(m);
                            setProblems(null);
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
      {list ? (
        <ScheduledPrices
          items={all}
          canEdit={canEdit}
          onChanged={(m) => {
            setNotice(m);
            setProblems(null);
            void prices.refetch();
          }}
        />
      ) : null}
    </section>
  );
}
