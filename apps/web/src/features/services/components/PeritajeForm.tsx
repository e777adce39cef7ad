import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Field, fieldA11y } from '../../../components/ui/Field.tsx';
import {
  peritajeFormSchema,
  type PeritajeFormData,
  type PeritajeFormValues,
} from '../peritaje-form-schema.ts';

export interface PeritajeFormProps {
  home: boolean;
  initial: PeritajeFormValues;
  onSubmit: (data: PeritajeFormData, values: PeritajeFormValues) => void;
}

/** formulario (SPPF §2, §5): placa, recibirPorCorreo (si/no), correo, nombre, direccion (home service). */
export function PeritajeForm({ home, initial, onSubmit }: PeritajeFormProps) {
  const [resolver] = useState(() => zodResolver(peritajeFormSchema(home)));
  const {
    register,
    handleSubmit,
    getValues,
    control,
    formState: { errors },
  } = useForm<PeritajeFormValues, unknown, PeritajeFormData>({
    mode: 'onTouched',
    resolver,
    defaultValues: initial,
  });
  const byEmail = useWatch({ control, name: 'recibirPorCorreo' }) === 'si';
  const err = (name: keyof PeritajeFormValues) => errors[name]?.message ?? null;

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => void handleSubmit((data) => onSubmit(data, getValues()))(event)}
    >
      <Field id="pf-placa" label="Placa" error={err('placa')}>
        <input
          {...fieldA11y('pf-placa', err('placa'))}
          {...register('placa')}
          className="input garage-plate-input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={7}
          placeholder="ABC123"
        />
      </Field>
      <fieldset className="field">
        <legend className="field__label">¿Quieres recibir el resultado por correo?</legend>
        <div className="radio-row">
          <label>
            <input type="radio" value="si" {...register('recibirPorCorreo')} /> Sí
          </label>
          <label>
            <input type="radio" value="no" {...register('recibirPorCorreo')} /> No
          </label>
        </div>
      </fieldset>
      <Field id="pf-correo" label={byEmail ? 'Correo' : 'Correo (opcional)'} error={err('correo')}>
        <input
          {...fieldA11y('pf-correo', err('correo'))}
          {...register('correo')}
          className="input"
          type="email"
          inputMode="email"
          autoComplete="email"
        />
      </Field>
      <Field id="pf-nombre" label="Nombre de quien recibe el resultado físico" error={err('nombre')}>
        <input
          {...fieldA11y('pf-nombre', err('nombre'))}
          {...register('nombre')}
          className="input"
          autoComplete="name"
          maxLength={200}
        />
      </Field>
      {home ? (
        <Field id="pf-direccion" label="Dirección del servicio" error={err('direccion')}>
          <input
            {...fieldA11y('pf-direccion', err('direccion'))}
            {...register('direccion')}
            className="input"
            autoComplete="street-address"
            maxLength={300}
            placeholder="Ej. Calle 100 # 15-20, apto 301"
          />
        </Field>
      ) : null}
      <button type="submit" className="btn btn--primary btn--block">
        Continuar
      </button>
    </form>
  );
}
