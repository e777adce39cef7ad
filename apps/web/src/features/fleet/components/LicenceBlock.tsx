import type { DrivingLicence } from '@togo/domain/garage/registry.contract';
import { sortLicenceCategories } from '@togo/domain/alerts/alerts.licence';
import { orDefault, showDay, SIN_REGISTRAR } from '../fleet-detail.ts';

/**
 * The driver's licence, «Licencia de conducción» (SPPF §2, §3 call it the transit licence; issue 37): status, number, issuing body, issue date and the categories
 * sorted ascending by name with their expiry (§9); missing values read 'Sin registrar'.
 */
export function LicenceBlock({ licence }: { licence: DrivingLicence | null }) {
  const categories = sortLicenceCategories(licence?.detalles_lic_transito);
  return (
    <section className="fleet-card" aria-labelledby="fleet-licence-title">
      <h2 id="fleet-licence-title" className="fleet-card__title">
        Licencia de conducción
      </h2>
      <dl className="fleet-facts fleet-facts--grid">
        <div>
          <dt>Estado</dt>
          <dd>{orDefault(licence?.estado_lic_transito, SIN_REGISTRAR)}</dd>
        </div>
        <div>
          <dt>Número</dt>
          <dd>{orDefault(licence?.numero_licencia_transito, SIN_REGISTRAR)}</dd>
        </div>
        <div>
          <dt>Organismo de expedición</dt>
          <dd>{orDefault(licence?.organismo_expedicion, SIN_REGISTRAR)}</dd>
        </div>
        <div>
          <dt>Fecha de expedición</dt>
          <dd>{showDay(licence?.fecha_expedicion_lic_transito, SIN_REGISTRAR)}</dd>
        </div>
      </dl>
      <h3 className="fleet-card__subtitle">Categorías</h3>
      {categories.length === 0 ? (
        <p className="fleet-card__muted">{SIN_REGISTRAR}</p>
      ) : (
        <table className="fleet-table fleet-table--compact">
          <thead>
            <tr>
              <th scope="col">Categoría</th>
              <th scope="col">Vencimiento</th>
            </tr>
          </thead>
          <tbody>
            {categories.map((category, index) => (
              <tr key={`${category.categoria}-${index}`}>
                <th scope="row">{orDefault(category.categoria, SIN_REGISTRAR)}</th>
                <td>{showDay(category.fechaVencimiento, SIN_REGISTRAR)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
