import { Link } from 'react-router';
import {
  FLEET_ALERT_DOCUMENT_NAMES,
  type FleetAlert,
  type FleetAlertDocument,
} from '@togo/domain/fleet/fleet-alerts.contract';
import { formatDate } from '../../../lib/formatters.ts';
import { agendarRtmState } from '../../../lib/rtm-booking.ts';
import { rtmBookingVehicle } from '../fleet-rtm-booking.ts';

/** 'Venció hace 3 días', 'Vence hoy', 'En 12 días', or 'Sin documento vigente' (no SOAT in the registry). */
export function alertWhen(alert: FleetAlert): string {
  if (alert.vence === null || alert.dias === null) return 'Sin documento vigente';
  if (alert.dias < 0) return `Venció hace ${-alert.dias} ${alert.dias === -1 ? 'día' : 'días'}`;
  if (alert.dias === 0) return 'Vence hoy';
  return `En ${alert.dias} ${alert.dias === 1 ? 'día' : 'días'}`;
}

/** Where each document is renewed from the fleet: the RTM booking, the driver, or new dates in the fleet file. */
const ACTION_TEXT: Record<FleetAlertDocument, string> = {
  soat: 'Actualizar fecha',
  rtm: 'Agendar RTM',
  licencia: 'Ver conductor',
  poliza: 'Actualizar fecha',
  impuesto: 'Actualizar fecha',
  kit: 'Actualizar fecha',
};

function AlertAction({ alert }: { alert: FleetAlert }) {
  const text = ACTION_TEXT[alert.documento];
  const label = `${text}: ${FLEET_ALERT_DOCUMENT_NAMES[alert.documento]} de ${alert.placa}`;
  if (alert.documento === 'rtm') {
    return (
      <Link
        to="/app/servicios/rtm"
        state={agendarRtmState(rtmBookingVehicle(alert))}
        className="fleet-alerts__action"
        aria-label={label}
      >
        {text}
      </Link>
    );
  }
  if (alert.documento === 'licencia') {
    return (
      <Link
        to={`/flota/vehicle?id=${alert.vehiculo_id}&vista=conductor`}
        className="fleet-alerts__action"
        aria-label={label}
      >
        {text}
      </Link>
    );
  }
  // SOAT, policy, road tax and extinguisher: the renewed date goes in the fleet file's optional columns.
  return (
    <Link to="/flota/upload" className="fleet-alerts__action" aria-label={label}>
      {text}
    </Link>
  );
}

/** One document of one vehicle: the plate (to the vehicle), the document, its date, how far, and its action. */
export function FleetAlertRow({ alert }: { alert: FleetAlert }) {
  return (
    <li className="fleet-alerts__item">
      <Link
        to={`/flota/vehicle?id=${alert.vehiculo_id}`}
        className="fleet-table__plate"
        aria-label={`Ver vehículo ${alert.placa}`}
      >
        {alert.placa}
      </Link>
      <span>{FLEET_ALERT_DOCUMENT_NAMES[alert.documento]}</span>
      <span>{alert.vence ? formatDate(alert.vence) : '—'}</span>
      <span className="fleet-alerts__when">{alertWhen(alert)}</span>
      <AlertAction alert={alert} />
    </li>
  );
}
