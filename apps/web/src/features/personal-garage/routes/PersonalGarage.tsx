import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { vehicleClassLabel } from '@togo/domain/labels';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { errorDetail } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { usePersonalVehicle, useUploadVehicleImage, useVehicleValue } from '../api/personal-vehicle.ts';
import { CarPlaceholder } from '../components/CarPlaceholder.tsx';
import { CompanyVehicles } from '../components/CompanyVehicles.tsx';
import { StarRating } from '../components/StarRating.tsx';
import { VehicleActions } from '../components/VehicleActions.tsx';
import { VehicleValue } from '../components/VehicleValue.tsx';
import {
  GARAGE_TEXTS,
  isDisplayableImage,
  lastUpdated,
  starCount,
  textOrMissing,
  vehicleTitle,
  wholeNumber,
} from '../garage-summary.ts';
import '../personal-garage.css';

export const NEW_VEHICLE_PATH = '/app/garaje-personal/nuevo-vehiculo';

/** app/garaje-personal (SPPF §2 "Personal garage screen"): a summary of the selected vehicle. */
export function PersonalGarageRoute() {
  usePageTitle('Tu garaje');
  const [params] = useSearchParams();
  const from = params.get('from') === 'otros' ? 'otros' : 'app';
  const back = from === 'otros' ? '/app/otros' : '/app/home';
  const dialog = useDialog();
  const vehicleQuery = usePersonalVehicle();
  const vehicle = vehicleQuery.data ?? null;
  const value = useVehicleValue(vehicle?.id);
  const upload = useUploadVehicleImage();
  const [uploading, setUploading] = useState(false);
  const [now] = useState(() => new Date());
  const fileInput = useRef<HTMLInputElement>(null);
  const valueFailed = value.isError;
  const warned = useRef(false);

  useEffect(() => {
    // Once per failure (StrictMode runs effects twice in development).
    if (!valueFailed || warned.current) return;
    warned.current = true;
    void dialog.show({
      variant: 'error',
      title: GARAGE_TEXTS.valueErrorTitle,
      message: GARAGE_TEXTS.valueErrorMessage,
    });
  }, [valueFailed, dialog]);

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    // SPPF §5: the upload acts only when a file object was chosen.
    if (!file || !vehicle) return;
    setUploading(true);
    try {
      await upload(vehicle, file);
    } catch (error) {
      await dialog.show({
        variant: 'error',
        message: errorDetail(error) ?? 'No pudimos guardar la imagen. Intenta de nuevo.',
      });
    } finally {
      setUploading(false);
    }
  };

  const addVehicle = (
    <Link to={`${NEW_VEHICLE_PATH}?from=${from}`} className="btn btn--primary btn--block">
      {GARAGE_TEXTS.addVehicle}
    </Link>
  );

  if (vehicleQuery.isPending) {
    return (
      <main className="page page--app">
        <PageHeader title="Tu garaje" back={back} />
        <TruckLoader />
      </main>
    );
  }

  if (!vehicle) {
    return (
      <main className="page page--app">
        <PageHeader title="Tu garaje" back={back} />
        <p className="pgarage__empty">
          {vehicleQuery.isError
            ? 'No pudimos consultar tu garaje. Revisa tu conexión e intenta de nuevo.'
            : GARAGE_TEXTS.missing}
        </p>
        {addVehicle}
        <CompanyVehicles />
      </main>
    );
  }

  const data = vehicle.vehicle_data;
  const stars = starCount(vehicle.score);
  const image = vehicle.url_imagen_vehiculo;
  const details: [string, string][] = [
    ['Placa', (data?.vehicle_plate ?? vehicle.placa).toUpperCase()],
    // The driver's own reading (the registry has none), correctable below.
    ['Kilometraje', wholeNumber(vehicle.kilometraje_digitado, ' km')],
    ['Clase', textOrMissing(vehicleClassLabel(data?.vehicle_class_v2?.trim() ?? ''))],
    ['Tipo de servicio', textOrMissing(data?.type_service)],
    ['Motor', wholeNumber(data?.cylinder_capacity, ' CC')],
    ['Combustible', textOrMissing(data?.vehicle_fuel)],
    ['Color', textOrMissing(data?.color)],
  ];

  return (
    <main className="page page--app">
      <PageHeader title="Tu garaje" back={back} />
      <section className="pgarage" aria-labelledby="pgarage-title">
        <div className="pgarage__media">
          {isDisplayableImage(image) ? (
            <img className="pgarage__image" src={image} alt={`Imagen del vehículo ${vehicle.placa}`} />
          ) : (
            <CarPlaceholder />
          )}
          <button
            type="button"
            className="btn btn--secondary pgarage__change"
            onClick={() => fileInput.current?.click()}
            disabled={uploading}
          >
            Cambiar imagen
          </button>
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png"
            hidden
            aria-label="Imagen del vehículo"
            onChange={(event) => void onPick(event)}
          />
        </div>
        <h2 id="pgarage-title" className="pgarage__title">
          {vehicleTitle(data)}
        </h2>
        <p className="pgarage__updated">{lastUpdated(vehicle.created, now)}</p>
        {vehicle.demo && data ? <span className="demo-chip">Datos de demostración</span> : null}
        <dl className="pgarage__facts">
          {details.map(([label, text]) => (
            <div key={label} className="pgarage__fact">
              <dt>{label}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
        <VehicleValue value={value.data} pending={value.isPending} missing={GARAGE_TEXTS.missing} />
        <div className="pgarage__score">
          <span className="pgarage__value-label">Puntaje</span>
          {stars === null ? <span>{GARAGE_TEXTS.missing}</span> : <StarRating filled={stars} />}
        </div>
        <Link to={`/app/vehiculo/${vehicle.id}/mantenimiento`} className="btn btn--secondary btn--block">
          Mantenimiento
        </Link>
        <VehicleActions key={vehicle.id} vehicle={vehicle} />
      </section>
      {addVehicle}
      <CompanyVehicles />
      {uploading ? <TruckLoader overlay text="Guardando imagen..." /> : null}
    </main>
  );
}
