import type { SelectedVehicle } from '../alerts-storage.ts';
import { orMissing } from '../alert-dates.ts';

function cylinder(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return orMissing(null);
  return `${value.toLocaleString('es-CO')} cc`;
}

export interface VehicleCardProps {
  vehicle: SelectedVehicle;
  /** Tag the registry data as demo data when the vehicle says so (off where the page already says it). */
  demoTag?: boolean;
}

/** The selected vehicle: plate, brand, model, line and cylinder capacity ('Sin registrar' when missing). */
export function VehicleCard({ vehicle, demoTag = true }: VehicleCardProps) {
  const data = vehicle.vehicle_data ?? null;
  const plate = orMissing(data?.vehicle_plate ?? vehicle.placa, '------');
  const city = vehicle.city_data?.name;
  return (
    <section className="alert-card vehicle-card" aria-labelledby="vehicle-card-title">
      <div className="vehicle-card__head">
        <h2 id="vehicle-card-title" className="alert-card__title">
          Tu vehículo
        </h2>
        {demoTag && vehicle.demo === true && data ? (
          <span className="demo-chip" title="Datos del vehículo de ejemplo, no de la fuente oficial">
            Datos de demostración
          </span>
        ) : null}
      </div>
      <div className="vehicle-card__body">
        <div className="plate" aria-label={`Placa ${plate}`}>
          <span className="plate__number">{plate}</span>
          <span className="plate__city">{city ? city.toUpperCase() : 'COLOMBIA'}</span>
        </div>
        <dl className="facts facts--compact">
          <div className="facts__row">
            <dt>Marca</dt>
            <dd>{orMissing(data?.vehicle_brand)}</dd>
          </div>
          <div className="facts__row">
            <dt>Modelo</dt>
            <dd>{orMissing(data?.year_model)}</dd>
          </div>
          <div className="facts__row">
            <dt>Línea</dt>
            <dd>{orMissing(data?.vehicle_line)}</dd>
          </div>
          <div className="facts__row">
            <dt>Cilindraje</dt>
            <dd>{cylinder(data?.cylinder_capacity)}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
