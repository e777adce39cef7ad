import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { FleetVehicleDetail } from '@togo/domain/fleet/fleet.contract';
import { vehicleClassLabel } from '@togo/domain/labels';
import { BackButton } from '../../../components/ui/BackButton.tsx';
import { RefreshStatus } from '../../../components/vehicle-refresh/RefreshStatus.tsx';
import { CarIcon } from '../../../components/ui/icons.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useFleetVehicleQuery } from '../api/vehicle-detail.ts';
import { fleetRole } from '../fleet-role.ts';
import { AssignDriverModal } from '../components/AssignDriverModal.tsx';
import { DriverPanel } from '../components/DriverPanel.tsx';
import { FinesCard } from '../components/FinesCard.tsx';
import { LicenceBlock } from '../components/LicenceBlock.tsx';
import { RemoveVehicle } from '../components/RemoveVehicle.tsx';
import { formatKm, NO_ESPECIFICADO, orDefault, showDay } from '../fleet-detail.ts';

type View = 'vehiculo' | 'conductor';

function vehicleIdFrom(params: URLSearchParams): number | null {
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /flota/vehicle?id=N (SPPF §2 'Vehicle detail'): Vehículo / Conductor toggle; the vehicle's general info and
 * fines, or the driver's licence and open fines; the driver panel beside them.
 */
export function FleetVehicleRoute() {
  const [params] = useSearchParams();
  const id = vehicleIdFrom(params);
  const query = useFleetVehicleQuery(id);
  const { canWrite } = fleetRole();
  // Alertas opens the driver's side for a licence (?vista=conductor).
  const [view, setView] = useState<View>(params.get('vista') === 'conductor' ? 'conductor' : 'vehiculo');
  const [assigning, setAssigning] = useState(false);
  const detail = query.data;
  usePageTitle(detail ? `Vehículo ${detail.placa}` : 'Vehículo');

  const notFound = id === null || (isApiError(query.error) && query.error.status === 404);

  return (
    <section className="fleet-screen" aria-labelledby="vehicle-title">
      <header className="fleet-screen__head">
        <div className="fleet-screen__heading">
          <BackButton to="/flota" />
          <div>
            <h1 id="vehicle-title" className="fleet-screen__title">
              {detail ? `Vehículo ${detail.placa}` : 'Vehículo'}
            </h1>
            {detail?.demo ? (
              <p className="fleet-screen__subtitle" role="note">
                Datos de demostración
              </p>
            ) : null}
          </div>
        </div>
        <div className="fleet-toggle" role="group" aria-label="Ver información de">
          {(['vehiculo', 'conductor'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className={
                view === option ? 'fleet-toggle__option fleet-toggle__option--on' : 'fleet-toggle__option'
              }
              aria-pressed={view === option}
              onClick={() => setView(option)}
            >
              {option === 'vehiculo' ? 'Vehículo' : 'Conductor'}
            </button>
          ))}
        </div>
      </header>

      {notFound ? (
        <div className="fleet-empty">
          <p className="fleet-empty__text">No encontramos este vehículo en tu flota.</p>
          <Link to="/flota" className="btn btn--secondary">
            Volver a tu flota
          </Link>
        </div>
      ) : query.isPending ? (
        <TruckLoader />
      ) : !detail ? (
        <div className="fleet-empty">
          <p className="fleet-empty__text">No se pudo consultar el vehículo.</p>
          <button type="button" className="btn btn--secondary" onClick={() => void query.refetch()}>
            Reintentar
          </button>
        </div>
      ) : (
        <div className="fleet-detail">
          <div className="fleet-detail__main">
            {view === 'vehiculo' ? (
              <>
                <RefreshStatus scope="fleet" vehicleId={detail.id} kind="ambos" canRefresh={canWrite} />
                <GeneralInfo detail={detail} />
                <Link
                  to={`/flota/vehiculo/${detail.id}/mantenimiento`}
                  className="btn btn--secondary fleet-detail__maintenance"
                >
                  Mantenimiento, combustible y costos
                </Link>
                <FinesCard
                  title="Multas del vehículo"
                  fines={detail.comparendos_vehiculo}
                  pending={detail.fines_status === 'pending'}
                  empty="El vehículo no tiene multas por pagar."
                />
                {canWrite ? <RemoveVehicle vehicleId={detail.id} placa={detail.placa} /> : null}
              </>
            ) : (
              <>
                <LicenceBlock licence={detail.conductor.licencia} />
                <FinesCard
                  title="Multas del conductor"
                  fines={detail.conductor.comparendos_persona}
                  pending={detail.fines_status === 'pending'}
                  empty="El conductor no tiene multas por pagar."
                />
              </>
            )}
          </div>
          <DriverPanel
            driver={detail.conductor}
            vehicleId={canWrite ? detail.id : undefined}
            onAssign={canWrite ? () => setAssigning(true) : undefined}
          />
          {assigning ? (
            <AssignDriverModal
              vehicleId={detail.id}
              driver={detail.conductor}
              onClose={() => setAssigning(false)}
            />
          ) : null}
        </div>
      )}
    </section>
  );
}

/** The registry's class in Spanish ('CAMIONETA' → 'Camioneta'), or the placeholder. */
function vehicleClass(code: string | null | undefined): string {
  const text = orDefault(code, '');
  return text ? vehicleClassLabel(text) : NO_ESPECIFICADO;
}

function GeneralInfo({ detail }: { detail: FleetVehicleDetail }) {
  const data = detail.vehicle_data;
  const facts: [string, string][] = [
    // In Colombia the «modelo» is the model year; the class (CAMIONETA…) is the «clase» (issue 37).
    ['Modelo', orDefault(data?.year_model, NO_ESPECIFICADO)],
    ['Marca', orDefault(data?.vehicle_brand, NO_ESPECIFICADO)],
    ['Línea', orDefault(data?.vehicle_line, NO_ESPECIFICADO)],
    ['Clase', vehicleClass(data?.vehicle_class_v2)],
    ['Ciudad', orDefault(detail.city_data?.name, NO_ESPECIFICADO)],
    ['Placa', detail.placa],
    ['Mantenimiento (RTM)', showDay(data?.expiration_rtm, NO_ESPECIFICADO)],
    ['SOAT', showDay(data?.expiration_soat, NO_ESPECIFICADO)],
    ['Kilometraje', formatKm(data?.mileage ?? detail.kilometraje_digitado)],
  ];
  return (
    <section className="fleet-card fleet-general" aria-labelledby="fleet-general-title">
      {detail.url_imagen_vehiculo ? (
        <img
          className="fleet-general__picture"
          src={detail.url_imagen_vehiculo}
          alt={`Imagen del vehículo ${detail.placa}`}
        />
      ) : (
        <div className="fleet-general__picture" aria-hidden="true">
          <CarIcon size={96} />
        </div>
      )}
      <div>
        <h2 id="fleet-general-title" className="fleet-card__title">
          Información general
        </h2>
        {detail.lookup_status === 'pending' ? (
          <p className="fleet-card__muted" role="status">
            Consultando el registro del vehículo...
          </p>
        ) : null}
        <dl className="fleet-facts fleet-facts--grid">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
