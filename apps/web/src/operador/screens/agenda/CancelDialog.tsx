import { useId, useState } from 'react';

/**
 * Cancelling asks for the reason the driver will read in the notice (decision 109): one booking from its row,
 * or every open booking of a closed day ("Cancelar y avisar a todos", issue 38) with the closure's reason
 * filled in. Paid bookings are refunded; the dialog says so.
 */
export function CancelDialog(props: {
  title: string;
  detail: string;
  /** How many bookings, and how many of them are paid. */
  total: number;
  paid: number;
  initialReason?: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: (motivo: string) => void;
}) {
  const id = useId();
  const [motivo, setMotivo] = useState(props.initialReason ?? '');
  return (
    <div className="ops-backdrop">
      <div role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} className="ops-dialog">
        <h2 id={`${id}-title`}>{props.title}</h2>
        <p>{props.detail}</p>
        {props.paid > 0 && (
          <p className="ops-warning">
            {props.total === 1
              ? 'Esta cita está pagada: al cancelarla se pedirá el reembolso del pago.'
              : `${props.paid} de estas citas ${props.paid === 1 ? 'está pagada' : 'están pagadas'}: ` +
                'al cancelarlas se pedirá el reembolso de cada pago.'}
          </p>
        )}
        <label htmlFor={`${id}-motivo`}>Motivo</label>
        <p id={`${id}-ayuda`} className="ops-hint">
          El conductor recibirá este motivo en el aviso de la cancelación.
        </p>
        <textarea
          id={`${id}-motivo`}
          aria-describedby={`${id}-ayuda`}
          value={motivo}
          maxLength={500}
          autoFocus
          onChange={(e) => setMotivo(e.target.value)}
        />
        <div className="ops-dialog__buttons">
          <button type="button" className="ops-button ops-button--ghost" onClick={props.onCancel}>
            Volver
          </button>
          <button
            type="button"
            className="ops-button ops-button--danger"
            disabled={motivo.trim().length === 0}
            onClick={() => props.onConfirm(motivo.trim())}
          >
            {props.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
