import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FLEET_MSG, FLEET_PATHS, FLEET_UPLOAD_MAX_BYTES } from '@togo/domain/fleet/fleet.contract';
import type { FleetUploadStatus } from '@togo/domain/fleet/fleet.contract';
import { groupThousands } from '@togo/domain/money';
import { BackButton } from '../../../components/ui/BackButton.tsx';
import { DownloadIcon } from '../../../components/ui/app-icons.tsx';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { downloadWithToken, errorDetail, fieldErrors, isApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { uploadFleetFile } from '../api/upload-fleet.ts';
import { isUploadFinished, useLatestUploadQuery, useUploadStatusQuery } from '../api/upload-status.ts';
import { FileDropArea } from '../components/FileDropArea.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { UploadSummary } from '../components/UploadSummary.tsx';
import { xlsxChoiceError } from '../fleet-files.ts';
import { CONSULTA_UPLOAD_MESSAGE, fleetRole } from '../fleet-role.ts';

export const GUIDE_FILE_NAME = 'guia-carga-flota-togo.xlsx';

/** The server's message for a refused upload (the 'automatic message' of SPPF §7). */
function uploadErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 413) return FLEET_MSG.tooLarge;
  return fieldErrors(error, 'file')[0] ?? errorDetail(error) ?? FLEET_MSG.uploadFailed;
}

const rowsText = (n: number) => (n === 1 ? '1 fila' : `${groupThousands(n)} filas`);

/**
 * /flota/upload (SPPF §2 'Upload screen', §4 'Upload', §5): choose or drop an .xlsx, 'Subir archivo', the
 * upload progress, then the background processing progress, then vehicles added, updated and unchanged and
 * rows refused (decision 107).
 */
export function FleetUploadRoute() {
  // A consulta member may read the fleet but not add to it (the API answers 403): no form, a reason (issue 37).
  return fleetRole().canWrite ? <FleetUploadScreen /> : <UploadNotAllowed />;
}

function UploadNotAllowed() {
  usePageTitle('Añadir vehículos');
  return (
    <section className="fleet-screen" aria-labelledby="upload-title">
      <header className="fleet-screen__head">
        <div className="fleet-screen__heading">
          <BackButton to="/flota" />
          <h1 id="upload-title" className="fleet-screen__title">
            Añadir vehículos
          </h1>
        </div>
      </header>
      <div className="fleet-card fleet-empty">
        <p className="fleet-empty__text" role="note">
          {CONSULTA_UPLOAD_MESSAGE}
        </p>
        <Link to="/flota" className="btn btn--primary">
          Ver tu flota
        </Link>
      </div>
    </section>
  );
}

function FleetUploadScreen() {
  usePageTitle('Añadir vehículos');
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(0);
  const [upload, setUpload] = useState<FleetUploadStatus | null>(null);
  const [downloading, setDownloading] = useState(false);
  // An import still running from an earlier visit is followed too, until this screen starts another one.
  const latest = useLatestUploadQuery();
  const running = latest.data && !isUploadFinished(latest.data) ? latest.data : null;
  const tracked = upload ?? (sending ? null : running);
  const status = useUploadStatusQuery(tracked);
  // A repeated file's answer counts this attempt (nothing changed), not the earlier import the query may hold.
  const current = upload?.repetido ? upload : (status.data ?? tracked);
  const finished = isUploadFinished(current ?? undefined);

  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: ['fleet'] });
  }, [finished, queryClient]);

  const choose = (chosen: File) => {
    const problem = chosen.size > FLEET_UPLOAD_MAX_BYTES ? FLEET_MSG.tooLarge : xlsxChoiceError(chosen);
    if (problem) {
      setFile(null);
      void dialog.show({ variant: 'warning', title: '¡Ups!', message: problem });
      return;
    }
    setFile(chosen);
  };

  const submit = async () => {
    if (!file) {
      await dialog.show({ variant: 'warning', title: '¡Ups!', message: FLEET_MSG.noFile });
      return;
    }
    setSending(true);
    setSent(0);
    setUpload(null);
    try {
      const answer = await uploadFleetFile(file, setSent);
      setFile(null); // SPPF §4: uploaded → the selection is cleared
      setUpload(answer);
    } catch (error) {
      console.error('Carga de flota', error);
      await dialog.show({ variant: 'error', title: '¡Ups!', message: uploadErrorMessage(error) });
    } finally {
      setSending(false);
    }
  };

  const downloadGuide = async () => {
    setDownloading(true);
    try {
      await downloadWithToken(FLEET_PATHS.guide, GUIDE_FILE_NAME);
    } catch (error) {
      console.error('Guía de carga', error);
      await dialog.show({
        variant: 'error',
        title: '¡Ups!',
        message: 'No se pudo descargar la guía, intenta nuevamente.',
      });
    } finally {
      setDownloading(false);
    }
  };

  const busy = sending || (current !== null && !finished);

  return (
    <section className="fleet-screen" aria-labelledby="upload-title">
      <header className="fleet-screen__head">
        <div className="fleet-screen__heading">
          <BackButton to="/flota" />
          <h1 id="upload-title" className="fleet-screen__title">
            Añadir vehículos
          </h1>
        </div>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => void downloadGuide()}
          disabled={downloading}
        >
          <DownloadIcon />
          Descarga la guía paso a paso
        </button>
      </header>

      <div className="fleet-card fleet-upload">
        <p className="fleet-upload__lead">
          Llena la hoja «Vehículos» de la guía con las placas de tu flota y súbela aquí. Procesamos el archivo
          en segundo plano: puedes seguir usando TOGO mientras tanto.
        </p>
        <FileDropArea file={file} onChoose={choose} onRemove={() => setFile(null)} disabled={busy} />
        <button
          type="button"
          className="btn btn--primary fleet-upload__submit"
          onClick={() => void submit()}
          disabled={busy}
        >
          Subir archivo
        </button>

        <div className="fleet-upload__status" aria-live="polite">
          {sending ? <ProgressBar label="Subiendo archivo" percent={sent * 100} /> : null}
          {current && !finished ? (
            <ProgressBar
              label={current.estado === 'en_cola' ? 'En cola para procesar' : 'Procesando vehículos'}
              percent={current.porcentaje}
              detail={`${groupThousands(current.filas_procesadas)} de ${rowsText(current.filas_totales)}`}
            />
          ) : null}
          {current && finished ? <UploadSummary status={current} /> : null}
        </div>
      </div>
    </section>
  );
}
