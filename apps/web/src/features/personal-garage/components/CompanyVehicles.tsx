import { useCompanyVehiclesQuery } from '../api/company-vehicles.ts';

/** 'YYYY-MM-DD' → 'dd-MM-yyyy'; '—' when unknown. */
function shown(date: string | null): string {
  if (!date) return '—';
  const [y, m, d] = date.split('-');
  return `${d}-${m}-${y}`;
}

/**
 * "Vehículos de empresa" (issue 16, decision 038): the fleet vehicles the user is the assigned driver of, in
 * their own section below the garage (never mixed with the user's own vehicles). Nothing is shown to a
 * driver with none; a failed look-up says so without hiding the garage.
 */
export function CompanyVehicles() {
  const query = useCompanyVehiclesQuery();
  if (query.isPending) return null;
  if (query.isError) {
    return (
      <p className="pgarage-company__error" role="status">
        No pudimos consultar tus vehículos de empresa.
      </p>
    );
  }
  const list = query.data.results;
  if (list.length === 0) return null;
  return (
    <section className="pgarage-company" aria-labelledby="pgarage-company-title">
      <h2 id="pgarage-company-title" className="pgarage-company__title">
        Vehículos de empresa
      </h2>
      <p className="pgarage-company__hint">
        Vehículos que conduces para una empresa. Los administra la empresa.
      </p>
      <ul className="pgarage-company__list">
        {list.map((v) => (
          <li key={`${v.empresa}-${v.placa}`} className="pgarage-company__item">
            <div className="pgarage-company__head">
              <span className="pgarage-company__plate">{v.placa}</span>
              <span className="pgarage-company__owner">{v.empresa}</span>
            </div>
            <dl className="pgarage-company__facts">
              <div>
                <dt>Ciudad</dt>
                <dd>{v.ciudad ?? '—'}</dd>
              </div>
              <div>
                <dt>SOAT vence</dt>
                <dd>{shown(v.soat_vence)}</dd>
              </div>
              <div>
                <dt>Revisión técnico-mecánica vence</dt>
                <dd>{shown(v.rtm_vence)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
