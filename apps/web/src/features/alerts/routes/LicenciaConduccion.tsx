import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { orMissing, showDate, SIN_REGISTRAR } from '../alert-dates.ts';
import { alertLabel } from '../alerts-menu.ts';
import { useAlertsNav } from '../alerts-nav.ts';
import { readSelectedVehicle, storeLicenceUrl } from '../alerts-storage.ts';
import { useAlertQuery } from '../api/get-alert.ts';
import { useUploadLicenceMutation } from '../api/upload-licence.ts';
import { UploadIcon } from '../components/alert-icons.tsx';
import { AlertScreen, NoVehicleNotice } from '../components/AlertScreen.tsx';
import { LicenceImage } from '../components/LicenceImage.tsx';
import { expiryStatus } from '../expiry-status.ts';
import { sortLicenceCategories } from '@togo/domain/alerts/alerts.licence';
import { isLicenceUploadType, LICENCE_UPLOAD_TYPES } from '../licence-image.ts';

export const LICENCE_TYPE_MESSAGE = 'La imagen debe ser JPG o PNG.';

/**
 * /app/alerts/licencia-conduccion (AHGA §2): the licence picture with an upload button, the licence data
 * and its categories sorted by name. The overlay covers fetch and upload; failures only hide it (AHGA §8).
 */
export function LicenciaConduccionRoute() {
  const nav = useAlertsNav();
  const [vehicle, setVehicle] = useState(readSelectedVehicle);
  const vehicleId = vehicle?.id ?? null;
  const query = useAlertQuery('ALERTA_LICENCIA', vehicleId);
  const upload = useUploadLicenceMutation();
  const [typeError, setTypeError] = useState(false);
  const errorId = useId();
  const licence = query.data?.data;
  const categories = sortLicenceCategories(licence?.detalles_lic_transito);
  const title = alertLabel('licencia-conduccion');

  if (!vehicle || vehicleId === null) {
    return (
      <AlertScreen title={title} back={nav.list}>
        <NoVehicleNotice />
      </AlertScreen>
    );
  }

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isLicenceUploadType(file.type)) {
      setTypeError(true);
      return;
    }
    setTypeError(false);
    upload.mutate(
      { vehicleId, file },
      { onSuccess: ({ file_url }) => setVehicle((current) => storeLicenceUrl(file_url) ?? current) },
    );
  };

  return (
    <AlertScreen
      title={title}
      back={nav.list}
      loading={query.isLoading || upload.isPending}
      demo={vehicle.demo === true}
    >
      <section className="alert-card licence-card" aria-label="Imagen de tu licencia">
        <LicenceImage url={vehicle.url_licencia} />
        <label className="btn btn--secondary btn--block upload-button">
          <UploadIcon />
          Subir imagen
          <input
            type="file"
            className="visually-hidden"
            aria-label="Subir imagen de la licencia"
            accept={LICENCE_UPLOAD_TYPES.join(',')}
            disabled={upload.isPending}
            aria-describedby={typeError ? errorId : undefined}
            onChange={onFile}
          />
        </label>
        {typeError ? (
          <p id={errorId} className="field-error" role="alert">
            {LICENCE_TYPE_MESSAGE}
          </p>
        ) : (
          <p className="alert-card__note">Formatos JPG o PNG.</p>
        )}
      </section>

      <section className="alert-card" aria-labelledby="licence-data-title">
        <h2 id="licence-data-title" className="alert-card__title">
          Datos de la licencia
        </h2>
        <dl className="facts">
          <div className="facts__row">
            <dt>Número de licencia</dt>
            <dd className="facts__mono">{orMissing(licence?.numero_licencia_transito)}</dd>
          </div>
          <div className="facts__row">
            <dt>Organismo de tránsito</dt>
            <dd>{orMissing(licence?.organismo_expedicion)}</dd>
          </div>
          <div className="facts__row">
            <dt>Fecha de expedición</dt>
            <dd>{showDate(licence?.fecha_expedicion_lic_transito)}</dd>
          </div>
          <div className="facts__row">
            <dt>Estado</dt>
            <dd>{orMissing(licence?.estado_lic_transito)}</dd>
          </div>
          <div className="facts__row facts__row--block">
            <dt>Restricciones</dt>
            <dd>{orMissing(licence?.restricciones_lic_transito)}</dd>
          </div>
        </dl>
      </section>

      <section className="alert-card" aria-labelledby="licence-categories-title">
        <h2 id="licence-categories-title" className="alert-card__title">
          Categorías
        </h2>
        {categories.length === 0 ? (
          <p className="alert-card__text">{SIN_REGISTRAR}</p>
        ) : (
          <table className="categories">
            <thead>
              <tr>
                <th scope="col">Categoría</th>
                <th scope="col">Vencimiento</th>
              </tr>
            </thead>
            <tbody>
              {categories.map((category, index) => {
                const status = expiryStatus(category.fechaVencimiento);
                return (
                  <tr key={`${category.categoria ?? ''}-${index}`}>
                    <th scope="row">
                      <span className="categories__badge">{orMissing(category.categoria)}</span>
                    </th>
                    <td>
                      <span className="categories__due">
                        <span className="categories__date">{showDate(category.fechaVencimiento)}</span>
                        {status ? (
                          <span className={`status-chip status-chip--${status.tone}`}>{status.label}</span>
                        ) : null}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
    </AlertScreen>
  );
}
