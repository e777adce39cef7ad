import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setPwaStatus } from '../../lib/pwa-status.ts';
import { NO_CONNECTION_BANNER, OFFLINE_BANNER, PwaBanners } from './PwaBanners.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  setPwaStatus({ offlineData: false, needRefresh: false });
});

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe('PwaBanners offline notice', () => {
  it('says politely when the connection is lost, and which data is shown', () => {
    render(<PwaBanners />);
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    goOffline(true);
    expect(status).toHaveTextContent(NO_CONNECTION_BANNER);
    act(() => setPwaStatus({ offlineData: true }));
    expect(status).toHaveTextContent(OFFLINE_BANNER);
    act(() => setPwaStatus({ offlineData: false }));
    goOffline(false);
    expect(status).toBeEmptyDOMElement();
  });
});
