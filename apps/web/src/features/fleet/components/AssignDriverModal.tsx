import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { FleetDriver } from '@togo/domain/fleet/fleet.contract';
import { DOCUMENT_TYPES } from '@togo/domain/reference/document-types';
import { Field, fieldA11y } from '../../../components/ui/Field.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { errorDetail, fieldErrors } from '../../../lib/api-client.ts';
import { useAssignDriverMutation } from '../api/assign-driver.ts';

const REQUIRED = 'Este campo es obligatorio';

export interface AssignDriverModalProps {
  vehicleId: number;
  driver: FleetDriver;
  onClose: () => void;
}

/** Assign the vehicle's driver (PUT conductor_flota), or make the owner the driver again. */
export function AssignDriverModal({ vehicleId, driver, onClose }: AssignDriverModalProps) {
  const titleId = useId();
  const ids = { nombre: useId(), tipo: useId(), documento: useId(), telefono: useId() };
  const mutation = useAssignDriverMutation(vehicleId);
  const keep = driver.origen !== 'propietario';
  const [nombre, setNombre] = useState(keep ? (driver.nombre ?? '') : '');
  const [tipo, setTipo] = useState(keep ? String(driver.tipo_documento) : String(DOCUMENT_TYPES[0]?.id ?? 1));
  const [documento, setDocumento] = useState(keep ? driver.documento : '');
  const [telefono, setTelefono] = useState(keep ? (driver.telefono ?? '') : '');
  const [missing, setMissing] = useState(false);

  const serverError = (field: string) => fieldErrors(mutation.error, field)[0] ?? null;
  const documentoError = missing && !documento.trim() ? REQUIRED : serverError('documento');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!documento.trim()) {
      setMissing(true);
      return;
    }
    mutation.mutate(
      {
        tipo_documento: Number(tipo),
        documento: documento.trim(),
        ...(nombre.trim() ? { nombre: nombre.trim() } : {}),
        ...(telefono.trim() ? { telefono: telefono.trim() } : {}),
      },
      { onSuccess: onClose },
    );
  };

  const general = errorDetail(mutation.error);

  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="fleet-modal">
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className="fleet-card__title">
          Asignar conductor
        </h2>
        <Field id={ids.nombre} label="Nombre" error={serverError('nombre')}>
          <input
            {...fieldA11y(ids.nombre, serverError('nombre'))}
            className="input"
            value={nombre}
            maxLength={120}
            autoComplete="off"
            onChange={(event) => setNombre(event.target.value)}
          />
        </Field>
        <Field id={ids.tipo} label="Tipo de documento" error={serverError('tipo_documento')}>
          <select
            {...fieldA11y(ids.tipo, serverError('tipo_documento'))}
            className="input"
            value={tipo}
            onChange={(event) => setTipo(event.target.value)}
          >
            {DOCUMENT_TYPES.map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={ids.documento} label="Número de documento" error={documentoError}>
          <input
            {...fieldA11y(ids.documento, documentoError)}
            className="input"
            value={documento}
            maxLength={20}
            autoComplete="off"
            onChange={(event) => setDocumento(event.target.value)}
          />
        </Field>
        <Field id={ids.telefono} label="Teléfono" error={serverError('telefono')}>
          <input
            {...fieldA11y(ids.telefono, serverError('telefono'))}
            className="input"
            type="tel"
            inputMode="tel"
            value={telefono}
            maxLength={15}
            autoComplete="off"
            // Digits only, after an optional leading '+' (issue 36): letters never appear in the field.
            onChange={(event) => setTelefono(event.target.value.replace(/(?!^\+)\D/g, ''))}
          />
        </Field>
        {general ? (
          <p className="field-error" role="alert">
            {general}
          </p>
        ) : null}
        <div className="fleet-modal__actions">
          {driver.origen !== 'propietario' ? (
            <button
              type="button"
              className="btn btn--secondary"
              disabled={mutation.isPending}
              onClick={() => mutation.mutate({ propietario: true }, { onSuccess: onClose })}
            >
              Usar al propietario
            </button>
          ) : null}
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" className="btn btn--primary" disabled={mutation.isPending}>
            Guardar
          </button>
        </div>
      </form>
    </Modal>
  );
}
