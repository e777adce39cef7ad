import { useQuery } from '@tanstack/react-query';
import type { PicoPlacaReviewItem } from '@togo/domain/operator/operator-console.contract';
import { errorText } from '../../lib/operator-messages.ts';
import { reviewQuery } from './pico-placa-queries.ts';
import { ReportList } from './ReportList.tsx';
import './pico-placa-review.css';

function shortDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** Why the rule is listed, in plain Spanish. */
export function reviewReason(item: Pick<PicoPlacaReviewItem, 'motivo' | 'fecha'>): string {
  const fecha = item.fecha ? shortDate(item.fecha) : '';
  switch (item.motivo) {
    case 'vencida':
      return `Venció el ${fecha}: los conductores ven «Sin información»`;
    case 'vence':
      return `Vence el ${fecha}`;
    case 'revision_vencida':
      return `Verificación vencida el ${fecha}: se muestra «por confirmar»`;
    case 'revisar':
      return `Verificar antes del ${fecha}`;
    case 'sin_verificar':
      return 'Nunca verificada: se muestra «por confirmar»';
  }
}

/**
 * "Por revisar" (issue 33, decision 083): the rules TOGO is about to go blind on, or already has, most drivers'
 * vehicles first; a city's name opens it in the editor. Then the drivers' reports of a wrong answer (decision 104).
 */
export function ReviewList({ onSelect }: { onSelect: (dane: string) => void }) {
  const list = useQuery(reviewQuery);
  return (
    <section className="pp-review" aria-labelledby="pp-review-title">
      <h2 id="pp-review-title">Por revisar</h2>
      {list.isPending ? <p role="status">Cargando reglas por revisar…</p> : null}
      {list.error && !list.isFetching ? (
        <p role="alert" className="field-error">
          {errorText(list.error)}
        </p>
      ) : null}
      {list.data?.length === 0 ? (
        <p className="pp-muted">Ninguna regla vence ni debe verificarse en los próximos 30 días.</p>
      ) : null}
      {list.data?.length ? (
        <table className="pp-cities pp-review__table">
          <caption className="visually-hidden">
            Reglas que vencen o deben verificarse, con los vehículos afectados
          </caption>
          <thead>
            <tr>
              <th scope="col">Ciudad</th>
              <th scope="col">Motivo</th>
              <th scope="col">Vehículos</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((item) => (
              <tr key={`${item.ciudad}:${item.regla}`}>
                <th scope="row">
                  <button type="button" className="pp-link" onClick={() => onSelect(item.ciudad)}>
                    {item.nombre}
                  </button>
                  <span className="pp-review__rule">{item.regla}</span>
                </th>
                <td>
                  <span className={`pp-review__reason pp-review__reason--${item.motivo}`}>
                    {reviewReason(item)}
                  </span>
                </td>
                <td>{item.vehiculos.toLocaleString('es-CO')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <ReportList />
    </section>
  );
}
