import { useEffect, useId, useRef, useState } from 'react';

/** How long typing may pause before the filter applies (one read per pause, not per key). */
const TYPING_PAUSE_MS = 400;

/**
 * 'Conductor': part of the driver's name or document (issue 37). Applies once typing pauses, from 2 characters;
 * fewer clears the filter and says why.
 */
export function DriverFilter(props: { value: string | null; onChange: (text: string | null) => void }) {
  const id = useId();
  const hintId = useId();
  const [text, setText] = useState(props.value ?? '');
  const { value, onChange } = props;
  // The value this field last applied: another one comes from the address (back button, a link) and is shown.
  const applied = useRef(value);
  useEffect(() => {
    if (value === applied.current) return;
    applied.current = value;
    setText(value ?? '');
  }, [value]);
  useEffect(() => {
    const wanted = text.trim().length >= 2 ? text.trim().slice(0, 60) : null;
    if (wanted === value) return;
    const timer = setTimeout(() => {
      applied.current = wanted;
      onChange(wanted);
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  const tooShort = text.trim().length === 1;
  return (
    <div className="fleet-alerts__field">
      <label htmlFor={id}>Conductor</label>
      <input
        id={id}
        type="search"
        className="fleet-alerts__filter"
        value={text}
        maxLength={60}
        placeholder="Nombre o documento"
        aria-describedby={tooShort ? hintId : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {tooShort ? (
        <span id={hintId} className="fleet-alerts__hint">
          Escribe al menos 2 caracteres.
        </span>
      ) : null}
    </div>
  );
}
