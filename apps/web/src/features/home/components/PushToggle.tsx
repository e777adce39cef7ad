import { useEffect, useState } from 'react';
import { BellIcon } from '../../../components/ui/section-icons.tsx';
import { usePushPublicKey } from '../api/push-key.ts';

const supported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window &&
  Notification.permission !== 'denied';

type State = 'idle' | 'busy' | 'on' | 'off';

/**
 * 'Activar notificaciones': shown when the browser supports Web Push, the API has a VAPID key and this
 * browser is not subscribed yet. The subscription code is loaded on the click.
 */
export function PushToggle() {
  const [available] = useState(supported);
  const [state, setState] = useState<State>('idle');
  const key = usePushPublicKey(available);

  useEffect(() => {
    if (!available) return;
    let active = true;
    void navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => {
        if (active && subscription) setState('on');
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [available]);

  const publicKey = key.data?.public_key;
  if (!available || !publicKey || state === 'on' || Notification.permission === 'denied') return null;

  const activate = async () => {
    setState('busy');
    try {
      const { subscribeToPush } = await import('../api/push-subscribe.ts');
      setState((await subscribeToPush(publicKey)) ? 'on' : 'off');
    } catch (error) {
      console.error('Web Push', error);
      setState('off');
    }
  };

  return (
    <button type="button" className="push-toggle" disabled={state === 'busy'} onClick={() => void activate()}>
      <BellIcon size={18} />
      Activar notificaciones
    </button>
  );
}
