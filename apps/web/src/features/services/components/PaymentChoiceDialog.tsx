import { useId } from 'react';
import { Modal } from '../../../components/ui/Modal.tsx';
import type { PaymentMode } from '../use-confirm-booking.ts';

export interface PaymentChoiceDialogProps {
  open: boolean;
  busy?: boolean;
  onChoose: (mode: PaymentMode) => void;
  onClose: () => void;
}

/** resumen (SPPF §2): the confirmation dialog, 'Pagar Ahora' or 'Pagar en sitio'. */
export function PaymentChoiceDialog({ open, busy = false, onChoose, onClose }: PaymentChoiceDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} describedBy={textId} className="dialog">
      <button type="button" className="modal__close" aria-label="Cerrar" onClick={onClose}>
        ×
      </button>
      <h2 id={titleId} className="dialog__title">
        Confirma tu agendamiento
      </h2>
      <p id={textId} className="dialog__body">
        Puedes pagar ahora en línea o pagar el día de tu cita en el sitio.
      </p>
      <div className="dialog__actions dialog__actions--stack">
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => onChoose('ahora')}>
          Pagar Ahora
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={busy}
          onClick={() => onChoose('sitio')}
        >
          Pagar en sitio
        </button>
      </div>
    </Modal>
  );
}
