import { Link } from 'react-router';
import { FLEET_MSG, type FleetUploadStatus } from '@togo/domain/fleet/fleet.contract';
import { groupThousands } from '@togo/domain/money';

/** What the summary says when the upload changed nothing (issue 37: never beside 'Vehículos agregados 5'). */
export const NOTHING_CHANGED = {
  repeated: 'Este archivo ya se había cargado: no se hicieron cambios.',
  same: 'No se hicieron cambios: los vehículos del archivo ya estaban en tu flota con estos datos.',
} as const;

/**
 * The end of an upload (decision 107): vehicles added, updated, unchanged and rows refused, each counted; the
 * columns the import did not read, named; or the reason it failed.
 */
export function UploadSummary({ status }: { status: FleetUploadStatus }) {
  if (status.estado === 'fallido') {
    return (
      <div className="fleet-summary fleet-summary--failed" role="alert">
        <p className="fleet-summary__title">No se pudo procesar «{status.nombre_archivo}»</p>
        <p>{status.mensaje ?? FLEET_MSG.uploadFailed}</p>
      </div>
    );
  }
  const changed = status.vehiculos_agregados + status.vehiculos_actualizados;
  const note = status.repetido
    ? NOTHING_CHANGED.repeated
    : changed === 0 && status.filas_con_errores === 0
      ? NOTHING_CHANGED.same
      : null;
  const counts: [string, number][] = [
    ['Vehículos agregados', status.vehiculos_agregados],
    ['Vehículos actualizados', status.vehiculos_actualizados],
    ['Vehículos sin cambios', status.vehiculos_sin_cambios],
    ['Filas rechazadas', status.filas_con_errores],
  ];
  const ignored = status.columnas_ignoradas;
  return (
    <div className="fleet-summary">
      <p className="fleet-summary__title">Carga terminada: «{status.nombre_archivo}»</p>
      {note ? <p className="fleet-summary__note">{note}</p> : null}
      <dl className="fleet-summary__counts">
        {counts.map(([label, n]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{groupThousands(n)}</dd>
          </div>
        ))}
      </dl>
      {ignored.length > 0 ? (
        <div className="fleet-summary__note" role="note">
          <p>
            {ignored.length === 1
              ? 'Esta columna no es de la plantilla y no se leyó:'
              : 'Estas columnas no son de la plantilla y no se leyeron:'}
          </p>
          <ul aria-label="Columnas ignoradas">
            {ignored.map((name, i) => (
              <li key={i}>«{name}»</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="fleet-summary__actions">
        <Link to="/flota" className="btn btn--primary">
          Ver tu flota
        </Link>
        {status.filas_con_errores > 0 ? (
          <Link to="/flota/estado-carga" className="btn btn--secondary">
            Ver filas con errores
          </Link>
        ) : null}
      </div>
    </div>
  );
}
