import { useId } from 'react';

/** 'Fecha': the day a fleet screen judges (issue 37); shows the API's day (Bogotá today) until one is picked. */
export function DateFilter(props: {
  value: string | null;
  shown: string | undefined;
  onChange: (fecha: string | null) => void;
}) {
  const id = useId();
  return (
    <div className="fleet-alerts__field">
      <label htmlFor={id}>Fecha</label>
      <input
        id={id}
        type="date"
        className="fleet-alerts__filter"
        value={props.value ?? props.shown ?? ''}
        min="2000-01-01"
        max="2099-12-31"
        onChange={(e) => props.onChange(e.target.value || null)}
      />
    </div>
  );
}
