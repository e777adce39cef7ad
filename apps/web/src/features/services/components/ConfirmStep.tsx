import { useState } from 'react';
import type { PaymentMode } from '../use-confirm-booking.ts';
import { BookingSummary, type BookingSummaryProps } from './BookingSummary.tsx';
import { PaymentChoiceDialog } from './PaymentChoiceDialog.tsx';

export interface ConfirmStepProps extends BookingSummaryProps {
  busy: boolean;
  /** Must open the payment window synchronously (it runs inside the click). */
  onConfirm: (mode: PaymentMode) => void;
}

/** resumen: the summary and 'Confirmar', which asks 'Pagar Ahora' or 'Pagar en sitio' (SPPF §2). */
export function ConfirmStep({ busy, onConfirm, ...summary }: ConfirmStepProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <BookingSummary {...summary} />
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={busy}
        onClick={() => setOpen(true)}
      >
        Confirmar
      </button>
      <PaymentChoiceDialog
        open={open}
        busy={busy}
        onClose={() => setOpen(false)}
        onChoose={(mode) => {
          setOpen(false);
          onConfirm(mode);
        }}
      />
    </>
  );
}
