import { useId, useState } from 'react';
import { MSG } from '@togo/domain/auth/auth.rules';
import { Modal } from './Modal.tsx';

export interface SelectOption<V extends string | number> {
  label: string;
  value: V;
}

export interface SelectModalProps<V extends string | number> {
  open: boolean;
  title: string;
  text?: string;
  options: readonly SelectOption<V>[];
  confirmText?: string;
  onConfirm: (value: V) => void;
  onClose: () => void;
}

/** Radio list in a modal; the confirm button requires a choice. */
export function SelectModal<V extends string | number>(props: SelectModalProps<V>) {
  // Remounting per opening resets the choice and the error.
  return props.open ? <SelectModalContent {...props} /> : null;
}

function SelectModalContent<V extends string | number>({
  title,
  text,
  options,
  confirmText = 'Volver',
  onConfirm,
  onClose,
}: SelectModalProps<V>) {
  const titleId = useId();
  const textId = useId();
  const errorId = useId();
  const name = useId();
  const [selected, setSelected] = useState<number | null>(null);
  const [error, setError] = useState(false);

  const confirm = () => {
    const option = selected == null ? undefined : options[selected];
    if (!option) {
      setError(true);
      return;
    }
    onConfirm(option.value);
  };

  return (
    <Modal
      open
      onClose={onClose}
      labelledBy={titleId}
      describedBy={text ? textId : undefined}
      className="select-modal"
    >
      <button type="button" className="modal__close" aria-label="Cerrar" onClick={onClose}>
        ×
      </button>
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {text ? (
        <p id={textId} className="select-modal__text">
          {text}
        </p>
      ) : null}
      <fieldset
        className="select-modal__options"
        aria-invalid={error || undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <legend className="visually-hidden">{title}</legend>
        {options.map((option, index) => (
          <label key={`${option.value}`} className="radio-card">
            <input
              type="radio"
              name={name}
              checked={selected === index}
              onChange={() => {
                setSelected(index);
                setError(false);
              }}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </fieldset>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {MSG.selectOption}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="btn btn--primary" onClick={confirm}>
          {confirmText}
        </button>
      </div>
    </Modal>
  );
}
