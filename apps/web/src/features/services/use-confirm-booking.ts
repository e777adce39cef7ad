import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDialog } from '../../components/ui/dialog-context.tsx';
import {
  closePaymentWindow,
  openPaymentWindow,
  PAYMENT_MESSAGES,
  sendPaymentWindowTo,
  showInPaymentWindow,
} from './payment-window.ts';

export type PaymentMode = 'ahora' | 'sitio';

export interface BookingResult {
  /** Payment link (session_info / sessionInfo parameters.linkPago); null when the answer has none. */
  linkPago: string | null;
}

export const SUCCESS_TITLE = '¡Felicitaciones, lo lograste!';
export const SUCCESS_TEXT = 'Tu agendamiento se ha creado con éxito.';

export interface ConfirmBookingOptions {
  /** Makes the booking; the key goes in the Idempotency-Key header so a retried request books once. */
  book: (mode: PaymentMode, idempotencyKey: string) => Promise<BookingResult>;
  /** The service's §8 error handling (dialog text and where to go). */
  onFailure: (error: unknown) => Promise<void>;
  /** After success (or a booked 'Pagar Ahora' without a usable link): forget the flow. */
  onDone: () => void;
}

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Confirm flow (SPPF §4): 'Pagar Ahora' opens a window with a loading page (inside the click, so it is not
 * blocked), books, then sends that window to the payment link; 'Pagar en sitio' only books. One
 * Idempotency-Key per confirmation. Success shows '¡Felicitaciones, lo lograste!' and 'Volver al home'.
 */
export function useConfirmBooking({ book, onFailure, onDone }: ConfirmBookingOptions) {
  const dialog = useDialog();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const finish = async (message?: string) => {
    onDone();
    await dialog.show({
      variant: 'success',
      title: SUCCESS_TITLE,
      message: message ? `${SUCCESS_TEXT} ${message}` : SUCCESS_TEXT,
      confirmText: 'Volver al home',
    });
    await navigate('/app/home', { replace: true });
  };

  const confirm = async (mode: PaymentMode) => {
    if (busy) return;
    const win = mode === 'ahora' ? openPaymentWindow() : null;
    setBusy(true);
    let result: BookingResult;
    try {
      result = await book(mode, newKey());
    } catch (error) {
      closePaymentWindow(win);
      setBusy(false);
      await onFailure(error);
      return;
    }
    setBusy(false);
    if (mode === 'sitio') {
      await finish();
      return;
    }
    if (!result.linkPago) {
      if (win) showInPaymentWindow(win, PAYMENT_MESSAGES.missingLink);
      onDone();
      await dialog.show({ variant: 'error', message: PAYMENT_MESSAGES.missingLink });
      await navigate('/app/home', { replace: true });
      return;
    }
    if (!win || !sendPaymentWindowTo(win, result.linkPago)) {
      // Blocked or closed window: the booking exists; offer the link in this tab.
      onDone();
      const go = await dialog.show({
        variant: 'error',
        message: PAYMENT_MESSAGES.loadFailed,
        confirmText: 'Ir a pagar',
        cancelText: 'Volver al home',
      });
      if (go) window.location.assign(result.linkPago);
      else await navigate('/app/home', { replace: true });
      return;
    }
    await finish('Completa el pago en la ventana que abrimos.');
  };

  return { confirm, busy };
}
