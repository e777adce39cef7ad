import { franjaText } from '@togo/domain/booking/booking.rules';
import { windowAtSlot, type FleetPicoPlaca } from '@togo/domain/fleet/fleet-pico-placa.contract';

export interface BulkBookingPicoPlacaProps {
  /** The vehicles' plates, in the order of `hours`. */
  plates: readonly string[];
  /** The hour picked for each vehicle ('' for none). */
  hours: readonly string[];
  /** The branch's city, as the user reads it. */
  cityName: string;
  answer: FleetPicoPlaca | undefined;
  pending: boolean;
  failed: boolean;
}

function listOf(plates: string[]): string {
  if (plates.length <= 1) return plates.join('');
  return `${plates.slice(0, -1).join(', ')} y ${plates[plates.length - 1]}`;
}

/**
 * What the bulk booking says of pico y placa before it books (issue 37): each vehicle booked at an hour its plate
 * may not drive in the branch's city, the vehicles whose pico y placa TOGO does not know that day (never shown as
 * free), or that none is restricted at its hour. A warning, not a refusal: an exempt vehicle may still be booked.
 */
export function BulkBookingPicoPlaca({
  plates,
  hours,
  cityName,
  answer,
  pending,
  failed,
}: BulkBookingPicoPlacaProps) {
  if (pending) {
    return (
      <p className="fleet-bulk__pico" role="status">
        Consultando el pico y placa de ese día…
      </p>
    );
  }
  if (failed || !answer) {
    return (
      <p className="fleet-bulk__pico" role="status">
        No se pudo consultar el pico y placa de ese día: revisa que cada vehículo pueda circular a la hora
        elegida.
      </p>
    );
  }
  const byPlate = new Map(answer.vehiculos.map((v) => [v.placa, v]));
  const conflicts: string[] = [];
  const unknown: string[] = [];
  plates.forEach((placa, i) => {
    const vehicle = byPlate.get(placa);
    if (!vehicle || vehicle.pico_placa.certeza === 'sin_informacion') {
      unknown.push(placa);
      return;
    }
    const hour = hours[i] ?? '';
    const window = hour ? windowAtSlot(hour, vehicle.ventanas) : null;
    if (!window) return;
    const unsure = vehicle.pico_placa.certeza === 'por_confirmar' ? ' (regla por confirmar)' : '';
    conflicts.push(
      `${placa} tiene pico y placa en ${cityName} de ${window.inicio} a ${window.fin}${unsure}: a las ${franjaText(hour)} no podrá ir a la sede.`,
    );
  });
  return (
    <div className="fleet-bulk__pico" role="status">
      {conflicts.length > 0 ? (
        <>
          <p>
            <strong>Pico y placa a la hora elegida.</strong> Cambia la hora de estos vehículos o confirma si
            están exentos:
          </p>
          <ul>
            {conflicts.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      ) : null}
      {unknown.length > 0 ? (
        <p>
          No sabemos si {listOf(unknown)} {unknown.length === 1 ? 'tiene' : 'tienen'} pico y placa en{' '}
          {cityName} ese día: TOGO no tiene una regla vigente para esa fecha.
        </p>
      ) : null}
      {conflicts.length === 0 && unknown.length === 0 ? (
        <p>Ningún vehículo tiene pico y placa en {cityName} a la hora elegida.</p>
      ) : null}
    </div>
  );
}
