import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon } from './app-icons.tsx';
import { Modal } from './Modal.tsx';
import './plate-selector.css';

export interface PlateOption {
  id: number;
  placa: string;
}

export interface PlateSelectorProps {
  vehicles: readonly PlateOption[];
  selectedId: number | null;
  onSelect: (vehicle: PlateOption) => void;
  disabled?: boolean;
  /** Where "Agregar vehículo" leads (issue 36: the selector had no way to add one); none when absent. */
  addHref?: string;
}

/** A Colombian-plate badge of the selected vehicle; it opens an overlay listing every plate to choose one. */
export function PlateSelector({
  vehicles,
  selectedId,
  onSelect,
  disabled = false,
  addHref,
}: PlateSelectorProps) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const current = vehicles.find((v) => v.id === selectedId);
  return (
    <>
      <button
        type="button"
        className="plate-selector"
        aria-haspopup="dialog"
        aria-label={`Vehículo seleccionado: ${current?.placa ?? 'ninguno'}. Cambiar vehículo`}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        <span className="plate">{current?.placa ?? '------'}</span>
        <ChevronDownIcon />
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        labelledBy={titleId}
        closeOnBackdrop
        className="plate-modal"
      >
        <button type="button" className="modal__close" aria-label="Cerrar" onClick={() => setOpen(false)}>
          ×
        </button>
        <h2 id={titleId} className="dialog__title">
          Selecciona tu vehículo
        </h2>
        <ul className="plate-modal__list">
          {vehicles.map((vehicle) => (
            <li key={vehicle.id}>
              <button
                type="button"
                className="plate-modal__option"
                aria-current={vehicle.id === selectedId ? 'true' : undefined}
                onClick={() => {
                  setOpen(false);
                  if (vehicle.id !== selectedId) onSelect(vehicle);
                }}
              >
                <span className="plate">{vehicle.placa}</span>
                {vehicle.id === selectedId ? <span className="plate-modal__current">Actual</span> : null}
              </button>
            </li>
          ))}
        </ul>
        {addHref ? (
          <Link
            to={addHref}
            className="btn btn--secondary btn--block plate-modal__add"
            onClick={() => setOpen(false)}
          >
            + Agregar vehículo
          </Link>
        ) : null}
      </Modal>
    </>
  );
}
