import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { PushToggle } from './PushToggle.tsx';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

function setup(publicKey: string | null) {
  const subscription = {
    toJSON: () => ({
      endpoint: 'https://push.example/abc',
      expirationTime: null,
      keys: { p256dh: 'p', auth: 'a' },
    }),
  };
  const subscribe = vi.fn().mockResolvedValue(subscription);
  const registration = { pushManager: { getSubscription: vi.fn().mockResolvedValue(null), subscribe } };
  const register = vi.fn().mockResolvedValue(registration);
  vi.stubGlobal('PushManager', function PushManager() {});
  const requestPermission = vi.fn().mockResolvedValue('granted');
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission: 'default', requestPermission }),
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register,
      ready: Promise.resolve(registration),
      getRegistration: vi.fn().mockResolvedValue(undefined),
    },
  });
  const api = mockFetch({
    'GET /api/togo/notificacion/push/public-key/': () => json(200, { public_key: publicKey }),
    'POST /api/togo/notificacion/push/subscribe/': () => json(201, { id: 1 }),
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PushToggle />
    </QueryClientProvider>,
  );
  return { api, register, subscribe, requestPermission };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushToggle', () => {
  it('is hidden when the API has no public key', async () => {
    const { api } = setup(null);
    await waitFor(() => expect(api.fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Activar notificaciones' })).not.toBeInTheDocument();
  });

  it('subscribes with the VAPID key and sends the subscription', async () => {
    const { api, register, subscribe, requestPermission } = setup(KEY);
    await userEvent.click(await screen.findByRole('button', { name: 'Activar notificaciones' }));
    await waitFor(() => expect(api.bodies('POST /api/togo/notificacion/push/subscribe/')).toHaveLength(1));
    expect(requestPermission).toHaveBeenCalled();
    expect(register).toHaveBeenCalledWith('/push-sw.js');
    expect(subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: expect.any(Uint8Array),
    });
    expect(
      (subscribe.mock.calls[0]?.[0] as { applicationServerKey: Uint8Array }).applicationServerKey,
    ).toHaveLength(65);
    expect(api.bodies('POST /api/togo/notificacion/push/subscribe/')[0]).toMatchObject({
      endpoint: 'https://push.example/abc',
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Activar notificaciones' })).not.toBeInTheDocument(),
    );
  });
});
