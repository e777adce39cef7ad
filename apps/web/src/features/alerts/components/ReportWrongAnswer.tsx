import { useId, useRef, useState, type FormEvent } from 'react';
import { PICO_PLACA_REPORT_NOTE_MAX } from '@togo/domain/pico-placa/pico-placa-report.contract';
import { Field, fieldA11y } from '../../../components/ui/Field.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { errorDetail, fieldErrors } from '../../../lib/api-client.ts';
import { isConnectionError, useOnline } from '../../../lib/connectivity.ts';
import { reportStateText, usePicoPlacaReports, useSendPicoPlacaReport } from '../pico-placa-reports.ts';

export const REPORT_OFFLINE_TEXT =
  'Sin conexión: no podemos enviar tu reporte ahora. Inténtalo de nuevo cuando vuelvas a tener internet.';
const REPORT_THANKS = 'Gracias, lo revisaremos. Te avisaremos en TOGO cuando esté resuelto.';
const REPORT_AGAIN =
  'Ya nos habías enviado este reporte hoy. Lo revisaremos y te avisaremos cuando esté resuelto.';
const REPORT_FAILED = 'No pudimos enviar tu reporte. Inténtalo de nuevo.';

function errorText(error: unknown): string | null {
  if (!error) return null;
  if (isConnectionError(error)) return REPORT_OFFLINE_TEXT;
  if (fieldErrors(error, 'nota').length > 0) return null;
  return (
    errorDetail(error) ??
    fieldErrors(error, 'fecha')[0] ??
    fieldErrors(error, 'id_garaje')[0] ??
    REPORT_FAILED
  );
}

/**
 * "¿Esta información está mal?" (issue 33 item 8, decision 104): under the answer, a button opening a dialog with
 * an optional note (500 characters, counted), then "Gracias, lo revisaremos."; the state of the driver's report of
 * that day is shown under the button once there is one.
 */
export function ReportWrongAnswer({
  vehicleId,
  fecha,
  city,
}: {
  vehicleId: number;
  fecha: string;
  city: string;
}) {
  const [open, setOpen] = useState(false);
  const [nota, setNota] = useState('');
  const titleId = useId();
  const textId = useId();
  const noteId = useId();
  const counterId = useId();
  const online = useOnline();
  const reports = usePicoPlacaReports(vehicleId);
  const send = useSendPicoPlacaReport(vehicleId);
  const closeRef = useRef<HTMLButtonElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const state = reportStateText(reports.data, fecha);
  const noteError = fieldErrors(send.error, 'nota')[0] ?? null;
  const failure = errorText(send.error);
  const done = send.data;

  const close = () => {
    setOpen(false);
    if (send.isSuccess) {
      setNota('');
      send.reset();
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!online || send.isPending) return;
    send.mutate({ fecha, nota });
  };
  const [y, m, d] = fecha.split('-');

  return (
    <section className="pico-placa-report" aria-label="Reportar un error">
      <button type="button" className="btn btn--secondary btn--block" onClick={() => setOpen(true)}>
        ¿Esta información está mal?
      </button>
      {state ? (
        <p className="pico-placa-report__state" role="status">
          {state}
        </p>
      ) : null}
      <Modal
        open={open}
        onClose={close}
        labelledBy={titleId}
        describedBy={textId}
        className="dialog"
        initialFocus={done ? closeRef : noteRef}
      >
        <button type="button" className="modal__close" aria-label="Cerrar" onClick={close}>
          ×
        </button>
        <h2 id={titleId} className="dialog__title">
          ¿Esta información está mal?
        </h2>
        {done ? (
          <>
            <p id={textId} className="dialog__body" role="status">
              {done.duplicado ? REPORT_AGAIN : REPORT_THANKS}
            </p>
            <div className="dialog__actions">
              <button ref={closeRef} type="button" className="btn btn--primary" onClick={close}>
                Cerrar
              </button>
            </div>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <p id={textId} className="dialog__body">
              Cuéntanos qué está mal en el pico y placa de {city} del {d}/{m}/{y}. Lo revisaremos y te
              avisaremos.
            </p>
            <Field id={noteId} label="Nota (opcional)" error={noteError}>
              <textarea
                {...fieldA11y(noteId, noteError)}
                ref={noteRef}
                aria-describedby={[counterId, noteError ? `${noteId}-error` : null].filter(Boolean).join(' ')}
                className="input"
                rows={4}
                maxLength={PICO_PLACA_REPORT_NOTE_MAX}
                value={nota}
                onChange={(e) => setNota(e.target.value)}
              />
            </Field>
            <p id={counterId} className="field__hint">
              {nota.length}/{PICO_PLACA_REPORT_NOTE_MAX} caracteres
            </p>
            {!online ? (
              <p className="field-error" role="alert">
                {REPORT_OFFLINE_TEXT}
              </p>
            ) : failure ? (
              <p className="field-error" role="alert">
                {failure}
              </p>
            ) : null}
            <div className="dialog__actions">
              <button type="button" className="btn btn--secondary" onClick={close}>
                Cancelar
              </button>
              <button type="submit" className="btn btn--primary" disabled={!online || send.isPending}>
                {send.isPending ? 'Enviando…' : 'Enviar reporte'}
              </button>
            </div>
          </form>
        )}
      </Modal>
    </section>
  );
}
