import { BOOKING_MSG } from '@togo/domain/booking/booking.contract';

/** The payment window of 'Pagar Ahora' (SPPF §4 'Confirm flow', §8). */

export const PAYMENT_MESSAGES = {
  loadFailed: BOOKING_MSG.paymentLoadError,
  missingLink: BOOKING_MSG.paymentLinkMissing,
} as const;

const LOADING_HTML = `<!doctype html><html lang="es-CO"><head><meta charset="utf-8"><title>Cargando pago | TOGO</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>
body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;color:#1b2430;background:#f4f6fb}
main{text-align:center;padding:24px}.spin{width:48px;height:48px;margin:0 auto 16px;border:5px solid #e7eefb;border-top-color:#0b3d91;border-radius:50%;animation:s 1s linear infinite}
@keyframes s{to{transform:rotate(360deg)}}@media (prefers-reduced-motion:reduce){.spin{animation:none}}
</style></head><body><main role="status" aria-live="polite"><div class="spin" aria-hidden="true"></div><p id="msg">Cargando el enlace de pago...</p></main></body></html>`;

/**
 * Opens the payment window at once, inside the click (pop-up blockers allow only that), showing a loading
 * page while the booking is made. Null when the browser blocked it.
 */
export function openPaymentWindow(): Window | null {
  let win: Window | null;
  try {
    win = window.open('', '_blank');
  } catch {
    return null;
  }
  if (!win) return null;
  try {
    win.document.open();
    win.document.write(LOADING_HTML);
    win.document.close();
  } catch {
    // A window we cannot write to still works for the redirect.
  }
  return win;
}

/** Shows a message in the payment window (instead of the loading text). */
export function showInPaymentWindow(win: Window, message: string): void {
  try {
    const target = win.document.getElementById('msg');
    if (target) {
      target.textContent = message;
      target.parentElement?.setAttribute('role', 'alert');
    }
    win.document.querySelector('.spin')?.remove();
  } catch {
    // The window may already be closed or elsewhere.
  }
}

/** Sends the payment window to the link; false when that failed (closed or inaccessible window). */
export function sendPaymentWindowTo(win: Window, link: string): boolean {
  try {
    if (win.closed) return false;
    win.location.href = link;
    return true;
  } catch {
    return false;
  }
}

export function closePaymentWindow(win: Window | null): void {
  try {
    win?.close();
  } catch {
    // Nothing to do.
  }
}
