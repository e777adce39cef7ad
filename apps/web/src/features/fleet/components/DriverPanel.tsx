import type { FleetDriver } from '@togo/domain/fleet/fleet.contract';
import { initials, orDefault, SIN_REGISTRAR } from '../fleet-detail.ts';
import { DriverPhotoControls } from './DriverPhotoControls.tsx';

const ORIGIN: Record<FleetDriver['origen'], string> = {
  archivo: 'Cargado en el archivo de la flota',
  asignado: 'Asignado en TOGO',
  propietario: 'El propietario del vehículo',
};

/** The avatar of a driver without a name (nor photo): a person's outline, never a '?'. */
function PersonSilhouette() {
  return (
    <svg viewBox="0 0 24 24" width="60%" height="60%" fill="currentColor" focusable="false">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c0-4.4 3.6-7 8-7s8 2.6 8 7z" />
    </svg>
  );
}

export interface DriverPanelProps {
  driver: FleetDriver;
  onAssign?: () => void;
  /** The vehicle whose driver this is: with it, the photo can be changed or removed. */
  vehicleId?: number;
}

/**
 * The driver's photo, name and city, and a collapsible details block (SPPF §2 'right panel'); with `vehicleId`,
 * 'Cambiar foto' / 'Quitar foto'.
 */
export function DriverPanel({ driver, onAssign, vehicleId }: DriverPanelProps) {
  const name = orDefault(driver.nombre, SIN_REGISTRAR);
  return (
    <aside className="fleet-card fleet-driver" aria-labelledby="fleet-driver-title">
      <h2 id="fleet-driver-title" className="fleet-card__title">
        Conductor
      </h2>
      <div className="fleet-driver__who">
        {driver.foto_url ? (
          <img className="fleet-driver__photo" src={driver.foto_url} alt={`Foto de ${name}`} />
        ) : (
          <span className="fleet-driver__photo fleet-driver__photo--empty" aria-hidden="true">
            {initials(driver.nombre) || <PersonSilhouette />}
          </span>
        )}
        <div>
          <p className="fleet-driver__name">{name}</p>
          <p className="fleet-driver__city">{orDefault(driver.city_data?.name, SIN_REGISTRAR)}</p>
        </div>
      </div>
      {vehicleId !== undefined ? (
        <DriverPhotoControls vehicleId={vehicleId} hasPhoto={driver.foto_url !== null} />
      ) : null}
      <details className="fleet-driver__details">
        <summary>Detalles del conductor</summary>
        <dl className="fleet-facts">
          <div>
            <dt>Documento</dt>
            <dd>
              {driver.tipo_documento_data.name} {driver.documento}
            </dd>
          </div>
          <div>
            <dt>Teléfono</dt>
            <dd>{orDefault(driver.telefono, SIN_REGISTRAR)}</dd>
          </div>
          <div>
            <dt>Origen</dt>
            <dd>{ORIGIN[driver.origen]}</dd>
          </div>
        </dl>
      </details>
      {onAssign ? (
        <button type="button" className="btn btn--secondary fleet-driver__assign" onClick={onAssign}>
          Asignar conductor
        </button>
      ) : null}
    </aside>
  );
}
