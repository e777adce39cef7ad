import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Modal } from '../../../components/ui/Modal.tsx';
import { fieldErrors, errorDetail } from '../../../lib/api-client.ts';

export interface ProfileField {
  /** Wire name, also used to read the server's field errors. */
  name: string;
  label: string;
  type?: 'text' | 'email';
  autoComplete?: string;
  initial: string;
  validate: (value: string) => string | null;
}

export interface ProfileFormModalProps {
  title: string;
  fields: ProfileField[];
  /** Resolves on success (the modal closes); rejects with the API error to show its messages. */
  onSubmit: (values: Record<string, string>) => Promise<void>;
  onClose: () => void;
}

/** A small profile form in a modal (change email, change name): validated before sending, server errors shown. */
export function ProfileFormModal({ title, fields, onSubmit, onClose }: ProfileFormModalProps) {
  const titleId = useId();
  const baseId = useId();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, f.initial])),
  );
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(fields.map((f) => [f.name, f.validate(values[f.name] ?? '')]));
    setErrors(found);
    setFormError(null);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      await onSubmit(Object.fromEntries(fields.map((f) => [f.name, (values[f.name] ?? '').trim()])));
    } catch (error) {
      const server = Object.fromEntries(fields.map((f) => [f.name, fieldErrors(error, f.name)[0] ?? null]));
      setErrors(server);
      if (!Object.values(server).some(Boolean)) {
        setFormError(errorDetail(error) ?? 'No pudimos guardar el cambio. Intenta de nuevo.');
      }
      setBusy(false);
    }
  };

  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="profile-modal">
      <button type="button" className="modal__close" aria-label="Cerrar" onClick={onClose}>
        ×
      </button>
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        {fields.map((field) => {
          const id = `${baseId}-${field.name}`;
          const error = errors[field.name];
          return (
            <div key={field.name} className={error ? 'field field--invalid' : 'field'}>
              <label htmlFor={id} className="field__label">
                {field.label}
              </label>
              <input
                id={id}
                className="input"
                type={field.type ?? 'text'}
                autoComplete={field.autoComplete}
                value={values[field.name] ?? ''}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => setValues((v) => ({ ...v, [field.name]: event.target.value }))}
              />
              {error ? (
                <p id={`${id}-error`} className="field-error" role="alert">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        {formError ? (
          <p className="field-error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="dialog__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Guardando...' : 'Guardar'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
