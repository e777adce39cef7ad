import { apiPost } from '../../../lib/api-client.ts';

/** Loaded on demand (a click on 'Activar notificaciones'): the Web Push subscription. */

/**
 * The app's service worker (src/sw/sw.ts) imports push-sw.js, so in a build push rides on it: registering
 * push-sw.js on its own would replace the app's worker (one worker per scope). The dev server has no app
 * worker, so there push-sw.js is registered directly.
 */
export const PUSH_WORKER_URL = import.meta.env.DEV ? '/push-sw.js' : '/sw.js';

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Asks for permission, registers the push worker, subscribes with the server's VAPID key and sends the
 * subscription: POST /api/togo/notificacion/push/subscribe/ (PushSubscription JSON). Resolves false when
 * the user does not grant permission.
 */
export async function subscribeToPush(publicKey: string): Promise<boolean> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return false;
  await navigator.serviceWorker.register(PUSH_WORKER_URL);
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(publicKey),
    }));
  await apiPost('/api/togo/notificacion/push/subscribe/', subscription.toJSON());
  return true;
}
