import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FLEET_ERRORS_PAGE_SIZE, FLEET_PATHS } from '@togo/domain/fleet/fleet.contract';
import { groupThousands } from '@togo/domain/money';
import { BackButton } from '../../../components/ui/BackButton.tsx';
import { DownloadIcon } from '../../../components/ui/app-icons.tsx';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { downloadWithToken, isApiError } from '../../../lib/api-client.ts';
import { formatDayMinute } from '../../../lib/formatters.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useFleetErrorsQuery } from '../api/list-errors.ts';
import { RefreshIcon } from '../components/fleet-icons.tsx';
import { clampPage, Pager } from '../components/Pager.tsx';

export const ERRORS_FILE_NAME = 'errores-carga-flota.xlsx';
export const NO_ERRORS_MESSAGE = 'No hay filas con errores en tus cargas.';

function pageFromParams(params: URLSearchParams): number {
  const n = Number(params.get('page') ?? '1');
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * /flota/estado-carga (SPPF §2 'Error-status screen'): the rows the imports refused, ten a page, with
 * 'Refrescar', Anterior / Siguiente bounded to 1..total (SPPF §5) and the errors as an .xlsx to fix and
 * re-upload. The page is in the address (?page=N). Failures are only logged (SPPF §8).
 */
export function FleetErrorsRoute() {
  usePageTitle('Estado de carga vehículos');
  const dialog = useDialog();
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const query = useFleetErrorsQuery(page);
  const [downloading, setDownloading] = useState(false);
  const totalPages = query.data?.numero_paginas_totales ?? 0;
  const rows = query.data?.data ?? [];

  const goTo = (next: number) => {
    setParams(next === 1 ? {} : { page: String(next) }, { replace: true });
  };

  // A page beyond the last (the list shrank, or a typed address): back to the last page that exists.
  const outOfRange = isApiError(query.error) && query.error.status === 404 && page > 1;
  useEffect(() => {
    if (outOfRange) setParams({}, { replace: true });
    else if (query.data && totalPages > 0 && page > totalPages) goTo(clampPage(page, totalPages));
  });

  const download = async () => {
    setDownloading(true);
    try {
      await downloadWithToken(FLEET_PATHS.errorsDownload, ERRORS_FILE_NAME);
    } catch (error) {
      console.error('Descarga de errores', error);
      await dialog.show({
        variant: 'error',
        title: '¡Ups!',
        message: 'No se pudo descargar el archivo de errores, intenta nuevamente.',
      });
    } finally {
      setDownloading(false);
    }
  };

  const firstRow = (page - 1) * FLEET_ERRORS_PAGE_SIZE;

  return (
    <section className="fleet-screen" aria-labelledby="errors-title">
      <header className="fleet-screen__head">
        <div className="fleet-screen__heading">
          <BackButton to="/flota" />
          <div>
            <h1 id="errors-title" className="fleet-screen__title">
              Estado de carga vehículos
            </h1>
            {query.data ? (
              <p className="fleet-screen__subtitle">
                {query.data.total === 1
                  ? '1 fila con errores'
                  : `${groupThousands(query.data.total)} filas con errores`}
              </p>
            ) : null}
          </div>
        </div>
        <div className="fleet-screen__actions">
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            <RefreshIcon />
            Refrescar
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void download()}
            disabled={downloading || rows.length === 0}
          >
            <DownloadIcon />
            Descargar errores (.xlsx)
          </button>
        </div>
      </header>

      {query.isPending ? (
        <TruckLoader />
      ) : query.isError && !query.data ? null : rows.length === 0 ? (
        <div className="fleet-empty">
          <p className="fleet-empty__text">{NO_ERRORS_MESSAGE}</p>
        </div>
      ) : (
        <>
          <div className="fleet-table-wrap">
            <table className="fleet-table fleet-table--errors" aria-busy={query.isFetching}>
              <caption className="visually-hidden">Filas con errores de las cargas de tu flota</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Placa</th>
                  <th scope="col">Mensaje</th>
                  <th scope="col">Kilometraje</th>
                  <th scope="col">Documento Propietario</th>
                  <th scope="col">Fecha</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={row.id}>
                    <td className="fleet-table__number">{groupThousands(firstRow + index + 1)}</td>
                    <td className="fleet-table__plate">{row.placa || '—'}</td>
                    <td className="fleet-table__message">{row.message}</td>
                    <td>{row.details.kilometraje_digitado || '—'}</td>
                    <td>{row.details.documento_propietario || '—'}</td>
                    <td className="fleet-table__date">{formatDayMinute(row.created)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            total={totalPages}
            onPage={goTo}
            disabled={query.isFetching}
            label="Páginas de errores"
          />
        </>
      )}
    </section>
  );
}
