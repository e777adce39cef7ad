import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Vehicle } from '@togo/domain/garage/garage.contract';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { errorDetail, fieldErrors } from '../../../lib/api-client.ts';
import { useCorrectMileage, useRemoveVehicle } from '../api/vehicle-changes.ts';

/**
 * What the driver can change of a vehicle in the garage (issue 36: there was no way to delete one or to correct its
 * mileage): the mileage typed when it was added, and removing it from the garage (after a confirmation).
 */
export function VehicleActions({ vehicle }: { vehicle: Vehicle }) {
  const dialog = useDialog();
  const navigate = useNavigate();
  const correct = useCorrectMileage();
  const remove = useRemoveVehicle();
  const [editing, setEditing] = useState(false);
  const [km, setKm] = useState(String(vehicle.kilometraje_digitado));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const inputId = useId();
  const errorId = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    if (!/^\d{1,7}$/.test(km.trim())) {
      setError('Escribe el kilometraje en números, sin puntos (máximo 7 dígitos).');
      return;
    }
    setError(null);
    try {
      await correct.mutateAsync({ vehicleId: vehicle.id, km: km.trim() });
      setEditing(false);
      setSaved(true);
    } catch (err) {
      setError(
        fieldErrors(err, 'kilometraje_digitado')[0] ??
          errorDetail(err) ??
          'No pudimos guardar el kilometraje.',
      );
    }
  };

  const askRemove = async () => {
    const sure = await dialog.show({
      variant: 'warning',
      title: `¿Quitar ${vehicle.placa} de tu garaje?`,
      message: 'Dejarás de recibir sus alertas de vencimientos, multas y pico y placa.',
      confirmText: 'Sí, quitar',
      cancelText: 'Cancelar',
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(vehicle.id);
      await dialog.show({ variant: 'success', message: `Quitamos la placa ${vehicle.placa} de tu garaje.` });
      await navigate('/app/home', { replace: true });
    } catch (err) {
      await dialog.show({ variant: 'error', message: errorDetail(err) ?? 'No pudimos quitar el vehículo.' });
    }
  };

  return (
    <div className="pgarage__actions">
      {editing ? (
        <form className="form pgarage__mileage" noValidate onSubmit={(e) => void save(e)}>
          <div className="field">
            <label className="field__label" htmlFor={inputId}>
              Kilometraje actual
            </label>
            <input
              id={inputId}
              className="input"
              inputMode="numeric"
              autoComplete="off"
              maxLength={7}
              value={km}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => setKm(e.target.value.replace(/\D/g, ''))}
            />
            {error ? (
              <p id={errorId} className="field-error" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <div className="pgarage__mileage-buttons">
            <button type="submit" className="btn btn--primary" disabled={correct.isPending}>
              {correct.isPending ? 'Guardando…' : 'Guardar'}
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => {
                setEditing(false);
                setError(null);
                setKm(String(vehicle.kilometraje_digitado));
              }}
            >
              Cancelar
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className="btn btn--secondary btn--block"
          onClick={() => {
            setSaved(false);
            setKm(String(vehicle.kilometraje_digitado));
            setEditing(true);
          }}
        >
          Corregir kilometraje
        </button>
      )}
      <p role="status" className="pgarage__saved">
        {saved ? 'Kilometraje actualizado.' : ''}
      </p>
      <button
        type="button"
        className="link-button pgarage__remove"
        disabled={remove.isPending}
        onClick={() => void askRemove()}
      >
        Quitar vehículo del garaje
      </button>
    </div>
  );
}
