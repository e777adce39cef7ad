import { useId } from 'react';
import { groupThousands } from '@togo/domain/money';
import { useFleetCitiesQuery } from '../api/cities.ts';

/**
 * 'Ciudad': every city of the fleet with its vehicle count, or 'Todas' (issue 37). A city chosen in a shared link
 * that the fleet no longer has stays listed, so the filter never shows a value it does not explain.
 */
export function CityFilter(props: { value: string | null; onChange: (codigo: string | null) => void }) {
  const id = useId();
  const cities = useFleetCitiesQuery();
  const list = cities.data?.ciudades ?? [];
  const unlisted = props.value !== null && !list.some((c) => c.codigo === props.value);
  return (
    <div className="fleet-alerts__field">
      <label htmlFor={id}>Ciudad</label>
      <select
        id={id}
        className="fleet-alerts__filter"
        value={props.value ?? ''}
        onChange={(e) => props.onChange(e.target.value || null)}
      >
        <option value="">Todas</option>
        {list.map((c) => (
          <option key={c.codigo} value={c.codigo}>
            {c.nombre} ({groupThousands(c.vehiculos)})
          </option>
        ))}
        {unlisted ? <option value={props.value ?? ''}>Código DANE {props.value}</option> : null}
      </select>
    </div>
  );
}
