import { useRef, useState } from 'react';
import type { FormEvent, InputHTMLAttributes, ReactNode, RefObject } from 'react';
import { MAINTENANCE_TYPES } from '@togo/domain/maintenance/maintenance.catalogue';
import { Field, fieldA11y } from '../../../components/ui/Field.tsx';
import { errorDetail, isApiError } from '../../../lib/api-client.ts';
import { apiFieldErrors, type FieldErrors } from '../maintenance-form.ts';
import { typeLabel } from '../maintenance-labels.ts';

/**
 * Shared pieces of the three maintenance forms: a labelled input with its error, the type select, the focus, the
 * submit flow and the form's frame (title, form error, save and cancel).
 */

/** Props of a whole-number input (mileage, cost, months). */
export const NUMERIC = { inputMode: 'numeric', autoComplete: 'off' } as const;

export interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  onValue: (value: string) => void;
}

export function InputField({ id, label, error, hint, onValue, ...input }: InputFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        className="input"
        {...input}
        {...fieldA11y(id, error)}
        name={id}
        onChange={(event) => onValue(event.target.value)}
      />
    </Field>
  );
}

export function TypeSelect({
  id,
  value,
  error,
  onValue,
}: {
  id: string;
  value: string;
  error?: string;
  onValue: (value: string) => void;
}) {
  return (
    <Field id={id} label="Tipo de mantenimiento" error={error}>
      <select
        className="input"
        {...fieldA11y(id, error)}
        value={value}
        onChange={(event) => onValue(event.target.value)}
      >
        <option value="">Elige una opción</option>
        {MAINTENANCE_TYPES.map((tipo) => (
          <option key={tipo} value={tipo}>
            {typeLabel(tipo)}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Moves the focus to the first invalid control of the form (after the errors rendered). */
export function focusFirstInvalid(form: RefObject<HTMLFormElement | null>) {
  requestAnimationFrame(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

/**
 * What a failed POST means for a form: the API's field messages under their fields (with the prefix the form uses
 * for its ids), or one message for the whole form.
 */
export function failureOf(
  error: unknown,
  fields: readonly string[],
): { fields: FieldErrors; form: string | null } {
  if (isApiError(error) && error.status === 400) {
    const byField = apiFieldErrors(error.body, fields);
    const other = apiFieldErrors(error.body, ['non_field_errors']).non_field_errors ?? null;
    if (Object.keys(byField).length > 0 || other) return { fields: byField, form: other };
  }
  if (isApiError(error) && error.status === 403) {
    return { fields: {}, form: errorDetail(error) ?? 'Tu rol solo permite consultar.' };
  }
  if (isApiError(error) && error.status === 0) {
    return { fields: {}, form: 'No hay conexión. Revisa tu internet e intenta de nuevo.' };
  }
  return { fields: {}, form: errorDetail(error) ?? 'No pudimos guardar. Intenta de nuevo.' };
}

export function FormError({ message }: { message: string | null }) {
  return message ? (
    <p className="mto-error" role="alert">
      {message}
    </p>
  ) : null;
}

type Failure = ReturnType<typeof failureOf>;

/**
 * The submit flow of a maintenance form: the errors found before sending stay at their fields (focus on the first);
 * a refused save shows the API's messages. `onFailure` may react to it and says the form's message (default: the
 * API's message for the whole form).
 */
export function useEntryForm(fields: readonly string[], onFailure?: (failure: Failure) => string | null) {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (event: FormEvent, found: FieldErrors, save: () => Promise<void>) => {
    event.preventDefault();
    setFormError(null);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstInvalid(form);
    try {
      await save();
    } catch (error) {
      const failure = failureOf(error, fields);
      setErrors(failure.fields);
      setFormError(onFailure ? onFailure(failure) : failure.form);
      focusFirstInvalid(form);
    }
  };
  return { form, errors, formError, submit };
}

export interface EntryFormFrameProps {
  form: RefObject<HTMLFormElement | null>;
  titleId: string;
  title: string;
  /** What the save button says, e.g. "Guardar tanqueo". */
  saveLabel: string;
  pending: boolean;
  formError: string | null;
  onSubmit: (event: FormEvent) => Promise<void>;
  onCancel: () => void;
  children: ReactNode;
}

/** The frame of a maintenance form: its title, its fields, the form's error, save and cancel. */
export function EntryFormFrame(props: EntryFormFrameProps) {
  const { form, titleId, title, saveLabel, pending, formError, onSubmit, onCancel, children } = props;
  return (
    <form
      ref={form}
      className="mto-form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className="mto-card__subtitle">
        {title}
      </h3>
      {children}
      <FormError message={formError} />
      <div className="mto-form__actions">
        <button type="submit" className="btn btn--primary" disabled={pending}>
          {pending ? 'Guardando…' : saveLabel}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

/** Offered after the API refused the mileage: the new reading corrects an earlier one. */
export function CorrectionCheck({
  checked,
  onValue,
}: {
  checked: boolean;
  onValue: (value: boolean) => void;
}) {
  return (
    <label className="mto-check">
      <input type="checkbox" checked={checked} onChange={(e) => onValue(e.target.checked)} />
      Es una corrección del kilometraje (cambio de odómetro o lectura anterior errada)
    </label>
  );
}
